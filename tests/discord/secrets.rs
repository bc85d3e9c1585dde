//! The token stays secret: the real binary runs with a recognisable token and every log enabled,
//! through start-up, an HTTP error and a shutdown by SIGTERM, and no log line shows the token or
//! any of its parts.

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::json;

use crate::alice;
use crate::fake::{FakeDiscord, GUILD_ID, WAIT};

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

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_log_line() {
    let discord = FakeDiscord::start_with_token(SECRET).await;
    let dir = discord.dir.path().to_path_buf();
    let out = std::fs::File::create(dir.join("stdout.log")).expect("a log file");
    let err = std::fs::File::create(dir.join("stderr.log")).expect("a log file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
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

    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("the bot's output");
    let logs = plain(&(read("stdout.log") + &read("stderr.log")));
    // The three phases were logged, at every level.
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
    discord.assert_no_violations();
}
