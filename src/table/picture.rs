//! Pictures described, not drawn: a reply says what to show and the adapter calls
//! [`Picture::render`] when (and if) it wants the bytes, so the service never waits on drawing
//! and stays independent of how pictures look.

use thiserror::Error;

use crate::games::{AnyGame, AnyMove, Outcome};
use crate::i18n::{Lang, Msg};
use crate::render::{self, PlayerLabel, Scene};

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
}

/// Drawn bytes, ready to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub bytes: Vec<u8>,
    /// e.g. `match-12.png`
    pub file_name: String,
    /// `image/png` or `image/gif`
    pub mime: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PictureError {
    #[error("cannot draw this picture: {0}")]
    Failed(String),
}

impl Picture {
    /// The file name the picture would be attached under.
    pub fn file_name(&self) -> String {
        match self {
            Picture::Board {
                match_id: Some(id),
                seq,
                ..
            } => format!("match-{id}-{seq}.png"),
            Picture::Board { game, .. } => format!("{}.png", game.kind()),
            Picture::Replay { match_id, .. } => format!("match-{match_id}.gif"),
        }
    }

    /// Draws the picture. CPU work: call it off the async threads (e.g. `spawn_blocking`).
    /// Every word drawn is in `lang`.
    pub fn render(&self, lang: Lang) -> Result<Image, PictureError> {
        let start = std::time::Instant::now();
        let image = self.draw(lang);
        let picture = match self {
            Picture::Board { .. } => "board",
            Picture::Replay { .. } => "replay",
        };
        metrics::histogram!("parlor_render_seconds", "picture" => picture)
            .record(start.elapsed().as_secs_f64());
        image
    }

    fn draw(&self, lang: Lang) -> Result<Image, PictureError> {
        let file_name = self.file_name();
        match self {
            Picture::Board {
                game,
                last_move,
                players,
                ratings,
                move_number,
                result,
                ..
            } => {
                let mut scene = Scene::new(game);
                scene.lang = lang;
                scene.last_move = last_move.as_deref().map(|(before, mv)| (before, *mv));
                let labels: Vec<PlayerLabel> = players
                    .iter()
                    .enumerate()
                    .map(|(seat, name)| PlayerLabel {
                        name: name.text(lang),
                        rating: ratings.get(seat).cloned().flatten(),
                    })
                    .collect();
                (scene.players, scene.seats) = labels_by_seat(labels);
                scene.move_number = *move_number;
                scene.result = *result;
                scene.show_region = game.shows_regions();
                Ok(Image {
                    bytes: render::board_png(&scene),
                    file_name,
                    mime: "image/png",
                })
            }
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
                    bytes,
                    file_name,
                    mime: "image/gif",
                })
            }
        }
    }
}

/// Two labels are the two sides' cards; more are the seats of a four-player game in turn order.
fn labels_by_seat(labels: Vec<PlayerLabel>) -> ([PlayerLabel; 2], Vec<PlayerLabel>) {
    match <[PlayerLabel; 2]>::try_from(labels) {
        Ok(two) => (two, Vec::new()),
        Err(seats) => (Default::default(), seats),
    }
}
