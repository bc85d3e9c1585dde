//! Fuzz targets for every parser that reads outside input, on stable Rust (no cargo-fuzz).
//!
//! Each target feeds seeded inputs (random bytes and characters, and mutations of valid inputs:
//! swapped, cut and repeated tokens, Unicode look-alikes, very long lines) to one parser and
//! checks its property: no panic, a clear error, and nothing changed on error. A failure names
//! the target, the input's number and the seed, so `input_for` rebuilds it exactly.
//!
//! The short run is part of `cargo test` (`cargo test --test checks fuzz::short`, a few seconds).
//! The long run (1,000,000 inputs per target, a hundredth of that for `restore_db` which opens a
//! database per input; `PARLOR_FUZZ_INPUTS` overrides the count) is, in the already optimised
//! test profile (add `--release` for a faster run after a long LTO build):
//!
//! ```text
//! nice cargo test --test checks fuzz::long -- --ignored --nocapture --test-threads=2
//! ```

mod inputs;
mod targets;

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use inputs::Gen;

/// The base seed; each input gets its own stream from it, the target and its number.
const SEED: u64 = 0x5EED_F022;

/// A target's property: `Err` says which part broke.
pub type Check<I> = Box<dyn Fn(&I) -> Result<(), String>>;

/// One fuzz target: a name, how an input is made and what must hold for it.
pub struct Target<I> {
    pub name: &'static str,
    /// Builds input `i` from its own random stream.
    pub make: Box<dyn Fn(&mut Gen) -> I>,
    pub check: Check<I>,
}

/// The random stream of input `i` of target `name`.
pub fn rng_for(name: &str, seed: u64, i: u64) -> ChaCha8Rng {
    let name_key = parlor::games::words_key(&name.bytes().map(u64::from).collect::<Vec<_>>());
    ChaCha8Rng::seed_from_u64(parlor::games::words_key(&[seed, name_key, i]))
}

/// Rebuilds input `i` of a target, to reproduce a failure.
pub fn input_for<I>(target: &Target<I>, seed: u64, i: u64) -> I {
    let mut g = Gen::new(rng_for(target.name, seed, i));
    (target.make)(&mut g)
}

/// Runs `count` inputs and returns the failures (at most a few are kept, with their inputs).
pub fn run<I: std::fmt::Debug>(target: &Target<I>, seed: u64, count: u64) -> Vec<String> {
    let mut failures = Vec::new();
    for i in 0..count {
        let input = input_for(target, seed, i);
        let verdict = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
        let why = match verdict {
            Ok(Ok(())) => continue,
            Ok(Err(why)) => why,
            Err(panic) => format!("panic: {}", panic_text(&*panic)),
        };
        let shown: String = format!("{input:?}").chars().take(300).collect();
        failures.push(format!(
            "{} input #{i} (seed {seed:#x}): {why}\n    input: {shown}",
            target.name
        ));
        if failures.len() >= 5 {
            break;
        }
    }
    failures
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// Runs a target and fails the test with every failure found.
fn fuzz<I: std::fmt::Debug>(target: Target<I>, count: u64) {
    let started = std::time::Instant::now();
    let failures = run(&target, SEED, count);
    eprintln!(
        "fuzz {}: {count} inputs in {:.1?}, {} failures",
        target.name,
        started.elapsed(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How many inputs each target gets in the long run.
fn long_count() -> u64 {
    std::env::var("PARLOR_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000)
}

/// Declares each target's short-run test (in `fuzz::short`) and long-run test (in `fuzz::long`,
/// ignored; the count is divided by the last number).
macro_rules! targets {
    ($($name:ident: $target:expr, $short:expr, $long_div:expr;)*) => {
        /// The short run: small counts, so that every target together stays well under 30 s
        /// in debug on a slow machine.
        mod short {
            use super::*;
            $(
                #[test]
                fn $name() {
                    fuzz($target, $short);
                }
            )*
        }

        mod long {
            use super::*;
            $(
                #[test]
                #[ignore = "long: see the command at the top of tests/checks/fuzz/mod.rs"]
                fn $name() {
                    fuzz($target, (long_count() / $long_div).max(1));
                }
            )*
        }
    };
}

use parlor::games::GameKind;

// The database restore target opens a database per input: it gets a hundredth of the count,
// while `restore_log` drives the same log parser a million times.
targets! {
    moves_loa: targets::moves(GameKind::Loa), 12_000, 1;
    moves_lightning: targets::moves(GameKind::Lightning), 12_000, 1;
    moves_barrier: targets::moves(GameKind::Barrier), 12_000, 1;
    moves_simultana: targets::moves(GameKind::Simultana), 12_000, 1;
    play_options: targets::play_options(), 18_000, 1;
    custom_id: targets::custom_id(), 20_000, 1;
    engine: targets::engine(), 9_000, 1;
    local_lines: targets::local_lines(), 18_000, 1;
    move_hints: targets::move_hints(), 12_000, 1;
    restore_log: targets::restore_log(), 4_500, 1;
    restore_db: targets::restore_db(), 40, 100;
}

/// Inputs that once broke a target's property (found by the fuzzers); they must pass for good.
mod regressions {
    use super::*;

    fn passes<I: std::fmt::Debug>(target: Target<I>, inputs: impl IntoIterator<Item = I>) {
        for input in inputs {
            assert_eq!((target.check)(&input), Ok(()), "{input:?}");
        }
    }

    /// The engine quoted control characters of the input (NUL, escape) in its error lines.
    #[test]
    fn engine_errors_carry_no_control_characters() {
        let setups_with_a_game = 1..4;
        passes(
            targets::engine(),
            [
                (0, "new \0loa perft \u{200d}2".to_string()),
                (0, "new \u{1b}[2Jloa".to_string()),
            ]
            .into_iter()
            .chain(setups_with_a_game.map(|i| (i, "moves 1.5\0-b2 \u{7}".to_string()))),
        );
    }
}
