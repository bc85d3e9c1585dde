//! Tournaments as plain data: Swiss pairings by FIDE's Dutch system (Handbook C.04.3, the 2025
//! rules), FIDE TRF files, round robins by the Berger tables (C.05 Annex 1), and standings with
//! the tie-breaks of FIDE's 2024 regulations. Pure: no I/O, no clock, no Discord.
//!
//! A Swiss tournament is a [`Swiss`] value: players with their start numbers and the record of
//! every round (opponent, colour, result, whether the game was played), exactly what a TRF file
//! holds. [`dutch::pair`] computes the next round from it as bbpPairings `--dutch` does.

pub mod arena;
pub mod berger;
pub mod dutch;
pub mod event;
pub mod matching;
pub mod standings;
pub mod trf;
pub mod weight;

use serde::{Deserialize, Serialize};

/// A colour: the game's first player (White) or second player (Black).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    /// The first player.
    White,
    /// The second player.
    Black,
}

impl Color {
    /// The other colour.
    pub fn invert(self) -> Self {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// What a round gave a player, as a TRF file counts it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// No points (a loss, a forfeit loss, a zero-point bye, an absence).
    Loss,
    /// A draw or a half-point bye.
    Draw,
    /// A win, a forfeit win, a full-point bye or the pairing-allocated bye.
    Win,
}

/// One round of a player's record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Game {
    /// The opponent's index (start number - 1), or None for a bye or an absence.
    pub opponent: Option<usize>,
    /// The colour the player had (also kept for a forfeit).
    pub color: Option<Color>,
    /// The result.
    pub outcome: Outcome,
    /// Whether the game was actually played (a forfeit was not: the pairing rules ignore it).
    pub played: bool,
    /// Whether the pairing made this round: a game (played or forfeited) or the
    /// pairing-allocated bye; false for a requested bye or an absence.
    pub paired: bool,
}

impl Game {
    /// A round the player was not in (absent, zero points).
    pub fn absent() -> Self {
        Self {
            opponent: None,
            color: None,
            outcome: Outcome::Loss,
            played: false,
            paired: false,
        }
    }

    /// A half-point bye the player asked for.
    pub fn half_point_bye() -> Self {
        Self {
            outcome: Outcome::Draw,
            ..Self::absent()
        }
    }

    /// The pairing-allocated bye.
    pub fn pairing_bye() -> Self {
        Self {
            outcome: Outcome::Win,
            paired: true,
            ..Self::absent()
        }
    }

    /// A game against `opponent` with `color` and `outcome`, played or forfeited.
    pub fn against(opponent: usize, color: Color, outcome: Outcome, played: bool) -> Self {
        Self {
            opponent: Some(opponent),
            color: Some(color),
            outcome,
            played,
            paired: true,
        }
    }
}

/// Points in tenths (a TRF file's unit: 1.0 is 10).
pub type Points = u32;

/// How many points each kind of result gives, in tenths.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PointSystem {
    /// A win (also a forfeit win and a full-point bye a player did not get from the pairing).
    pub win: Points,
    /// A draw (also a half-point bye).
    pub draw: Points,
    /// A played loss.
    pub loss: Points,
    /// A zero-point bye or an absence.
    pub zero_bye: Points,
    /// A forfeit loss.
    pub forfeit_loss: Points,
    /// The pairing-allocated bye.
    pub pairing_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        Self {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pairing_bye: 10,
        }
    }
}

impl PointSystem {
    /// The points `game` gives player `me`.
    pub fn of(&self, me: usize, game: &Game) -> Points {
        match game.outcome {
            Outcome::Loss if !game.paired => self.zero_bye,
            Outcome::Loss if game.played => self.loss,
            Outcome::Loss => self.forfeit_loss,
            Outcome::Win if game.paired && game.opponent.is_none_or(|o| o == me) => {
                self.pairing_bye
            }
            Outcome::Win => self.win,
            Outcome::Draw => self.draw,
        }
    }
}

/// A player of a Swiss tournament.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Entrant {
    /// The name (a TRF file keeps 33 characters).
    pub name: String,
    /// The rating (0 if none).
    pub rating: u32,
    /// One record per round so far (shorter for a late entry: the rounds before are absences).
    /// A record beyond the rounds played declares an absence or a requested bye for the round
    /// being paired.
    pub games: Vec<Game>,
    /// Points added to the score for the pairing only, by round (acceleration).
    pub accelerations: Vec<Points>,
}

/// Pairs no pairing may make, for a span of rounds (0-based, end excluded).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Forbidden {
    /// The players (indices) none of whom may meet another.
    pub players: Vec<usize>,
    /// The first round (0-based) it applies to.
    pub from: usize,
    /// The round after the last it applies to.
    pub until: usize,
}

/// A Swiss tournament as the pairing sees it: what a TRF file holds.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Swiss {
    /// The players by index (start number - 1); None for a start number nobody has.
    pub players: Vec<Option<Entrant>>,
    /// The pairing order (indices): start numbers unless the file ranks otherwise.
    pub order: Vec<usize>,
    /// The rounds already paired.
    pub played_rounds: usize,
    /// The number of rounds the tournament will have.
    pub total_rounds: usize,
    /// The points of each result.
    pub points: PointSystem,
    /// The colour of the first player in the pairing order in round 1 (the rest alternate).
    pub initial_color: Color,
    /// Pairs the organiser forbade.
    pub forbidden: Vec<Forbidden>,
}

impl Swiss {
    /// A tournament of no player yet, `total_rounds` long.
    pub fn new(total_rounds: usize) -> Self {
        Self {
            players: Vec::new(),
            order: Vec::new(),
            played_rounds: 0,
            total_rounds,
            points: PointSystem::default(),
            initial_color: Color::White,
            forbidden: Vec::new(),
        }
    }

    /// The tournament as it was before round `round` (0-based) was paired: the rounds before
    /// it, and the absences and byes declared for it.
    pub fn before_round(&self, round: usize) -> Self {
        let mut out = self.clone();
        out.played_rounds = round.min(self.played_rounds);
        for entrant in out.players.iter_mut().flatten() {
            let declared = entrant.games.get(round).copied().filter(|g| !g.paired);
            entrant.games.truncate(round);
            entrant.games.extend(declared);
        }
        out
    }

    /// The points of player `index` after the rounds played (accelerations excluded).
    pub fn score(&self, index: usize) -> Points {
        self.players
            .get(index)
            .and_then(|p| p.as_ref())
            .map(|p| {
                p.games
                    .iter()
                    .take(self.played_rounds)
                    .map(|g| self.points.of(index, g))
                    .sum()
            })
            .unwrap_or(0)
    }
}

/// One board of a round: `black` None is the pairing-allocated bye.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pairing {
    /// The first player's index.
    pub white: usize,
    /// The second player's index, or None for the bye.
    pub black: Option<usize>,
}

/// Why `parlor pair` could not pair a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairFileError {
    /// The file is not a TRF file this engine reads.
    #[error(transparent)]
    Trf(#[from] trf::TrfError),
    /// The round cannot be paired.
    #[error(transparent)]
    Pair(#[from] dutch::PairError),
}

/// The next round of the TRF file `text`, as bbpPairings prints it: the number of boards, then
/// one board a line, `WHITE BLACK` as start numbers, the bye as `ID 0`.
pub fn pair_trf(text: &str) -> Result<String, PairFileError> {
    let swiss = trf::read(text)?;
    let pairs = dutch::pair(&swiss)?;
    let mut out = format!("{}\n", pairs.len());
    for pairing in pairs {
        let black = pairing.black.map_or(0, |b| b + 1);
        out.push_str(&format!("{} {}\n", pairing.white + 1, black));
    }
    Ok(out)
}
