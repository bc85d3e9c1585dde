//! The match service under load: moves validated and committed per second with many matches in
//! parallel, and the memory one live match holds. `cargo bench --bench service`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, AtomicU64, Ordering};
use std::time::Instant;

use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::{
    Actor, ChallengeSpec, Command, Config, ManualClock, Opponent, Place, Table, UserRef,
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

async fn table(dir: &tempfile::TempDir, name: &str) -> Table {
    let url = format!("sqlite://{}", dir.path().join(name).display());
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
    let card = table.handle(a, &place, Command::Challenge(spec)).await;
    assert!(!card.private, "{}", card.text());
    let board = table.handle(b, &place, Command::Accept { at: None }).await;
    assert!(!board.private, "{}", board.text());
}

/// Plays the first suggested move for whoever is to move; false when the game is over.
async fn step(table: &Table, place: Place, a: &Actor, b: &Actor) -> bool {
    let hints = table.move_hints(&place, "").await;
    let Some(mv) = hints.first() else {
        return false;
    };
    for who in [a, b] {
        let command = Command::Move {
            text: mv.clone(),
            at: None,
        };
        let reply = table.handle(who, &place, command).await;
        if !reply.private {
            return true;
        }
    }
    false
}

async fn throughput(matches: u64, moves_each: u64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = table(&dir, "throughput.db").await;
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
                    .handle(
                        &Actor::new(1, "mod").moderator(),
                        &place,
                        Command::Abort { at: None },
                    )
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
    println!(
        "throughput: {n} moves in {seconds:.2} s over {matches} parallel matches = {:.0} moves/s \
         (each validated by the engine and committed in its own transaction)",
        n as f64 / seconds
    );
}

async fn memory(game: GameKind, plies: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = table(&dir, "memory.db").await;
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
        "memory: {:.0} bytes per live {} match after {plies} plies ({} open)",
        per_match,
        game.name(),
        table.open_count()
    );
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

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        throughput(200, 100).await;
        memory(GameKind::Simultana, 10).await;
        // Plies short of the end of a game played by first suggested moves.
        for (game, plies) in [
            (GameKind::Loa, 8),
            (GameKind::Barrier, 30),
            (GameKind::Lightning, 30),
        ] {
            if engine_ready(game) {
                memory(game, plies).await;
            } else {
                println!(
                    "memory: {} skipped (its engine is not on this branch yet)",
                    game.name()
                );
            }
        }
    });
}
