//! PostgreSQL goes away in the middle of play, end to end (issue 38): the real `parlor bot`
//! process reaches its database through a relay that the test cuts and mends, or the test stops
//! a server of its own as a crash does and starts it again. Meanwhile every
//! interaction that needs the database (a move, a button, a challenge, a setting, the ladder, a
//! history) is answered within Discord's three seconds, privately, with the database message and
//! never a public "thinking" that is then deleted; the board and the moves' autocomplete come
//! from memory; `/healthz` and `/metrics` say the database is down and why. A move's deadline
//! that falls during the outage judges nobody; the return is noticed by itself within 2 s, play
//! goes on, and every acknowledged move is there after a kill -9 and a restart.

use std::time::{Duration, Instant};

use parlor::store::Fault;
use serde_json::{Value, json};

use crate::fake::{self, CHANNEL_ID, FakeDiscord, Msg, User};
use crate::http::{free_port, get, scrape_until, until_status};
use crate::pg_server::PgServer;
use crate::relay::Relay;
use crate::shards::Process;
use crate::steps::{accept, alice, bob, carol, challenge, legal, play, play_first, to_move, who};
use crate::tournaments::assert_refused;
use crate::{db, logs};

/// Discord's limit for a first response; the goal is well under it.
const FIRST_RESPONSE: Duration = Duration::from_secs(3);

/// The move's deadline, set this far after the bot's restart: long enough for the restart and
/// the first refused answers (which shut the store's gate), short enough to fall in the outage.
const DEADLINE_AFTER: Duration = Duration::from_secs(10);

/// A `parlor bot` process on `database`, serving `/healthz` and `/metrics`; and their address.
async fn bot(discord: &FakeDiscord, database: &str) -> (Process, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let env = [("PARLOR_HTTP", addr.as_str())];
    let process = Process::start_with(discord, "outage", &[], database, &env).await;
    discord.wait_shards(&[0]).await;
    (process, addr)
}

/// Waits for the answer to interaction `id`, sent at `sent`, and checks it is the database
/// message, private, within [`FIRST_RESPONSE`], and that no public "thinking" came first (the
/// first response private, or a button's silent deferred update) nor anything was deleted.
/// Returns how long the answer took.
async fn refused(discord: &FakeDiscord, id: u64, sent: Instant, what: &str) -> Duration {
    let answer = discord.outcome(id).await;
    let took = sent.elapsed();
    eprintln!("during the outage, {what} was answered in {took:?}");
    assert_refused(&answer, "err-db-down");
    assert!(took < FIRST_RESPONSE, "{what} took {took:?}");
    let state = discord.state();
    let first = state.interactions[&id]
        .callbacks
        .iter()
        .find(|c| c.accepted)
        .cloned()
        .expect("a first response");
    assert!(
        first.after < FIRST_RESPONSE && (first.ephemeral || first.kind == 6),
        "{what}: the first response was {first:?}"
    );
    let shown: Vec<&Msg> = state
        .messages
        .iter()
        .filter(|m| m.touched_by.contains(&id))
        .collect();
    assert!(
        shown.iter().all(|m| m.ephemeral && !m.deleted),
        "{what}: something public or deleted: {shown:#?}"
    );
    took
}

/// `/name options` as `user` in `channel`, refused for the outage (see [`refused`]).
async fn slash_refused(
    discord: &FakeDiscord,
    user: &User,
    channel: u64,
    name: &str,
    options: Value,
    users: &[User],
) -> Duration {
    let sent = Instant::now();
    let id = discord.slash_in(user, channel, name, options, users);
    refused(discord, id, sent, &format!("/{name}")).await
}

/// The `/healthz` JSON, whatever its status.
async fn health(healthz: &str) -> Value {
    let (_, body) = get(healthz).await.expect("/healthz answers");
    serde_json::from_str(&body).expect("/healthz answers JSON")
}

/// Alice challenges Bob to Simultana in the default channel, he accepts, and two moves are
/// played; the board after them.
async fn two_moves_in(discord: &FakeDiscord, players: &[User; 2]) -> Msg {
    let options = json!({"game": "simultana"});
    let card = challenge(discord, CHANNEL_ID, &players[0], &players[1], options).await;
    let mut board = accept(discord, &card, &players[1]).await;
    for _ in 0..2 {
        board = play_first(discord, CHANNEL_ID, &board, players).await;
    }
    board
}

/// Kills the bot process (SIGKILL) and waits until Discord has seen its session drop.
async fn killed(discord: &FakeDiscord, process: Process) {
    process.kill();
    discord
        .wait("the killed process's session to drop", |s| {
            s.connected_shards().is_empty().then_some(())
        })
        .await;
}

/// Waits until `/healthz` finds the `backend` database answering again, and checks that took
/// under 2 s.
async fn back_within_two_seconds(healthz: &str, backend: &str) {
    let back = Instant::now();
    let answers = format!("{backend} answers");
    while health(healthz).await["database"] != answers.as_str()
        && back.elapsed() < Duration::from_secs(5)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let noticed = back.elapsed();
    eprintln!("the return of {backend} was noticed after {noticed:?}");
    assert!(
        noticed < Duration::from_secs(2),
        "noticed after {noticed:?}"
    );
}

/// `/healthz` says the `backend` database is down with `fault`, and `/metrics` has it down
/// with that fault counted.
async fn reported_down(healthz: &str, metrics: &str, backend: &str, fault: Fault) {
    let down = health(healthz).await;
    assert_eq!(down["status"], "unhealthy", "{down}");
    let (prefix, named) = (format!("{backend}: "), format!("({fault})"));
    assert!(
        down["database"]
            .as_str()
            .is_some_and(|d| d.starts_with(&prefix) && d.contains(&named)),
        "{down}"
    );
    let counted = format!("parlor_database_faults_total{{fault=\"{}\"}}", fault.key());
    scrape_until(metrics, &format!("the database down, {fault}"), |s| {
        s.get("parlor_database_up") == Some(&0.0) && s.get(&counted).is_some_and(|n| *n >= 1.0)
    })
    .await;
}

/// Every result posted in `channel` (a result has a Rematch button).
fn results(discord: &FakeDiscord, channel: u64) -> Vec<String> {
    discord
        .public_messages(channel)
        .iter()
        .filter(|m| crate::steps::is_result(m))
        .map(Msg::text)
        .collect()
}

const NEEDS_PG: &str =
    "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord outage -- --include-ignored";

/// How PostgreSQL goes away and comes back.
enum Outage {
    /// Its address stops answering and every connection drops (a network fault, a failover's
    /// moment between two primaries), then answers again.
    Cut(Relay),
    /// The server itself crashes or is stopped for maintenance, then is started again.
    Stopped(PgServer),
    /// A failover: the primary dies, and the address then reaches a new primary (another
    /// server, holding the same data), which is kept here once started.
    Failover(Relay, PgServer, std::sync::Mutex<Option<PgServer>>),
}

impl Outage {
    async fn begin(&self) {
        match self {
            Outage::Cut(relay) => relay.cut(),
            Outage::Stopped(server) => server.stop(),
            Outage::Failover(relay, primary, _) => {
                relay.cut();
                primary.stop();
            }
        }
    }

    async fn end(&self) {
        match self {
            Outage::Cut(relay) => relay.mend().await,
            Outage::Stopped(server) => server.start(),
            Outage::Failover(relay, primary, promoted) => {
                let new = primary.promoted_copy();
                relay.retarget(new.port());
                *promoted.lock().expect("the new primary") = Some(new);
                relay.mend().await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord outage -- --include-ignored"]
async fn postgres_cut_mid_play_answers_privately_at_once_keeps_clocks_and_comes_back() {
    logs();
    let discord = FakeDiscord::start().await;
    assert!(discord.database_url.starts_with("postgres"), "{NEEDS_PG}");
    let (through, relay) = Relay::in_front_of(&discord.database_url).await;
    let database = discord.database_url.clone();
    outage_mid_play(&discord, &database, &through, Outage::Cut(relay)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord outage -- --include-ignored"]
async fn postgres_stopped_mid_play_and_started_again_answers_privately_and_comes_back() {
    logs();
    let discord = FakeDiscord::start().await;
    let server = PgServer::create().expect(NEEDS_PG);
    let database = server.url();
    outage_mid_play(&discord, &database, &database, Outage::Stopped(server)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test discord outage -- --include-ignored"]
async fn postgres_failover_mid_play_answers_privately_and_goes_on_on_the_new_primary() {
    logs();
    let discord = FakeDiscord::start().await;
    let primary = PgServer::create().expect(NEEDS_PG);
    let (through, relay) = Relay::in_front_of(&primary.url()).await;
    let outage = Outage::Failover(relay, primary, std::sync::Mutex::new(None));
    outage_mid_play(&discord, &through, &through, outage).await;
}

/// The PostgreSQL outage, end to end (see the module's text): the bot reaches `database`
/// (which the test reads directly) through `through`, and `outage` takes it away and back.
async fn outage_mid_play(discord: &FakeDiscord, database: &str, through: &str, outage: Outage) {
    let (process, _) = bot(discord, through).await;
    discord.wait_ready(1).await;

    // A match with two moves played, and a challenge waiting in another channel.
    let players = [alice(), bob()];
    let (elsewhere, third) = (CHANNEL_ID + 1, CHANNEL_ID + 2);
    let board = two_moves_in(discord, &players).await;
    let mut acknowledged = 2;
    let waiting = challenge(
        discord,
        elsewhere,
        &bob(),
        &carol(),
        json!({"game": "simultana"}),
    )
    .await;
    discord.idle().await;

    // The mover has used most of their day: their move is due a few seconds after the bot's
    // restart (a kill -9, so the restart reads the deadline from the database).
    killed(discord, process).await;
    let set_at = Instant::now();
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis();
    let deadline_ms = i64::try_from(now_ms + DEADLINE_AFTER.as_millis()).expect("a time");
    db::exec(
        database,
        &format!("UPDATE matches SET deadline_at = {deadline_ms} WHERE status = 'live'"),
    )
    .await;
    let (process, addr) = bot(discord, through).await;
    discord.wait_ready(2).await;
    let (healthz, metrics) = (
        format!("http://{addr}/healthz"),
        format!("http://{addr}/metrics"),
    );
    until_status(&healthz, 200).await;
    let mover = who(&players, to_move(&board)).clone();
    let offered = legal(discord, &mover, CHANNEL_ID).await;
    discord.idle().await;

    // PostgreSQL's address stops answering, and every open connection drops: before the
    // deadline, with time for the first answer (the first failure shuts the store's gate).
    assert!(
        set_at.elapsed() + FIRST_RESPONSE < DEADLINE_AFTER,
        "the restart took {:?}: too late for the deadline to fall in the outage",
        set_at.elapsed()
    );
    outage.begin().await;
    let mut took = Vec::new();
    let sent = Instant::now();
    let id = discord.slash_in(&mover, CHANNEL_ID, "move", json!({"move": offered[0]}), &[]);
    took.push(refused(discord, id, sent, "/move").await);
    let sent = Instant::now();
    let accept_button = waiting.button("Accept").expect("an Accept button");
    let id = discord.press(&carol(), waiting.id, &accept_button);
    took.push(refused(discord, id, sent, "the Accept button").await);
    let opponent = carol();
    let options = json!({"game": "simultana", "opponent": opponent.id});
    took.push(slash_refused(discord, &alice(), third, "play", options, &[opponent]).await);
    let options = json!({"my-language": "fr"});
    took.push(slash_refused(discord, &alice(), CHANNEL_ID, "settings", options, &[]).await);
    let options = json!({"game": "simultana"});
    took.push(slash_refused(discord, &bob(), CHANNEL_ID, "leaderboard", options, &[]).await);
    took.push(slash_refused(discord, &bob(), CHANNEL_ID, "history", json!({}), &[]).await);
    eprintln!("answers during the outage: {took:?}");

    // The board and the moves offered come from memory.
    let sent = Instant::now();
    let shown = discord
        .outcome(discord.slash(&bob(), "board", json!({})))
        .await;
    eprintln!(
        "during the outage, /board was answered in {:?}",
        sent.elapsed()
    );
    assert!(
        !shown.ephemeral,
        "/board during the outage: {}",
        shown.text()
    );
    assert_eq!(to_move(&shown), mover.id, "{}", shown.text());
    discord.pictured(shown.id).await;
    let sent = Instant::now();
    assert_eq!(legal(discord, &mover, CHANNEL_ID).await, offered);
    eprintln!(
        "during the outage, autocomplete was answered in {:?}",
        sent.elapsed()
    );

    // The operator's view: unhealthy, naming the fault; the gauge at zero, the fault counted.
    reported_down(&healthz, &metrics, "postgres", Fault::Unreachable).await;

    // The mover's deadline passes while the database is down: nobody is judged.
    let due = DEADLINE_AFTER.saturating_sub(set_at.elapsed()) + Duration::from_secs(2);
    tokio::time::sleep(due).await;
    assert!(
        results(discord, CHANNEL_ID).is_empty(),
        "a result during the outage"
    );

    // Back: noticed by itself within 2 s, with the outage's time given back to the clock.
    outage.end().await;
    back_within_two_seconds(&healthz, "postgres").await;
    scrape_until(&metrics, "the database up again", |s| {
        s.get("parlor_database_up") == Some(&1.0)
    })
    .await;
    // The timer looks every second: two looks, and the overdue deadline judged nobody.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    assert!(results(discord, CHANNEL_ID).is_empty(), "lost on time");
    let after = play(discord, &mover, CHANNEL_ID, &offered[0]).await;
    assert!(
        !after.ephemeral,
        "the move after the outage: {}",
        after.text()
    );
    acknowledged += 1;
    discord.idle().await;
    assert!(results(discord, CHANNEL_ID).is_empty(), "lost on time");
    let extended = db::sql_i64(
        database,
        "SELECT COUNT(*) FROM matches WHERE status = 'live'",
    )
    .await;
    assert_eq!(extended, 1, "the match is still live");

    // Killed and started again: exactly the acknowledged moves, and the challenge still open.
    killed(discord, process).await;
    let moves = "SELECT COUNT(*) FROM moves WHERE kind = 'move'";
    assert_eq!(db::sql_i64(database, moves).await, acknowledged);
    let open = "SELECT COUNT(*) FROM matches WHERE status = 'challenge'";
    assert_eq!(db::sql_i64(database, open).await, 1);
    let (process, _) = bot(discord, through).await;
    discord.wait_ready(3).await;
    let shown = discord
        .outcome(discord.slash(&bob(), "board", json!({})))
        .await;
    assert_eq!(to_move(&shown), to_move(&after), "{}", shown.text());
    assert!(took.iter().all(|t| *t < FIRST_RESPONSE));
    discord.assert_no_violations();
    process.kill();
}

/// A small tmpfs mounted for one test, unmounted when dropped (whatever happened meanwhile).
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// Mounts a tmpfs of `size` (as `mount -o size=` reads it) on a new folder; `Err` says why
    /// it could not (not root, or no right to mount here).
    fn mount(size: &str) -> Result<Tmpfs, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let output = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .map_err(|e| format!("cannot run mount: {e}"))?;
        if !output.status.success() {
            return Err(String::from_utf8_lossy(&output.stderr).trim().to_owned());
        }
        Ok(Tmpfs { dir })
    }

    fn path(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// Writes `file` until the file system has no byte left.
    fn fill(&self, file: &str) {
        use std::io::Write;
        let mut filler = std::fs::File::create(self.path().join(file)).expect("the filler");
        for chunk in [1 << 20, 1 << 12, 1] {
            let bytes = vec![0u8; chunk];
            while filler.write_all(&bytes).is_ok() {}
        }
        let _ = filler.sync_all();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        // Lazily: a process that still has a file open there must not keep it mounted.
        let unmounted = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
        if !unmounted.is_ok_and(|s| s.success()) {
            eprintln!("could not unmount {}", self.dir.path().display());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_on_a_full_disk_answers_privately_names_it_and_comes_back_when_freed() {
    logs();
    let disk = match Tmpfs::mount("64m") {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("skipped: a tmpfs cannot be mounted here ({why})");
            return;
        }
    };
    let discord = FakeDiscord::start().await;
    let file = disk.path().join("parlor.db");
    let database = format!("sqlite://{}", file.display());
    let (process, addr) = bot(&discord, &database).await;
    discord.wait_ready(1).await;
    let (healthz, metrics) = (
        format!("http://{addr}/healthz"),
        format!("http://{addr}/metrics"),
    );
    // The starter puzzles go in beside the start: the disk fills after them.
    let loading = Instant::now();
    while !process.log().contains("starter puzzles loaded") {
        assert!(loading.elapsed() < fake::WAIT, "{}", process.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let players = [alice(), bob()];
    let board = two_moves_in(&discord, &players).await;
    let mut acknowledged = 2;
    discord.idle().await;
    // The log folded into the file and emptied, so that the next write needs new space: else
    // SQLite reuses the log's old space for a while (rightly), and a full disk shows later.
    // The bot may be writing at that instant (SQLITE_BUSY, 1): asked again until it folds.
    let folding = Instant::now();
    loop {
        let folded: Vec<Vec<i64>> = db::rows(&database, "PRAGMA wal_checkpoint(TRUNCATE)").await;
        if folded[0][0] == 0 {
            break;
        }
        assert!(
            folding.elapsed() < fake::WAIT,
            "the log is still in use: {folded:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    disk.fill("filler");

    // The move that needs the space, and the next interaction: private, at once, the database
    // message; the operator's view names a full disk.
    let mover = who(&players, to_move(&board)).clone();
    let offered = legal(&discord, &mover, CHANNEL_ID).await;
    let sent = Instant::now();
    let id = discord.slash_in(&mover, CHANNEL_ID, "move", json!({"move": offered[0]}), &[]);
    refused(&discord, id, sent, "the move on a full disk").await;
    let sent = Instant::now();
    let id = discord.slash_in(&mover, CHANNEL_ID, "move", json!({"move": offered[0]}), &[]);
    refused(&discord, id, sent, "the next move on a full disk").await;
    reported_down(&healthz, &metrics, "sqlite", Fault::DiskFull).await;
    let log = process.log();
    assert!(
        log.lines()
            .any(|l| l.contains("the database is unavailable") && l.contains("disk-full")),
        "{log}"
    );
    // Still full a while later: the probe does not take a write that saves nothing for one.
    tokio::time::sleep(Duration::from_secs(1)).await;
    reported_down(&healthz, &metrics, "sqlite", Fault::DiskFull).await;

    // Space again: back by itself within 2 s, and the move is played.
    std::fs::remove_file(disk.path().join("filler")).expect("the filler removed");
    back_within_two_seconds(&healthz, "sqlite").await;
    let after = play(&discord, &mover, CHANNEL_ID, &offered[0]).await;
    assert!(
        !after.ephemeral,
        "the move after the disk was freed: {}",
        after.text()
    );
    acknowledged += 1;
    discord.idle().await;

    // Killed: exactly the acknowledged moves are in the file.
    process.kill();
    let moves = "SELECT COUNT(*) FROM moves WHERE kind = 'move'";
    assert_eq!(db::sql_i64(&database, moves).await, acknowledged);
    discord.assert_no_violations();
}
