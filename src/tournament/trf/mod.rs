//! FIDE's Tournament Report File: read TRF-2026 and the older TRF(x)/TRF(bx) extensions as
//! bbpPairings reads them (for the round to pair next), and write a [`Swiss`] as TRF-2026.
//!
//! Columns are counted in characters, not bytes: a name may be written in any script.

#[doc(hidden)]
pub mod lines;
#[doc(hidden)]
pub mod write;

use super::{Color, Entrant, Forbidden, Game, Outcome, PointSystem, Points, Swiss};
use lines::Reader;
pub use write::write;

/// Why a TRF file could not be read: always names the line when one is at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A line does not follow the format.
    #[error("line {line}: invalid line{}: \"{text}\"", reason.as_ref().map(|r| format!(" ({r})")).unwrap_or_default())]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong, if more can be said.
        reason: Option<String>,
        /// The line itself.
        text: String,
    },
    /// The file as a whole is inconsistent.
    #[error("{0}")]
    File(String),
}

/// Reads a TRF file for pairing its next round (the rounds listed are the rounds played; a
/// record beyond them declares an absence or a requested bye for the round to pair).
pub fn read(text: &str) -> Result<Swiss, TrfError> {
    read_as(text, true)
}

/// Reads a TRF file whose rounds are all played (to check or export it, not to pair it): the
/// number of rounds may be missing and the first colour unknown.
pub fn read_played(text: &str) -> Result<Swiss, TrfError> {
    read_as(text, false)
}

fn read_as(text: &str, to_pair: bool) -> Result<Swiss, TrfError> {
    let mut reader = Reader {
        swiss: Swiss::new(0),
        use_rank: false,
        pab_given: false,
        acceleration_given: false,
        initial: None,
        universal: Vec::new(),
        byes: Vec::new(),
        scores: Vec::new(),
        placeholders: Vec::new(),
        rounds_given: false,
    };
    for (number, raw) in text.split('\n').enumerate() {
        for part in raw.split('\r') {
            let line: Vec<char> = part.chars().collect();
            if line.len() < 3 {
                continue;
            }
            reader.line(&line).map_err(|reason| TrfError::Line {
                line: number + 1,
                reason,
                text: part.to_string(),
            })?;
        }
    }
    finish(reader, to_pair)
}

fn file<T>(message: impl Into<String>) -> Result<T, TrfError> {
    Err(TrfError::File(message.into()))
}

fn finish(mut r: Reader, to_pair: bool) -> Result<Swiss, TrfError> {
    let n = r.swiss.players.len();
    if !r.use_rank && r.swiss.order.len() != n {
        return file("A pairing number is missing.");
    }
    if r.placeholders.iter().any(|&p| p) && !r.use_rank {
        return file("A pairing number is missing.");
    }
    // Placeholders (accelerations of nobody) are no players.
    for id in 0..n {
        if r.placeholders[id] {
            r.swiss.players[id] = None;
        }
    }
    let played = r.swiss.played_rounds;
    let swiss = &mut r.swiss;
    let real: Vec<usize> = (0..n).filter(|&id| swiss.players[id].is_some()).collect();
    let beyond = |id: &usize| {
        swiss.players[*id]
            .as_ref()
            .is_some_and(|e| e.games.len() > played)
    };
    let complete = if to_pair {
        real.iter().all(beyond)
    } else {
        real.iter().any(beyond)
    };
    if !swiss.order.is_empty() && complete {
        swiss.played_rounds += 1;
    }
    let played = swiss.played_rounds;
    for &id in &real {
        if let Some(e) = swiss.players[id].as_mut()
            && e.games.len() < played
        {
            e.games.resize(played, Game::absent());
        }
    }
    if r.rounds_given && played + usize::from(to_pair) > swiss.total_rounds {
        return file("The number of rounds is larger than the reported number of rounds.");
    }
    if !r.rounds_given {
        if to_pair {
            return file("The total number of rounds in the tournament must be specified.");
        }
        swiss.total_rounds = played;
    }
    if !r.use_rank {
        swiss.order = (0..n).collect();
    }
    for &(round, id) in &r.byes {
        if round != played || !to_pair {
            continue;
        }
        match swiss.players.get_mut(id).and_then(|p| p.as_mut()) {
            Some(e) => {
                if e.games.len() <= played {
                    e.games.push(Game::absent());
                }
            }
            None => return file(format!("Player {} of a bye line does not exist.", id + 1)),
        }
    }
    for players in r.universal.drain(..) {
        swiss.forbidden.push(Forbidden {
            players,
            from: 0,
            until: swiss.total_rounds,
        });
    }
    swiss.initial_color = match r.initial.or_else(|| infer_first_color(swiss)) {
        Some(color) => color,
        None if !to_pair => Color::White,
        None => return file("Please configure the initial piece colors."),
    };
    // Each played game must be listed the same way by both players.
    for &id in &real {
        let Some(e) = swiss.players[id].as_ref() else {
            continue;
        };
        for (round, game) in e.games.iter().enumerate() {
            if !game.played {
                continue;
            }
            let consistent = game
                .opponent
                .and_then(|o| swiss.players.get(o)?.as_ref())
                .is_some_and(|other| {
                    other.games.get(round).is_some_and(|g| {
                        g.played && g.color != game.color && g.opponent == Some(id)
                    })
                });
            if !consistent {
                return file(format!(
                    "Match {} for player {} contradicts the entry for the opponent.",
                    round + 1,
                    id + 1
                ));
            }
        }
    }
    for &id in &real {
        let Some(e) = swiss.players[id].as_ref() else {
            continue;
        };
        if e.accelerations.len() > swiss.total_rounds {
            return file(format!(
                "Player {} has more acceleration entries than the total number of rounds in the tournament.",
                id + 1
            ));
        }
        let points = swiss.score(id);
        let acc = e.accelerations.get(played).copied().unwrap_or(0);
        let mut stated = r.scores[id];
        if stated != points {
            if stated >= acc {
                stated -= acc;
            }
            if stated != points {
                stated += acc;
            }
        }
        if stated != points
            && let Some(next) = e.games.get(played)
        {
            let next_points = swiss.points.of(id, next);
            if stated >= next_points {
                stated -= next_points;
            }
        }
        if stated != points && stated >= acc {
            stated -= acc;
        }
        if stated != points {
            return file(format!(
                "The score for player {} does not match the game results.",
                id + 1
            ));
        }
    }
    Ok(r.swiss)
}

/// The colour of round 1's first board when the file does not say: from the first round with
/// colours, the colour of the highest player paired by then (reversed for every player above
/// without one).
fn infer_first_color(swiss: &Swiss) -> Option<Color> {
    let first = swiss
        .players
        .iter()
        .flatten()
        .filter_map(|e| e.games.iter().position(|g| g.color.is_some()))
        .min()?;
    let mut position = 0usize;
    for &id in &swiss.order {
        let Some(e) = swiss.players.get(id).and_then(|p| p.as_ref()) else {
            continue;
        };
        if e.games.iter().take(first + 1).any(|g| g.paired) {
            let color = e.games.get(first).and_then(|g| g.color);
            if let Some(color) = color {
                return Some(if position % 2 == 1 {
                    color.invert()
                } else {
                    color
                });
            }
            position += 1;
        }
    }
    None
}
