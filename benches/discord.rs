//! Latency through the fake Discord: from an interaction sent on the gateway to the bot's first
//! response arriving at the REST API, for `/move` (the answer carries the new board and its
//! picture), `/move` autocomplete and a button press. Prints p50 and p99.
//!
//! `cargo bench --bench discord` (release build). Everything stays on 127.0.0.1; the loop is
//! bounded (`PARLOR_BENCH_MOVES`, default 300 moves).

#[path = "../tests/support/db.rs"]
mod db;
#[path = "../tests/discord/fake/mod.rs"]
mod fake;

use std::time::Duration;

use fake::{FakeDiscord, User};
use serde_json::json;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn report(what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what:<28} n={:<5} p50={:>7.2} ms  p99={:>7.2} ms  max={:>7.2} ms",
        samples.len(),
        ms(percentile(&samples, 0.50)),
        ms(percentile(&samples, 0.99)),
        ms(samples.last().copied().unwrap_or_default()),
    );
}

/// The user a board pings (whose turn it is).
fn to_move(board: &fake::Msg) -> Option<u64> {
    board
        .content
        .trim_start_matches("<@")
        .split('>')
        .next()?
        .parse()
        .ok()
}

async fn bench(moves: usize) -> anyhow::Result<()> {
    let discord = FakeDiscord::start().await;
    let guild = fake::GUILD_ID.to_string();
    let bot = discord.start_bot(discord.config(&[("DISCORD_GUILD_ID", &guild)]));
    discord.wait_ready(1).await;
    let players = [
        User::new(100_000_000_000_000_001, "alice"),
        User::new(100_000_000_000_000_002, "bob"),
    ];
    let (mut move_times, mut hint_times, mut press_times) = (Vec::new(), Vec::new(), Vec::new());
    // Moves that end a game also rate it: timed apart, and within all moves.
    let (mut final_times, mut ordinary_times) = (Vec::new(), Vec::new());
    let mut pictures = 0usize;
    let mut channel = fake::CHANNEL_ID;
    let mut board: Option<fake::Msg> = None;
    while move_times.len() < moves {
        let current = match board.take() {
            Some(b) if b.button("Resign").is_some() => b,
            _ => {
                // A new match in a new channel: challenge, then Accept (a button press).
                channel += 1;
                let id = discord.slash_in(
                    &players[0],
                    channel,
                    "play",
                    json!({"game": "loa", "opponent": players[1].id}),
                    &players[1..],
                );
                let card = discord.outcome(id).await;
                let accept = card
                    .button("Accept")
                    .ok_or_else(|| anyhow::anyhow!("no challenge card: {}", card.text()))?;
                let id = discord.press(&players[1], card.id, &accept);
                press_times.push(discord.first_response(id).await.after);
                discord.outcome(id).await
            }
        };
        let mover = to_move(&current)
            .and_then(|id| players.iter().find(|p| p.id == id))
            .ok_or_else(|| anyhow::anyhow!("no player to move: {}", current.text()))?
            .clone();
        let started = std::time::Instant::now();
        let asked = discord.send_autocomplete(&mover, channel, "move", "move", "");
        let hints = discord.choices(asked).await;
        hint_times.push(started.elapsed());
        let mv = hints
            .first()
            .and_then(|c| c["value"].as_str())
            .ok_or_else(|| anyhow::anyhow!("no legal move"))?
            .to_owned();
        let id = discord.slash_in(&mover, channel, "move", json!({ "move": mv }), &[]);
        let after = discord.first_response(id).await.after;
        move_times.push(after);
        let next = discord.outcome(id).await;
        if next.button("Rematch").is_some() {
            final_times.push(after);
        } else {
            ordinary_times.push(after);
        }
        if next.png().is_some() {
            pictures += 1;
        }
        board = Some(next);
    }
    // Autocomplete is timed by the test side (send to choices back), the others by the fake.
    report("/move (first response)", move_times);
    report("/move not ending the game", ordinary_times);
    report("/move ending a game", final_times);
    report("/move autocomplete", hint_times);
    report("Accept button", press_times);
    println!("boards with a PNG attached: {pictures} of {moves}");
    bot.stop().await?;
    discord.assert_no_violations();
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let moves = std::env::var("PARLOR_BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(bench(moves))
}
