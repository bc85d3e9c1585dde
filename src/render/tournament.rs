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
        let refs: Vec<&Canvas> = samples.iter().collect();
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

/// A rating change as written: `+12`, `−8` (a true minus), `±0`.
pub fn signed(n: i64) -> String {
    match n {
        0 => "±0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", n.unsigned_abs()),
    }
}

fn draw_standings(s: &Standings, lang: Lang) -> Canvas {
    let (w, h) = standings_size(s);
    let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
    draw_title(
        &mut c,
        &s.heading,
        &standings_subtitle(&s.heading).text(lang),
        lang,
    );
    // Columns from the right: rating change, tie-breaks, points; the name takes what is left.
    let rated = s.rows.iter().any(|r| r.rating_change.is_some());
    let tiebreaks = s.tiebreaks.len().min(DRAWN_TIEBREAKS);
    let right = WIDTH as f32 - MARGIN;
    let rating_x = right;
    let tb_right = if rated { right - 58.0 } else { right };
    let tb_x: Vec<f32> = (0..tiebreaks)
        .map(|i| tb_right - 54.0 * (tiebreaks - 1 - i) as f32)
        .collect();
    let points_x = tb_right - 54.0 * tiebreaks as f32 - 6.0;
    let rank_x = MARGIN + 30.0;
    let name_x = rank_x + 10.0;
    let name_max = points_x - 50.0 - name_x;
    let y0 = TITLE as f32;
    head(&mut c, "#", rank_x, y0, Align::Right);
    head(
        &mut c,
        &Msg::new("pic-col-player").text(lang),
        name_x,
        y0,
        Align::Left,
    );
    head(
        &mut c,
        &Msg::new("pic-col-points").text(lang),
        points_x,
        y0,
        Align::Right,
    );
    for ((short, _), &x) in s.tiebreaks.iter().zip(&tb_x) {
        head(&mut c, &short.text(lang), x, y0, Align::Right);
    }
    if rated {
        head(
            &mut c,
            &Msg::new("pic-col-rating").text(lang),
            rating_x,
            y0,
            Align::Right,
        );
    }
    for (i, row) in s.rows.iter().enumerate() {
        let y = TITLE + ROW * (i as u32 + 1);
        stripe(&mut c, i, y, ROW);
        let y = y as f32;
        let colour = if row.withdrawn {
            palette::TEXT_DIM
        } else {
            palette::TEXT
        };
        let rank_colour = if row.rank <= 3 {
            palette::ACCENT
        } else {
            palette::TEXT_DIM
        };
        cell(
            &mut c,
            &row.rank.to_string(),
            rank_x,
            y,
            NAME_SIZE,
            Weight::Bold,
            rank_colour,
            Align::Right,
        );
        let name = text::fit(&row.name.text(lang), NAME_SIZE, Weight::Regular, name_max);
        cell(
            &mut c,
            &name,
            name_x,
            y,
            NAME_SIZE,
            Weight::Regular,
            colour,
            Align::Left,
        );
        cell(
            &mut c,
            &row.points,
            points_x,
            y,
            NAME_SIZE,
            Weight::Bold,
            colour,
            Align::Right,
        );
        for (value, &x) in row.tiebreaks.iter().zip(&tb_x) {
            cell(
                &mut c,
                value,
                x,
                y,
                16.0,
                Weight::Regular,
                palette::TEXT_DIM,
                Align::Right,
            );
        }
        if let Some(change) = row.rating_change {
            cell(
                &mut c,
                &signed(change),
                rating_x,
                y,
                16.0,
                Weight::Regular,
                colour,
                Align::Right,
            );
        }
    }
    if s.crosstable {
        let top = TITLE + ROW * (s.rows.len() as u32 + 1) + MARGIN as u32;
        draw_crosstable(&mut c, s, top, lang);
    }
    c
}

/// The round-by-round crosstable under the standings: each player's rounds, a cell each
/// (`+3` won against the player ranked 3rd, `=3` drew, `−3` lost), ten to a line.
fn draw_crosstable(c: &mut Canvas, s: &Standings, top: u32, lang: Lang) {
    let rounds = s.rows.iter().map(|r| r.rounds.len()).max().unwrap_or(0);
    let lines = rounds.div_ceil(CELLS_PER_LINE).max(1);
    let title = Msg::new("pic-crosstable").text(lang);
    cell(
        c,
        &title,
        MARGIN,
        top as f32,
        17.0,
        Weight::Bold,
        palette::TEXT,
        Align::Left,
    );
    let rank_x = MARGIN + 30.0;
    let cells_left = WIDTH as f32 - MARGIN - CELL * CELLS_PER_LINE as f32;
    let name_max = cells_left - rank_x - 16.0;
    let y0 = (top + ROW) as f32;
    head(c, "#", rank_x, y0, Align::Right);
    for r in 0..rounds.min(CELLS_PER_LINE) {
        let x = cells_left + CELL * (r as f32 + 0.5);
        let label = Msg::new("pic-round-short")
            .num("round", r as i64 + 1)
            .text(lang);
        head(c, &label, x, y0, Align::Center);
    }
    for (i, row) in s.rows.iter().enumerate() {
        let y = top + ROW * 2 + ROW * (lines * i) as u32;
        stripe(c, i, y, ROW * lines as u32);
        cell(
            c,
            &row.rank.to_string(),
            rank_x,
            y as f32,
            16.0,
            Weight::Bold,
            palette::TEXT_DIM,
            Align::Right,
        );
        let name = text::fit(&row.name.text(lang), 16.0, Weight::Regular, name_max);
        cell(
            c,
            &name,
            rank_x + 10.0,
            y as f32,
            16.0,
            Weight::Regular,
            palette::TEXT,
            Align::Left,
        );
        // A continuation line says which rounds it holds.
        for line in 1..lines {
            let first = line * CELLS_PER_LINE + 1;
            let last = ((line + 1) * CELLS_PER_LINE).min(rounds);
            let label = Msg::new("pic-rounds-range")
                .num("first", first as i64)
                .num("last", last as i64)
                .text(lang);
            let ly = (y + ROW * line as u32) as f32;
            cell(
                c,
                &label,
                cells_left - 8.0,
                ly,
                13.0,
                Weight::Regular,
                palette::TEXT_DIM,
                Align::Right,
            );
        }
        for (r, round) in row.rounds.iter().enumerate() {
            let line = (r / CELLS_PER_LINE) as u32;
            let x = cells_left + CELL * (r % CELLS_PER_LINE) as f32;
            let cy = y + ROW * line;
            let (words, back) = cell_words(*round);
            if let Some(back) = back {
                fill(
                    c,
                    &[Shape::RoundRect {
                        x0: x + 2.0,
                        y0: cy as f32 + 4.0,
                        x1: x + CELL - 2.0,
                        y1: (cy + ROW) as f32 - 4.0,
                        r: 4.0,
                    }],
                    back,
                    255,
                );
            }
            cell(
                c,
                &words,
                x + CELL / 2.0,
                cy as f32,
                15.0,
                Weight::Bold,
                palette::TEXT,
                Align::Center,
            );
        }
    }
    let legend_y = top + ROW * 2 + ROW * (lines * s.rows.len()) as u32;
    let legend = text::fit(
        &Msg::new("pic-crosstable-legend").text(lang),
        13.0,
        Weight::Regular,
        WIDTH as f32 - 2.0 * MARGIN,
    );
    cell(
        c,
        &legend,
        MARGIN,
        legend_y as f32,
        13.0,
        Weight::Regular,
        palette::TEXT_DIM,
        Align::Left,
    );
}

/// A crosstable cell's text and background.
#[doc(hidden)]
pub fn cell_words(cell: Cell) -> (String, Option<Rgb>) {
    match cell {
        Cell::Won(n) => (format!("+{n}"), Some(WON)),
        Cell::Drew(n) => (format!("={n}"), None),
        Cell::Lost(n) => (format!("\u{2212}{n}"), Some(LOST)),
        Cell::ForfeitWon => ("+F".to_string(), Some(WON)),
        Cell::ForfeitLost => ("\u{2212}F".to_string(), Some(LOST)),
        Cell::Bye(tenths) => (bye_points(tenths), None),
        Cell::Later => (String::new(), None),
    }
}

/// A crosstable cell's text, as the pages write it too.
pub fn cell_text(cell: Cell) -> String {
    cell_words(cell).0
}

/// A bye's points: `1`, `½`, `0`.
#[doc(hidden)]
pub fn bye_points(tenths: u32) -> String {
    match (tenths / 10, tenths % 10) {
        (0, 5) => "½".to_string(),
        (n, 5) => format!("{n}½"),
        (n, 0) => n.to_string(),
        (n, t) => format!("{n}.{t}"),
    }
}

fn draw_pairings(p: &Pairings, lang: Lang) -> Canvas {
    let (w, h) = pairings_size(p);
    let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
    let subtitle = p
        .heading
        .subtitle
        .clone()
        .unwrap_or_else(|| {
            Msg::new("pic-pairings-round")
                .num("round", p.heading.round as i64)
                .num("rounds", p.heading.rounds as i64)
        })
        .text(lang);
    draw_title(&mut c, &p.heading, &subtitle, lang);
    let board_x = MARGIN + 26.0;
    let mid = (board_x + WIDTH as f32 - MARGIN) / 2.0 + 14.0;
    let result_w = 68.0;
    let white_right = mid - result_w / 2.0;
    let black_left = mid + result_w / 2.0;
    let name_max = white_right - board_x - 14.0;
    let y0 = TITLE as f32;
    head(&mut c, "#", board_x, y0, Align::Right);
    head(
        &mut c,
        &side_word(&p.sides[0], lang),
        white_right,
        y0,
        Align::Right,
    );
    head(
        &mut c,
        &side_word(&p.sides[1], lang),
        black_left,
        y0,
        Align::Left,
    );
    if p.boards.is_empty() {
        let none = Msg::new("pic-no-boards").text(lang);
        cell(
            &mut c,
            &none,
            MARGIN,
            (TITLE + ROW) as f32,
            16.0,
            Weight::Regular,
            palette::TEXT_DIM,
            Align::Left,
        );
    }
    for (i, b) in p.boards.iter().enumerate() {
        let y = TITLE + ROW * (i as u32 + 1);
        stripe(&mut c, i, y, ROW);
        let y = y as f32;
        cell(
            &mut c,
            &b.board.to_string(),
            board_x,
            y,
            16.0,
            Weight::Bold,
            palette::TEXT_DIM,
            Align::Right,
        );
        let white = text::fit(&b.white.text(lang), NAME_SIZE, Weight::Regular, name_max);
        cell(
            &mut c,
            &white,
            white_right,
            y,
            NAME_SIZE,
            Weight::Regular,
            palette::TEXT,
            Align::Right,
        );
        match &b.black {
            Some(black) => {
                let black = text::fit(&black.text(lang), NAME_SIZE, Weight::Regular, name_max);
                cell(
                    &mut c,
                    &black,
                    black_left,
                    y,
                    NAME_SIZE,
                    Weight::Regular,
                    palette::TEXT,
                    Align::Left,
                );
            }
            None => {
                let bye = Msg::new("pic-bye").text(lang);
                cell(
                    &mut c,
                    &bye,
                    black_left,
                    y,
                    16.0,
                    Weight::Regular,
                    palette::TEXT_DIM,
                    Align::Left,
                );
            }
        }
        let (score, colour) = match &b.result {
            Some(r) => (r.replace('-', "–"), palette::ACCENT),
            None if b.black.is_some() => ("–".to_string(), palette::TEXT_DIM),
            None => (String::new(), palette::TEXT_DIM),
        };
        cell(
            &mut c,
            &score,
            mid,
            y,
            17.0,
            Weight::Bold,
            colour,
            Align::Center,
        );
    }
    c
}

fn draw_podium(p: &Podium, lang: Lang) -> Canvas {
    let (w, h) = podium_size();
    let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
    draw_title(&mut c, &p.heading, &Msg::new("pic-podium").text(lang), lang);
    // Second on the left, first in the middle (highest), third on the right.
    let step_w = 150.0;
    let gap = 8.0;
    let left = (WIDTH as f32 - 3.0 * step_w - 2.0 * gap) / 2.0;
    let floor = h as f32 - MARGIN;
    for (slot, place) in [1usize, 0, 2].into_iter().enumerate() {
        let Some(row) = p.places.get(place) else {
            continue;
        };
        // The step's colour and height follow the rank, so that a tie shares them.
        let (colour, height) = match row.rank {
            1 => (palette::ACCENT, 150.0),
            2 => (SILVER, 110.0),
            _ => (BRONZE, 80.0),
        };
        let x = left + slot as f32 * (step_w + gap);
        let top = floor - height;
        fill(
            &mut c,
            &[Shape::RoundRect {
                x0: x,
                y0: top,
                x1: x + step_w,
                y1: floor,
                r: 6.0,
            }],
            colour,
            255,
        );
        let mid = x + step_w / 2.0;
        text::draw_aligned(
            &mut c,
            &row.rank.to_string(),
            mid,
            top + 34.0,
            40.0,
            Weight::Bold,
            palette::BANNER_TEXT,
            Align::Center,
        );
        let name = text::fit(&row.name.text(lang), 19.0, Weight::Bold, step_w + gap);
        text::draw_aligned(
            &mut c,
            &name,
            mid,
            top - 44.0,
            19.0,
            Weight::Bold,
            palette::TEXT,
            Align::Center,
        );
        let points = Msg::new("pic-points")
            .plain("points", row.points.clone())
            .text(lang);
        text::draw_aligned(
            &mut c,
            &points,
            mid,
            top - 18.0,
            16.0,
            Weight::Regular,
            palette::TEXT_DIM,
            Align::Center,
        );
    }
    c
}

/// The standings in words: the title, the tie-breaks' names, then a sentence per player.
pub fn describe_standings(s: &Standings, lang: Lang) -> Description {
    let mut summary = vec![
        title_sentence(&s.heading, lang),
        sentence(standings_subtitle(&s.heading).text(lang)),
    ];
    if !s.tiebreaks.is_empty() {
        let names: Vec<Msg> = s.tiebreaks.iter().map(|(_, long)| long.clone()).collect();
        summary.push(
            Msg::new("describe-tiebreaks")
                .list("tiebreaks", names)
                .text(lang),
        );
    }
    let position = s.rows.iter().map(|row| row_sentence(row, lang)).collect();
    let cut = Msg::new("describe-standings-cut")
        .num("id", s.heading.id)
        .text(lang);
    Description::new(summary, position, cut)
}

/// A player's line in words: rank, name, points, tie-breaks, rating change, rounds.
fn row_sentence(row: &Row, lang: Lang) -> String {
    let mut parts = vec![
        Msg::new("describe-standing")
            .num("rank", row.rank as i64)
            .msg("player", row.name.clone())
            .plain("points", row.points.clone()),
    ];
    if !row.tiebreaks.is_empty() {
        parts.push(
            Msg::new("describe-standing-tiebreaks").plain("values", row.tiebreaks.join(", ")),
        );
    }
    if let Some(n) = row.rating_change {
        parts.push(Msg::new("describe-rating-change").plain("change", signed(n)));
    }
    let played: Vec<String> = row
        .rounds
        .iter()
        .filter(|c| **c != Cell::Later)
        .map(|c| cell_words(*c).0)
        .collect();
    if !played.is_empty() {
        parts.push(Msg::new("describe-rounds").plain("rounds", played.join(" ")));
    }
    if row.withdrawn {
        parts.push(Msg::new("describe-withdrawn"));
    }
    parts
        .iter()
        .map(|m| m.text(lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A round's pairings in words, a sentence per board.
pub fn describe_pairings(p: &Pairings, lang: Lang) -> Description {
    let summary = vec![
        title_sentence(&p.heading, lang),
        sentence(
            p.heading
                .subtitle
                .clone()
                .unwrap_or_else(|| {
                    Msg::new("pic-pairings-round")
                        .num("round", p.heading.round as i64)
                        .num("rounds", p.heading.rounds as i64)
                })
                .text(lang),
        ),
    ];
    let sides = [side_word(&p.sides[0], lang), side_word(&p.sides[1], lang)];
    let position = p
        .boards
        .iter()
        .map(|b| match &b.black {
            Some(black) => {
                let msg = match &b.result {
                    Some(score) => Msg::new("describe-board-score").plain("score", score.clone()),
                    None => Msg::new("describe-board"),
                };
                msg.num("board", b.board as i64)
                    .msg("white", b.white.clone())
                    .plain("first", sides[0].clone())
                    .msg("black", black.clone())
                    .plain("second", sides[1].clone())
                    .text(lang)
            }
            None => Msg::new("describe-board-bye")
                .num("board", b.board as i64)
                .msg("player", b.white.clone())
                .text(lang),
        })
        .collect();
    let cut = Msg::new("describe-standings-cut")
        .num("id", p.heading.id)
        .text(lang);
    Description::new(summary, position, cut)
}

/// The podium in words.
pub fn describe_podium(p: &Podium, lang: Lang) -> Description {
    let summary = vec![
        title_sentence(&p.heading, lang),
        sentence(Msg::new("pic-podium").text(lang)),
    ];
    let position = p.places.iter().map(|row| row_sentence(row, lang)).collect();
    Description::new(summary, position, String::new())
}

fn title_sentence(h: &Heading, lang: Lang) -> String {
    sentence(
        Msg::new("pic-tournament-title")
            .num("id", h.id)
            .msg("game", h.game.clone())
            .msg("format", h.format.clone())
            .text(lang),
    )
}
