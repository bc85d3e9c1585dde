//! The coach: a finished (or unfinished) match reviewed by the AI, move by move.
//!
//! Every position of the match is searched once: the search of the position before a move gives
//! the AI's preferred move and the mover's chance of winning after it; the search of the position
//! after gives the chance after the move actually played. The drop between the two is what the
//! move cost, and marks it (`?!`, `?`, `??`, see [`INACCURACY`], [`MISTAKE`], [`BLUNDER`]), when
//! it lasts: a drop that the next searches no longer see (one search's noise, gone a ply later)
//! is no mistake, see [`PlyReview::kept`].
//!
//! - Every search first looks for a win within the turn ([`tactics`]), so a missed win in one is
//!   always found, whatever the budget.
//! - A chance is a team's: with four-player Lines of Action the seat that moved is charged, from
//!   its team's point of view.
//! - Lightning: a search never sees the hidden pile order (every iteration redeals the unseen
//!   tiles), and a draw from the pile is judged by its expected value in the position before it,
//!   never by the tile it happened to reveal. So a move's judgement depends only on what its
//!   player could know.
//!
//! Pure and synchronous: callers on an async runtime run [`analyse`] on a blocking thread.

use rand::SeedableRng;
use thiserror::Error;

use super::knowledge::AiGame;
use super::mcts::{self, Budget, MctsConfig};
use super::{AiRng, arena::mix, loa, tactics};
use crate::games::loa::Loa;
use crate::games::{AnyGame, AnyMove, GameKind, Side, Status};

/// A drop in the mover's chance of winning (0 to 1) from this much on marks the move `?!`.
pub const INACCURACY: f64 = 0.10;
/// From this drop on, `?`.
pub const MISTAKE: f64 = 0.20;
/// From this drop on, `??`, when the move also leaves its player behind (a chance under 1/2): a
/// blunder throws the game away. A costly move that keeps its player ahead is a `?`.
pub const BLUNDER: f64 = 0.30;

/// How many of the costliest moves [`Analysis::mistakes`] lists.
pub const MISTAKES_SHOWN: usize = 3;

/// The longest match analysed, to bound the work of one request.
pub const MAX_PLIES: usize = 3000;

/// What a move is marked on the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`: a dubious move.
    Inaccuracy,
    /// `?`: a mistake.
    Mistake,
    /// `??`: a blunder.
    Blunder,
}

impl Mark {
    /// The mark for a move that cost `drop` and left its player with chance `after` (both 0
    /// to 1); `None` for a good move. The one place the thresholds are applied.
    pub fn judge(drop: f64, after: f64) -> Option<Mark> {
        if drop >= BLUNDER && after < 0.5 {
            Some(Mark::Blunder)
        } else if drop >= MISTAKE {
            Some(Mark::Mistake)
        } else if drop >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation as written after a move: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// How hard the coach looks: search steps per position (MCTS iterations, or alpha-beta nodes
/// for Lines of Action) and the seed of the searches. Never a wall-clock limit, so an analysis
/// is reproducible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    pub nodes: u64,
    pub seed: u64,
}

impl Depth {
    /// The default depth of a game: sized so that a 60-ply Lines of Action match takes at most
    /// about 20 s on one core (`cargo bench --bench analysis`).
    pub fn default_for(kind: GameKind) -> Self {
        let nodes = match kind {
            GameKind::Loa => 120_000,
            GameKind::Simultana => 6_000,
            GameKind::Barrier => 6_000,
            GameKind::Lightning => 1_000,
        };
        Depth { nodes, seed: 0 }
    }

    /// A depth of `nodes` search steps per position.
    pub fn nodes(nodes: u64) -> Self {
        Depth {
            nodes: nodes.max(1),
            seed: 0,
        }
    }
}

/// Why a match could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// A move is not legal where it stands (1-based ply).
    #[error("move {ply} cannot be played: {reason}")]
    IllegalMove { ply: usize, reason: String },
    /// A stored analysis that does not fit its match (1-based ply; 0 for the start).
    #[error("the stored analysis cannot be read at move {ply}: {reason}")]
    Unreadable { ply: usize, reason: String },
    /// More than [`MAX_PLIES`] moves.
    #[error("a match of more than {MAX_PLIES} moves is not analysed")]
    TooLong,
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// 1-based.
    pub ply: usize,
    /// The seat that moved, in turn order (see [`AnyGame::seat_to_move`]): charged for the move.
    pub seat: usize,
    /// The side (team) of that seat: the point of view of the chances.
    pub side: Side,
    pub played: AnyMove,
    /// `played` in canonical notation.
    pub played_text: String,
    /// The move the AI prefers in the position before; `played` when they agree.
    pub best: AnyMove,
    pub best_text: String,
    /// The mover's (team's) chance of winning after the move played, 0 to 1 (a draw is 1/2).
    pub chance: f64,
    /// The mover's chance after the AI's move.
    pub best_chance: f64,
    /// The mover's chance that lasted: the highest of `chance` and the mover's chance after the
    /// next ply or two, up to the first reply of another side (`chance` for the last move). A
    /// dip of one search that the next ones no longer see is noise, not a cost.
    pub kept: f64,
    /// What the move cost: the chance before it (`best_chance`, or the chance before the
    /// opponent's passing dip, see [`judge_lasting`]) less `kept`, never below 0; the chance
    /// it is judged from is `kept + drop`.
    pub drop: f64,
    pub mark: Option<Mark>,
}

impl PlyReview {
    /// `side`'s chance of winning after this move.
    pub fn chance_of(&self, side: Side) -> f64 {
        if side == self.side {
            self.chance
        } else {
            1.0 - self.chance
        }
    }

    /// Whether the AI agrees with the move played.
    pub fn agrees(&self) -> bool {
        self.played == self.best
    }
}

/// Why a move is the turning point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurningKind {
    /// The last move where the lead changed hands and stayed (see [`Lead::turns`]).
    LeadTaken,
    /// The lead never changed hands: the largest swing of the chances.
    LargestSwing,
}

/// A lead must hold for this many points of the curve in a row (or to the end of the match)
/// to count: a shorter stay on the other side of even is the search's noise.
pub const LASTING: usize = 3;

/// Who led, read from the curve the graph draws ([`Analysis::curve`] of the first side): a side
/// is ahead at a point when its chance is above 1/2.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lead {
    /// The side ahead after the most moves (on a tie, the one that led at the end); `None`
    /// when no move left either side ahead.
    pub leader: Option<Side>,
    /// How many moves left `leader` ahead (of [`Lead::moves`]).
    pub ahead: usize,
    /// How many moves were played (the points after the start).
    pub moves: usize,
    /// The side of the first lead that lasted ([`LASTING`]), `None` if no lead ever did.
    pub first: Option<Side>,
    /// Each later change of hands that lasted: the 1-based ply after which the side took the
    /// lead, and that side, in order. The last one's side led to the end.
    pub turns: Vec<(usize, Side)>,
}

impl Lead {
    /// Reads the lead from a curve of the first side's chances (the start, then after each
    /// move).
    pub fn of_curve(curve: &[f64]) -> Lead {
        let ahead_at = |c: f64| {
            if c > 0.5 {
                Some(Side::First)
            } else if c < 0.5 {
                Some(Side::Second)
            } else {
                None
            }
        };
        let signs: Vec<Option<Side>> = curve.iter().map(|&c| ahead_at(c)).collect();
        let lasts = |j: usize, side: Side| {
            let run = signs[j..].iter().take_while(|&&s| s == Some(side)).count();
            run >= LASTING || j + run == signs.len()
        };
        let mut lead = Lead {
            moves: curve.len().saturating_sub(1),
            ..Lead::default()
        };
        let mut holder = None;
        for (j, &sign) in signs.iter().enumerate() {
            let Some(side) = sign else { continue };
            if holder == Some(side) || !lasts(j, side) {
                continue;
            }
            if holder.is_none() {
                lead.first = Some(side);
            } else {
                lead.turns.push((j, side));
            }
            holder = Some(side);
        }
        let count = |side: Side| signs.iter().skip(1).filter(|&&s| s == Some(side)).count();
        let (first, second) = (count(Side::First), count(Side::Second));
        // A tie goes to the side that led at the end.
        lead.leader = match first.cmp(&second) {
            std::cmp::Ordering::Greater => Some(Side::First),
            std::cmp::Ordering::Less => Some(Side::Second),
            std::cmp::Ordering::Equal if first > 0 => lead.last(),
            std::cmp::Ordering::Equal => None,
        };
        lead.ahead = first.max(second);
        lead
    }

    /// The share of the moves that left `leader` ahead, in whole percent.
    pub fn share(&self) -> i64 {
        (self.ahead * 100 / self.moves.max(1)) as i64
    }

    /// The side that held the lead at the end, if any lead lasted.
    pub fn last(&self) -> Option<Side> {
        self.turns.last().map(|&(_, s)| s).or(self.first)
    }
}

/// The move on which the match turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// 1-based ply.
    pub ply: usize,
    pub kind: TurningKind,
}

/// A match reviewed by the AI.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub kind: GameKind,
    /// The first seat's chance of winning in the start position, before any move.
    pub start_chance: f64,
    /// One review per move played, in order.
    pub plies: Vec<PlyReview>,
    /// The winning side, if the match had one (from the final position, or as set by
    /// [`Analysis::set_winner`]).
    pub winner: Option<Side>,
    pub turning_point: Option<TurningPoint>,
    /// Indices into `plies` of the costliest moves (marked ones only), costliest first, at most
    /// [`MISTAKES_SHOWN`]; ties go to the earlier move.
    pub mistakes: Vec<usize>,
}

impl Analysis {
    /// Sets the winner when the rules did not decide it (resignation, timeout).
    pub fn set_winner(&mut self, winner: Option<Side>) {
        self.winner = winner;
    }

    /// `side`'s chance of winning before any move, then after each move: one more point than
    /// there are plies, for the graph.
    pub fn curve(&self, side: Side) -> Vec<f64> {
        let start = if side == Side::First {
            self.start_chance
        } else {
            1.0 - self.start_chance
        };
        std::iter::once(start)
            .chain(self.plies.iter().map(|p| p.chance_of(side)))
            .collect()
    }

    /// The move number of the 1-based `ply` (0 for the start), as every text, sheet and
    /// picture counts moves (see [`crate::games::notation::move_numbers`]).
    pub fn move_number(&self, ply: usize) -> usize {
        let seats: Vec<usize> = self.plies.iter().take(ply).map(|p| p.seat).collect();
        crate::games::notation::move_numbers(&seats)
            .last()
            .copied()
            .unwrap_or(0)
    }

    /// Every ply's move number at once, the start's 0 first: `move_numbers()[ply]` is
    /// `move_number(ply)`, counted in one pass for the graph's axis.
    pub fn move_numbers(&self) -> Vec<usize> {
        let seats: Vec<usize> = self.plies.iter().map(|p| p.seat).collect();
        std::iter::once(0)
            .chain(crate::games::notation::move_numbers(&seats))
            .collect()
    }

    /// Who led and where the lead changed hands, read from the graph's curve.
    pub fn lead(&self) -> Lead {
        Lead::of_curve(&self.curve(Side::First))
    }
}

impl Analysis {
    /// The analysis as text, to store: the first line `start <chance>`, then one line per ply,
    /// `<played> <chance> <best> <best chance>` (moves in canonical notation). The rest
    /// ([`Mark`]s, mistakes, turning point) follows from these numbers, see
    /// [`Analysis::from_text`].
    pub fn to_text(&self) -> String {
        let mut out = format!("start {}\n", self.start_chance);
        for p in &self.plies {
            out.push_str(&format!(
                "{} {} {} {}\n",
                p.played_text, p.chance, p.best_text, p.best_chance
            ));
        }
        out
    }

    /// Reads back [`Analysis::to_text`] for the match from `start` through `moves`; the winner
    /// is the final position's (see [`Analysis::set_winner`] for a match the rules did not end).
    pub fn from_text(
        start: &AnyGame,
        moves: &[AnyMove],
        text: &str,
    ) -> Result<Analysis, AnalysisError> {
        let bad = |ply: usize, reason: &str| AnalysisError::Unreadable {
            ply,
            reason: reason.to_string(),
        };
        let mut lines = text.lines();
        let start_chance = lines
            .next()
            .and_then(|l| l.strip_prefix("start "))
            .and_then(|c| c.trim().parse::<f64>().ok())
            .filter(|c| (0.0..=1.0).contains(c))
            .ok_or_else(|| bad(0, "no start line"))?;
        let mut game = start.clone();
        let mut plies = Vec::with_capacity(moves.len());
        for (i, played) in moves.iter().enumerate() {
            let ply = i + 1;
            let line = lines.next().ok_or_else(|| bad(ply, "missing"))?;
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [played_text, chance, best_text, best_chance] = fields[..] else {
                return Err(bad(ply, "not four fields"));
            };
            let read = |text: &str| {
                text.parse::<f64>()
                    .ok()
                    .filter(|c| (0.0..=1.0).contains(c))
                    .ok_or_else(|| bad(ply, "not a chance"))
            };
            let (chance, best_chance) = (read(chance)?, read(best_chance)?);
            if game.format_move(played).ok().as_deref() != Some(played_text) {
                return Err(bad(ply, "another move"));
            }
            let best = game
                .parse_move(best_text)
                .map_err(|e| bad(ply, &e.to_string()))?;
            let Status::ToMove(side) = game.status() else {
                return Err(bad(ply, "after the end"));
            };
            let seat = game.seat_to_move().unwrap_or(side.index());
            let drop = (best_chance - chance).max(0.0);
            plies.push(PlyReview {
                ply,
                seat,
                side,
                played: *played,
                played_text: played_text.to_string(),
                best,
                best_text: best_text.to_string(),
                chance,
                best_chance,
                kept: chance,
                drop,
                mark: Mark::judge(drop, chance),
            });
            game.play(played).map_err(|e| AnalysisError::IllegalMove {
                ply,
                reason: e.to_string(),
            })?;
        }
        let winner = match game.status() {
            Status::Over(o) => o.winner,
            Status::ToMove(_) => None,
        };
        judge_lasting(start_chance, &mut plies);
        Ok(Analysis {
            kind: start.kind(),
            start_chance,
            mistakes: biggest_mistakes(&plies),
            turning_point: turning_point(start_chance, &plies),
            plies,
            winner,
        })
    }
}

/// The turning point of a line of reviews: the last move where the lead changed hands and
/// stayed (see [`Lead`]), else the largest swing of the chances; `None` without moves.
pub fn turning_point(start_chance: f64, plies: &[PlyReview]) -> Option<TurningPoint> {
    if plies.is_empty() {
        return None;
    }
    let curve: Vec<f64> = std::iter::once(start_chance)
        .chain(plies.iter().map(|p| p.chance_of(Side::First)))
        .collect();
    if let Some(&(ply, _)) = Lead::of_curve(&curve).turns.last() {
        return Some(TurningPoint {
            ply,
            kind: TurningKind::LeadTaken,
        });
    }
    let mut best = (0usize, f64::NEG_INFINITY);
    for (i, w) in curve.windows(2).enumerate() {
        let swing = (w[1] - w[0]).abs();
        if swing > best.1 {
            best = (i, swing);
        }
    }
    Some(TurningPoint {
        ply: best.0 + 1,
        kind: TurningKind::LargestSwing,
    })
}

/// Judges every move by the drop that lasted (see [`PlyReview::kept`]): the mover's chance
/// after the move, or after the next ply or two up to the first reply of another side when
/// it is higher there (a draw from Lightning's pile keeps its expected chance). A passing rise
/// of the mover's chance at the opponent's move (up at it, back to the earlier level after
/// this move) is one search's noise too, and that search gave this move's "before": the move
/// is then judged from the earlier level, unless that search proved a win.
pub fn judge_lasting(start_chance: f64, plies: &mut [PlyReview]) {
    let kept: Vec<f64> = (0..plies.len())
        .map(|i| {
            let side = plies[i].side;
            let mut kept = plies[i].chance;
            if is_chance_move(&plies[i].played) {
                // A draw is judged by what it may bring, never by the tile it brought (which
                // the next searches see).
                return kept;
            }
            for next in plies.iter().skip(i + 1).take(2) {
                kept = kept.max(next.chance_of(side));
                if next.side != side {
                    break;
                }
            }
            kept
        })
        .collect();
    for i in 0..plies.len() {
        let side = plies[i].side;
        let mut before = plies[i].best_chance;
        if i > 0 && plies[i - 1].side != side && before < 1.0 {
            // The mover's chance before the opponent's move, at it, and after this move.
            let earlier = match i.checked_sub(2) {
                Some(j) => plies[j].chance_of(side),
                None if side == Side::First => start_chance,
                None => 1.0 - start_chance,
            };
            let (spike, after) = (plies[i - 1].chance_of(side), plies[i].chance);
            let passing = (spike - earlier).min(spike - after) >= INACCURACY
                && (after - earlier).abs() < INACCURACY;
            if passing {
                before = before.min(earlier.max(after));
            }
        }
        let p = &mut plies[i];
        p.kept = kept[i];
        p.drop = (before - kept[i]).max(0.0);
        p.mark = Mark::judge(p.drop, kept[i]);
    }
}

/// The costliest marked moves, costliest first (ties to the earlier), at most [`MISTAKES_SHOWN`].
pub fn biggest_mistakes(plies: &[PlyReview]) -> Vec<usize> {
    let mut marked: Vec<usize> = (0..plies.len())
        .filter(|&i| plies[i].mark.is_some())
        .collect();
    marked.sort_by(|&a, &b| plies[b].drop.total_cmp(&plies[a].drop).then(a.cmp(&b)));
    marked.truncate(MISTAKES_SHOWN);
    marked
}

/// Reads a match given as a game, its `key=value` options (Lightning's `seed` among them) and
/// its moves in notation, and analyses it (see [`analyse`]).
pub fn analyse_texts(
    kind: GameKind,
    options: &str,
    moves: &[String],
    depth: Depth,
    progress: impl FnMut(usize, usize),
) -> Result<Analysis, AnalysisError> {
    let start = AnyGame::new(kind, options).map_err(|e| AnalysisError::IllegalMove {
        ply: 0,
        reason: e.to_string(),
    })?;
    let mut game = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| AnalysisError::IllegalMove {
                ply: i + 1,
                reason: e.to_string(),
            })?;
        game.play(&mv).map_err(|e| AnalysisError::IllegalMove {
            ply: i + 1,
            reason: e.to_string(),
        })?;
        played.push(mv);
    }
    analyse(&start, &played, depth, progress)
}

/// Analyses the match from `start` through `moves`. `progress(done, total)` is called with 0
/// first and then after each move reviewed, so a caller can say "Analysing… 40 %".
pub fn analyse(
    start: &AnyGame,
    moves: &[AnyMove],
    depth: Depth,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, AnalysisError> {
    if moves.len() > MAX_PLIES {
        return Err(AnalysisError::TooLong);
    }
    let total = moves.len();
    let mut positions = Vec::with_capacity(total + 1);
    positions.push(start.clone());
    for (i, mv) in moves.iter().enumerate() {
        let mut next = positions[i].clone();
        next.play(mv).map_err(|e| AnalysisError::IllegalMove {
            ply: i + 1,
            reason: e.to_string(),
        })?;
        positions.push(next);
    }
    progress(0, total);
    let mut plies = Vec::with_capacity(total);
    let mut here = search_position(start, depth, 0);
    let start_chance = here.map_or(0.5, |s| s.chance_for(Side::First));
    for (i, mv) in moves.iter().enumerate() {
        let next = search_position(&positions[i + 1], depth, i + 1);
        let Some(before) = here else {
            // `play` refused moves after the end, so every position before a move has a search.
            break;
        };
        plies.push(review(
            &positions[i],
            &positions[i + 1],
            *mv,
            i + 1,
            &before,
            &next,
            depth,
        ));
        here = next;
        progress(i + 1, total);
    }
    let winner = positions.last().and_then(|g| match g.status() {
        Status::Over(o) => o.winner,
        Status::ToMove(_) => None,
    });
    judge_lasting(start_chance, &mut plies);
    let mistakes = biggest_mistakes(&plies);
    let turning = turning_point(start_chance, &plies);
    Ok(Analysis {
        kind: start.kind(),
        start_chance,
        plies,
        winner,
        turning_point: turning,
        mistakes,
    })
}

/// Reviews one move on its own: the position before it, the move, and its 1-based ply (which
/// seeds the searches, so a lone review equals the same ply of [`analyse`] but for the
/// judgement, which [`analyse`] makes from the plies after it too, see [`judge_lasting`]). For Lightning the
/// answer depends only on what the mover could see; tests hold it to that.
pub fn review_move(
    before: &AnyGame,
    played: AnyMove,
    ply: usize,
    depth: Depth,
) -> Result<PlyReview, AnalysisError> {
    if ply == 0 {
        return Err(AnalysisError::IllegalMove {
            ply,
            reason: "plies are numbered from 1".to_string(),
        });
    }
    let mut after = before.clone();
    after
        .play(&played)
        .map_err(|e| AnalysisError::IllegalMove {
            ply,
            reason: e.to_string(),
        })?;
    let Some(searched) = search_position(before, depth, ply - 1) else {
        return Err(AnalysisError::IllegalMove {
            ply,
            reason: "the game is over".to_string(),
        });
    };
    let next = search_position(&after, depth, ply);
    Ok(review(before, &after, played, ply, &searched, &next, depth))
}

/// What the search of one position found: the AI's move and the chance of the side to move.
#[derive(Clone, Copy, Debug)]
struct Searched {
    best: AnyMove,
    side: Side,
    /// The chance of `side` after `best`, 0 to 1.
    chance: f64,
}

impl Searched {
    fn chance_for(&self, side: Side) -> f64 {
        if side == self.side {
            self.chance
        } else {
            1.0 - self.chance
        }
    }
}

fn review(
    before: &AnyGame,
    after: &AnyGame,
    played: AnyMove,
    ply: usize,
    searched: &Searched,
    next: &Option<Searched>,
    depth: Depth,
) -> PlyReview {
    let side = searched.side;
    let seat = before.seat_to_move().unwrap_or(side.index());
    let chance = if played == searched.best {
        searched.chance
    } else if is_chance_move(&played) {
        // Judged by what the draw may bring, not by the tile it brought.
        chance_of_move(before, played, depth, ply - 1).unwrap_or(searched.chance)
    } else {
        match (after.status(), next) {
            (Status::Over(o), _) => match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            (Status::ToMove(_), Some(n)) => n.chance_for(side),
            (Status::ToMove(_), None) => 0.5,
        }
    };
    let best_chance = if played == searched.best {
        chance
    } else {
        searched.chance.max(chance)
    };
    let drop = (best_chance - chance).max(0.0);
    let text = |mv: &AnyMove| before.format_move(mv).unwrap_or_default();
    PlyReview {
        ply,
        seat,
        side,
        played,
        played_text: text(&played),
        best: searched.best,
        best_text: text(&searched.best),
        chance,
        best_chance,
        kept: chance,
        drop,
        mark: Mark::judge(drop, chance),
    }
}

/// The seed of the searches of the position after `index` moves.
fn seed_for(depth: Depth, index: usize) -> u64 {
    mix(depth.seed ^ mix(index as u64 + 1))
}

/// Searches a position; `None` when the game is over.
fn search_position(game: &AnyGame, depth: Depth, index: usize) -> Option<Searched> {
    let Status::ToMove(side) = game.status() else {
        return None;
    };
    let seed = seed_for(depth, index);
    let mut rng = AiRng::seed_from_u64(seed);
    let (best, value) = match game {
        AnyGame::Loa(g) => {
            let (m, v) = search_loa(g, depth.nodes, seed)?;
            (AnyMove::Loa(m), v)
        }
        AnyGame::Lightning(g) => {
            let (m, v) = search_generic(g, None, depth.nodes, &mut rng)?;
            (AnyMove::Lightning(m), v)
        }
        AnyGame::Barrier(g) => {
            let (m, v) = search_generic(g, None, depth.nodes, &mut rng)?;
            (AnyMove::Barrier(m), v)
        }
        AnyGame::Simultana(g) => {
            let (m, v) = search_generic(g, None, depth.nodes, &mut rng)?;
            (AnyMove::Simultana(m), v)
        }
    };
    Some(Searched {
        best,
        side,
        chance: to_chance(value),
    })
}

/// The mover's chance after a chance move (a draw from Lightning's pile), by a search of the
/// position before it restricted to that move: an average over every tile it could reveal.
fn chance_of_move(before: &AnyGame, played: AnyMove, depth: Depth, index: usize) -> Option<f64> {
    let (AnyGame::Lightning(g), AnyMove::Lightning(m)) = (before, played) else {
        return None;
    };
    let mut rng = AiRng::seed_from_u64(seed_for(depth, index) ^ 0xC0AC_4000);
    let (_, value) = search_generic(g, Some(std::slice::from_ref(&m)), depth.nodes, &mut rng)?;
    Some(to_chance(value))
}

fn is_chance_move(mv: &AnyMove) -> bool {
    match mv {
        AnyMove::Lightning(m) => <crate::games::lightning::Lightning as AiGame>::is_chance(m),
        _ => false,
    }
}

/// A value in [-1, 1] as a chance of winning in [0, 1].
fn to_chance(value: f64) -> f64 {
    ((value.clamp(-1.0, 1.0) + 1.0) / 2.0).clamp(0.0, 1.0)
}

/// The MCTS-solver: a win within the turn first, then a search of the moves that do not lose at
/// once (or of `only`). The value is for the side to move, in [-1, 1], proven when it can be.
fn search_generic<G: AiGame>(
    game: &G,
    only: Option<&[G::Move]>,
    nodes: u64,
    rng: &mut AiRng,
) -> Option<(G::Move, f64)> {
    let candidates = match only {
        Some(moves) => moves.to_vec(),
        None => {
            if let Some(mv) = tactics::winning_move(game) {
                return Some((mv, 1.0));
            }
            let mut moves = Vec::new();
            game.search_moves(&mut moves);
            tactics::safe_moves(game, &moves)
        }
    };
    let budget = Budget {
        iterations: nodes,
        deadline: None,
    };
    let found = mcts::search(game, &candidates, MctsConfig::strong(), budget, rng)?;
    let value = found.proven.map_or(found.value, f64::from);
    Some((found.best, value))
}

/// Lines of Action: a win in one first, then the alpha-beta searcher without noise.
fn search_loa(game: &Loa, nodes: u64, seed: u64) -> Option<(crate::games::loa::LoaMove, f64)> {
    if let Some(mv) = tactics::winning_move(game) {
        return Some((mv, 1.0));
    }
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    let candidates = tactics::safe_moves(game, &moves);
    let found = loa::search(game, &candidates, nodes, None, 0, seed)?;
    Some((found.best, found.value()))
}
