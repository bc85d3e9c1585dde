//! Timing of the arena's pairing (issue 40's budget: 1,000 waiting players in under 100 ms on
//! one core): `cargo bench --bench arena`. A thousand players with spread-out scores all wait at
//! once (the worst case: at any other moment only those between games wait); the pairing is
//! timed, then the games end with results from a fixed seed and the next pairing is timed,
//! ten times. `cargo bench --bench arena -- 5000` times 5,000 players instead.

use std::time::Instant;

use parlor::tournament::arena::{Arena, ArenaResult};

fn main() {
    let players: usize = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut arena = Arena::new(i64::MAX);
    for i in 0..players {
        arena
            .join(&format!("p{i}"), 2800 - (i * 1400 / players) as u32)
            .expect("joined");
    }
    // A linear congruential generator: the same results every run.
    let mut seed: u64 = 40;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % 3
    };
    let mut worst: f64 = 0.0;
    let mut total = 0.0;
    let waves = 10;
    for wave in 1..=waves {
        let start = Instant::now();
        let games = arena.pair(0);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        println!(
            "wave {wave}: {} waiting paired into {} games in {ms:.3} ms",
            players,
            games.len()
        );
        worst = worst.max(ms);
        total += ms;
        for g in games {
            let result = match next() {
                0 => ArenaResult::WhiteWins,
                1 => ArenaResult::BlackWins,
                _ => ArenaResult::Draw,
            };
            arena.finish(g, result, [20, 20]).expect("finished");
        }
    }
    println!(
        "{players} players: mean {:.3} ms, worst {worst:.3} ms a pairing (goal: < 100 ms)",
        total / waves as f64
    );
}
