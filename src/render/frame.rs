//! What every picture shares: the header with both players and the move, the game-over banner,
//! the board grid and its coordinates, and the last-move marks.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, Sprite, fill};
use super::palette::{self, Rgb};
use super::text::{self, Align, Weight};
use crate::i18n::{Lang, Msg};

/// Width of every picture: readable when Discord scales it to about 400 px on a phone.
pub const WIDTH: u32 = 512;
/// Height of the header (players, then the status line or the banner).
pub const HEADER: u32 = 84;
/// Size of the swatch sprite that shows each player's pieces in the header.
pub const SWATCH: u32 = 28;
/// Size of coordinate labels.
const COORD_SIZE: f32 = 13.0;

/// The header's content, already in words.
pub struct Header {
    /// Each panel's name (the player's, or the side's when unknown) and detail line: two panels,
    /// or four (LOA for four: the first team's two seats on the left, the second's on the right).
    pub names: Vec<String>,
    /// Whether each panel's name is a player's own (else it is the side's word).
    pub named: Vec<bool>,
    pub details: Vec<String>,
    pub swatches: Vec<&'static Sprite>,
    /// The panel of the player to move, if the game goes on.
    pub to_move: Option<usize>,
    /// The status line: move number, last move, who is to move.
    pub line: String,
    /// The result and reason when the game is over; replaces the status line.
    pub banner: Option<String>,
    /// Light up the panel of the player to move (replays leave it off, so that a frame's
    /// changes stay small).
    pub highlight_turn: bool,
    /// The language of the words the game draws itself (footers, labels).
    pub lang: Lang,
}

/// Player panels (idle and with the turn bar), for two and for four players, and the banner,
/// drawn once.
struct Panels {
    /// `[idle, active]` at the width of two panels a row, then of four.
    wide: [Sprite; 2],
    narrow: [Sprite; 2],
    banner: Sprite,
}

const PANEL_W: u32 = WIDTH / 2 - 9;
/// Four panels a row: 6 px margins, 4 px within a team, 12 px between the teams.
const NARROW_W: u32 = (WIDTH - 12 - 4 - 12 - 4) / 4;
const PANEL_H: u32 = 46;
const PANEL_TOP: i32 = 6;
const BANNER_TOP: i32 = 57;

fn panels() -> &'static Panels {
    static PANELS: OnceLock<Panels> = OnceLock::new();
    PANELS.get_or_init(|| {
        let rect = |x0, y0, x1, y1, r| Shape::RoundRect { x0, y0, x1, y1, r };
        let pair = |width: u32| {
            let (w, h) = (width as f32, PANEL_H as f32);
            let mut idle = Sprite::new(width, PANEL_H);
            fill(&mut idle, &[rect(0.0, 0.0, w, h, 7.0)], palette::PANEL, 255);
            let mut active = Sprite::new(width, PANEL_H);
            let body = rect(0.0, 0.0, w, h, 7.0);
            fill(&mut active, &[body], palette::PANEL_ACTIVE, 255);
            let bar = rect(10.0, h - 5.0, w - 10.0, h - 1.0, 2.0);
            fill(&mut active, &[bar], palette::ACCENT, 255);
            [idle, active]
        };
        let bh = (HEADER as i32 - 3 - BANNER_TOP) as u32;
        let mut banner = Sprite::new(WIDTH - 12, bh);
        let r = rect(0.0, 0.0, (WIDTH - 12) as f32, bh as f32, 6.0);
        fill(&mut banner, &[r], palette::BANNER, 255);
        Panels {
            wide: pair(PANEL_W),
            narrow: pair(NARROW_W),
            banner,
        }
    })
}

/// The left edge of each panel and its width: two panels, or four in two teams.
pub fn panel_places(count: usize) -> Vec<(i32, u32)> {
    if count == 4 {
        let w = NARROW_W as i32;
        let right = WIDTH as i32 - 6 - w;
        [6, 6 + w + 4, right - 4 - w, right]
            .into_iter()
            .map(|x| (x, NARROW_W))
            .collect()
    } else {
        vec![(6, PANEL_W), (WIDTH as i32 - 6 - PANEL_W as i32, PANEL_W)]
    }
}

/// Draws the header across the top of the canvas.
pub fn draw_header(c: &mut Canvas, h: &Header) {
    let panels = panels();
    let count = h.names.len().min(h.details.len()).min(h.swatches.len());
    let places = panel_places(count);
    let four = places.len() == 4;
    let (name_size, detail_size, pad, gap) = if four {
        (13.5, 11.0, 7.0, 6.0)
    } else {
        (16.0, 12.5, 10.0, 9.0)
    };
    for (seat, &(x0, width)) in places.iter().enumerate().take(count) {
        let x1 = x0 as f32 + width as f32;
        let x0f = x0 as f32;
        let y0 = PANEL_TOP as f32;
        let active = h.highlight_turn && h.to_move == Some(seat);
        let pair = if four { &panels.narrow } else { &panels.wide };
        c.stamp(&pair[usize::from(active)], x0, PANEL_TOP);
        let sw = SWATCH as f32;
        let sy = (y0 + PANEL_H as f32 / 2.0 - sw / 2.0 - 1.0).round() as i32;
        let text_room = x1 - x0f - sw - 2.0 * pad - gap - 2.0;
        let name = text::fit(&h.names[seat], name_size, Weight::Bold, text_room);
        let detail = text::fit(&h.details[seat], detail_size, Weight::Regular, text_room);
        // The first team (or player) reads from the left edge, the second from the right.
        let (sx, tx, align) = if seat < count / 2 {
            (x0f + pad, x0f + pad + sw + gap, Align::Left)
        } else {
            (x1 - pad - sw, x1 - pad - sw - gap, Align::Right)
        };
        c.stamp(h.swatches[seat], sx.round() as i32, sy);
        let (tone, dim) = (palette::TEXT, palette::TEXT_DIM);
        text::draw_aligned(
            c,
            &name,
            tx,
            y0 + 14.0,
            name_size,
            Weight::Bold,
            tone,
            align,
        );
        let dy = y0 + 32.0;
        text::draw_aligned(c, &detail, tx, dy, detail_size, Weight::Regular, dim, align);
    }
    let mid = (BANNER_TOP as f32 + HEADER as f32 - 3.0) / 2.0;
    let centre = WIDTH as f32 / 2.0;
    match &h.banner {
        Some(banner) => {
            c.stamp(&panels.banner, 6, BANNER_TOP);
            let t = text::fit(banner, 16.0, Weight::Bold, WIDTH as f32 - 30.0);
            let ink = palette::BANNER_TEXT;
            text::draw_aligned(c, &t, centre, mid, 16.0, Weight::Bold, ink, Align::Center);
        }
        None => {
            let t = text::fit(&h.line, 14.5, Weight::Regular, WIDTH as f32 - 20.0);
            let ink = palette::TEXT;
            text::draw_aligned(
                c,
                &t,
                centre,
                mid,
                14.5,
                Weight::Regular,
                ink,
                Align::Center,
            );
        }
    }
}

/// A rectangular board placed on the canvas: `files` x `ranks` squares of `s` pixels with the
/// top-left corner at (`x0`, `y0`); rank 0 is drawn at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub x0: i32,
    pub y0: i32,
    pub s: i32,
    pub files: u8,
    pub ranks: u8,
}

impl Grid {
    /// The top-left corner of a square.
    pub fn corner(&self, file: u8, rank: u8) -> (i32, i32) {
        (
            self.x0 + i32::from(file) * self.s,
            self.y0 + i32::from(self.ranks - 1 - rank) * self.s,
        )
    }

    /// The centre of a square, in pixel coordinates (pixel centres are at .5).
    pub fn center(&self, file: u8, rank: u8) -> (f32, f32) {
        let (x, y) = self.corner(file, rank);
        let half = self.s as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    pub fn contains(&self, file: u8, rank: u8) -> bool {
        file < self.files && rank < self.ranks
    }

    pub fn width(&self) -> i32 {
        self.s * i32::from(self.files)
    }

    pub fn height(&self) -> i32 {
        self.s * i32::from(self.ranks)
    }

    /// Fills the board and a margin of `m` pixels around it (its grid lines, its frame).
    pub fn fill_around(&self, c: &mut Canvas, m: i32, colour: Rgb) {
        let (w, h) = (self.width() + 2 * m, self.height() + 2 * m);
        c.fill_rect(self.x0 - m, self.y0 - m, w, h, colour);
    }

    /// A square board of `n` by `n` squares of `s` pixels under the header, its left edge at
    /// `x0`.
    pub fn under_header(x0: i32, s: i32, n: u8) -> Grid {
        Grid {
            x0,
            y0: HEADER as i32 + 8,
            s,
            files: n,
            ranks: n,
        }
    }

    /// The height of a picture of this board: the board, its coordinates under it, and
    /// `footer` more.
    pub fn picture_height(&self, footer: u32) -> u32 {
        (self.y0 + self.height()) as u32 + 26 + footer
    }

    pub fn fill_square(&self, c: &mut Canvas, file: u8, rank: u8, colour: Rgb) {
        let (x, y) = self.corner(file, rank);
        c.fill_rect(x, y, self.s, self.s, colour);
    }

    /// Letters under the board and numbers on its left.
    pub fn draw_coordinates(&self, c: &mut Canvas) {
        self.draw_coordinates_at(c, 5.0);
    }

    /// Letters under the board and numbers `gap` pixels left of it.
    pub fn draw_coordinates_at(&self, c: &mut Canvas, gap: f32) {
        let ink = palette::TEXT_DIM;
        let bottom = (self.y0 + self.height()) as f32 + 11.0;
        for f in 0..self.files {
            let label = ((b'a' + f) as char).to_string();
            let x = self.center(f, 0).0;
            text::draw_aligned(
                c,
                &label,
                x,
                bottom,
                COORD_SIZE,
                Weight::Regular,
                ink,
                Align::Center,
            );
        }
        for r in 0..self.ranks {
            let label = (r + 1).to_string();
            let (x, y) = (self.x0 as f32 - gap, self.center(0, r).1);
            text::draw_aligned(
                c,
                &label,
                x,
                y,
                COORD_SIZE,
                Weight::Regular,
                ink,
                Align::Right,
            );
        }
    }

    /// Marks a square touched by the last move: a tinted fill (`moved`, the square's colour under
    /// the tint) and an inner frame, so that the mark shows without relying on colour.
    pub fn mark_moved(&self, c: &mut Canvas, file: u8, rank: u8, moved: Rgb) {
        let (x, y) = self.corner(file, rank);
        let s = self.s;
        c.fill_rect(x, y, s, s, moved);
        c.outline(x, y, s, s, (s / 20).max(2), palette::HIGHLIGHT_EDGE);
    }

    /// Marks the squares of `squares` that are on this board as [`Grid::mark_moved`] does, each
    /// tinted with `moved(file, rank)`.
    pub fn mark_all_moved(
        &self,
        c: &mut Canvas,
        squares: &[(u8, u8)],
        moved: impl Fn(u8, u8) -> Rgb,
    ) {
        for &(f, r) in squares.iter().filter(|&&(f, r)| self.contains(f, r)) {
            self.mark_moved(c, f, r, moved(f, r));
        }
    }

    /// A cross over a square whose piece was captured (the square is empty now).
    pub fn mark_captured(&self, c: &mut Canvas, file: u8, rank: u8) {
        let (cx, cy) = self.center(file, rank);
        let d = self.s as f32 * 0.22;
        let w = (self.s as f32 * 0.1).max(3.0);
        let shapes = [
            Shape::segment((cx - d, cy - d), (cx + d, cy + d), w),
            Shape::segment((cx - d, cy + d), (cx + d, cy - d), w),
        ];
        fill(c, &shapes, palette::CAPTURE, 255);
    }

    /// A small badge in a square's top-right corner: the piece there captured on arrival.
    pub fn mark_capture_badge(&self, c: &mut Canvas, file: u8, rank: u8) {
        let (x, y) = self.corner(file, rank);
        let r = self.s as f32 * 0.15;
        let (cx, cy) = (x as f32 + self.s as f32 - r - 3.0, y as f32 + r + 3.0);
        fill(c, &[Shape::circle(cx, cy, r)], palette::CAPTURE, 255);
        let d = r * 0.45;
        let shapes = [
            Shape::segment((cx - d, cy - d), (cx + d, cy + d), 2.2),
            Shape::segment((cx - d, cy + d), (cx + d, cy - d), 2.2),
        ];
        fill(c, &shapes, palette::WHITE_PIECE, 255);
    }
}

/// Who won, as a banner names them: the grammar differs (French says "Les Blancs gagnent",
/// and a team takes the plural in both languages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Winner {
    /// A colour with no player's name (`White`; plural in French: "Les Blancs gagnent").
    Side(String),
    /// A side that is no colour, with no player's name (Lightning's `First player`): singular.
    Seat(String),
    /// One player (`alice (White)`).
    Player(String),
    /// Two players of one colour (`White (alice & Parlor)`).
    Team(String),
}

impl Winner {
    fn parts(&self) -> (&str, &'static str) {
        match self {
            Winner::Side(w) => (w, "side"),
            Winner::Seat(w) => (w, "player"),
            Winner::Player(w) => (w, "player"),
            Winner::Team(w) => (w, "team"),
        }
    }
}

/// The words for a finished game: "White wins by connection", "Draw by repetition".
pub fn result_text(winner: Option<&Winner>, reason: crate::games::Reason, lang: Lang) -> String {
    result_msg(winner, reason).text(lang)
}

/// [`result_text`] as a message, for adapters that say it in their own style.
pub fn result_msg(winner: Option<&Winner>, reason: crate::games::Reason) -> Msg {
    result_parts(winner, reason)
}

/// A side named by its engine name with no player: a colour ([`Winner::Side`]) or Lightning's
/// first or second player ([`Winner::Seat`]).
pub fn unnamed_winner(engine_name: &str, title: String) -> Winner {
    match engine_name {
        "first" | "second" => Winner::Seat(title),
        _ => Winner::Side(title),
    }
}

fn result_parts(winner: Option<&Winner>, reason: crate::games::Reason) -> Msg {
    use crate::games::Reason;
    let key = match reason {
        Reason::Connection => "connection",
        Reason::Elimination => "elimination",
        Reason::Blocked => "blockade",
        Reason::Repetition => "repetition",
        Reason::MoveLimit => "move-limit",
        Reason::Agreement => "agreement",
        Reason::Resignation => "resignation",
        Reason::Timeout => "timeout",
        Reason::Abort => return Msg::new("pic-aborted"),
    };
    match winner.map(Winner::parts) {
        Some((w, kind)) => Msg::new("pic-win")
            .plain("winner", w)
            .plain("kind", kind)
            .msg("how", Msg::new("pic-how").plain("reason", key)),
        None => Msg::new("pic-draw").plain("reason", key),
    }
}
