//! Solving puzzles: `/puzzle` gives a person a puzzle near their puzzle rating, their moves are
//! checked against the solution (a right one gets the forced reply at once, a wrong one ends the
//! attempt and shows the solution), a hint names the piece to move, and each first attempt
//! moves both Glicko-2 ratings. `/puzzle daily` is the same puzzle for everyone on a UTC day.
//!
//! An attempt lives in the store (`puzzle_attempts`, its step and whether it is rated), so it
//! survives a restart; the answers are plain data that the adapters put into words.

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::ai::puzzle;
use crate::games::{AnyGame, GameKind, Status};
use crate::i18n::Msg;
use crate::render::{Arrow, ArrowKind};
use crate::store::{AttemptRow, Glicko, PuzzleRow, Store, StoreError};
use crate::table::act::Place;
use crate::table::act::{Actor, PuzzleAct, Stamp};
use crate::table::api::{Button, ButtonStyle, Reply, ReplyKind};
use crate::table::clock::Clock;
use crate::table::links::WebPage;
use crate::table::matches::hints::{hints, move_menus, source_menus, source_of, visible_moves};
use crate::table::matches::rating;
use crate::table::picture::Picture;
use crate::table::reads::WebLinks;
use crate::table::shell::{Answer, Fail, refuse};

mod daily;

pub use daily::{daily_candidate, date_of, spread, streak_of};

/// A day in milliseconds: the daily puzzle changes at midnight UTC.
pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// The games a person is given a puzzle of when they name none and play none: LOA as it comes.
const DEFAULT_GAME: GameKind = GameKind::Loa;

/// The puzzle desk: picks puzzles, keeps attempts and rates them. Cheap to clone.
#[derive(Clone)]
pub struct Puzzles {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Where the daily post's link to yesterday's puzzle page points, in servers whose pages
    /// are on.
    web: WebLinks,
    /// One act at a time: an attempt's step is read, checked and written under it.
    lock: Arc<Mutex<()>>,
}

/// What an act did, for the answer.
enum Said {
    /// A new attempt (or the one under way, shown again).
    Shown,
    /// A right move: the forced reply was played.
    Right { played: String, reply: String },
    /// Solved, with the rating before and after when it was rated.
    Solved {
        played: String,
        rated: Option<(Glicko, Glicko)>,
    },
    /// A wrong move: the attempt is over.
    Wrong {
        played: String,
        rated: Option<(Glicko, Glicko)>,
    },
    /// The piece to move.
    Hint(String),
    /// The menus of one piece's moves.
    Picked(String),
}

impl Puzzles {
    pub fn new(store: Store, clock: Arc<dyn Clock>, web: WebLinks) -> Puzzles {
        Puzzles {
            store,
            clock,
            web,
            lock: Arc::new(Mutex::new(())),
        }
    }

    /// Today's number (days since 1970-01-01, UTC).
    pub fn today(&self) -> i64 {
        self.clock.now_ms().div_euclid(DAY_MS)
    }

    /// Whether `user` has an attempt under way (a typed move with no match here goes to it).
    pub async fn under_way(&self, user: u64) -> Result<bool, Fail> {
        Ok(self.store.open_attempt(user).await?.is_some())
    }

    /// The legal moves of `user`'s attempt under way that start with `typed` (`/move`'s
    /// completion when they have no match here).
    pub async fn move_hints(&self, user: u64, typed: &str) -> Vec<String> {
        let Ok(Some((_, _, position))) = self.current(user).await else {
            return Vec::new();
        };
        hints(&visible_moves(&position), typed)
    }

    async fn current(&self, user: u64) -> Result<Option<(AttemptRow, PuzzleRow, AnyGame)>, Fail> {
        let Some(attempt) = self.store.open_attempt(user).await? else {
            return Ok(None);
        };
        let puzzle = self.puzzle(attempt.puzzle_id).await?;
        let position = position_at(&puzzle, attempt.step)?;
        Ok(Some((attempt, puzzle, position)))
    }

    async fn puzzle(&self, id: i64) -> Result<PuzzleRow, Fail> {
        match self.store.puzzle(id).await? {
            Some(p) => Ok(p),
            None => refuse(Msg::new("err-puzzle-gone")),
        }
    }

    /// Handles one `/puzzle` act (or a press of a puzzle's menu or button, at `at`).
    pub async fn act(&self, actor: &Actor, act: &PuzzleAct, at: Option<Stamp>) -> Answer {
        let _one = self.lock.lock().await;
        match act {
            PuzzleAct::New { game, variant } => self.start(actor, *game, variant.as_deref()).await,
            PuzzleAct::Daily => self.daily(actor).await,
            PuzzleAct::Move(text) => self.play(actor, text, at).await,
            PuzzleAct::Pick(source) => {
                let (attempt, puzzle, position) = self.pressed(actor, at).await?;
                let said = Said::Picked(source.clone());
                self.present(&attempt, &puzzle, &position, said)
            }
            PuzzleAct::Hint => {
                let (mut attempt, puzzle, position) = self.pressed(actor, at).await?;
                if attempt.rated {
                    self.store
                        .attempt_step(attempt.id, attempt.step, false)
                        .await?;
                    attempt.rated = false;
                }
                let expected = expected(&puzzle, attempt.step);
                let said = Said::Hint(source_of(&expected).to_string());
                self.present(&attempt, &puzzle, &position, said)
            }
        }
    }

    /// The attempt a press names (it must be the presser's, under way and at that step), or
    /// the presser's attempt under way for a typed act.
    async fn pressed(
        &self,
        actor: &Actor,
        at: Option<Stamp>,
    ) -> Result<(AttemptRow, PuzzleRow, AnyGame), Fail> {
        let Some((attempt, puzzle, position)) = self.current(actor.id).await? else {
            return match at {
                Some(_) => Err(Fail::Stale(Msg::new("err-puzzle-over"))),
                None => refuse(Msg::new("err-puzzle-none-under-way").code("puzzle", "/puzzle")),
            };
        };
        if let Some(stamp) = at
            && (stamp.match_id != attempt.id || stamp.seq != attempt.step)
        {
            return Err(Fail::Stale(Msg::new("err-puzzle-over")));
        }
        Ok((attempt, puzzle, position))
    }

    /// A new puzzle near the person's rating in the game and variant asked (default: the game
    /// they have played most, or LOA).
    async fn start(&self, actor: &Actor, game: Option<GameKind>, variant: Option<&str>) -> Answer {
        let game = match game {
            Some(g) => g,
            None => self.usual_game(actor.id).await?,
        };
        let preset = crate::games::variants::variant(game, variant).map_err(Fail::Refuse)?;
        let options = match super::start(game, preset.options) {
            Ok((_, options)) => options,
            Err(_) => {
                return refuse(Msg::new("err-puzzle-game").msg("game", game.label()));
            }
        };
        let near = self
            .store
            .puzzle_rating(actor.id, game)
            .await?
            .map_or(rating::INITIAL.rating, |r| r.value.rating);
        let Some(puzzle) = self
            .store
            .pick_puzzle(game, &options, near, actor.id)
            .await?
        else {
            return refuse(Msg::new("err-puzzle-none").msg("game", game.label()));
        };
        self.begin(actor, puzzle, None).await
    }

    /// Starts an attempt at `puzzle` (rated when it is the person's first) and shows it.
    async fn begin(&self, actor: &Actor, puzzle: PuzzleRow, day: Option<i64>) -> Answer {
        let rated = !self.store.attempted(puzzle.id, actor.id).await?;
        let now = self.clock.now_ms();
        let id = self
            .store
            .start_attempt(puzzle.id, actor.id, rated, day, now)
            .await?;
        let attempt = AttemptRow {
            id,
            puzzle_id: puzzle.id,
            player: actor.id,
            step: 0,
            rated,
            solved: None,
            day,
        };
        let position = position_at(&puzzle, 0)?;
        self.present(&attempt, &puzzle, &position, Said::Shown)
    }

    /// The game a person plays most (of those with puzzles), or LOA.
    async fn usual_game(&self, user: u64) -> Result<GameKind, Fail> {
        let mut played: Vec<(i64, GameKind)> = Vec::new();
        for r in self.store.ratings_of(user).await? {
            if let Ok(game) = r.game.parse::<GameKind>()
                && puzzle::offered_for(game, 2)
            {
                played.push((i64::from(r.games), game));
            }
        }
        for r in self.store.puzzle_ratings_of(user).await? {
            if let Ok(game) = r.game.parse::<GameKind>() {
                played.push((r.attempts, game));
            }
        }
        Ok(played
            .into_iter()
            .max_by_key(|(n, _)| *n)
            .map_or(DEFAULT_GAME, |(_, g)| g))
    }

    /// A move of the attempt under way.
    async fn play(&self, actor: &Actor, text: &str, at: Option<Stamp>) -> Answer {
        let (mut attempt, puzzle, mut position) = self.pressed(actor, at).await?;
        let Ok(mv) = position.parse_move(text.trim()) else {
            return refuse(Msg::new("err-puzzle-illegal").code("move", text.trim()));
        };
        let played = position
            .format_move(&mv)
            .unwrap_or_else(|_| text.to_owned());
        let solver = position.status().to_move();
        let expected_text = expected(&puzzle, attempt.step);
        let mut after = position.clone();
        if after.play(&mv).is_err() {
            return refuse(Msg::new("err-puzzle-illegal").code("move", text.trim()));
        }
        // The solution's move, or any move that wins at once.
        let wins_now =
            matches!(after.status(), Status::Over(o) if o.winner.is_some() && o.winner == solver);
        let right = played == expected_text || wins_now;
        let now = self.clock.now_ms();
        if !right {
            self.store
                .finish_attempt(attempt.id, attempt.step, false, now)
                .await?;
            let rated = self.rate(&attempt, &puzzle, false).await?;
            attempt.solved = Some(false);
            let said = Said::Wrong { played, rated };
            return self.present(&attempt, &puzzle, &position, said);
        }
        let step = attempt.step + 1;
        if wins_now || step as usize >= puzzle.solution.len() {
            self.store
                .finish_attempt(attempt.id, step, true, now)
                .await?;
            let rated = self.rate(&attempt, &puzzle, true).await?;
            attempt.step = step;
            attempt.solved = Some(true);
            let said = Said::Solved { played, rated };
            return self.present(&attempt, &puzzle, &after, said);
        }
        let reply = expected(&puzzle, step);
        position = after;
        if position.play_text(&reply).is_err() {
            return refuse(Msg::new("err-puzzle-gone"));
        }
        attempt.step = step + 1;
        self.store
            .attempt_step(attempt.id, attempt.step, attempt.rated)
            .await?;
        self.present(&attempt, &puzzle, &position, Said::Right { played, reply })
    }

    /// Moves both ratings after a rated attempt; the person's before and after.
    async fn rate(
        &self,
        attempt: &AttemptRow,
        puzzle: &PuzzleRow,
        solved: bool,
    ) -> Result<Option<(Glicko, Glicko)>, Fail> {
        if !attempt.rated {
            return Ok(None);
        }
        let before = self
            .store
            .puzzle_rating(attempt.player, puzzle.game)
            .await?
            .map_or(rating::INITIAL, |r| r.value);
        let theirs = Glicko {
            rating: puzzle.rating,
            deviation: puzzle.deviation,
            volatility: puzzle.volatility,
        };
        let after = rating::rate(&[before, theirs], if solved { 1.0 } else { 0.0 });
        let [mine, its] = after.as_slice() else {
            return Ok(None);
        };
        self.store
            .rate_attempt(puzzle.id, *its, attempt.player, puzzle.game, *mine)
            .await?;
        Ok(Some((before, *mine)))
    }

    /// The answer: the board (with the solution's arrows once the attempt is over), what
    /// happened, and the controls of the next move, only for the person.
    fn present(
        &self,
        attempt: &AttemptRow,
        puzzle: &PuzzleRow,
        position: &AnyGame,
        said: Said,
    ) -> Answer {
        let title = match attempt.day {
            Some(day) => Msg::new("puzzle-daily-title")
                .plain("date", date_of(day))
                .msg("game", puzzle.game.label()),
            None => Msg::new("puzzle-title")
                .num("id", puzzle.id)
                .msg("game", puzzle.game.label()),
        };
        let mut lines = Vec::new();
        let mut arrows = Vec::new();
        let side = position
            .status()
            .to_move()
            .map(|s| position.side_name(s))
            .unwrap_or_default();
        let caption = Msg::new("puzzle-caption").plain("side", side);
        match &said {
            Said::Shown | Said::Picked(_) => {}
            Said::Right { played, reply } => lines.push(
                Msg::new("puzzle-right")
                    .code("move", played.clone())
                    .code("reply", reply.clone()),
            ),
            Said::Solved { played, rated } => {
                lines.push(Msg::new("puzzle-solved").code("move", played.clone()));
                lines.extend(rated.map(rating_change));
            }
            Said::Wrong { played, rated } => {
                let rest = &puzzle.solution[attempt.step as usize..];
                lines.push(
                    Msg::new("puzzle-wrong")
                        .code("move", played.clone())
                        .code("solution", rest.join(" ")),
                );
                lines.extend(rated.map(rating_change));
                if let Ok(mv) = position.parse_move(played) {
                    arrows.push(Arrow {
                        mv,
                        kind: ArrowKind::Played,
                    });
                }
                if let Some(mv) = rest.first().and_then(|m| position.parse_move(m).ok()) {
                    arrows.push(Arrow {
                        mv,
                        kind: ArrowKind::Better,
                    });
                }
            }
            Said::Hint(square) => {
                lines.push(Msg::new("puzzle-hint").code("square", square.clone()))
            }
        }
        let over = attempt.solved.is_some();
        if !over {
            lines.push(Msg::new("puzzle-your-move").code("move", "/move"));
            lines.push(match attempt.rated {
                true => Msg::new("puzzle-rated").num("rating", puzzle.rating.round() as i64),
                false => Msg::new("puzzle-unrated"),
            });
        }
        let stamp = Stamp {
            match_id: attempt.id,
            seq: attempt.step,
        };
        let (menus, buttons) = if over {
            (Vec::new(), Vec::new())
        } else {
            let legal = visible_moves(position);
            let menus = match &said {
                Said::Picked(source) => move_menus(&legal, source, stamp),
                _ => source_menus(&legal, stamp, 4),
            };
            let hint = Button {
                id: PuzzleAct::Hint.custom_id(stamp).unwrap_or_default(),
                label: Msg::new("button-puzzle-hint"),
                style: ButtonStyle::Secondary,
                disabled: false,
            };
            (rekey(menus, stamp), vec![vec![hint]])
        };
        let picture = Picture::Puzzle {
            puzzle_id: puzzle.id,
            step: attempt.step,
            game: position.clone(),
            caption: Some(match &said {
                Said::Wrong { .. } => Msg::new("puzzle-caption-solution").code(
                    "move",
                    puzzle
                        .solution
                        .get(attempt.step as usize)
                        .cloned()
                        .unwrap_or_default(),
                ),
                Said::Solved { .. } => Msg::new("puzzle-caption-solved"),
                _ => caption,
            }),
            arrows,
        };
        Ok(Reply {
            kind: if over {
                ReplyKind::Result
            } else {
                ReplyKind::Board
            },
            title: Some(title),
            lines,
            picture: Some(picture),
            menus,
            buttons,
            private: true,
            ..Reply::default()
        })
    }
}

/// The puzzle's position after `step` moves of its solution.
pub fn position_at(puzzle: &PuzzleRow, step: u32) -> Result<AnyGame, Fail> {
    let (first, _) = super::start(puzzle.game, &puzzle.options)
        .map_err(|_| Fail::Refuse(Msg::new("err-puzzle-gone")))?;
    let shown = &puzzle.solution[..(step as usize).min(puzzle.solution.len())];
    let Some((mut position, line, _)) = puzzle::replay(&first, &puzzle.moves, shown) else {
        return refuse(Msg::new("err-puzzle-gone"));
    };
    for mv in &line {
        position
            .play(mv)
            .map_err(|_| Fail::Refuse(Msg::new("err-puzzle-gone")))?;
    }
    Ok(position)
}

/// The solution's move at `step` (empty past its end).
fn expected(puzzle: &PuzzleRow, step: u32) -> String {
    puzzle
        .solution
        .get(step as usize)
        .cloned()
        .unwrap_or_default()
}

/// The menus of the table's controls, made the puzzle's own (same values, the puzzle's ids).
fn rekey(menus: Vec<crate::table::api::Menu>, stamp: Stamp) -> Vec<crate::table::api::Menu> {
    use crate::table::act::{Act, Request};
    menus
        .into_iter()
        .enumerate()
        .filter_map(|(i, mut menu)| {
            let act = Request::from_custom_id(&menu.id, &[])?.act;
            let own = match act {
                Act::PickSource(_) => PuzzleAct::Pick(String::new()),
                _ => PuzzleAct::Move(String::new()),
            };
            let id = own.custom_id(stamp).unwrap_or_default();
            menu.id = if i == 0 { id } else { format!("{id}:{i}") };
            Some(menu)
        })
        .collect()
}

/// "Your puzzle rating: 1500? → 1580?".
fn rating_change((before, after): (Glicko, Glicko)) -> Msg {
    Msg::new("puzzle-rating-change")
        .plain("before", rating::show(&before))
        .plain("after", rating::show(&after))
}
