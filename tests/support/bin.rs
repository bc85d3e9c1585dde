//! The `parlor` binary the service and Discord tests start: `target/<profile>/parlor`, beside the
//! folder of the test binary itself. Those tests are a package of their own (tests/Cargo.toml),
//! so Cargo does not hand them the binary's path; the root package's tests are what make `cargo
//! test` build it. Running the service or Discord tests alone (`cargo test --test service`)
//! rebuilds the library but not the binary: a binary older than the library is refused here
//! rather than tested stale.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

/// The binary's path, checked once per test process.
pub fn parlor() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let me = std::env::current_exe().expect("the test binary's own path");
        let deps = me
            .parent()
            .expect("the test binary is in target/<profile>/deps");
        let profile = deps.parent().expect("target/<profile>");
        let bin = profile.join(format!("parlor{}", std::env::consts::EXE_SUFFIX));
        let Some(built) = modified(&bin) else {
            panic!(
                "{} is missing: `cargo test` builds it (not `cargo test --test NAME` alone)",
                bin.display()
            );
        };
        if let Some(library) = newest_library(deps) {
            assert!(
                built >= library,
                "{} is older than the library it is made of: run `cargo test --no-run` (which \
                 builds it) before `cargo test --test NAME`",
                bin.display()
            );
        }
        bin
    })
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// When the newest build of the `parlor` library was written.
fn newest_library(deps: &Path) -> Option<SystemTime> {
    std::fs::read_dir(deps)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with("libparlor-") && name.ends_with(".rlib")
        })
        .filter_map(|entry| modified(&entry.path()))
        .max()
}

/// `parlor <args>` run in `dir` with `PARLOR_HTTP` unset and `env` set, which must fail: what it
/// wrote to stderr.
pub fn failure_without_http(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let output = std::process::Command::new(parlor())
        .args(args)
        .current_dir(dir)
        .env_remove("PARLOR_HTTP")
        .envs(env.iter().copied())
        .output()
        .expect("parlor runs");
    assert!(!output.status.success(), "parlor {args:?} succeeded");
    String::from_utf8_lossy(&output.stderr).into_owned()
}
