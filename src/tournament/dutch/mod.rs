//! The Dutch system (FIDE Handbook C.04.3, rules of 2025): the next round of a [`Swiss`].
//!
//! Every criterion of the system becomes a field of bits in the weight of the edge between two
//! players, the most important criterion in the highest bits, so that a maximum-weight matching
//! of the players satisfies them in order of priority. The brackets are then settled one after
//! the other, from the top score down: which moved-down players are paired, which players of the
//! bracket are exchanged between its two halves, and finally who meets whom, each decision made
//! by raising the weight of the preferred edges and matching again. This is the method of
//! bbpPairings (the FIDE-endorsed engine), whose pairings these are meant to equal exactly.

mod brackets;
#[doc(hidden)]
pub mod engine;

use std::collections::{HashMap, HashSet};

use super::{Color, Game, Pairing, Points, Swiss};
use engine::Engine;

/// Why no round could be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    /// The absolute criteria (no rematch, colours, one bye) leave no complete pairing.
    #[error(
        "no valid pairing exists: the players cannot all be paired within the absolute criteria"
    )]
    NoValidPairing,
    /// The tournament is too large for the weights this engine can hold.
    #[error("the tournament is too large to pair")]
    TooLarge,
    /// The tournament has already played all its rounds.
    #[error("every round of the tournament has been paired")]
    Finished,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// What the pairing needs to know of a player, computed once.
struct Player {
    id: usize,
    rank: usize,
    score: Points,
    played_games: usize,
    pref: Option<Color>,
    imbalance: usize,
    repeated: Option<Color>,
    strong: bool,
    eligible_bye: bool,
    floats: [Float; 2],
}

impl Player {
    fn abs_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn abs_pref(&self) -> bool {
        self.abs_imbalance() || self.repeated.is_some()
    }
}

fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// The pairings of the next round of `swiss`, in the order bbpPairings prints them (boards by
/// the higher player's score, then the lower's, then the higher's pairing number; the bye last).
pub fn pair(swiss: &Swiss) -> Result<Vec<Pairing>, PairError> {
    if swiss.total_rounds > 0 && swiss.played_rounds >= swiss.total_rounds {
        return Err(PairError::Finished);
    }
    let prepared = Prepared::new(swiss);
    if prepared.sorted.is_empty() {
        return Ok(Vec::new());
    }
    let total = prepared.total_bits() + 8;
    let pairs = match total.div_ceil(64) {
        0..=1 => prepared.run::<1>(),
        2 => prepared.run::<2>(),
        3 => prepared.run::<3>(),
        4 => prepared.run::<4>(),
        5 => prepared.run::<5>(),
        6 => prepared.run::<6>(),
        7 => prepared.run::<7>(),
        8 => prepared.run::<8>(),
        9 => prepared.run::<9>(),
        10 => prepared.run::<10>(),
        11..=12 => prepared.run::<12>(),
        13..=16 => prepared.run::<16>(),
        17..=32 => prepared.run::<32>(),
        33..=64 => prepared.run::<64>(),
        _ => Err(PairError::TooLarge),
    }?;
    Ok(prepared.sorted_output(swiss, pairs))
}

struct Prepared<'a> {
    swiss: &'a Swiss,
    /// Every player by index (None: not in the tournament).
    players: Vec<Option<Player>>,
    /// The players to pair, best score first, then pairing order.
    sorted: Vec<usize>,
    forbidden: Vec<HashSet<usize>>,
    sgb: u32,
    sgs: u32,
    shifts: HashMap<Points, u32>,
}

impl<'a> Prepared<'a> {
    fn new(swiss: &'a Swiss) -> Self {
        let played = swiss.played_rounds;
        let n = swiss.players.len();
        let mut players: Vec<Option<Player>> = (0..n).map(|_| None).collect();
        // Pairing order among the players who count (bbpPairings' "valid" players).
        let mut rank = 0;
        for &id in &swiss.order {
            let Some(entrant) = swiss.players.get(id).and_then(|p| p.as_ref()) else {
                continue;
            };
            let valid = entrant.games.len() <= played || entrant.games.iter().any(|g| g.paired);
            if !valid {
                continue;
            }
            let mut whites = 0usize;
            let mut blacks = 0usize;
            let mut consecutive = 0usize;
            let mut repeated: Option<Color> = None;
            let mut played_games = 0;
            for game in entrant.games.iter().filter(|g| g.played) {
                played_games += 1;
                let Some(color) = game.color else { continue };
                match color {
                    Color::White => whites += 1,
                    Color::Black => blacks += 1,
                }
                if consecutive == 0 || Some(color) != repeated {
                    consecutive = 1;
                } else {
                    consecutive += 1;
                }
                repeated = Some(color);
            }
            let lower = if whites > blacks {
                Color::Black
            } else {
                Color::White
            };
            let imbalance = whites.abs_diff(blacks);
            let pref = if imbalance > 1 {
                Some(lower)
            } else if consecutive > 1 {
                repeated.map(Color::invert)
            } else if imbalance > 0 {
                Some(lower)
            } else if consecutive > 0 {
                repeated.map(Color::invert)
            } else {
                None
            };
            if consecutive <= 1 {
                repeated = None;
            }
            let abs_pref = imbalance > 1 || repeated.is_some();
            let eligible_bye = !entrant.games.iter().any(|g| {
                !g.played
                    && (swiss.points.of(id, g) >= swiss.points.win
                        || (g.paired && g.opponent.is_none_or(|o| o == id)))
            });
            let mut player = Player {
                id,
                rank,
                score: score_back(swiss, id, 0),
                played_games,
                pref,
                imbalance,
                repeated,
                strong: !abs_pref && imbalance > 0,
                eligible_bye,
                floats: [Float::None, Float::None],
            };
            rank += 1;
            for back in 1..=2 {
                if back <= played {
                    player.floats[back - 1] = float(swiss, id, back);
                }
            }
            players[id] = Some(player);
        }
        let mut sorted: Vec<usize> = players
            .iter()
            .flatten()
            .filter(|p| {
                swiss.players[p.id]
                    .as_ref()
                    .is_some_and(|e| e.games.len() <= played)
            })
            .map(|p| p.id)
            .collect();
        let by = |id: usize| {
            players[id]
                .as_ref()
                .map(|p| (p.score, p.rank))
                .unwrap_or((0, 0))
        };
        sorted.sort_by(|&a, &b| {
            let (sa, ra) = by(a);
            let (sb, rb) = by(b);
            sb.cmp(&sa).then(ra.cmp(&rb))
        });
        let mut forbidden = vec![HashSet::new(); n];
        for entry in &swiss.forbidden {
            if played < entry.from || played >= entry.until {
                continue;
            }
            for &a in &entry.players {
                if a < n {
                    forbidden[a].extend(entry.players.iter().copied());
                }
            }
        }
        for (id, entrant) in swiss.players.iter().enumerate() {
            if players[id].is_none() {
                continue;
            }
            for game in entrant.iter().flat_map(|e| e.games.iter()) {
                if let (true, Some(opponent)) = (game.played, game.opponent)
                    && opponent < n
                {
                    forbidden[id].insert(opponent);
                }
            }
        }
        // Bits for the score groups, lowest score group in the lowest bits.
        let mut shifts = HashMap::new();
        let mut sgs = 0u32;
        let mut max_group = 0usize;
        let mut run = 0usize;
        for (i, &id) in sorted.iter().enumerate().rev() {
            run += 1;
            let score = by(id).0;
            if i == 0 || by(sorted[i - 1]).0 > score {
                shifts.insert(score, sgs);
                max_group = max_group.max(run);
                sgs += bits(run);
                run = 0;
            }
        }
        Self {
            swiss,
            players,
            sorted,
            forbidden,
            sgb: bits(max_group),
            sgs,
            shifts,
        }
    }

    fn p(&self, id: usize) -> &Player {
        // Every id the pairing handles comes from `sorted`, whose players all exist.
        self.players[id]
            .as_ref()
            .unwrap_or_else(|| unreachable!("a sorted player exists"))
    }

    /// The bits after the top field of a weight.
    fn body_bits(&self) -> u32 {
        let (sgb, sgs) = (self.sgb, self.sgs);
        let played = self.swiss.played_rounds;
        let mut total = sgb + sgs + sgb + sgs + 2 * sgb + 4 * sgb;
        if played >= 1 {
            total += 2 * sgb + 2 * sgs;
        }
        if played >= 2 {
            total += 2 * sgb + 2 * sgs;
        }
        total + 3 * sgb + 1
    }

    fn total_bits(&self) -> u32 {
        self.body_bits() + 3
    }

    fn compatible(&self, a: &Player, b: &Player) -> bool {
        let swiss = self.swiss;
        let threshold =
            (swiss.played_rounds as u64 * u64::from(swiss.points.win.max(swiss.points.draw))) >> 1;
        !self.forbidden[a.id].contains(&b.id)
            && (!a.abs_pref()
                || !b.abs_pref()
                || a.pref != b.pref
                || (swiss.played_rounds + 1 >= swiss.total_rounds
                    && (u64::from(a.score) > threshold || u64::from(b.score) > threshold)))
    }

    fn run<const L: usize>(&self) -> Result<Vec<(usize, Option<usize>)>, PairError> {
        Engine::<L>::new(self).run()
    }

    fn sorted_output(&self, swiss: &Swiss, pairs: Vec<(usize, Option<usize>)>) -> Vec<Pairing> {
        let mut out: Vec<Pairing> = pairs
            .into_iter()
            .map(|(a, b)| match b {
                None => Pairing {
                    white: a,
                    black: None,
                },
                Some(b) => {
                    // The colour is chosen for the player with the smaller start number.
                    let (a, b) = (a.min(b), a.max(b));
                    if self.color_of(a, b) == Color::White {
                        Pairing {
                            white: a,
                            black: Some(b),
                        }
                    } else {
                        Pairing {
                            white: b,
                            black: Some(a),
                        }
                    }
                }
            })
            .collect();
        let score = |id: usize| swiss.score(id);
        let rank = |id: usize| self.players[id].as_ref().map_or(usize::MAX, |p| p.rank);
        // Higher of a pair by unaccelerated score, then pairing order.
        let higher_lower = |pairing: &Pairing| -> (usize, usize) {
            let black = pairing.black.unwrap_or(pairing.white);
            let white_lower =
                (score(pairing.white), rank(black)) < (score(black), rank(pairing.white));
            if white_lower {
                (black, pairing.white)
            } else {
                (pairing.white, black)
            }
        };
        out.sort_by(|a, b| {
            let (ha, la) = higher_lower(a);
            let (hb, lb) = higher_lower(b);
            (a.black.is_none(), score(hb), score(lb), rank(ha)).cmp(&(
                b.black.is_none(),
                score(ha),
                score(la),
                rank(hb),
            ))
        });
        out
    }

    /// The colour player `a` gets against `b`.
    fn color_of(&self, a: usize, b: usize) -> Color {
        let (pa, pb) = (self.p(a), self.p(b));
        if let Some(color) = self.neutral_color(pa, pb) {
            return color;
        }
        let initial = self.swiss.initial_color;
        let a_lower = (pa.score, pb.rank) < (pb.score, pa.rank);
        match pa.pref {
            None => {
                if a_lower {
                    if pb.rank & 1 == 1 {
                        initial
                    } else {
                        initial.invert()
                    }
                } else if pa.rank & 1 == 1 {
                    initial.invert()
                } else {
                    initial
                }
            }
            Some(pref) => {
                if a_lower {
                    pb.pref.map_or(pref, Color::invert)
                } else {
                    pref
                }
            }
        }
    }

    fn neutral_color(&self, a: &Player, b: &Player) -> Option<Color> {
        if prefs_compatible(a.pref, b.pref) {
            return a.pref.or(b.pref.map(Color::invert));
        }
        if a.abs_pref() && (a.imbalance > b.imbalance || !b.abs_pref()) {
            return a.pref;
        }
        if b.abs_pref() && (b.imbalance > a.imbalance || !a.abs_pref()) {
            return b.pref.map(Color::invert);
        }
        if a.strong && !b.strong {
            return a.pref;
        }
        if b.strong && !a.strong {
            return b.pref.map(Color::invert);
        }
        // The latest round in which their colours differed, played games only.
        let history = |id: usize| -> Vec<Color> {
            self.swiss.players[id]
                .as_ref()
                .map(|e| {
                    e.games
                        .iter()
                        .filter(|g| g.played)
                        .filter_map(|g| g.color)
                        .rev()
                        .collect()
                })
                .unwrap_or_default()
        };
        let (ha, hb) = (history(a.id), history(b.id));
        for (ca, cb) in ha.iter().zip(hb.iter()) {
            if ca != cb {
                return Some(*cb);
            }
        }
        None
    }
}

fn prefs_compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The score of `id` `back` rounds ago, with that round's acceleration.
fn score_back(swiss: &Swiss, id: usize, back: usize) -> Points {
    let Some(entrant) = swiss.players.get(id).and_then(|p| p.as_ref()) else {
        return 0;
    };
    let round = swiss.played_rounds.saturating_sub(back);
    let score: Points = entrant
        .games
        .iter()
        .take(round)
        .map(|g| swiss.points.of(id, g))
        .sum();
    score + entrant.accelerations.get(round).copied().unwrap_or(0)
}

fn float(swiss: &Swiss, id: usize, back: usize) -> Float {
    let Some(entrant) = swiss.players.get(id).and_then(|p| p.as_ref()) else {
        return Float::None;
    };
    let round = swiss.played_rounds - back;
    let absent = Game::absent();
    let game = entrant.games.get(round).unwrap_or(&absent);
    if !game.played {
        return if swiss.points.of(id, game) > swiss.points.loss {
            Float::Down
        } else {
            Float::None
        };
    }
    let Some(opponent) = game.opponent else {
        return Float::None;
    };
    let mine = score_back(swiss, id, back);
    let theirs = score_back(swiss, opponent, back);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}
