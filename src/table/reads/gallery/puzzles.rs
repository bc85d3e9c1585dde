//! A puzzle's page: its position, its solution stepped through and the picture of each step.
//! A daily puzzle is shown only once its day is over; today's is hidden even before anyone has
//! asked for it (the puzzle the day would get), so that the page never gives away the puzzle
//! everyone is solving.

use crate::games::GameKind;
use crate::games::variants::{self, Variant};
use crate::i18n::Msg;
use crate::render::{Arrow, ArrowKind};
use crate::store::{PuzzleRow, StoreError};
use crate::table::picture::Picture;
use crate::table::puzzles::{self, DAY_MS, daily_candidate, position_at};

use super::Gallery;

/// What a puzzle's page shows.
#[derive(Clone, Debug)]
pub struct PuzzleView {
    pub id: i64,
    pub game: GameKind,
    /// The variant's label (its options as they are when no preset has them).
    pub variant: Msg,
    pub rating: i64,
    /// Attempts that moved its rating.
    pub plays: i64,
    /// The solver's moves in the solution.
    pub own_moves: u32,
    /// The side to play and win, by its engine name (`white` ...).
    pub side: &'static str,
    /// The solution: the solver's moves and the forced replies, alternately.
    pub solution: Vec<String>,
    /// The last day it was the daily puzzle of, if it was one.
    pub day: Option<i64>,
}

impl Gallery {
    /// Puzzle `id`, unless it is the daily puzzle of today (or a later day) or today's puzzle
    /// to be; `now_ms` says when today is.
    async fn shown_puzzle(
        &self,
        id: i64,
        now_ms: i64,
    ) -> Result<Option<(PuzzleRow, Option<i64>)>, StoreError> {
        let today = now_ms.div_euclid(DAY_MS);
        let Some(puzzle) = self.store.puzzle(id).await? else {
            return Ok(None);
        };
        let days = self.store.puzzle_days_of(id).await?;
        if days.first().is_some_and(|&day| day >= today) {
            return Ok(None);
        }
        if self.store.daily_puzzle(today).await?.is_none()
            && daily_candidate(&self.store, today).await? == Some(id)
        {
            return Ok(None);
        }
        Ok(Some((puzzle, days.first().copied())))
    }

    /// A puzzle's page, if it may be shown now.
    pub async fn puzzle(&self, id: i64, now_ms: i64) -> Result<Option<PuzzleView>, StoreError> {
        let Some((puzzle, day)) = self.shown_puzzle(id, now_ms).await? else {
            return Ok(None);
        };
        let Ok(position) = position_at(&puzzle, 0) else {
            return Ok(None);
        };
        let Some(side) = position.status().to_move().map(|s| position.side_name(s)) else {
            return Ok(None);
        };
        Ok(Some(PuzzleView {
            id: puzzle.id,
            game: puzzle.game,
            variant: variant_of(puzzle.game, &puzzle.options),
            rating: puzzle.rating.round() as i64,
            plays: puzzle.plays,
            own_moves: puzzle.own_moves,
            side,
            solution: puzzle.solution,
            day,
        }))
    }

    /// The board of a puzzle after `step` moves of its solution, the last one drawn as an
    /// arrow (the solver's in the solution's colour, a forced reply in the other); `None` past
    /// the solution's end or when the puzzle may not be shown now.
    pub async fn puzzle_board(
        &self,
        id: i64,
        step: usize,
        now_ms: i64,
    ) -> Result<Option<Picture>, StoreError> {
        let Some((puzzle, _)) = self.shown_puzzle(id, now_ms).await? else {
            return Ok(None);
        };
        let n = puzzle.solution.len();
        if step > n {
            return Ok(None);
        }
        let Ok(position) = position_at(&puzzle, step as u32) else {
            return Ok(None);
        };
        let mut arrows = Vec::new();
        let caption = match step.checked_sub(1) {
            None => {
                let side = position.status().to_move().map(|s| position.side_name(s));
                Msg::new("puzzle-caption").plain("side", side.unwrap_or_default())
            }
            Some(last) => {
                let text = puzzle.solution[last].clone();
                let before = position_at(&puzzle, last as u32).ok();
                if let Some(mv) = before.and_then(|b| b.parse_move(&text).ok()) {
                    let kind = match last % 2 {
                        0 => ArrowKind::Better,
                        _ => ArrowKind::Played,
                    };
                    arrows.push(Arrow { mv, kind });
                }
                Msg::new("web-puzzle-step")
                    .num("step", step as i64)
                    .num("n", n as i64)
                    .code("move", text)
            }
        };
        Ok(Some(Picture::Puzzle {
            puzzle_id: puzzle.id,
            step: step as u32,
            game: position,
            caption: Some(caption),
            arrows,
        }))
    }
}

/// The label of the preset whose options these are, or the options themselves.
fn variant_of(game: GameKind, options: &str) -> Msg {
    variants::variants(game)
        .iter()
        .find(|v| puzzles::start(game, v.options).is_ok_and(|(_, canonical)| canonical == options))
        .map_or_else(|| Msg::verbatim(options), Variant::label)
}
