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
