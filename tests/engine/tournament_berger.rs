//! The tests of `parlor::tournament::berger`.
//!
//! Moved out of src/tournament/berger.rs (the library builds no unit-test harness).

use parlor::tournament::Pairing;

use parlor::tournament::berger::*;

/// A table as the handbook prints it: "1-8" is pairing number 1 White against 8.
fn table(rounds: &[&str]) -> Vec<Vec<(usize, usize)>> {
    rounds
        .iter()
        .map(|round| {
            round
                .split_whitespace()
                .map(|board| {
                    let (w, b) = board.split_once('-').unwrap_or(("0", "0"));
                    (w.parse().unwrap_or(0), b.parse().unwrap_or(0))
                })
                .collect()
        })
        .collect()
}

fn numbers(rounds: &[Vec<Pairing>]) -> Vec<Vec<(usize, usize)>> {
    rounds
        .iter()
        .map(|r| {
            r.iter()
                .filter_map(|p| Some((p.white + 1, p.black? + 1)))
                .collect()
        })
        .collect()
}

#[test]
fn handbook_tables_for_four_six_and_eight() {
    let handbook: [(usize, &[&str]); 3] = [
        (4, &["1-4 2-3", "4-3 1-2", "2-4 3-1"]),
        (
            6,
            &[
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1",
            ],
        ),
        (
            8,
            &[
                "1-8 2-7 3-6 4-5",
                "8-5 6-4 7-3 1-2",
                "2-8 3-1 4-7 5-6",
                "8-6 7-5 1-4 2-3",
                "3-8 4-2 5-1 6-7",
                "8-7 1-6 2-5 3-4",
                "4-8 5-3 6-2 7-1",
            ],
        ),
    ];
    for (players, rounds) in handbook {
        assert_eq!(
            numbers(&schedule(players, false).unwrap_or_default()),
            table(rounds),
            "{players} players"
        );
    }
}

#[test]
fn odd_counts_give_one_bye_a_round_to_each_player_once() {
    let rounds = schedule(5, false).unwrap_or_default();
    assert_eq!(rounds.len(), 5);
    let mut byes: Vec<usize> = rounds
        .iter()
        .flat_map(|r| r.iter().filter(|p| p.black.is_none()).map(|p| p.white))
        .collect();
    byes.sort_unstable();
    assert_eq!(byes, vec![0, 1, 2, 3, 4]);
}

#[test]
fn everyone_meets_everyone_once_a_cycle_with_colours_swapped_in_the_second() {
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        let rounds = schedule(players, true).unwrap_or_default();
        let cycle = players - 1 + players % 2;
        assert_eq!(rounds.len(), 2 * cycle);
        let mut met = std::collections::HashMap::new();
        for round in &rounds[..cycle] {
            let mut seen = std::collections::HashSet::new();
            for p in round {
                assert!(seen.insert(p.white));
                if let Some(b) = p.black {
                    assert!(seen.insert(b));
                    assert!(
                        met.insert((p.white.min(b), p.white.max(b)), p.white)
                            .is_none()
                    );
                }
            }
            assert_eq!(seen.len(), players);
        }
        assert_eq!(met.len(), players * (players - 1) / 2);
        for round in &rounds[cycle..] {
            for p in round {
                if let Some(b) = p.black {
                    assert_eq!(met.get(&(p.white.min(b), p.white.max(b))), Some(&b));
                }
            }
        }
        // Nobody's colour differs by more than one over a cycle.
        for player in 0..players {
            let whites = rounds[..cycle]
                .iter()
                .flatten()
                .filter(|p| p.white == player && p.black.is_some())
                .count();
            let blacks = rounds[..cycle]
                .iter()
                .flatten()
                .filter(|p| p.black == Some(player))
                .count();
            assert!(
                whites.abs_diff(blacks) <= 1,
                "{players} players: player {player}"
            );
        }
    }
    assert_eq!(schedule(2, false), Err(BergerError::Players(2)));
    assert_eq!(schedule(17, true), Err(BergerError::Players(17)));
}
