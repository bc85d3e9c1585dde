//! Timing of the coach (issue 27's budget: a 60-ply Lines of Action match analysed in 20 s or
//! less on one core at the default depth): `cargo bench --bench analysis`. Each match is played
//! by a cheap AI against itself (fixed seeds), then analysed once at `Depth::default_for`; the
//! line gives the wall time and the CPU time of the process, which other load does not inflate.
//! `cargo bench --bench analysis -- LOA` runs only the lines whose label contains "LOA".
//!
//! Then, through the match service: how long a move in one match takes to be answered, without
//! an analysis and while another match is analysed (the coach runs on its own thread, so the two
//! should match): `cargo bench --bench analysis -- during`.

use std::time::{Duration, Instant};

use parlor::ai::analysis::{Depth, analyse};
use parlor::ai::{Settings, Style, think};
use parlor::games::{AnyGame, AnyMove, GameKind};

/// A match of up to `plies` moves between two cheap AIs, without a wall-clock cap.
fn play(kind: GameKind, options: &str, plies: usize) -> (AnyGame, Vec<AnyMove>) {
    let start = AnyGame::new(kind, options).expect("valid options");
    let settings = Settings {
        style: Style::Level(2),
        nodes: None,
        time: Some(Duration::from_secs(600)),
    };
    let mut game = start.clone();
    let mut moves = Vec::new();
    while moves.len() < plies && !game.status().is_over() {
        let Ok(thought) = think(&game, &settings, moves.len() as u64) else {
            break;
        };
        if game.play(&thought.best).is_err() {
            break;
        }
        moves.push(thought.best);
    }
    (start, moves)
}

/// CPU time this process has used (Linux).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_default();
    per_game(&filter);
    if "a move during an analysis".contains(&filter) {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        runtime.block_on(move_during_analysis());
    }
}

/// The analysis of a match of each game at its default depth.
fn per_game(filter: &str) {
    println!(
        "{:<34} {:>6} {:>10} {:>10} {:>10} {:>12}",
        "match", "plies", "nodes", "wall", "cpu", "cpu per ply"
    );
    for (label, kind, options, plies) in [
        ("LOA, 60 plies", GameKind::Loa, "", 60),
        ("LOA for four, 60 plies", GameKind::Loa, "players=4", 60),
        ("Simultana, 60 plies", GameKind::Simultana, "", 60),
        ("Barrier, 60 plies", GameKind::Barrier, "", 60),
        ("Lightning, 60 plies", GameKind::Lightning, "seed=7", 60),
    ] {
        if !label.contains(filter) {
            continue;
        }
        let (start, moves) = play(kind, options, plies);
        let depth = Depth::default_for(kind);
        let (t, cpu) = (Instant::now(), cpu_time());
        let analysis = analyse(&start, &moves, depth, |_, _| {}).expect("the match replays");
        let wall = t.elapsed();
        let cpu = cpu.zip(cpu_time()).map(|(a, b)| b - a);
        let secs = |d: Duration| format!("{:.2} s", d.as_secs_f64());
        let per_ply = cpu.map_or("?".to_string(), |c| {
            format!(
                "{:.0} ms",
                c.as_secs_f64() * 1000.0 / moves.len().max(1) as f64
            )
        });
        println!(
            "{label:<34} {:>6} {:>10} {:>10} {:>10} {:>12}",
            analysis.plies.len(),
            depth.nodes,
            secs(wall),
            cpu.map_or("?".to_string(), secs),
            per_ply
        );
    }
}

/// Moves timed in each phase.
const TIMED_MOVES: usize = 40;

/// The time to answer a move in a live match, with no analysis running and then while a
/// 40-ply Lines of Action match is analysed at the default depth on the pool's one thread.
async fn move_during_analysis() {
    use parlor::store::Store;
    use parlor::table::{Act, Actor, ChallengeSpec, Config, Opponent, Place, Table, UserRef};

    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::open(&url).await.expect("the database");
    let config = Config {
        challenge_cooldown_ms: 0,
        ai: None,
        analysis_threads: 1,
        analysis_nodes: None,
        ..Config::default()
    };
    let (table, _notices) = Table::start(store, config).await.expect("the table");
    let (a, b) = (Actor::new(11, "Ann"), Actor::new(12, "Ben"));
    let start = |place: Place, game: GameKind| {
        let (table, a, b) = (table.clone(), a.clone(), b.clone());
        async move {
            let spec = ChallengeSpec::new(game, Opponent::User(UserRef::new(b.id, &b.name)));
            table.handle(&a, &place, Act::Challenge(spec)).await;
            let board = table.handle(&b, &place, Act::Accept).await;
            assert!(!board.private, "{}", board.text());
        }
    };
    // One move of whoever is to move in `place`: the first legal one. Returns its time, or
    // `None` once the match is over.
    let one_move = |place: Place| {
        let (table, a, b) = (table.clone(), a.clone(), b.clone());
        async move {
            let hints = table.matches().move_hints(&place, "").await;
            let first = hints.first()?.clone();
            // Whoever is not to move is refused; the mover's move is the one timed.
            let t = Instant::now();
            let mut reply = table.handle(&a, &place, Act::Move(first.clone())).await;
            let mut took = t.elapsed();
            if reply.private {
                let t = Instant::now();
                reply = table.handle(&b, &place, Act::Move(first)).await;
                took = t.elapsed();
            }
            (!reply.private).then_some(took)
        }
    };

    // The match to analyse: 40 plies of Lines of Action, then a resignation.
    let analysed = Place::new(Some(1), 100);
    start(analysed, GameKind::Loa).await;
    for _ in 0..40 {
        if one_move(analysed).await.is_none() {
            break;
        }
    }
    table.handle(&a, &analysed, Act::Resign).await;

    // The matches played meanwhile: Simultana, a new one whenever one ends.
    let phase = |n: u64| {
        let (start, one_move) = (&start, &one_move);
        async move {
            let mut next = 200 + n * 1000;
            let mut place = Place::new(Some(1), next);
            start(place, GameKind::Simultana).await;
            let mut times = Vec::new();
            while times.len() < TIMED_MOVES {
                match one_move(place).await {
                    Some(t) => times.push(t),
                    None => {
                        next += 1;
                        place = Place::new(Some(1), next);
                        start(place, GameKind::Simultana).await;
                    }
                }
            }
            times
        }
    };
    let quiet = phase(0).await;
    let request = table.handle(&a, &analysed, Act::Analyse(None)).await;
    let progress = request.progress.clone().expect("the analysis starts");
    let busy = phase(1).await;
    let still_running = !matches!(
        progress.now(),
        parlor::table::Coaching::Done(_) | parlor::table::Coaching::Failed(_)
    );
    let t = Instant::now();
    let done = progress.finish().await;
    assert!(!done.private, "{}", done.text());
    let ms = |times: &[Duration]| {
        let mut sorted = times.to_vec();
        sorted.sort();
        let mean =
            sorted.iter().sum::<Duration>().as_secs_f64() * 1000.0 / sorted.len().max(1) as f64;
        let median = sorted
            .get(sorted.len() / 2)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let worst = sorted.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        format!(
            "mean {mean:.2} ms, median {median:.2} ms, worst {worst:.2} ms ({} moves)",
            sorted.len()
        )
    };
    println!();
    println!("a move in another match (Simultana, SQLite), answered by the match service:");
    println!("  without an analysis:      {}", ms(&quiet));
    println!("  during an analysis:       {}", ms(&busy));
    println!(
        "  the analysis (40-ply LOA) was {} while those moves were timed; it ended {:.1} s later",
        if still_running {
            "running"
        } else {
            "ALREADY OVER"
        },
        t.elapsed().as_secs_f64()
    );
}
