//! Tournaments: the Dutch pairing against bbpPairings, the FIDE-endorsed engine, on tournaments
//! its own generator makes. bbpPairings is built from source outside the repository; the test
//! runs only when `BBP_PAIRINGS` names its binary:
//!
//! `BBP_PAIRINGS=/path/bbpPairings.exe BBP_TOURNAMENTS=1000 cargo test --release --test engine
//! tournament -- --ignored --nocapture`

use std::path::Path;
use std::process::Command;

use parlor::tournament::{pair_trf, trf};

/// A generator configuration for tournament `seed`: sizes, rounds and the rates of draws,
/// forfeits, half-point byes and withdrawals (bbpPairings' rates are "one in N": players for
/// byes and withdrawals, games for forfeits) all vary with it.
fn configuration(seed: u64) -> String {
    let players = 4 + seed * 7919 % 57;
    let rounds = (3 + seed * 104_729 % 9)
        .min(players.saturating_sub(1))
        .max(2);
    let draws = seed * 31 % 50;
    let mut text = format!(
        "PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage={draws}\n\
         HighestRating=2600\nLowestRating=1400\n"
    );
    let rate = |choice: u64, rates: [u64; 4]| rates[(choice % 4) as usize];
    for (name, value) in [
        ("ForfeitRate", rate(seed, [0, 0, 20, 6])),
        ("HalfPointByeRate", rate(seed / 4, [0, 8, 0, 3])),
        ("RetiredRate", rate(seed / 16, [0, 0, 10, 4])),
    ] {
        if value > 0 {
            text.push_str(&format!("{name}={value}\n"));
        }
    }
    text
}

fn bbp(binary: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(binary)
        .args(args)
        .output()
        .expect("bbpPairings runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).replace('\r', ""),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[ignore = "needs bbpPairings: set BBP_PAIRINGS to its binary"]
fn dutch_pairings_equal_bbp_pairings() {
    let Ok(binary) = std::env::var("BBP_PAIRINGS") else {
        eprintln!("BBP_PAIRINGS is not set: nothing compared");
        return;
    };
    let count: u64 = std::env::var("BBP_TOURNAMENTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    let first: u64 = std::env::var("BBP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let keep = std::env::var("BBP_KEEP").ok();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (mut tournaments, mut rounds, mut players, mut differences, mut no_pairing) =
        (0, 0, 0, 0, 0);
    let mut checked = 0;
    for seed in first..first + count {
        let config = dir.path().join("config.txt");
        std::fs::write(&config, configuration(seed)).expect("config written");
        let generated = dir.path().join("generated.trf");
        let (ok, _, err) = bbp(
            &binary,
            &[
                "--dutch",
                "-g",
                path(&config),
                "-o",
                path(&generated),
                "-s",
                &seed.to_string(),
            ],
        );
        if !ok {
            eprintln!("seed {seed}: the generator failed: {err}");
            continue;
        }
        let text = std::fs::read_to_string(&generated).expect("generated file");
        let mut full = trf::read_played(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        tournaments += 1;
        players += full.players.iter().flatten().count();
        // Our export of the whole tournament passes bbpPairings' checker.
        let export = dir.path().join("export.trf");
        std::fs::write(&export, trf::write(&full, "export")).expect("export written");
        let (ok, out, err) = bbp(&binary, &["--dutch", path(&export), "-c"]);
        assert!(
            ok && !out.contains("Checker pairings") && !out.contains("No valid pairing"),
            "seed {seed}: the checker refused our export: {out}{err}"
        );
        checked += 1;
        // A late entry changes the tournament: its later rounds are then compared, not checked.
        if seed % 3 == 0 {
            late_entry(&mut full);
        }
        // Every round, and one more past the end (where a valid pairing may not exist).
        for round in 0..=full.played_rounds {
            let mut before = full.before_round(round);
            before.total_rounds = before.total_rounds.max(round + 1);
            let file = dir.path().join("round.trf");
            let written = trf::write(&before, "round");
            std::fs::write(&file, &written).expect("round written");
            let (ok, expected, err) = bbp(&binary, &["--dutch", path(&file), "-p"]);
            let ours = pair_trf(&written);
            rounds += 1;
            let agree = match (&ours, ok) {
                (Ok(ours), true) => *ours == expected,
                (Err(_), false) => {
                    no_pairing += 1;
                    true
                }
                _ => false,
            };
            if !agree {
                differences += 1;
                eprintln!(
                    "seed {seed} round {}: bbpPairings {expected}{err}\nparlor {ours:?}",
                    round + 1
                );
                if let Some(keep) = &keep {
                    let kept = Path::new(keep).join(format!("diff-{seed}-{}.trf", round + 1));
                    std::fs::write(kept, &written).expect("kept");
                }
            }
        }
    }
    eprintln!(
        "{tournaments} tournaments, {rounds} rounds paired, {players} players, {checked} exports checked, \
         {no_pairing} rounds with no valid pairing (both agree), {differences} differences"
    );
    assert_eq!(differences, 0);
}

/// Makes the last player a late entry: absent in round 1, where their opponent gets a
/// full-point bye instead (not a pairing-allocated one: the pairing did not make it).
fn late_entry(swiss: &mut parlor::tournament::Swiss) {
    use parlor::tournament::{Game, Outcome};
    let Some(last) = swiss.players.iter().rposition(|p| p.is_some()) else {
        return;
    };
    let first = swiss.players[last]
        .as_ref()
        .and_then(|e| e.games.first().copied());
    let Some(first) = first else { return };
    if let Some(opponent) = first.opponent.filter(|_| first.paired)
        && let Some(e) = swiss.players[opponent].as_mut()
    {
        e.games[0] = Game {
            outcome: Outcome::Win,
            ..Game::absent()
        };
    }
    if let Some(e) = swiss.players[last].as_mut() {
        e.games[0] = Game::absent();
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// Writes `trf` to `file` and runs `parlor pair` on it.
fn pair(file: &Path, trf: impl AsRef<[u8]>) -> std::process::Output {
    std::fs::write(file, trf).expect("written");
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("pair")
        .arg(file)
        .output()
        .expect("parlor runs")
}

/// `parlor pair` prints bbpPairings' format; a bad line is named; no pairing exits 1.
#[test]
fn parlor_pair_prints_the_next_round() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("t.trf");
    let players: String = (1..=5)
        .map(|i| {
            format!(
                "001 {i:>4}      Player {i:<26} {:>4}{:28}{:>4}{:>5}\n",
                2500 - i * 10,
                "",
                "0.0",
                i
            )
        })
        .collect();
    let out = pair(&file, format!("012 five\n142 3\n152 W\n{players}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "3\n1 3\n4 2\n5 0\n");

    let out = pair(&file, format!("012 five\n142 x\n{players}"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));

    // Two players who have met cannot meet again: no valid pairing, exit 1.
    let met = "142 3\n152 W\n\
001    1      A                                 2400                             1.0    1     2 w 1\n\
001    2      B                                 2300                             0.0    2     1 b 0\n";
    let out = pair(&file, met);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no valid pairing"));
}
