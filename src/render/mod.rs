//! Board pictures (PNG) and replays (GIF) for the four games.
//!
//! Every picture is 512 px wide: a header with both players (the one to move highlighted), the
//! move number and last move, or a game-over banner; then the board with coordinates and the
//! last move marked; then whatever the game keeps off the board (held stones, unplayed tiles,
//! Lightning's reserve). Static parts are drawn once and cached; pictures are deterministic.

mod canvas;
mod encode;
mod frame;
mod loa;
pub mod palette;
mod stones;
mod text;

use thiserror::Error;

/// Why a picture or replay could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RenderError {
    /// A move of the replay is not legal where it is played (1-based index).
    #[error("move {index} cannot be played: {reason}")]
    IllegalMove { index: usize, reason: String },
    /// The replay is longer than [`MAX_REPLAY_MOVES`].
    #[error("a replay has at most {MAX_REPLAY_MOVES} moves")]
    TooLong,
    /// The encoder failed (it writes to memory, so this means a bug).
    #[error("encoding failed: {0}")]
    Encode(String),
}

/// The longest replay drawn, to bound the time and memory one request can take.
pub const MAX_REPLAY_MOVES: usize = 3000;

/// A player as shown in the header: a name and, when known, a rating text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLabel {
    pub name: String,
    pub rating: Option<String>,
}

impl PlayerLabel {
    pub fn new(name: impl Into<String>) -> Self {
        PlayerLabel {
            name: name.into(),
            rating: None,
        }
    }

    pub fn with_rating(mut self, rating: impl Into<String>) -> Self {
        self.rating = Some(rating.into());
        self
    }
}

#[cfg(test)]
mod dev {
    //! Writes sample pictures to /tmp for a person to look at:
    //! `cargo test --lib render::dev -- --ignored`.
    use super::*;

    fn header_for<'a>(swatches: [&'a canvas::Sprite; 2], over: bool) -> frame::Header<'a> {
        frame::Header {
            names: [
                "Alice".into(),
                "Bartholomew the Magnificent of Somewhere".into(),
            ],
            details: ["White · 1523".into(), "Black · 1490?".into()],
            swatches,
            to_move: (!over).then_some(1),
            line: "Move 12: c1xa3 · Black to move".into(),
            banner: over.then(|| "Alice (White) wins by connection".into()),
        }
    }

    #[test]
    #[ignore]
    fn write_loa_samples() {
        use stones::Tone;
        let mut v = loa::View::default();
        for f in 1..7 {
            v.cells[f][0] = Some((Tone::Black, f % 2 == 0));
            v.cells[f][7] = Some((Tone::Black, false));
        }
        for r in 1..7 {
            v.cells[0][r] = Some((Tone::White, r % 2 == 1));
            v.cells[7][r] = Some((Tone::White, false));
        }
        v.cells[2][0] = None;
        v.cells[0][2] = Some((Tone::Black, false));
        v.moved = vec![(2, 0), (0, 2)];
        v.captured = Some((0, 2));
        let h = header_for([loa::swatch(Tone::White), loa::swatch(Tone::Black)], false);
        let c = loa::draw(&v, &h);
        std::fs::write("/tmp/loa.png", encode::png(&c, palette::KEYS).unwrap()).unwrap();
        v.parachute = true;
        v.held = [3, 5];
        let h = header_for([loa::swatch(Tone::White), loa::swatch(Tone::Black)], true);
        let c = loa::draw(&v, &h);
        std::fs::write(
            "/tmp/loa-parachute.png",
            encode::png(&c, palette::KEYS).unwrap(),
        )
        .unwrap();
    }
}
