//! A tournament's pictures: its standings (with a round-by-round crosstable for round robins),
//! the pairings of a round and the final podium. 512 px wide like the boards, with text large
//! enough to read when a phone shows them 360 px wide; a long field makes a taller picture, never
//! a wider one (a crosstable wraps after ten rounds). Names in any script, through the boards'
//! fonts and fallbacks.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, fill};
use super::describe::{Description, sentence};
use super::palette::{self, Rgb};
use super::text::{self, Align, Weight};
use super::{encode, side_word};
use crate::i18n::{Lang, Msg};

mod describe;
mod pairings;
mod podium;
mod standings;

pub use describe::{describe_pairings, describe_podium, describe_standings};
use pairings::draw_pairings;
use podium::draw_podium;
use standings::draw_standings;
pub use standings::{bye_points, cell_text, cell_words};

/// Every tournament picture's width.
pub const WIDTH: u32 = 512;
const MARGIN: f32 = 12.0;
/// The title block's height.
const TITLE: u32 = 70;
/// A table row's height, and the size of its names and numbers.
const ROW: u32 = 34;
const NAME_SIZE: f32 = 18.0;
const HEAD_SIZE: f32 = 14.0;
/// Crosstable cells per line: more rounds wrap onto further lines of the same player.
const CELLS_PER_LINE: usize = 10;
const CELL: f32 = 36.0;
/// Tie-break columns drawn (the text and the pages give them all).
const DRAWN_TIEBREAKS: usize = 3;
const PODIUM_HEIGHT: u32 = 330;

/// What every tournament picture is headed with.
#[derive(Clone, Debug)]
pub struct Heading {
    pub id: i64,
    /// The game (and variant) played.
    pub game: Msg,
    /// Swiss, round robin...
    pub format: Msg,
    /// The round shown (standings after it, pairings of it), from 1; 0 before round 1.
    pub round: usize,
    pub rounds: usize,
    /// Whether the tournament is over.
    pub over: bool,
    /// Said in place of the rounds under the title (an arena's time), when set.
    pub subtitle: Option<Msg>,
}

/// One round of a player in the crosstable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Won, drew or lost over the board against the player ranked `n`.
    Won(usize),
    Drew(usize),
    Lost(usize),
    /// Won or lost by forfeit.
    ForfeitWon,
    ForfeitLost,
    /// A bye or an absence, worth these tenths of a point.
    Bye(u32),
    /// Not played yet.
    Later,
}

/// One player's line of the standings.
#[derive(Clone, Debug)]
pub struct Row {
    /// The player's index in the tournament (for links, not drawn).
    pub player: usize,
    pub rank: usize,
    pub name: Msg,
    /// Points and tie-break values as written ("2.5", "6.25").
    pub points: String,
    pub tiebreaks: Vec<String>,
    /// The rating gained or lost in the tournament's rated games, when it is rated.
    pub rating_change: Option<i64>,
    pub withdrawn: bool,
    /// Round by round, for the crosstable (empty without one).
    pub rounds: Vec<Cell>,
}

/// The standings picture.
#[derive(Clone, Debug)]
pub struct Standings {
    pub heading: Heading,
    /// Short and full names of the tie-breaks, in order.
    pub tiebreaks: Vec<(Msg, Msg)>,
    pub rows: Vec<Row>,
    /// Whether to draw the round-by-round crosstable (round robins).
    pub crosstable: bool,
}

/// One board of a round.
#[derive(Clone, Debug)]
pub struct Board {
    pub board: usize,
    pub white: Msg,
    /// `None` for the bye.
    pub black: Option<Msg>,
    /// The players' indices in the tournament (for links, not drawn).
    pub players: (usize, Option<usize>),
    /// The score once known ("1-0", "½-½").
    pub result: Option<String>,
}

/// The pairings picture.
#[derive(Clone, Debug)]
pub struct Pairings {
    pub heading: Heading,
    /// The engine's names of the two sides (`white`, `black`...).
    pub sides: [String; 2],
    pub boards: Vec<Board>,
}

/// The podium picture: the top three lines of the final standings.
#[derive(Clone, Debug)]
pub struct Podium {
    pub heading: Heading,
    pub places: Vec<Row>,
}

/// Width and height of a standings picture.
pub fn standings_size(s: &Standings) -> (u32, u32) {
    let mut h = TITLE + ROW + ROW * s.rows.len() as u32 + MARGIN as u32;
    if s.crosstable {
        h += crosstable_height(s);
    }
    (WIDTH, h)
}

/// Width and height of a pairings picture.
pub fn pairings_size(p: &Pairings) -> (u32, u32) {
    (
        WIDTH,
        TITLE + ROW + ROW * p.boards.len().max(1) as u32 + MARGIN as u32,
    )
}

/// Width and height of a podium picture.
pub fn podium_size() -> (u32, u32) {
    (WIDTH, PODIUM_HEIGHT)
}

fn crosstable_height(s: &Standings) -> u32 {
    let rounds = s.rows.iter().map(|r| r.rounds.len()).max().unwrap_or(0);
    let lines = rounds.div_ceil(CELLS_PER_LINE).max(1) as u32;
    // A title row, a head row, each player's lines, the legend.
    ROW + ROW + ROW * lines * s.rows.len() as u32 + ROW
}

/// The PNG of the standings, every word in `lang`.
pub fn standings_png(s: &Standings, lang: Lang) -> Vec<u8> {
    png(&draw_standings(s, lang))
}

/// The PNG of a round's pairings, every word in `lang`.
pub fn pairings_png(p: &Pairings, lang: Lang) -> Vec<u8> {
    png(&draw_pairings(p, lang))
}

/// The PNG of the podium, every word in `lang`.
pub fn podium_png(p: &Podium, lang: Lang) -> Vec<u8> {
    png(&draw_podium(p, lang))
}

fn png(c: &Canvas) -> Vec<u8> {
    // Encoding an in-memory picture cannot fail.
    encode::png(c, quantizer()).expect("PNG encoding to memory")
}

/// Silver and bronze for the podium's steps (gold is the accent).
const SILVER: Rgb = [0xc4, 0xc8, 0xcc];
const BRONZE: Rgb = [0xc5, 0x7b, 0x3c];
/// A winning and a losing crosstable cell's backgrounds.
const WON: Rgb = [0x3e, 0x5c, 0x35];
const LOST: Rgb = [0x5c, 0x35, 0x35];

/// The palette of tournament pictures: the key colours, then the shades of sample pictures.
fn quantizer() -> &'static encode::Quantizer {
    static Q: OnceLock<encode::Quantizer> = OnceLock::new();
    Q.get_or_init(|| {
        let heading = Heading {
            id: 1,
            game: Msg::verbatim("Lines of Action"),
            format: Msg::verbatim("Swiss"),
            round: 2,
            rounds: 3,
            over: true,
            subtitle: None,
        };
        let row = |rank: usize, name: &str| Row {
            player: rank,
            rank,
            name: Msg::verbatim(name),
            points: "2.5".into(),
            tiebreaks: vec!["4.5".into(), "6".into()],
            rating_change: Some(-12),
            withdrawn: rank == 4,
            rounds: vec![Cell::Won(2), Cell::Drew(3), Cell::Lost(1), Cell::Later],
        };
        let rows: Vec<Row> = ["Alice", "Bob", "Zoé", "李小龍"]
            .iter()
            .enumerate()
            .map(|(i, n)| row(i + 1, n))
            .collect();
        let standings = Standings {
            heading: heading.clone(),
            tiebreaks: vec![(Msg::verbatim("BH"), Msg::verbatim("Buchholz"))],
            rows: rows.clone(),
            crosstable: true,
        };
        let podium = Podium {
            heading,
            places: rows[..3].to_vec(),
        };
        let samples = [
            draw_standings(&standings, Lang::En),
            draw_podium(&podium, Lang::En),
        ];
        let refs: Vec<&image::RgbImage> = samples.iter().map(|c| &**c).collect();
        let mut keys = palette::KEYS.to_vec();
        keys.extend([SILVER, BRONZE, WON, LOST]);
        encode::Quantizer::new(&keys, &refs, encode::PNG_COLOURS)
    })
}

/// The title block: the tournament, game and format, then `subtitle`.
fn draw_title(c: &mut Canvas, h: &Heading, subtitle: &str, lang: Lang) {
    let title = Msg::new("pic-tournament-title")
        .num("id", h.id)
        .msg("game", h.game.clone())
        .msg("format", h.format.clone())
        .text(lang);
    let max = WIDTH as f32 - 2.0 * MARGIN;
    let title = text::fit(&title, 20.0, Weight::Bold, max);
    text::draw_aligned(
        c,
        &title,
        MARGIN,
        24.0,
        20.0,
        Weight::Bold,
        palette::TEXT,
        Align::Left,
    );
    let subtitle = text::fit(subtitle, 17.0, Weight::Regular, max);
    text::draw_aligned(
        c,
        &subtitle,
        MARGIN,
        52.0,
        17.0,
        Weight::Regular,
        palette::ACCENT,
        Align::Left,
    );
}

/// A column head, dim and small, at the middle of row `y`.
fn head(c: &mut Canvas, words: &str, x: f32, y: f32, align: Align) {
    text::draw_aligned(
        c,
        words,
        x,
        y + ROW as f32 / 2.0,
        HEAD_SIZE,
        Weight::Bold,
        palette::TEXT_DIM,
        align,
    );
}

/// A cell's text at the middle of row `y`.
#[allow(clippy::too_many_arguments)]
fn cell(
    c: &mut Canvas,
    words: &str,
    x: f32,
    y: f32,
    size: f32,
    weight: Weight,
    colour: Rgb,
    align: Align,
) {
    text::draw_aligned(
        c,
        words,
        x,
        y + ROW as f32 / 2.0,
        size,
        weight,
        colour,
        align,
    );
}

/// Every other row on a panel, so that a line is easy to follow across.
fn stripe(c: &mut Canvas, i: usize, y: u32, h: u32) {
    if i.is_multiple_of(2) {
        c.fill_rect(0, y as i32, WIDTH as i32, h as i32, palette::PANEL);
    }
}

/// The subtitle of the standings.
fn standings_subtitle(h: &Heading) -> Msg {
    if let Some(subtitle) = &h.subtitle {
        subtitle.clone()
    } else if h.over {
        Msg::new("pic-standings-final").num("rounds", h.rounds as i64)
    } else {
        Msg::new("pic-standings-after")
            .num("round", h.round as i64)
            .num("rounds", h.rounds as i64)
    }
}

/// The subtitle of a round's pairings: the heading's own, or "Round 3 of 5".
fn pairings_subtitle(h: &Heading) -> Msg {
    h.subtitle.clone().unwrap_or_else(|| {
        Msg::new("pic-pairings-round")
            .num("round", h.round as i64)
            .num("rounds", h.rounds as i64)
    })
}

/// A rating change as written: `+12`, `−8` (a true minus), `±0`.
pub fn signed(n: i64) -> String {
    match n {
        0 => "±0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", n.unsigned_abs()),
    }
}
