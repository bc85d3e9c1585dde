//! The match service under load: moves validated and committed per second with many matches in
//! parallel, and the memory one live match holds, on SQLite and on PostgreSQL in the same run.
//! `cargo bench --bench service` starts a throwaway PostgreSQL with `scripts/pg-test.sh` (or uses
//! the server in `PARLOR_TEST_POSTGRES`); `PARLOR_BENCH_SQLITE_ONLY=1` skips it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, AtomicU64, Ordering};
use std::time::Instant;

use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::{
    Act, Actor, ChallengeSpec, Config, ManualClock, Opponent, Place, Table, UserRef,
};

/// Counts the bytes currently allocated, to weigh live matches.
struct Counting;

static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE_BYTES.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE_BYTES.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const START_MS: i64 = 1_700_000_000_000;

/// Where the benchmark's databases go.
#[derive(Clone, Copy, PartialEq)]
enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// A new empty database named `name`: a file in `dir`, or a database on the PostgreSQL server.
async fn database(backend: Backend, dir: &tempfile::TempDir, name: &str) -> String {
    match backend {
        Backend::Sqlite => format!(
            "sqlite://{}",
            dir.path().join(format!("{name}.db")).display()
        ),
        Backend::Postgres => {
            use sqlx::Connection;
            let server = std::env::var("PARLOR_TEST_POSTGRES").expect("a PostgreSQL server");
            let mut conn = sqlx::PgConnection::connect(&server)
                .await
                .expect("connect to PostgreSQL");
            let db = format!("parlor_bench_{name}_{}", std::process::id());
            sqlx::query(&format!("CREATE DATABASE {db}"))
                .execute(&mut conn)
                .await
                .expect("create the database");
            let (host, _) = server.rsplit_once('/').expect("a postgres:// URL");
            format!("{host}/{db}")
        }
    }
}

async fn table(backend: Backend, dir: &tempfile::TempDir, name: &str) -> Table {
    let url = database(backend, dir, name).await;
    let store = Store::open(&url).await.expect("open store");
    let config = Config {
        clock: Arc::new(ManualClock::new(START_MS)),
        challenge_cooldown_ms: 0,
        ..Config::default()
    };
    Table::start(store, config).await.expect("start").0
}

fn players(i: u64) -> (Actor, Actor) {
    (
        Actor::new(10_000 + 2 * i, format!("A{i}")),
        Actor::new(10_001 + 2 * i, format!("B{i}")),
    )
}

/// Starts a live match of `game` in `place`.
async fn start(table: &Table, place: Place, a: &Actor, b: &Actor, game: GameKind) {
    let spec = ChallengeSpec::new(game, Opponent::User(UserRef::new(b.id, b.name.clone())));
    let card = table.handle(a, &place, Act::Challenge(spec)).await;
    assert!(!card.private, "{}", card.text());
    let board = table.handle(b, &place, Act::Accept).await;
    assert!(!board.private, "{}", board.text());
}

/// Plays the first suggested move for whoever is to move; false when the game is over.
async fn step(table: &Table, place: Place, a: &Actor, b: &Actor) -> bool {
    let hints = table.matches().move_hints(&place, "").await;
    let Some(mv) = hints.first() else {
        return false;
    };
    for who in [a, b] {
        let command = Act::Move(mv.clone());
        let reply = table.handle(who, &place, command).await;
        if !reply.private {
            return true;
        }
    }
    false
}

async fn throughput(backend: Backend, matches: u64, moves_each: u64) -> f64 {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = table(backend, &dir, "throughput").await;
    let applied = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..matches {
        let (table, applied) = (table.clone(), applied.clone());
        tasks.push(tokio::spawn(async move {
            let place = Place::new(Some(1), 1_000_000 + i);
            let (a, b) = players(i);
            let mut done = 0;
            while done < moves_each {
                start(&table, place, &a, &b, GameKind::Simultana).await;
                while done < moves_each && step(&table, place, &a, &b).await {
                    done += 1;
                }
                table
                    .handle(&Actor::new(1, "mod").moderator(), &place, Act::Abort)
                    .await;
            }
            applied.fetch_add(done, Ordering::Relaxed);
        }));
    }
    for t in tasks {
        t.await.expect("task");
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = applied.load(Ordering::Relaxed);
    let rate = n as f64 / seconds;
    println!(
        "{}: throughput: {n} moves in {seconds:.2} s over {matches} parallel matches = {rate:.0} moves/s \
         (each validated by the engine and committed in its own transaction)",
        backend.name()
    );
    rate
}

async fn memory(backend: Backend, game: GameKind, plies: usize) -> f64 {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = table(backend, &dir, &format!("memory_{}", game.name())).await;
    let mut measured = Vec::new();
    let batch = 500u64;
    for round in 0..3u64 {
        for i in round * batch..(round + 1) * batch {
            let place = Place::new(Some(1), 2_000_000 + i);
            let (a, b) = players(i);
            start(&table, place, &a, &b, game).await;
            for _ in 0..plies {
                if !step(&table, place, &a, &b).await {
                    break;
                }
            }
        }
        measured.push(LIVE_BYTES.load(Ordering::Relaxed));
    }
    // The growth between rounds excludes fixed costs (pools, caches, the runtime).
    let per_match = (measured[2] - measured[0]) as f64 / (2 * batch) as f64;
    println!(
        "{}: memory: {:.0} bytes per live {} match after {plies} plies ({} open)",
        backend.name(),
        per_match,
        game.name(),
        table.matches().open_count()
    );
    per_match
}

/// Whether a game's engine is implemented (placeholders panic on first use).
fn engine_ready(game: GameKind) -> bool {
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let ready = std::panic::catch_unwind(|| {
        parlor::games::AnyGame::new(game, "").map(|g| g.legal_moves().len())
    })
    .is_ok_and(|r| r.is_ok());
    std::panic::set_hook(quiet);
    ready
}

/// Runs this benchmark again inside `scripts/pg-test.sh`, which starts a throwaway PostgreSQL
/// and sets `PARLOR_TEST_POSTGRES`. Returns false when that cannot be done.
fn rerun_with_postgres() -> bool {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pg-test.sh");
    let Ok(me) = std::env::current_exe() else {
        return false;
    };
    let status = std::process::Command::new(script)
        .arg(me)
        .args(std::env::args_os().skip(1))
        .status();
    match status {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(e) => {
            eprintln!("cannot start PostgreSQL with {script} ({e}): SQLite only");
            false
        }
    }
}

fn main() {
    let with_postgres = std::env::var_os("PARLOR_TEST_POSTGRES").is_some()
        || (std::env::var_os("PARLOR_BENCH_SQLITE_ONLY").is_none() && rerun_with_postgres());
    let backends: &[Backend] = if with_postgres {
        &[Backend::Sqlite, Backend::Postgres]
    } else {
        &[Backend::Sqlite]
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let mut rows = Vec::new();
    runtime.block_on(async {
        for &backend in backends {
            let rate = throughput(backend, 200, 100).await;
            let bytes = memory(backend, GameKind::Simultana, 10).await;
            rows.push((backend, rate, bytes));
            // Plies short of the end of a game played by first suggested moves.
            for (game, plies) in [
                (GameKind::Loa, 8),
                (GameKind::Barrier, 30),
                (GameKind::Lightning, 30),
            ] {
                if engine_ready(game) {
                    memory(backend, game, plies).await;
                }
            }
        }
    });
    println!();
    println!("backend   | moves committed/s | bytes per live match (Simultana, 10 plies)");
    println!("----------|-------------------|-------------------------------------------");
    for (backend, rate, bytes) in rows {
        println!("{:<9} | {rate:>17.0} | {bytes:>42.0}", backend.name());
    }
}
