//! Several bot processes, each running a range of gateway shards, on one database: the fake
//! Discord routes each server to the process of its shard. Also the `--shards` flags, the fake's
//! own sharding rules, and a process killed with SIGKILL in the middle of a game.
//!
//! Tests marked as needing PostgreSQL read `PARLOR_TEST_POSTGRES` (a `postgres://` URL of a
//! server where they may create databases); `scripts/pg-test.sh` provides one.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as WsMessage;

use crate::fake::gateway::guild_on_shard;
use crate::fake::{self, DM_CHANNEL_ID, FakeDiscord, Msg, User, shard_of};
use crate::steps::{accept, alice, bob, carol, challenge, legal, play_first, stop, to_move, who};
use crate::{db, logs};

const NEEDS_PG: &str =
    "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord shards -- --include-ignored";

/// A `parlor bot` process against the fake, killed when dropped.
pub(crate) struct Process {
    name: String,
    child: Child,
    log: PathBuf,
}

impl Process {
    /// Starts `parlor bot [args]` on `database`, speaking to `discord` through an API base of
    /// its own named `name` (so that its answers are told apart).
    async fn start(discord: &FakeDiscord, name: &str, args: &[&str], database: &str) -> Process {
        Process::start_with(discord, name, args, database, &[]).await
    }

    /// [`Process::start`] with more environment variables.
    pub(crate) async fn start_with(
        discord: &FakeDiscord,
        name: &str,
        args: &[&str],
        database: &str,
        env: &[(&str, &str)],
    ) -> Process {
        let base = discord.api_base_for(name).await;
        let log = discord.dir.path().join(format!("{name}.log"));
        let log_file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .expect("a log file");
        let child = Command::new(crate::bin::parlor())
            .arg("bot")
            .args(args)
            .current_dir(discord.dir.path()) // no .env there
            .env("DISCORD_TOKEN", fake::TOKEN)
            .env("DISCORD_API_BASE", base)
            .env("DATABASE_URL", database)
            .env("RUST_LOG", "info,parlor=debug")
            .env("NO_COLOR", "1")
            .env_remove("DISCORD_GUILD_ID")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .expect("start parlor bot");
        Process {
            name: name.to_owned(),
            child,
            log,
        }
    }

    /// Kills the process at once (SIGKILL on Unix: no clean shutdown of anything).
    pub(crate) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks it to stop as a service manager does (SIGTERM), without waiting.
    pub(crate) fn terminate(&self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "SIGTERM not sent: {sent}");
    }

    /// Its exit status, once it has exited; `None` while it still runs.
    pub(crate) fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().expect("the process's status")
    }

    /// What it logged so far.
    pub(crate) fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
            eprintln!("--- {} ---\n{}", self.name, self.log());
        }
    }
}

/// A fresh database that several processes can share: a new PostgreSQL database when
/// `PARLOR_TEST_POSTGRES` is set; else, if `PARLOR_TEST_SHARED_SQLITE` is set, a SQLite file in
/// the fake's folder (processes share it in WAL mode); else the test fails saying how to run it.
async fn shared_database(discord: &FakeDiscord) -> db::Database {
    match db::postgres_server() {
        Some(server) => db::fresh_postgres(&server).await,
        _ if std::env::var_os("PARLOR_TEST_SHARED_SQLITE").is_some() => {
            db::Database::sqlite(format!(
                "sqlite://{}",
                discord.dir.path().join("shared.db").display()
            ))
        }
        _ => panic!("{NEEDS_PG}"),
    }
}

/// Pairs of numbers (columns cast to DOUBLE PRECISION) read straight from the database.
async fn sql_pairs(database: &str, sql: &str) -> Vec<(f64, f64)> {
    let rows: Vec<Vec<f64>> = db::rows(database, sql).await;
    rows.iter()
        .map(|r| match r.as_slice() {
            [a, b] => (*a, *b),
            _ => panic!("{sql}: not pairs: {rows:?}"),
        })
        .collect()
}

/// `challenger` challenges `opponent` to a rated Simultana game in `channel`; `opponent`
/// accepts. Returns the first board.
pub(crate) async fn simultana(
    discord: &FakeDiscord,
    channel: u64,
    challenger: &User,
    opponent: &User,
) -> Msg {
    let options = json!({"game": "simultana", "rated": true});
    let card = challenge(discord, channel, challenger, opponent, options).await;
    accept(discord, &card, opponent).await
}

/// Every interaction got exactly one first response, from the process named after its shard.
fn answered_once_by_the_owner(discord: &FakeDiscord) -> std::collections::BTreeSet<String> {
    let state = discord.state();
    let mut by = std::collections::BTreeSet::new();
    for ix in state.interactions.values() {
        let accepted: Vec<_> = ix.callbacks.iter().filter(|c| c.accepted).collect();
        assert_eq!(accepted.len(), 1, "interaction {}: {accepted:?}", ix.id);
        assert_eq!(
            accepted[0].by,
            format!("shard{}", ix.shard),
            "interaction {} of {:?}",
            ix.id,
            ix.guild
        );
        by.insert(accepted[0].by.clone());
    }
    by
}

/// A fake Discord of two shards with a server on each (the `n`th server id of its shard, its
/// channel `channels + 1 + shard`), and a database for the processes to share.
async fn two_shards_two_servers(
    n: u64,
    channels: u64,
) -> (FakeDiscord, db::Database, [(u64, u64); 2]) {
    logs();
    let discord = FakeDiscord::start().await;
    let database = shared_database(&discord).await;
    discord.set_shard_count(2);
    let servers =
        [0, 1].map(|shard| (guild_on_shard(shard, 2, n), channels + 1 + u64::from(shard)));
    for (guild, channel) in servers {
        discord.add_guild(guild, channel);
    }
    (discord, database, servers)
}

/// A process for shard 0 of 2, then one for shard 1 (written `0-0` and `1`: both forms of the
/// flag), each connected before the next starts.
async fn one_process_per_shard(discord: &FakeDiscord, database: &str) -> (Process, Process) {
    let first = process_for_shard(discord, database, 0, "0-0").await;
    let second = process_for_shard(discord, database, 1, "1").await;
    (first, second)
}

/// A process for `shard` of 2, its flag written `shards`, once it and every shard below it are
/// connected.
async fn process_for_shard(
    discord: &FakeDiscord,
    database: &str,
    shard: u32,
    shards: &str,
) -> Process {
    let name = format!("shard{shard}");
    let args = ["--shards", shards, "--total-shards", "2"];
    let process = Process::start(discord, &name, &args, database).await;
    discord.wait_shards(&Vec::from_iter(0..=shard)).await;
    process
}

async fn two_processes_one_player_two_servers() {
    let (discord, database, [(guild_0, channel_0), (guild_1, channel_1)]) =
        two_shards_two_servers(1, 940_000_000_000_000_000).await;
    // One after the other: two processes creating one SQLite file at the same moment may find
    // it locked (the order costs nothing on PostgreSQL).
    let (first, second) = one_process_per_shard(&discord, &database).await;
    discord.wait_ready(2).await;
    {
        let state = discord.state();
        let creates: Vec<(u32, Option<u64>)> = state
            .dispatched
            .iter()
            .filter(|(_, event, _)| event == "GUILD_CREATE")
            .map(|(shard, _, guild)| (*shard, *guild))
            .collect();
        assert!(creates.contains(&(0, Some(guild_0))) && creates.contains(&(1, Some(guild_1))));
        assert!(!creates.contains(&(1, Some(guild_0))) && !creates.contains(&(0, Some(guild_1))));
    }

    // Alice plays Bob in the first server (shard 0) and Carol in the second (shard 1).
    let games = [
        (channel_0, [alice(), bob()]),
        (channel_1, [alice(), carol()]),
    ];
    let mut boards = Vec::new();
    for (channel, players) in &games {
        let mut board = simultana(&discord, *channel, &players[1], &players[0]).await;
        // One move each, so that the game counts.
        for _ in 0..2 {
            board = play_first(&discord, *channel, &board, players).await;
        }
        boards.push(board);
    }
    // Alice resigns both at the same moment.
    let mut questions = Vec::new();
    for board in &boards {
        let resign = board.button("Resign").expect("a Resign button");
        let id = discord.press(&alice(), board.id, &resign);
        questions.push(discord.outcome(id).await);
    }
    let presses: Vec<u64> = questions
        .iter()
        .map(|q| {
            let confirm = q.button("Yes, resign").expect("a confirm button");
            discord.press(&alice(), q.id, &confirm)
        })
        .collect();
    for id in presses {
        let result = discord.outcome(id).await;
        assert!(result.button("Rematch").is_some(), "{}", result.text());
    }
    // A direct message is shard 0's.
    let id = discord.slash_in(&alice(), DM_CHANNEL_ID, "board", json!({}), &[]);
    discord.outcome(id).await;
    assert_eq!(discord.state().interactions[&id].shard, 0);

    // Both processes answered, each only its own servers' interactions.
    let by = answered_once_by_the_owner(&discord);
    assert_eq!(by.into_iter().collect::<Vec<_>>(), ["shard0", "shard1"]);
    discord.assert_no_violations();

    // The global rating saw both games, the second starting from the first's result.
    let me = alice().id;
    let games_played = db::sql_i64(
        &database,
        &format!("SELECT CAST(games AS BIGINT) FROM ratings WHERE player_id = {me} AND game = 'simultana' AND scope = 0"),
    )
    .await;
    assert_eq!(games_played, 2, "both games in the global rating");
    let history = sql_pairs(
        &database,
        &format!("SELECT CAST(rating_before AS DOUBLE PRECISION), CAST(rating_after AS DOUBLE PRECISION) FROM rating_history WHERE player_id = {me} AND scope = 0"),
    )
    .await;
    assert_eq!(history.len(), 2, "{history:?}");
    let chained = history[0].1 == history[1].0 || history[1].1 == history[0].0;
    assert!(
        chained,
        "one change was computed without the other: {history:?}"
    );
    for guild in [guild_0, guild_1] {
        let in_server = db::sql_i64(
            &database,
            &format!("SELECT CAST(games AS BIGINT) FROM ratings WHERE player_id = {me} AND scope = {guild}"),
        )
        .await;
        assert_eq!(in_server, 1, "one game in server {guild}");
    }
    first.kill();
    second.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord shards -- --include-ignored"]
async fn two_processes_serve_one_player_in_two_servers_and_keep_both_rating_changes() {
    two_processes_one_player_two_servers().await;
}

/// With `postgres`, on PostgreSQL only (the test fails without it); else on SQLite.
async fn killed_in_the_middle_of_a_game(postgres: bool) {
    logs();
    let discord = FakeDiscord::start().await;
    let database = if postgres {
        shared_database(&discord).await
    } else {
        db::Database::sqlite(format!(
            "sqlite://{}",
            discord.dir.path().join("kill.db").display()
        ))
    };
    let players = [alice(), bob()];
    let channel = fake::CHANNEL_ID;
    let bot = Process::start(&discord, "shard0", &[], &database).await;
    discord.wait_ready(1).await;
    let board = simultana(&discord, channel, &alice(), &bob()).await;
    // The first move by menus: the piece, then the target (kept, to press again later).
    let mover = who(&players, to_move(&board)).clone();
    let source_menu = board.menus()[0].clone();
    let source = board.menu_values(&source_menu)[0].clone();
    let id = discord.select(&mover, board.id, &source_menu, &[&source]);
    let targets = discord.outcome(id).await;
    let target_menu = targets.menus()[0].clone();
    let target = targets.menu_values(&target_menu)[0].clone();
    let id = discord.select(&mover, targets.id, &target_menu, &[&target]);
    let board = discord.outcome(id).await;
    assert!(!board.ephemeral, "{}", board.text());
    // The second by command.
    let board = play_first(&discord, channel, &board, &players).await;
    let next = who(&players, to_move(&board)).clone();
    let offered = legal(&discord, &next, channel).await;

    bot.kill();
    discord
        .wait("the killed process's session to drop", |s| {
            s.connected_shards().is_empty().then_some(())
        })
        .await;
    let bot = Process::start(&discord, "shard0", &[], &database).await;
    discord.wait_ready(2).await;

    // The same position, the same player to move.
    assert_eq!(legal(&discord, &next, channel).await, offered);
    // The first move's target menu, pressed again (from a copy, as a client that missed its
    // update would): out of date, not played again.
    let copy = discord.inject_message(channel, "the old targets", targets.components.clone());
    let id = discord.select(&mover, copy, &target_menu, &[&target]);
    let stale = discord.outcome(id).await;
    assert!(
        stale.ephemeral && stale.text().contains("out of date"),
        "{}",
        stale.text()
    );
    assert_eq!(
        db::sql_i64(&database, "SELECT COUNT(*) FROM moves").await,
        2
    );
    assert_eq!(
        db::sql_i64(&database, "SELECT COUNT(DISTINCT ply) FROM moves").await,
        2
    );
    // And the game goes on.
    let after = play_first(&discord, channel, &board, &players).await;
    assert_ne!(to_move(&after), next.id);
    assert_eq!(
        db::sql_i64(&database, "SELECT COUNT(*) FROM moves").await,
        3
    );
    assert_eq!(
        db::sql_i64(&database, "SELECT COUNT(DISTINCT ply) FROM moves").await,
        3
    );
    answered_once_by_the_owner(&discord);
    discord.assert_no_violations();
    bot.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_mid_game_loses_nothing_and_applies_nothing_twice() {
    killed_in_the_middle_of_a_game(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord shards -- --include-ignored"]
async fn a_process_killed_mid_game_loses_nothing_on_postgres() {
    killed_in_the_middle_of_a_game(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord shards -- --include-ignored"]
async fn matches_follow_their_shard_to_a_new_process() {
    let (discord, database, [(_, channel_0), (_, channel_1)]) =
        two_shards_two_servers(2, 960_000_000_000_000_000).await;
    // One process runs both shards, and a game starts in each server.
    let both = Process::start(
        &discord,
        "both",
        &["--shards", "0-1", "--total-shards", "2"],
        &database,
    )
    .await;
    discord.wait_shards(&[0, 1]).await;
    discord.wait_ready(1).await;
    let games = [(channel_0, [alice(), bob()]), (channel_1, [carol(), bob()])];
    let mut boards = Vec::new();
    let mut offered = Vec::new();
    for (channel, players) in &games {
        let board = simultana(&discord, *channel, &players[0], &players[1]).await;
        let board = play_first(&discord, *channel, &board, players).await;
        let next = who(players, to_move(&board)).clone();
        offered.push(legal(&discord, &next, *channel).await);
        boards.push(board);
    }
    // It stops mid-game; a process per shard takes over, from the database alone.
    both.kill();
    discord
        .wait("the stopped process's sessions to drop", |s| {
            s.connected_shards().is_empty().then_some(())
        })
        .await;
    let (first, second) = one_process_per_shard(&discord, &database).await;
    discord.wait_ready(3).await;
    for (i, (channel, players)) in games.iter().enumerate() {
        let next = who(players, to_move(&boards[i])).clone();
        assert_eq!(
            legal(&discord, &next, *channel).await,
            offered[i],
            "same position"
        );
        let after = play_first(&discord, *channel, &boards[i], players).await;
        assert_ne!(to_move(&after), next.id, "the game goes on");
    }
    // Every answer after the take-over came from the new owner of the server's shard.
    {
        let state = discord.state();
        for ix in state.interactions.values() {
            let by = &ix
                .callbacks
                .iter()
                .find(|c| c.accepted)
                .expect("answered")
                .by;
            assert!(
                by == "both" || *by == format!("shard{}", ix.shard),
                "interaction {} on shard {} answered by {by}",
                ix.id,
                ix.shard
            );
        }
        let taken_over = state
            .interactions
            .values()
            .filter(|ix| ix.callbacks.iter().any(|c| c.accepted && c.by == "shard1"));
        assert!(
            taken_over.count() >= 2,
            "shard 1's server was served by its new process"
        );
    }
    discord.assert_no_violations();
    assert_eq!(
        db::sql_i64(&database, "SELECT COUNT(*) FROM moves").await,
        4
    );
    first.kill();
    second.kill();
}

/// `parlor bot` with these arguments (and a token, so that only the flags can be wrong).
fn run_bot(args: &[&str]) -> (bool, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(crate::bin::parlor())
        .arg("bot")
        .args(args)
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "not-used")
        .env("DISCORD_API_BASE", "http://127.0.0.1:1")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("p.db").display()),
        )
        .output()
        .expect("run parlor");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bad_shard_flags_are_refused_with_a_clear_message() {
    let cases: [(&[&str], &str); 5] = [
        (&["--shards", "0-1"], "go together"),
        (&["--total-shards", "2"], "go together"),
        (
            &["--shards", "2-1", "--total-shards", "4"],
            "must not come after",
        ),
        (&["--shards", "0-4", "--total-shards", "4"], "below 4"),
        (
            &["--shards", "zero", "--total-shards", "4"],
            "range of shard numbers",
        ),
    ];
    for (args, says) in cases {
        let (ok, stderr) = run_bot(args);
        assert!(!ok, "{args:?} accepted");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("cannot reach Discord"),
            "{args:?}: checked first: {stderr}"
        );
    }
    let (ok, stderr) = run_bot(&["--shards", "0", "--total-shards", "0"]);
    assert!(!ok && stderr.contains("at least 1"), "{stderr}");
    // Good flags get as far as the network.
    let (ok, stderr) = run_bot(&["--shards", "1-1", "--total-shards", "2"]);
    assert!(!ok && stderr.contains("cannot reach Discord"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_every_shard_discord_recommends() {
    logs();
    let discord = FakeDiscord::start().await;
    discord.set_shard_count(3);
    let guilds: Vec<u64> = (0..3).map(|s| guild_on_shard(s, 3, 1)).collect();
    for (i, g) in guilds.iter().enumerate() {
        discord.add_guild(*g, 950_000_000_000_000_001 + i as u64);
    }
    let bot = discord.start_bot(discord.config(&[]));
    discord.wait_shards(&[0, 1, 2]).await;
    discord.wait_ready(1).await;
    // Each server's commands arrive on its own shard, and are answered.
    for (i, g) in guilds.iter().enumerate() {
        let channel = 950_000_000_000_000_001 + i as u64;
        let id = discord.slash_in(&alice(), channel, "board", json!({}), &[]);
        discord.outcome(id).await;
        let state = discord.state();
        assert_eq!(state.interactions[&id].guild, Some(*g));
        assert_eq!(state.interactions[&id].shard, shard_of(Some(*g), 3));
        assert_eq!(state.interactions[&id].shard, i as u32);
    }
    stop(&discord, bot).await;
}

/// A raw gateway connection: HELLO, then IDENTIFY as `shard`; returns the close code if the
/// fake closes, or `None` once READY arrives (the connection is kept open in `keep`).
async fn identify(
    discord: &FakeDiscord,
    shard: Value,
    keep: &mut Vec<
        tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    >,
) -> Option<u16> {
    let url = discord.gateway_url();
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connect");
    let identify = json!({"op": 2, "d": {"token": fake::TOKEN, "intents": 1, "properties": {}, "shard": shard}});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send");
    while let Some(Ok(frame)) = ws.next().await {
        match frame {
            WsMessage::Close(close) => return close.map(|c| u16::from(c.code)),
            WsMessage::Text(text) if text.contains("\"READY\"") => {
                keep.push(ws);
                return None;
            }
            _ => {}
        }
    }
    panic!("the connection ended without a close frame");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_enforces_discords_sharding_rules() {
    let discord = FakeDiscord::start().await;
    discord.set_shard_count(2);
    let mut open = Vec::new();
    // In order: each IDENTIFY's shard, and the close code it gets (none: accepted).
    for (shard, closed, why) in [
        (json!([0, 1]), Some(4011), "too few shards"),
        (json!([2, 2]), Some(4010), "shard id >= total"),
        (json!([0, 2]), None, "shard 0"),
        (json!([0, 2]), Some(4010), "shard 0 twice"),
        (json!([1, 3]), Some(4010), "totals disagree"),
        (json!([1, 2]), None, "shard 1"),
    ] {
        assert_eq!(identify(&discord, shard, &mut open).await, closed, "{why}");
    }
    discord.wait_shards(&[0, 1]).await;
    let refused = discord.take_violations();
    assert_eq!(refused.len(), 4, "{refused:?}");
    drop(open);
}
