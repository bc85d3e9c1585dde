//! The deployment kit (`Dockerfile`, `compose.yaml`, `deploy/parlor.service`, `.env.example`)
//! checked against the code and the README: what a container daemon or systemd would refuse,
//! or run wrongly, is caught here, on machines that have neither running. `systemd-analyze
//! verify` checks the unit where the command exists.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of a Dockerfile as instructions: continuation lines joined, comments dropped.
fn instructions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && current.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(start) => {
                current.push_str(start);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                out.push(std::mem::take(&mut current));
            }
        }
    }
    out
}

/// The text of the YAML block under `path` (each key nested in the one before), found by
/// indentation: enough for compose.yaml's plain block style.
fn yaml_block(text: &str, path: &[&str]) -> Option<String> {
    fn indent(l: &str) -> usize {
        l.len() - l.trim_start().len()
    }
    fn content(l: &str) -> bool {
        !l.trim().is_empty() && !l.trim_start().starts_with('#')
    }
    let mut lines: Vec<&str> = text.lines().collect();
    for key in path {
        // Only the block's direct children: those at its smallest indentation.
        let depth = lines
            .iter()
            .filter(|l| content(l))
            .map(|l| indent(l))
            .min()?;
        let start = lines
            .iter()
            .position(|l| indent(l) == depth && l.trim_start().starts_with(&format!("{key}:")))?;
        let inline = lines[start].trim_start()[key.len() + 1..]
            .trim()
            .to_string();
        let block: Vec<&str> = lines[start + 1..]
            .iter()
            .take_while(|l| !content(l) || indent(l) > depth)
            .copied()
            .collect();
        if !block.iter().any(|l| content(l)) {
            return Some(inline);
        }
        lines = block;
    }
    Some(lines.join("\n"))
}

/// Whether an `ENV` instruction of `stage` sets `setting` (a variable and the start of its
/// value).
fn sets_env(stage: &[String], setting: &str) -> bool {
    stage
        .iter()
        .any(|l| l.starts_with("ENV ") && l.contains(setting))
}

#[test]
fn the_dockerfile_builds_with_the_projects_rust_in_one_stage_and_runs_unprivileged_in_another() {
    let lines = instructions(&read("Dockerfile"));
    let rust = env!("CARGO_PKG_RUST_VERSION");
    assert!(
        lines.contains(&format!("ARG RUST_VERSION={rust}")),
        "the image's Rust is Cargo.toml's rust-version {rust}: {lines:#?}"
    );
    let stages: Vec<&String> = lines.iter().filter(|l| l.starts_with("FROM ")).collect();
    assert_eq!(stages.len(), 2, "{stages:?}");
    assert!(
        stages[0].starts_with("FROM rust:${RUST_VERSION}") && stages[0].ends_with(" AS build"),
        "{}",
        stages[0]
    );
    let runtime_at = lines
        .iter()
        .position(|l| l == stages[1])
        .expect("the second stage");
    let (build, runtime) = lines.split_at(runtime_at);
    assert!(
        build
            .iter()
            .any(|l| l.contains("cargo build --release --locked")),
        "{build:#?}"
    );
    assert!(
        runtime
            .iter()
            .any(|l| l.starts_with("COPY --from=build ") && l.ends_with(" /usr/local/bin/parlor")),
        "only the binary crosses over: {runtime:#?}"
    );
    let user = runtime
        .iter()
        .rfind(|l| l.starts_with("USER "))
        .expect("a USER in the runtime stage");
    let name = user["USER ".len()..].split(':').next().unwrap_or_default();
    assert!(!["root", "0", ""].contains(&name), "runs as root: {user}");
    // The database is on the volume.
    assert!(
        runtime.contains(&"VOLUME [\"/data\"]".to_string()),
        "{runtime:#?}"
    );
    assert!(
        sets_env(runtime, "DATABASE_URL=sqlite:///data/"),
        "{runtime:#?}"
    );
    // The health check asks the bot's /healthz, which the image turns on.
    assert!(sets_env(runtime, "PARLOR_HTTP=127.0.0.1:"), "{runtime:#?}");
    assert!(
        runtime.iter().any(|l| l.starts_with("HEALTHCHECK ")
            && l.ends_with("CMD [\"/usr/local/bin/parlor\", \"health\"]")),
        "{runtime:#?}"
    );
    assert!(
        runtime.contains(&"ENTRYPOINT [\"/usr/local/bin/parlor\"]".to_string())
            && runtime.contains(&"CMD [\"bot\"]".to_string()),
        "{runtime:#?}"
    );
    // Neither the build output nor secrets or databases go into the build context.
    let ignored = read(".dockerignore");
    for entry in ["target/", ".env", "*.db"] {
        assert!(
            ignored.lines().any(|l| l.trim() == entry),
            ".dockerignore lacks {entry}"
        );
    }
}

#[test]
fn compose_runs_the_bot_after_a_healthy_postgresql_without_tls_inside_its_network() {
    let compose = read("compose.yaml");
    let block = |path: &[&str]| {
        yaml_block(&compose, path).unwrap_or_else(|| panic!("compose.yaml has no {path:?}"))
    };
    assert!(
        block(&["services", "db", "image"]).starts_with("postgres:"),
        "{compose}"
    );
    assert!(
        block(&["services", "db", "healthcheck", "test"]).contains("pg_isready"),
        "{compose}"
    );
    assert_eq!(block(&["services", "bot", "build"]), ".");
    assert_eq!(
        block(&["services", "bot", "depends_on", "db", "condition"]),
        "service_healthy"
    );
    assert_eq!(
        block(&["services", "bot", "healthcheck", "test"]),
        r#"["CMD", "/usr/local/bin/parlor", "health"]"#
    );
    assert!(
        block(&["services", "bot", "environment", "PARLOR_HTTP"]).starts_with("127.0.0.1:"),
        "{compose}"
    );
    let url = block(&["services", "bot", "environment", "DATABASE_URL"]);
    assert!(
        url.starts_with("postgres://parlor:${POSTGRES_PASSWORD")
            && url.ends_with("@db:5432/parlor?sslmode=disable"),
        "{url}"
    );
    // The password comes from .env, the same in both services, never written here.
    assert!(
        block(&["services", "db", "environment", "POSTGRES_PASSWORD"])
            .starts_with("${POSTGRES_PASSWORD:?"),
        "{compose}"
    );
    assert_eq!(block(&["services", "bot", "env_file"]), ".env");
    // Both services' data are on named volumes.
    assert!(block(&["services", "db", "volumes"]).contains("db:/var/lib/postgresql/data"));
    assert!(block(&["services", "bot", "volumes"]).contains("data:/data"));
    assert!(block(&["volumes"]).contains("db:") && block(&["volumes"]).contains("data:"));
}

#[test]
fn the_env_example_names_every_setting_of_the_readme_and_no_other() {
    let example = read(".env.example");
    let readme = read("README.md");
    let named: Vec<&str> = example
        .lines()
        .map(|l| l.trim_start_matches(['#', ' ']))
        .filter_map(|l| l.split_once('=').map(|(k, _)| k))
        .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        .collect();
    for key in &named {
        assert!(
            readme.contains(&format!("`{key}`")),
            ".env.example's {key} is not in the README"
        );
    }
    // The README's configuration table: one row per variable.
    for row in readme.lines().filter(|l| l.starts_with("| `")) {
        let key = row[3..].split('`').next().unwrap_or_default();
        let is_setting = key.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        // DISCORD_API_BASE is for tests and fakes, not for a server.
        if is_setting && key != "DISCORD_API_BASE" {
            assert!(named.contains(&key), ".env.example lacks {key}");
        }
    }
    // Nothing secret is filled in.
    for line in example.lines().filter(|l| !l.starts_with('#')) {
        if let Some(("DISCORD_TOKEN" | "POSTGRES_PASSWORD", value)) = line.split_once('=') {
            assert_eq!(value, "", "{line}");
        }
    }
}

#[test]
fn the_systemd_unit_confines_the_bot_to_its_state_directory_and_verifies() {
    let unit = read("deploy/parlor.service");
    for line in [
        "ExecStart=/usr/local/bin/parlor bot",
        "DynamicUser=yes",
        "StateDirectory=parlor",
        "Environment=DATABASE_URL=sqlite:///var/lib/parlor/parlor.db",
        "ProtectSystem=strict",
        "Restart=on-failure",
        "KillSignal=SIGTERM",
        "WantedBy=multi-user.target",
    ] {
        assert!(unit.lines().any(|l| l == line), "the unit lacks {line}");
    }
    let Some(verify) = which("systemd-analyze") else {
        println!("skipped: systemd-analyze is not installed (apt-get install systemd provides it)");
        return;
    };
    // The unit as installed, but starting an executable that exists here (this test).
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = std::env::current_exe().expect("this test's path");
    let copy = dir.path().join("parlor.service");
    std::fs::write(
        &copy,
        unit.replace("/usr/local/bin/parlor", &exe.display().to_string()),
    )
    .expect("write the unit");
    let out = std::process::Command::new(verify)
        .arg("verify")
        .arg(&copy)
        .output()
        .expect("run systemd-analyze");
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    // A directive systemd cannot parse is only warned about ("ignoring"): any word is a failure.
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
}

/// The path of `command` on `PATH`, if it is there.
fn which(command: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(command))
            .find(|p| p.is_file())
    })
}

#[test]
fn yaml_blocks_are_found_by_indentation() {
    let text = "a:\n  b:\n    c: 1\n  d: x\ne:\n  - f\n";
    assert_eq!(yaml_block(text, &["a", "b", "c"]).as_deref(), Some("1"));
    assert_eq!(yaml_block(text, &["a", "d"]).as_deref(), Some("x"));
    assert_eq!(yaml_block(text, &["e"]).as_deref(), Some("  - f"));
    assert_eq!(yaml_block(text, &["a", "c"]), None);
}
