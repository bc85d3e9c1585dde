//! Timing of the coach (issue 27's budget: a 60-ply Lines of Action match analysed in 20 s or
//! less on one core at the default depth): `cargo bench --bench analysis`. Each match is played
//! by a cheap AI against itself (fixed seeds), then analysed once at `Depth::default_for`; the
//! line gives the wall time and the CPU time of the process, which other load does not inflate.
//! `cargo bench --bench analysis -- LOA` runs only the lines whose label contains "LOA".

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
        if !label.contains(&filter) {
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
