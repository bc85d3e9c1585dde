//! The database fails in the middle of play: every answer comes at once, privately, saying that
//! nothing was saved; the board is still shown from memory; the database's return is noticed by
//! itself and play goes on; every acknowledged move is kept. On SQLite another program holds the
//! write lock; on PostgreSQL the server's address stops answering (a TCP relay between the bot
//! and the real server is cut, as a failover or a network fault cuts it).

use std::time::{Duration, Instant};

use super::common::*;
use parlor::store::{Fault, Store};
use parlor::table::{Act, ManualClock, Table};

use crate::db;
use crate::relay::Relay;

/// Discord's limit for a first response; the goal is well under it.
const FIRST_RESPONSE: Duration = Duration::from_secs(3);

/// How the test takes the database away and gives it back.
enum Outage {
    /// Another connection holds SQLite's write lock.
    Locked(sqlx::pool::PoolConnection<sqlx::Sqlite>, sqlx::SqlitePool),
    Unreachable(Relay),
}

/// A table on a fresh database, reached through a relay on PostgreSQL.
async fn table(clock: &ManualClock) -> (Table, db::Database, Option<Relay>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (database, relay) = match db::postgres_server() {
        Some(server) => {
            let database = db::fresh_postgres(&server).await;
            let (url, relay) = Relay::in_front_of(&database.url).await;
            (database.readdressed(url), Some(relay))
        }
        None => (
            db::Database::sqlite(sqlite_url(&dir.path().join("parlor.db"))),
            None,
        ),
    };
    let store = Store::open(&database).await.expect("open store");
    let (table, _notices) = Table::start(store, config(clock)).await.expect("start");
    (table, database, relay, dir)
}

impl Outage {
    async fn begin(url: &str, relay: Option<Relay>) -> Outage {
        match relay {
            Some(relay) => {
                relay.cut();
                Outage::Unreachable(relay)
            }
            None => {
                let pool = sqlx::SqlitePool::connect(url)
                    .await
                    .expect("a second connection");
                let mut holder = pool.acquire().await.expect("a connection");
                sqlx::query("BEGIN EXCLUSIVE")
                    .execute(&mut *holder)
                    .await
                    .expect("the write lock");
                Outage::Locked(holder, pool)
            }
        }
    }

    fn fault(&self) -> Fault {
        match self {
            Outage::Locked(..) => Fault::Locked,
            Outage::Unreachable(_) => Fault::Unreachable,
        }
    }

    async fn end(self) {
        match self {
            Outage::Locked(mut holder, pool) => {
                sqlx::query("ROLLBACK")
                    .execute(&mut *holder)
                    .await
                    .expect("the lock given back");
                drop(holder);
                pool.close().await;
            }
            Outage::Unreachable(relay) => relay.mend().await,
        }
    }
}

/// A Simultana match between alice and bob at `place`, accepted: its first board.
async fn simultana(table: &Table, place: &parlor::table::Place) -> parlor::table::Reply {
    let (a, b) = (alice(), bob());
    let card = table
        .handle(
            &a,
            place,
            Act::Challenge(parlor::table::ChallengeSpec::new(
                parlor::games::GameKind::Simultana,
                parlor::table::Opponent::User(user(&b)),
            )),
        )
        .await;
    assert!(!card.private, "{}", card.text());
    let board = table.handle(&b, place, Act::Accept).await;
    assert!(!board.private, "{}", board.text());
    board
}

#[tokio::test]
async fn an_outage_is_answered_at_once_board_from_memory_and_play_goes_on_when_it_is_back() {
    let clock = ManualClock::new(START_MS);
    let (table, database, relay, _dir) = table(&clock).await;
    let (a, b, place) = (alice(), bob(), channel(1));
    let mut board = simultana(&table, &place).await;
    let mut acknowledged = 0;
    let play = async |table: &Table, board: &parlor::table::Reply| {
        let to_move = if board.mentions[0] == a.id { &a } else { &b };
        let hints = table.matches().move_hints(&place, "").await;
        assert!(!hints.is_empty(), "no legal move: {}", board.text());
        table
            .handle(to_move, &place, Act::Move(hints[0].clone()))
            .await
    };
    for _ in 0..2 {
        board = play(&table, &board).await;
        assert!(!board.private, "{}", board.text());
        acknowledged += 1;
    }

    let outage = Outage::begin(&database, relay).await;
    let fault = outage.fault();
    // The first move meets the failure: answered within Discord's limit, privately.
    let started = Instant::now();
    let refused = play(&table, &board).await;
    let first = started.elapsed();
    assert_refused(&refused, "err-db-down");
    assert!(first < FIRST_RESPONSE, "the first answer took {first:?}");
    assert_eq!(table.store().outage().map(|o| o.fault), Some(fault));
    // While it stays down, answers come at once without asking the database.
    let started = Instant::now();
    let refused = play(&table, &board).await;
    let again = started.elapsed();
    assert_refused(&refused, "err-db-down");
    assert!(
        again < Duration::from_millis(500),
        "the next answer took {again:?}"
    );
    // The board is in memory.
    let shown = table.handle(&a, &place, Act::Board).await;
    assert!(
        !said(&shown).contains(&"err-db-down") && shown.picture.is_some(),
        "the board during the outage: {:?}\n{}",
        said(&shown),
        shown.text()
    );

    // Nobody loses on time meanwhile: two days pass (the clock gives one a move), and the
    // timer judges nothing until the database is back, then gives the time back.
    assert_eq!(table.matches().tick().await, 0);
    clock.advance_secs(2 * 86_400);
    assert_eq!(table.matches().tick().await, 0, "judged during the outage");

    outage.end().await;
    let back = Instant::now();
    while table.store().outage().is_some() && back.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let noticed = back.elapsed();
    assert!(
        table.store().outage().is_none(),
        "the return was not noticed"
    );
    assert!(
        noticed < Duration::from_secs(2),
        "noticed after {noticed:?}"
    );
    assert_eq!(
        table.matches().tick().await,
        0,
        "a time-out after the outage"
    );
    board = play(&table, &board).await;
    assert!(!board.private, "after the outage: {}", board.text());
    acknowledged += 1;

    // Every acknowledged move is in the database, and nothing refused.
    table.store().close().await;
    let moves = db::sql_i64(&database, "SELECT COUNT(*) FROM moves WHERE kind = 'move'").await;
    assert_eq!(moves, acknowledged);
}

/// An outage nobody meets still stops the clocks. On PostgreSQL the heartbeat finds the server
/// gone although nobody plays, so a deadline that falls in the outage is judged only after it,
/// with the time since the database last answered given back. On SQLite a held write lock does
/// not stop reads (the heartbeat still gets its answer), and the timer's own failed write of the
/// deadline shuts the gate, so nothing is judged while the lock is held.
#[tokio::test]
async fn an_outage_nobody_meets_is_found_by_the_heartbeat_and_judges_no_deadline() {
    let clock = ManualClock::new(START_MS);
    let (table, database, relay, _dir) = table(&clock).await;
    let place = channel(1);
    simultana(&table, &place).await;
    assert_eq!(table.matches().open_count(), 1);
    table.store().heartbeat().await;
    assert!(table.store().outage().is_none(), "up before the outage");

    let deadline = "SELECT deadline_at FROM matches";
    let before = db::sql_i64(&database, deadline).await;
    let outage = Outage::begin(&database, relay).await;
    let fault = outage.fault();
    // The next heartbeat comes a second later (they come every two seconds).
    tokio::time::sleep(Duration::from_secs(1)).await;
    table.store().heartbeat().await;
    // The timer ticks every second: it sees the outage the heartbeat found.
    assert_eq!(table.matches().tick().await, 0);
    match fault {
        Fault::Unreachable => assert_eq!(
            table.store().outage().map(|o| o.fault),
            Some(fault),
            "the heartbeat did not find the server gone"
        ),
        _ => assert!(
            table.store().outage().is_none(),
            "a held write lock stops no read"
        ),
    }

    // Two days pass with nobody playing: the deadline falls in the outage.
    clock.advance_secs(2 * 86_400);
    assert_eq!(table.matches().tick().await, 0, "judged during the outage");
    assert_eq!(
        table.store().outage().map(|o| o.fault),
        Some(fault),
        "the timer's failed write did not shut the gate"
    );
    assert_eq!(table.matches().tick().await, 0, "judged during the outage");

    outage.end().await;
    let back = Instant::now();
    while table.store().outage().is_some() && back.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        table.store().outage().is_none(),
        "the return was not noticed"
    );
    if fault == Fault::Unreachable {
        // The outage began at the last heartbeat answered, before the two days: they are given
        // back, and the player to move still has the move.
        assert_eq!(
            table.matches().tick().await,
            0,
            "a time-out after the outage"
        );
        assert_eq!(table.matches().open_count(), 1, "the match ended on time");
        // Given back: the two days, and the second before the heartbeat found the outage.
        let later = db::sql_i64(&database, deadline).await - before;
        assert!(
            later >= 2 * 86_400_000 + 1000,
            "the deadline moved {later} ms"
        );
    }
    table.store().close().await;
}
