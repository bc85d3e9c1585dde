//! `PARLOR_HTTP`: a real `parlor bot` process against the fake Discord serves `GET /healthz` and
//! `GET /metrics` beside the bot. Health follows the gateway (cut off, then back); the counters
//! follow a match played through the fake; `parlor health` asks the same endpoint.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;

use crate::fake::{CHANNEL_ID, FakeDiscord, WAIT};
use crate::logs;
use crate::shards::{Process, simultana};
use crate::steps::{alice, answers_under_way, bob, carol, legal, play_first, to_move, who};

/// A port nobody listens on now (the bot binds it a moment later).
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `GET url`: the status and the body.
pub(crate) async fn get(url: &str) -> Option<(u16, String)> {
    let response = reqwest::get(url).await.ok()?;
    let status = response.status().as_u16();
    Some((status, response.text().await.ok()?))
}

/// Waits until `GET url` answers with `status`; returns the body.
pub(crate) async fn until_status(url: &str, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut last = None;
    while tokio::time::Instant::now() < deadline {
        last = get(url).await;
        if let Some((code, body)) = &last
            && *code == status
        {
            return body.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} did not answer {status}; last answer: {last:?}");
}

/// The samples of a Prometheus text page: `name{labels}` (as written) -> value.
fn samples(page: &str) -> HashMap<String, f64> {
    page.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (key, value) = l.rsplit_once(' ')?;
            Some((key.to_owned(), value.parse().ok()?))
        })
        .collect()
}

/// Scrapes `/metrics` until `ready` holds for its samples; returns them.
pub(crate) async fn scrape_until(
    url: &str,
    what: &str,
    ready: impl Fn(&HashMap<String, f64>) -> bool,
) -> HashMap<String, f64> {
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut last = HashMap::new();
    while tokio::time::Instant::now() < deadline {
        if let Some((200, page)) = get(url).await {
            last = samples(&page);
            if ready(&last) {
                return last;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url}: {what} never held; last samples: {last:#?}");
}

/// `parlor health` with `PARLOR_HTTP=addr`: whether it succeeded, and what it printed.
fn parlor_health(addr: &str) -> (bool, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = std::process::Command::new(crate::bin::parlor())
        .arg("health")
        .current_dir(dir.path()) // no .env there
        .env("PARLOR_HTTP", addr)
        .output()
        .expect("run parlor health");
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), said)
}

/// A `parlor bot` process named `name` on the fake's database, serving `PARLOR_HTTP`, started
/// and registered; with its `/healthz` and `/metrics` addresses.
pub(crate) struct Served {
    pub(crate) bot: Process,
    pub(crate) addr: String,
    pub(crate) healthz: String,
    pub(crate) metrics: String,
}

/// Starts a [`Served`] bot.
pub(crate) async fn served(discord: &FakeDiscord, name: &str) -> Served {
    logs();
    let addr = format!("127.0.0.1:{}", free_port());
    let env = [("PARLOR_HTTP", addr.as_str())];
    let bot = Process::start_with(discord, name, &[], &discord.database_url, &env).await;
    discord.wait_shards(&[0]).await;
    discord.wait_ready(1).await;
    Served {
        bot,
        healthz: format!("http://{addr}/healthz"),
        metrics: format!("http://{addr}/metrics"),
        addr,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_follow_the_gateway_and_a_match() {
    let discord = FakeDiscord::start().await;
    let Served {
        bot,
        addr,
        healthz,
        metrics,
    } = served(&discord, "http").await;

    let body = until_status(&healthz, 200).await;
    let json: Value = serde_json::from_str(&body).expect("/healthz answers JSON");
    assert_eq!(json["status"], "healthy", "{json}");
    assert_eq!(json["gateway"], "1 of 1 shards connected", "{json}");
    let backend = if discord.database_url.starts_with("postgres") {
        "postgres"
    } else {
        "sqlite"
    };
    assert_eq!(json["database"], format!("{backend} answers"), "{json}");
    let (ok, said) = parlor_health(&addr);
    assert!(ok, "parlor health on a healthy bot: {said}");
    assert!(said.contains("\"healthy\""), "{said}");

    // Before any interaction: every unlabelled metric is there, at zero.
    let before = scrape_until(&metrics, "the shard counted", |s| {
        s.get("parlor_shards_connected") == Some(&1.0)
    })
    .await;
    for name in [
        "parlor_moves_committed_total",
        "parlor_database_errors_total",
        "parlor_notices_failed_total",
        "parlor_live_matches",
    ] {
        assert_eq!(before.get(name), Some(&0.0), "{name}: {before:#?}");
    }

    // Bob challenges Alice (a slash command), Alice accepts (a button), and the first player
    // to move plays (autocomplete, then a slash command).
    let players = [alice(), bob()];
    let board = simultana(&discord, CHANNEL_ID, &bob(), &alice()).await;
    play_first(&discord, CHANNEL_ID, &board, &players).await;
    // The bot records a first response once Discord has accepted it, a moment after the fake
    // has, and draws the pictures after answering: scrape until the three answers (the command,
    // the button, the move; autocomplete is answered by poise itself) and the card's and
    // boards' pictures are in.
    let after = scrape_until(&metrics, "the move and three answers counted", |s| {
        s.get("parlor_moves_committed_total") == Some(&1.0)
            && s.get("parlor_first_response_seconds_count") == Some(&3.0)
            && s.get("parlor_render_seconds_count{picture=\"board\"}")
                .is_some_and(|n| *n >= 2.0)
    })
    .await;
    let value = |key: &str| after.get(key).copied().unwrap_or(0.0);
    for kind in ["play", "button", "autocomplete", "move"] {
        assert_eq!(
            value(&format!("parlor_interactions_total{{kind=\"{kind}\"}}")),
            1.0,
            "{kind}: {after:#?}"
        );
    }
    assert_eq!(value("parlor_live_matches"), 1.0, "{after:#?}");
    assert!(value("parlor_first_response_seconds_sum") > 0.0);
    assert!(
        value("parlor_first_response_seconds_bucket{le=\"+Inf\"}") == 3.0,
        "a histogram with buckets: {after:#?}"
    );
    assert!(
        value("parlor_render_seconds_count{picture=\"board\"}") >= 2.0,
        "the card's preview and the boards: {after:#?}"
    );
    assert_eq!(value("parlor_database_errors_total"), 0.0);

    // Cut off from Discord, the bot is unhealthy and says why; the shard gauge drops.
    discord.cut_gateway();
    let body = until_status(&healthz, 503).await;
    let json: Value = serde_json::from_str(&body).expect("/healthz answers JSON");
    assert_eq!(json["status"], "unhealthy", "{json}");
    assert_eq!(json["gateway"], "0 of 1 shards connected", "{json}");
    assert!(
        json["database"]
            .as_str()
            .is_some_and(|d| d.ends_with(" answers")),
        "{json}"
    );
    let (ok, said) = parlor_health(&addr);
    assert!(!ok, "parlor health on a cut-off bot succeeded: {said}");
    assert!(
        said.contains("0 of 1 shards connected") && said.contains("503"),
        "{said}"
    );
    scrape_until(&metrics, "the shard gauge at zero", |s| {
        s.get("parlor_shards_connected") == Some(&0.0)
    })
    .await;

    // Back: healthy again.
    discord.restore_gateway();
    let body = until_status(&healthz, 200).await;
    assert!(body.contains("1 of 1 shards connected"), "{body}");
    assert!(parlor_health(&addr).0);

    drop(bot);
    discord.assert_no_violations();
}

/// SIGTERM while interactions are in hand and Discord is slow: `/healthz` and `/metrics` keep
/// answering through the drain (`/healthz` unhealthy once the gateway is closed, so that nothing
/// new is sent this way) until every answer is out and the process exits cleanly; only then is
/// the port closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_answer_through_a_shutdown_until_the_process_exits() {
    let discord = FakeDiscord::start().await;
    let Served {
        mut bot,
        healthz,
        metrics,
        ..
    } = served(&discord, "term").await;
    until_status(&healthz, 200).await;
    let players = [alice(), bob()];
    let board = simultana(&discord, CHANNEL_ID, &bob(), &alice()).await;
    let mover = who(&players, to_move(&board)).clone();
    let moves = legal(&discord, &mover, CHANNEL_ID).await;
    discord.idle().await;

    let slow = Duration::from_millis(1500);
    discord.slow("POST /api/v10/interactions/", slow);
    discord.slow("PATCH /api/v10/webhooks/", slow);
    let asked = [
        discord.slash(&mover, "move", serde_json::json!({ "move": moves[0] })),
        discord.slash(&carol(), "help", serde_json::json!({})),
    ];
    answers_under_way(&discord, &asked).await;
    bot.terminate();

    // Until the process is gone, both endpoints answer; the move is counted meanwhile.
    let deadline = tokio::time::Instant::now() + WAIT;
    let (mut health_answers, mut moves_counted) = (Vec::new(), None);
    let status = loop {
        if let Some(status) = bot.exited() {
            break status;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no exit after SIGTERM"
        );
        if let Some((code, body)) = get(&healthz).await {
            health_answers.push((code, body));
        }
        if let Some((200, page)) = get(&metrics).await {
            moves_counted = samples(&page)
                .get("parlor_interactions_total{kind=\"move\"}")
                .copied();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "a clean exit after SIGTERM: {status}");
    assert!(
        health_answers.len() >= 2,
        "/healthz answered through the drain: {health_answers:?}"
    );
    let (last, body) = health_answers.last().cloned().unwrap_or_default();
    assert_eq!(last, 503, "the gateway closed before the process: {body}");
    assert!(body.contains("0 of 1 shards connected"), "{body}");
    assert_eq!(moves_counted, Some(1.0), "the move seen in /metrics");
    assert!(
        get(&healthz).await.is_none(),
        "the port closed with the process"
    );

    let state = discord.state();
    for id in asked {
        let accepted = state.interactions[&id]
            .callbacks
            .iter()
            .filter(|c| c.accepted);
        assert_eq!(accepted.count(), 1, "interaction {id} answered once");
    }
    drop(state);
    discord.assert_no_violations();
}

#[test]
fn a_port_already_taken_stops_the_bot_at_start_naming_parlor_http() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = taken.local_addr().expect("its address").to_string();
    let (ok, stderr) = crate::run_bot(&[("DISCORD_TOKEN", "x"), ("PARLOR_HTTP", &addr)]);
    assert!(!ok);
    assert!(
        stderr.contains(&format!("cannot listen on PARLOR_HTTP={addr}")),
        "{stderr}"
    );
    let (ok, stderr) = crate::run_bot(&[("DISCORD_TOKEN", "x"), ("PARLOR_HTTP", "9090")]);
    assert!(!ok);
    assert!(stderr.contains("PARLOR_HTTP must be ADDR:PORT"), "{stderr}");
}

#[test]
fn parlor_health_without_parlor_http_says_there_is_nothing_to_ask() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stderr = crate::bin::failure_without_http(dir.path(), &["health"], &[]);
    assert!(stderr.contains("PARLOR_HTTP is not set"), "{stderr}");
}
