//! Timing of the Swiss pairing (issue 40's budget: a 500-player round in under a second on one
//! core): `cargo bench --bench tournament`. A 500-player Swiss of nine rounds is played with
//! results from a fixed seed; each round's pairing is timed. With `TRF_DIR=<dir>`, each round's
//! tournament is also written there as `round-N.trf`, for another engine to pair the same rounds.
//! `cargo bench --bench tournament -- 100` times a field of 100 instead. Each line gives the wall
//! time and the CPU time of the pairing thread, which other load on the machine does not inflate.

use std::time::{Duration, Instant};

use parlor::tournament::event::{BoardResult, Format, Tournament};
use parlor::tournament::trf;

/// CPU time of this thread, where the platform tells it.
fn cpu_time() -> Option<Duration> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec through the valid pointer given.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        None
    }
}

fn main() {
    let players: usize = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .find_map(|a| a.parse().ok())
        .unwrap_or(500);
    let dir = std::env::var("TRF_DIR").ok();
    let rounds = 9;
    let mut t = Tournament::new(Format::Swiss, rounds);
    for i in 0..players {
        let rating = 2800 - (i * 1400 / players) as u32;
        t.register(&format!("p{i}"), &format!("Player {i}"), rating)
            .expect("registered");
    }
    // A linear congruential generator: the same results every run.
    let mut seed: u64 = 40;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % 100
    };
    let mut total = 0.0;
    let mut total_cpu = 0.0;
    for round in 1..=rounds {
        if let Some(dir) = &dir {
            let path = std::path::Path::new(dir).join(format!("round-{round}.trf"));
            std::fs::write(path, trf::write(&t.swiss, "bench")).expect("written");
        }
        let (start, cpu) = (Instant::now(), cpu_time());
        let boards = t.pair_round().expect("paired");
        let took = start.elapsed().as_secs_f64();
        let cpu = cpu_time()
            .zip(cpu)
            .map_or(0.0, |(end, start)| (end - start).as_secs_f64());
        total += took;
        total_cpu += cpu;
        println!(
            "{players} players, round {round}: {} boards paired in {took:.3} s ({cpu:.3} s CPU)",
            boards.len()
        );
        for (i, board) in boards.iter().enumerate() {
            if board.result.is_none() {
                // Higher-rated players win more often; a few draws.
                let r = next();
                let result = if r < 15 {
                    BoardResult::Draw
                } else if r < 65 {
                    BoardResult::WhiteWins
                } else {
                    BoardResult::BlackWins
                };
                t.record_result(i, result).expect("recorded");
            }
        }
    }
    println!("{players} players: {rounds} rounds paired in {total:.3} s ({total_cpu:.3} s CPU)");
}
