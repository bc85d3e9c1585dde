//! Pictures described, not drawn: a reply says what to show and the adapter calls
//! [`Picture::render`] when (and if) it wants the bytes, so the service never waits on drawing
//! and stays independent of how pictures look.

use std::sync::{Arc, Mutex};

use hashlink::LruCache;
use thiserror::Error;

use crate::ai::analysis::Analysis;
use crate::games::{AnyGame, AnyMove, Outcome};
use crate::i18n::{Lang, Msg};
use crate::render::{self, Arrow, ArrowKind, Description, PlayerLabel, Scene};

/// What to draw.
#[derive(Clone, Debug)]
pub enum Picture {
    /// One position, with the move that led to it.
    Board {
        /// `None` for a position that is no match (e.g. the start position for `/rules`).
        match_id: Option<i64>,
        /// The log position of the match this board shows (see [`super::Stamp`]).
        seq: u32,
        game: AnyGame,
        /// The position before the last move, and that move.
        last_move: Option<Box<(AnyGame, AnyMove)>>,
        /// Display names by seat in turn order (two, or four for four-player LOA); side names
        /// on a board that is no match.
        players: Vec<Msg>,
        /// Rating texts by seat, for rated matches.
        ratings: Vec<Option<String>>,
        /// Plies played so far.
        move_number: u32,
        /// How the match ended when the rules did not end it (resignation, agreed draw,
        /// timeout, abort): the picture's banner says so.
        result: Option<Outcome>,
        /// Seconds the player to move had left when the board was shown, for its text.
        time_left: Option<i64>,
        /// A game clock's time left by seat (ms) when the board was shown, drawn beside each
        /// player; empty for a time per move or no clock.
        clocks: Vec<i64>,
    },
    /// An animation of a whole finished match.
    Replay {
        match_id: i64,
        start: AnyGame,
        moves: Vec<AnyMove>,
        /// Display names by seat in turn order.
        players: Vec<String>,
        /// The ending, for the last frame (see `Board::result`).
        result: Option<Outcome>,
    },
    /// The coach's graph of each side's chance of winning after every move.
    Evaluation {
        match_id: i64,
        analysis: Arc<Analysis>,
        /// Any position of the match (it names the sides).
        game: AnyGame,
    },
    /// The position before a costly move, with the move played and the AI's better move drawn
    /// as arrows in two colours.
    Mistake {
        match_id: i64,
        /// The move number of the move played (see [`crate::games::notation::move_numbers`]).
        number: usize,
        /// The position before it.
        game: AnyGame,
        /// The move before it, and the position that move was played in: the caption names it.
        last_move: Option<Box<(AnyGame, AnyMove)>>,
        played: AnyMove,
        better: AnyMove,
        /// Display names by seat in turn order.
        players: Vec<Msg>,
    },
    /// A puzzle's position: while it is being solved, the caption says who plays and wins;
    /// once it is over, arrows show the move played and the solution's.
    Puzzle {
        puzzle_id: i64,
        /// Moves of the solution played so far.
        step: u32,
        game: AnyGame,
        /// "White to play and win", while the attempt is under way.
        caption: Option<Msg>,
        /// The moves to draw on the board: the one played and the solution's.
        arrows: Vec<Arrow>,
    },
    /// A tournament's standings after the rounds played (a crosstable for a round robin).
    Standings(Arc<render::tournament::Standings>),
    /// The boards of one round of a tournament.
    Pairings(Arc<render::tournament::Pairings>),
    /// A finished tournament's first three.
    Podium(Arc<render::tournament::Podium>),
}

/// Drawn bytes, ready to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub bytes: Vec<u8>,
    /// e.g. `match-12.png`
    pub file_name: String,
    /// `image/png` or `image/gif`
    pub mime: &'static str,
    /// What the picture shows, in words (see [`Picture::describe`]): the attachment's
    /// description, the web page's `alt`.
    pub description: Description,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PictureError {
    #[error("cannot draw this picture: {0}")]
    Failed(String),
}

impl Picture {
    /// The file name the picture would be attached under; a finished match's final picture
    /// has its own (`match-12-final.png`), so that it never replaces the last move's.
    pub fn file_name(&self) -> String {
        match self {
            Picture::Board {
                match_id: Some(id),
                game,
                result,
                ..
            } if result.is_some() || game.status().is_over() => format!("match-{id}-final.png"),
            Picture::Board {
                match_id: Some(id),
                seq,
                ..
            } => format!("match-{id}-{seq}.png"),
            Picture::Board { game, .. } => format!("{}.png", game.kind()),
            Picture::Replay { match_id, .. } => format!("match-{match_id}.gif"),
            Picture::Evaluation { match_id, .. } => format!("analysis-{match_id}.png"),
            // The second step of a Lightning move gets its own name.
            Picture::Mistake {
                match_id,
                number,
                game,
                ..
            } => match game.mid_turn() {
                true => format!("analysis-{match_id}-move-{number}b.png"),
                false => format!("analysis-{match_id}-move-{number}.png"),
            },
            Picture::Standings(s) if s.heading.over => {
                format!("tournament-{}-final.png", s.heading.id)
            }
            Picture::Standings(s) => {
                format!(
                    "tournament-{}-standings-{}.png",
                    s.heading.id, s.heading.round
                )
            }
            Picture::Pairings(p) => {
                format!("tournament-{}-round-{}.png", p.heading.id, p.heading.round)
            }
            Picture::Podium(p) => format!("tournament-{}-podium.png", p.heading.id),
            Picture::Puzzle {
                puzzle_id, step, ..
            } => format!("puzzle-{puzzle_id}-{step}.png"),
        }
    }

    /// What the picture shows, in words, in `lang`: said by the renderer from what it draws.
    pub fn describe(&self, lang: Lang) -> Description {
        match self.board(lang) {
            Some(board) => board.describe(lang),
            None => self.describe_other(lang),
        }
    }

    /// Draws the picture. CPU work: call it off the async threads (e.g. `spawn_blocking`).
    /// Every word drawn is in `lang`.
    pub fn render(&self, lang: Lang) -> Result<Image, PictureError> {
        let start = std::time::Instant::now();
        let image = match self.board(lang) {
            Some(board) => Ok(Image {
                bytes: board.draw(),
                file_name: self.file_name(),
                mime: "image/png",
                description: board.describe(lang),
            }),
            None => self.draw_other(lang).map(|mut image| {
                image.description = self.describe_other(lang);
                image
            }),
        };
        let picture = match self {
            Picture::Board { .. } => "board",
            Picture::Replay { .. } => "replay",
            Picture::Evaluation { .. } => "evaluation",
            Picture::Mistake { .. } => "mistake",
            Picture::Standings(_) => "standings",
            Picture::Pairings(_) => "pairings",
            Picture::Podium(_) => "podium",
            Picture::Puzzle { .. } => "puzzle",
        };
        metrics::histogram!("parlor_render_seconds", "picture" => picture)
            .record(start.elapsed().as_secs_f64());
        image
    }

    /// The board this picture shows (a position, a costly move, a puzzle), its scene built once
    /// for both the drawing and the words; `None` for the pictures that show no board.
    fn board(&self, lang: Lang) -> Option<BoardShown<'_>> {
        let shown = match self {
            Picture::Board {
                game,
                last_move,
                players,
                ratings,
                move_number,
                result,
                time_left,
                clocks,
                ..
            } => {
                let labels = labels(players, ratings, clocks, lang);
                BoardShown {
                    scene: board_scene(game, last_move, labels, *move_number, *result, lang),
                    arrows: Vec::new(),
                    time_left: *time_left,
                    said: None,
                }
            }
            Picture::Mistake {
                number,
                game,
                last_move,
                played,
                better,
                players,
                ..
            } => {
                let text = |mv: &AnyMove| game.format_move(mv).unwrap_or_default();
                let played_arrow = Arrow {
                    mv: *played,
                    kind: ArrowKind::Played,
                };
                let better_arrow = Arrow {
                    mv: *better,
                    kind: ArrowKind::Better,
                };
                let (arrows, said) = if played == better {
                    let said = Msg::new("describe-arrow").plain("played", text(played));
                    (vec![played_arrow], said)
                } else {
                    let said = Msg::new("describe-arrows")
                        .plain("played", text(played))
                        .plain("better", text(better));
                    (vec![played_arrow, better_arrow], said)
                };
                BoardShown {
                    scene: mistake_scene(game, last_move, *number, players, lang),
                    arrows,
                    time_left: None,
                    said: Some(said),
                }
            }
            Picture::Puzzle {
                game,
                caption,
                arrows,
                ..
            } => {
                let text = |kind| {
                    let arrow = arrows.iter().find(|a: &&Arrow| a.kind == kind)?;
                    game.format_move(&arrow.mv).ok()
                };
                let said = match (text(ArrowKind::Played), text(ArrowKind::Better)) {
                    (Some(played), Some(solution)) => Some(
                        Msg::new("describe-puzzle-arrows")
                            .plain("played", played)
                            .plain("solution", solution),
                    ),
                    _ => None,
                };
                BoardShown {
                    scene: puzzle_scene(game, caption, lang),
                    arrows: arrows.clone(),
                    time_left: None,
                    said,
                }
            }
            _ => return None,
        };
        Some(shown)
    }

    /// The words of a picture that shows no board.
    fn describe_other(&self, lang: Lang) -> Description {
        match self {
            Picture::Replay {
                start,
                moves,
                players,
                result,
                ..
            } => {
                let labels: Vec<PlayerLabel> =
                    players.iter().cloned().map(PlayerLabel::new).collect();
                render::describe::replay(start, moves, &labels, *result, lang)
            }
            Picture::Evaluation { analysis, game, .. } => {
                render::describe::graph(analysis, game, lang)
            }
            Picture::Standings(s) => render::tournament::describe_standings(s, lang),
            Picture::Pairings(p) => render::tournament::describe_pairings(p, lang),
            Picture::Podium(p) => render::tournament::describe_podium(p, lang),
            Picture::Board { .. } | Picture::Mistake { .. } | Picture::Puzzle { .. } => {
                self.describe(lang)
            }
        }
    }

    /// Draws a picture that shows no board; its words are said afterwards by [`Picture::render`].
    fn draw_other(&self, lang: Lang) -> Result<Image, PictureError> {
        let png = |bytes| png(bytes, self.file_name());
        match self {
            Picture::Replay {
                start,
                moves,
                players,
                result,
                ..
            } => {
                let (players, seats) =
                    labels_by_seat(players.iter().cloned().map(PlayerLabel::new).collect());
                let bytes = render::replay_gif_seats(start, moves, players, seats, *result, lang)
                    .map_err(|e| PictureError::Failed(e.to_string()))?;
                Ok(Image {
                    mime: "image/gif",
                    ..png(bytes)
                })
            }
            Picture::Evaluation { analysis, game, .. } => {
                Ok(png(render::evaluation_png(analysis, game, lang)))
            }
            Picture::Standings(s) => Ok(png(render::tournament::standings_png(s, lang))),
            Picture::Pairings(p) => Ok(png(render::tournament::pairings_png(p, lang))),
            Picture::Podium(p) => Ok(png(render::tournament::podium_png(p, lang))),
            Picture::Board { .. } | Picture::Mistake { .. } | Picture::Puzzle { .. } => {
                self.render(lang)
            }
        }
    }
}

/// A board as a picture shows it: the scene, the arrows drawn on it (a costly move's, a
/// finished puzzle's), the time left said for a board in play, and what the words add about
/// the arrows.
struct BoardShown<'a> {
    scene: Scene<'a>,
    arrows: Vec<Arrow>,
    time_left: Option<i64>,
    said: Option<Msg>,
}

impl BoardShown<'_> {
    fn draw(&self) -> Vec<u8> {
        render::board_png_with_arrows(&self.scene, &self.arrows)
    }

    fn describe(&self, lang: Lang) -> Description {
        let mut said = render::describe::board(&self.scene, self.time_left);
        said.summary
            .extend(self.said.as_ref().map(|m| m.text(lang)));
        said
    }
}

/// A drawn PNG, its words said afterwards by [`Picture::render`].
fn png(bytes: Vec<u8>, file_name: String) -> Image {
    Image {
        bytes,
        file_name,
        mime: "image/png",
        description: Description::default(),
    }
}

/// Boards drawn, by (match, language): the log position each shows (with the game clocks'
/// times drawn, if any), and its bytes.
type Boards = LruCache<(i64, Lang), (Shown, Image)>;

/// What a kept board shows: its log position and the game clocks' times drawn on it.
type Shown = (u32, Vec<i64>);

/// How many boards [`Pictures`] keeps: the newest of the matches played last, a few megabytes.
const BOARDS_KEPT: usize = 256;

/// Draws pictures on threads of its own, one per core, never on the async runtime's threads (a
/// burst of moves queues here instead of taking the cores the answers need), and keeps the newest
/// board of the matches played last, per language, so that `/board` after a move, or twice,
/// draws nothing. Cheap to clone; clones share the threads and the boards.
#[derive(Clone)]
pub struct Pictures {
    renderers: Renderers,
    /// (match, language) -> the board of that log position.
    boards: Arc<Mutex<Boards>>,
}

impl Default for Pictures {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pictures::new(cores, BOARDS_KEPT)
    }
}

/// A drawing job, and where its picture goes.
type Job = (
    Picture,
    Lang,
    tokio::sync::oneshot::Sender<Result<Image, PictureError>>,
);

/// The drawing threads, fed from one queue. The same few threads draw every picture, so each
/// keeps its caches warm (its canvas over each backdrop, the spans and words it has met, its
/// deflate state), where the runtime's blocking pool spread the pictures over a changing set
/// of threads. They end when the last clone is dropped.
#[derive(Clone)]
struct Renderers {
    jobs: flume::Sender<Job>,
}

impl Renderers {
    fn new(threads: usize) -> Self {
        let (jobs, queue) = flume::unbounded::<Job>();
        for n in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("parlor-draw-{n}"))
                .spawn(move || {
                    for (picture, lang, done) in queue.iter() {
                        // A picture that panics is a failed picture, not a lost thread.
                        let drawing = std::panic::AssertUnwindSafe(|| picture.render(lang));
                        let drawn = std::panic::catch_unwind(drawing)
                            .unwrap_or_else(|_| Err(PictureError::Failed("panicked".into())));
                        // Its asker may have given up waiting: nobody to tell.
                        let _ = done.send(drawn);
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a drawing thread");
            }
        }
        Renderers { jobs }
    }

    /// Draws `picture` on the next free drawing thread.
    async fn render(&self, picture: Picture, lang: Lang) -> Result<Image, PictureError> {
        let (done, drawn) = tokio::sync::oneshot::channel();
        self.jobs
            .send((picture, lang, done))
            .map_err(|_| PictureError::Failed("no drawing thread".into()))?;
        drawn
            .await
            .map_err(|_| PictureError::Failed("no drawing thread".into()))?
    }
}

impl Pictures {
    /// `renderers` drawing threads, and `kept` boards remembered.
    pub fn new(renderers: usize, kept: usize) -> Self {
        Pictures {
            renderers: Renderers::new(renderers),
            boards: Arc::new(Mutex::new(LruCache::new(kept.max(1)))),
        }
    }

    /// The picture's bytes in `lang`: a board already drawn for this match, position and
    /// language (and game clocks' times) is not drawn again.
    pub async fn draw(&self, picture: Picture, lang: Lang) -> Result<Image, PictureError> {
        let key = picture.cache_key();
        if let Some((match_id, shown)) = &key
            && let Some((at, image)) = self.lock().get(&(*match_id, lang))
            && at == shown
        {
            metrics::counter!("parlor_pictures_reused_total").increment(1);
            // The words are said again: the time left has moved on since it was drawn.
            let mut image = image.clone();
            image.description = picture.describe(lang);
            return Ok(image);
        }
        let image = self.renderers.render(picture, lang).await?;
        if let Some((match_id, shown)) = key {
            let mut boards = self.lock();
            // A newer position may have been kept meanwhile: it stays.
            let newer = boards
                .peek(&(match_id, lang))
                .is_some_and(|(at, _)| at.0 > shown.0);
            if !newer {
                boards.insert((match_id, lang), (shown, image.clone()));
            }
        }
        Ok(image)
    }

    pub fn lock(&self) -> std::sync::MutexGuard<'_, Boards> {
        // A cache: whatever a panic left in it is still a valid picture.
        self.boards.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Picture {
    /// What a board of a match in play is known by: its match, log position and game clocks'
    /// times (with the language, the same position always looks the same). `None` for other
    /// pictures, and for the final board (drawn once, with its result).
    fn cache_key(&self) -> Option<(i64, Shown)> {
        match self {
            Picture::Board {
                match_id: Some(id),
                seq,
                result: None,
                game,
                clocks,
                ..
            } if !game.status().is_over() => Some((*id, (*seq, clocks.clone()))),
            _ => None,
        }
    }
}

/// The scene of a board picture: the position, the move that led to it, the players, the move
/// number and the ending the rules did not decide.
fn board_scene<'a>(
    game: &'a AnyGame,
    last_move: &'a Option<Box<(AnyGame, AnyMove)>>,
    labels: Vec<PlayerLabel>,
    move_number: u32,
    result: Option<Outcome>,
    lang: Lang,
) -> Scene<'a> {
    let mut scene = scene(game, lang, labels);
    scene.last_move = last_move.as_deref().map(|(before, mv)| (before, *mv));
    scene.move_number = move_number;
    scene.result = result;
    scene.show_region = game.shows_regions();
    scene
}

/// The scene of a costly move's picture: the position before the move numbered `number`, and
/// the move that led to it (the one before, or the first step of the same Lightning move).
fn mistake_scene<'a>(
    game: &'a AnyGame,
    last_move: &'a Option<Box<(AnyGame, AnyMove)>>,
    number: usize,
    players: &[Msg],
    lang: Lang,
) -> Scene<'a> {
    let labels = players
        .iter()
        .map(|name| PlayerLabel::new(name.text(lang)))
        .collect();
    let mut scene = scene(game, lang, labels);
    scene.last_move = last_move.as_deref().map(|(before, mv)| (before, *mv));
    scene.move_number = number.saturating_sub(usize::from(!game.mid_turn())) as u32;
    scene
}

/// The scene of a puzzle: its position, the sides unnamed, the caption in place of the turn.
fn puzzle_scene<'a>(game: &'a AnyGame, caption: &Option<Msg>, lang: Lang) -> Scene<'a> {
    let mut scene = scene(game, lang, Vec::new());
    scene.caption = caption.as_ref().map(|c| c.text(lang));
    scene
}

/// The players' labels in `lang`, with their ratings and game clocks, by seat.
fn labels(
    players: &[Msg],
    ratings: &[Option<String>],
    clocks: &[i64],
    lang: Lang,
) -> Vec<PlayerLabel> {
    players
        .iter()
        .enumerate()
        .map(|(seat, name)| PlayerLabel {
            name: name.text(lang),
            rating: ratings.get(seat).cloned().flatten(),
            clock: clocks
                .get(seat)
                .map(|&ms| crate::table::clock::clock_face(ms)),
        })
        .collect()
}

/// Two labels are the two sides' cards; more are the seats of a four-player game in turn order.
/// The scene of a board in `lang`, its players labelled by seat.
fn scene(game: &AnyGame, lang: Lang, labels: Vec<PlayerLabel>) -> Scene<'_> {
    let mut scene = Scene::new(game);
    scene.lang = lang;
    (scene.players, scene.seats) = labels_by_seat(labels);
    scene
}

fn labels_by_seat(labels: Vec<PlayerLabel>) -> ([PlayerLabel; 2], Vec<PlayerLabel>) {
    match <[PlayerLabel; 2]>::try_from(labels) {
        Ok(two) => (two, Vec::new()),
        Err(seats) => (Default::default(), seats),
    }
}
