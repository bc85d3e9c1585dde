//! The token stays secret: the real binary runs with a recognisable token and every log enabled,
//! through start-up, an HTTP error and a shutdown by SIGTERM, as text and as JSON, and no log line
//! shows the token or any of its parts; nor a database password.

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::json;

use crate::fake::{FakeDiscord, GUILD_ID, WAIT};
use crate::steps::alice;

/// Shaped like a Discord token (the bot's id in base64, a timestamp, a signature), and easy to
/// find in text.
const SECRET: &str = "OTAwMDAwMDAwMDAwMDAwMDAx.PaRlOr.PARLOR-SECRET-TOKEN-q7Xz9Lm2Vb8Nc4Kd";

/// `text` without its terminal colours (which could split a token in two).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, up to a final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Waits until the child exits, failing the test after [`WAIT`].
async fn exit_of(child: &mut std::process::Child) -> std::process::ExitStatus {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(status) = child.try_wait().expect("the bot's status") {
            return status;
        }
        if tokio::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the bot did not stop after SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs the real bot with every log enabled and `PARLOR_LOG_FORMAT=format`, through start-up, an
/// HTTP error and a shutdown by SIGTERM; returns what it wrote on stdout and on stderr.
#[cfg(unix)]
async fn a_logged_run(format: &str) -> (String, String) {
    let discord = FakeDiscord::start_with_token(SECRET).await;
    let dir = discord.dir.path().to_path_buf();
    let out = std::fs::File::create(dir.join("stdout.log")).expect("a log file");
    let err = std::fs::File::create(dir.join("stderr.log")).expect("a log file");
    let mut child = Command::new(crate::bin::parlor())
        .arg("bot")
        .current_dir(&dir) // no .env there
        .env("DISCORD_TOKEN", SECRET)
        .env("DISCORD_API_BASE", &discord.api_base)
        .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("parlor.db").display()),
        )
        .env("RUST_LOG", "trace")
        .env("PARLOR_LOG_FORMAT", format)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("start the bot");

    // Start-up: the gateway session and the commands.
    discord.wait_ready(1).await;
    // An HTTP error: Discord refuses the answer to a command, as for a revoked token.
    discord
        .state()
        .failures
        .push(("POST /api/v10/interactions/".to_owned(), 401));
    let id = discord.slash(&alice(), "board", json!({}));
    discord
        .wait("the refused answer and the one after it", |s| {
            let answers = s
                .requests
                .iter()
                .filter(|r| r.starts_with("POST /api/v10/interactions/"))
                .count();
            (s.failures.is_empty() && s.interactions[&id].callbacks.iter().any(|c| c.accepted))
                .then_some(answers)
        })
        .await;
    // The shutdown.
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("send SIGTERM");
    assert!(killed.success());
    let status = exit_of(&mut child).await;
    assert!(status.success(), "a clean exit after SIGTERM: {status}");
    discord.assert_no_violations();

    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("the bot's output");
    (read("stdout.log"), read("stderr.log"))
}

/// The three phases of [`a_logged_run`] are in `logs`, at every level, and no line holds the
/// token or any of its parts.
fn assert_logged_without_the_token(logs: &str) {
    for (what, line) in [
        ("start-up", "connected to Discord"),
        ("the HTTP error", "interaction failed"),
        ("the HTTP error's status", "Unauthorized"),
        ("the shutdown", "SIGTERM received"),
        ("the end", "stopped"),
        ("trace-level lines", "TRACE"),
    ] {
        assert!(logs.contains(line), "{what} not logged ({line:?}):\n{logs}");
    }
    let mut secrets = vec![SECRET.to_owned()];
    secrets.extend(SECRET.split('.').map(str::to_owned));
    for line in logs.lines() {
        for secret in &secrets {
            assert!(!line.contains(secret.as_str()), "{secret} logged: {line}");
        }
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_log_line() {
    let (stdout, stderr) = a_logged_run("text").await;
    // Logs go to stderr; stdout stays empty.
    assert_eq!(stdout, "", "stdout holds no logs");
    // Standard error is a file here, not a terminal: no colour codes, even without NO_COLOR.
    assert!(
        !stderr.contains('\u{1b}'),
        "colour codes in a file:\n{stderr}"
    );
    assert_logged_without_the_token(&plain(&stderr));
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_are_one_object_per_line_without_the_token() {
    let (stdout, stderr) = a_logged_run("json").await;
    assert_eq!(stdout, "", "stdout holds no logs");
    let mut levels = Vec::new();
    for line in stderr.lines() {
        let object: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        for key in ["timestamp", "level", "target"] {
            assert!(object[key].is_string(), "no {key}: {line}");
        }
        levels.push(object["level"].as_str().unwrap_or_default().to_owned());
    }
    assert!(!stderr.contains('\u{1b}'), "colour codes in JSON");
    assert!(levels.iter().any(|l| l == "INFO"), "{stderr}");
    assert_logged_without_the_token(&stderr);
}

/// A database password is never shown either: the bot cannot reach its PostgreSQL server, says
/// so (as JSON when asked), and neither that nor any trace line holds the password.
#[test]
fn the_database_password_is_in_no_log_line() {
    const PASSWORD: &str = "PARLOR-DB-SECRET-w8Rt5";
    // Both formats at once: each bot waits for its server as long as one may take to start.
    let dir = tempfile::tempdir().expect("temp dir");
    let bots: Vec<_> = ["text", "json"]
        .map(|format| {
            let bot = Command::new(crate::bin::parlor())
                .arg("bot")
                .current_dir(dir.path()) // no .env there
                .env("DISCORD_TOKEN", SECRET)
                // Nothing listens on port 1.
                .env("DISCORD_API_BASE", "http://127.0.0.1:1")
                .env(
                    "DATABASE_URL",
                    format!("postgres://parlor:{PASSWORD}@127.0.0.1:1/parlor"),
                )
                .env("RUST_LOG", "trace")
                .env("PARLOR_LOG_FORMAT", format)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("run the bot");
            (format, bot)
        })
        .into();
    for (format, bot) in bots {
        let output = bot.wait_with_output().expect("the bot's output");
        assert!(!output.status.success(), "{format}: it cannot have started");
        let logs = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(
            logs.contains("postgres://parlor:***@127.0.0.1:1/parlor"),
            "{format}: the failure names the database:\n{logs}"
        );
        assert!(
            !logs.contains(PASSWORD),
            "{format}: the password shown:\n{logs}"
        );
        assert!(!logs.contains(SECRET), "{format}: the token shown:\n{logs}");
        if format == "json" {
            for line in logs.lines() {
                assert!(
                    serde_json::from_str::<serde_json::Value>(line).is_ok(),
                    "not a JSON line: {line}"
                );
            }
        }
    }
}
