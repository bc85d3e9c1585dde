//! Round robins by FIDE's Berger tables (Handbook C.05, Annex 1): who meets whom in each round,
//! with colours, for 3 to 16 players; an odd number of players adds a dummy, whose opponent has
//! the round off. A double round robin plays the table twice, colours swapped the second time.

use super::Pairing;

/// The fewest players of a round robin.
pub const MIN_PLAYERS: usize = 3;
/// The most players of a round robin.
pub const MAX_PLAYERS: usize = 16;

/// Why no schedule could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    /// Too few or too many players.
    #[error("a round robin takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
}

/// Every round of a round robin of `players` (indices are pairing numbers minus one): each
/// round's boards in the table's order, a bye (`black: None`) last. `double` plays it twice.
pub fn schedule(players: usize, double: bool) -> Result<Vec<Vec<Pairing>>, BergerError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(BergerError::Players(players));
    }
    let n = players + players % 2;
    let fixed = n; // pairing number of the player who does not rotate
    let cycle = n - 1;
    let mut rounds = Vec::new();
    for round in 0..cycle {
        // The opponent of the fixed player: the pairing numbers step by n/2 each round.
        let p = (round * (n / 2)) % cycle + 1;
        let wrap = |x: isize| -> usize { ((x - 1).rem_euclid(cycle as isize) + 1) as usize };
        let mut boards: Vec<(usize, usize)> = Vec::new();
        // Board 1: the fixed player is Black in odd rounds, White in even rounds.
        if round % 2 == 0 {
            boards.push((p, fixed));
        } else {
            boards.push((fixed, p));
        }
        for k in 2..=n / 2 {
            let shift = (k - 1) as isize;
            boards.push((wrap(p as isize + shift), wrap(p as isize - shift)));
        }
        rounds.push(to_pairings(&boards, players));
    }
    if double {
        let second: Vec<Vec<Pairing>> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|b| match b.black {
                        Some(black) => Pairing {
                            white: black,
                            black: Some(b.white),
                        },
                        None => *b,
                    })
                    .collect()
            })
            .collect();
        rounds.extend(second);
    }
    Ok(rounds)
}

/// Boards of pairing numbers to pairings of indices; the dummy (number `players + 1`) is a bye.
fn to_pairings(boards: &[(usize, usize)], players: usize) -> Vec<Pairing> {
    let mut out: Vec<Pairing> = Vec::new();
    let mut bye = None;
    for &(white, black) in boards {
        if white > players {
            bye = Some(Pairing {
                white: black - 1,
                black: None,
            });
        } else if black > players {
            bye = Some(Pairing {
                white: white - 1,
                black: None,
            });
        } else {
            out.push(Pairing {
                white: white - 1,
                black: Some(black - 1),
            });
        }
    }
    out.extend(bye);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let four = table(&["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        assert_eq!(numbers(&schedule(4, false).unwrap_or_default()), four);
        let six = table(&[
            "1-6 2-5 3-4",
            "6-4 5-3 1-2",
            "2-6 3-1 4-5",
            "6-5 1-4 2-3",
            "3-6 4-2 5-1",
        ]);
        assert_eq!(numbers(&schedule(6, false).unwrap_or_default()), six);
        let eight = table(&[
            "1-8 2-7 3-6 4-5",
            "8-5 6-4 7-3 1-2",
            "2-8 3-1 4-7 5-6",
            "8-6 7-5 1-4 2-3",
            "3-8 4-2 5-1 6-7",
            "8-7 1-6 2-5 3-4",
            "4-8 5-3 6-2 7-1",
        ]);
        assert_eq!(numbers(&schedule(8, false).unwrap_or_default()), eight);
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
}
