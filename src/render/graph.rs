//! The coach's evaluation graph: each side's chance of winning after every move, as the AI sees
//! it, as two stacked areas (the first side's share from the bottom, the second side's from the
//! top) split by the curve. The turning point is a red line, the costliest mistakes yellow dots.
//! The boards' palette and font; 512 px wide like the boards, with text large enough to read
//! when a phone shows it 400 px wide.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, fill};
use super::palette::{self, Rgb};
use super::text::{self, Align, Weight};
use super::{encode, side_word};
use crate::ai::analysis::Analysis;
use crate::games::{AnyGame, Side};
use crate::i18n::{Lang, Msg};

const WIDTH: u32 = 512;
const HEIGHT: u32 = 316;
/// The plot's box.
const LEFT: f32 = 60.0;
const RIGHT: f32 = 496.0;
const TOP: f32 = 62.0;
const BOTTOM: f32 = 262.0;

/// What one graph shows, in plain data.
struct Graph {
    /// The first side's chance before any move, then after each move (0 to 1).
    curve: Vec<f64>,
    /// 1-based plies.
    turning_point: Option<usize>,
    /// Each point's move number (0 for the start): the axis and the labels count moves, not
    /// plies (Lightning's two steps are one move).
    numbers: Vec<usize>,
    mistakes: Vec<usize>,
    names: [String; 2],
    colours: [Rgb; 2],
    lang: Lang,
}

/// The PNG of an analysis's graph, every word in `lang`. `game` is any position of the match
/// (it names the sides).
pub fn evaluation_png(analysis: &Analysis, game: &AnyGame, lang: Lang) -> Vec<u8> {
    let graph = Graph {
        curve: analysis.curve(Side::First),
        turning_point: analysis.turning_point.map(|t| t.ply),
        numbers: analysis.move_numbers(),
        mistakes: analysis
            .mistakes
            .iter()
            .filter_map(|&i| analysis.plies.get(i).map(|p| p.ply))
            .collect(),
        names: Side::BOTH.map(|s| side_word(game.side_name(s), lang)),
        colours: Side::BOTH.map(|s| side_colour(game.side_name(s))),
        lang,
    };
    let c = draw(&graph);
    // Encoding an in-memory picture of fixed, small size cannot fail.
    encode::png(&c, quantizer()).expect("PNG encoding to memory")
}

/// Width and height in pixels of every graph.
pub fn graph_size() -> (u32, u32) {
    (WIDTH, HEIGHT)
}

/// A side's colour: its pieces' (or, for Lightning, its half's owner colour).
fn side_colour(name: &str) -> Rgb {
    match name {
        "white" => palette::WHITE_PIECE,
        "black" => palette::BLACK_PIECE,
        "yellow" => palette::YELLOW_PIECE,
        "clear" => palette::CLEAR_PIECE,
        "first" => palette::FIRST_OWNER,
        _ => palette::SECOND_OWNER,
    }
}

/// The palette of graphs: the key colours, then the shades of a sample graph.
fn quantizer() -> &'static encode::Quantizer {
    static Q: OnceLock<encode::Quantizer> = OnceLock::new();
    Q.get_or_init(|| {
        let samples: Vec<Canvas> = [
            [palette::WHITE_PIECE, palette::BLACK_PIECE],
            [palette::YELLOW_PIECE, palette::CLEAR_PIECE],
            [palette::FIRST_OWNER, palette::SECOND_OWNER],
        ]
        .into_iter()
        .map(|colours| {
            draw(&Graph {
                curve: (0..=40)
                    .map(|i| 0.5 + 0.45 * (f64::from(i) / 5.0).sin())
                    .collect(),
                turning_point: Some(12),
                numbers: (0..=40).collect(),
                mistakes: vec![5, 20, 31],
                names: ["White".to_string(), "Black".to_string()],
                colours,
                lang: Lang::En,
            })
        })
        .collect();
        let refs: Vec<&image::RgbImage> = samples.iter().map(|c| &**c).collect();
        encode::Quantizer::new(palette::KEYS, &refs, encode::PNG_COLOURS)
    })
}

fn draw(g: &Graph) -> Canvas {
    let mut c = Canvas::from_pixel(WIDTH, HEIGHT, image::Rgb(palette::BACKGROUND));
    let lang = g.lang;
    let plies = g.curve.len().saturating_sub(1).max(1);
    let x_of = |ply: usize| LEFT + (RIGHT - LEFT) * ply as f32 / plies as f32;
    let y_of = |chance: f64| BOTTOM - (BOTTOM - TOP) * chance.clamp(0.0, 1.0) as f32;

    // Title, and the turning point's move on the right.
    text::draw_aligned(
        &mut c,
        &Msg::new("graph-title").text(lang),
        14.0,
        20.0,
        19.0,
        Weight::Bold,
        palette::TEXT,
        Align::Left,
    );
    if let Some(t) = g.turning_point {
        let label = Msg::new("graph-turning-point")
            .num("n", g.numbers.get(t).map_or(t, |&n| n) as i64)
            .text(lang);
        text::draw_aligned(
            &mut c,
            &label,
            RIGHT,
            20.0,
            16.0,
            Weight::Bold,
            palette::CAPTURE,
            Align::Right,
        );
    }
    // The legend: a swatch and the name of each side.
    let mut x = 14.0;
    for i in 0..2 {
        fill(
            &mut c,
            &[Shape::RoundRect {
                x0: x,
                y0: 35.0,
                x1: x + 16.0,
                y1: 51.0,
                r: 3.0,
            }],
            palette::TEXT_DIM,
            255,
        );
        c.fill_rect(x as i32 + 2, 37, 12, 12, g.colours[i]);
        let name = text::fit(&g.names[i], 16.0, Weight::Regular, 180.0);
        text::draw_aligned(
            &mut c,
            &name,
            x + 24.0,
            43.0,
            16.0,
            Weight::Regular,
            palette::TEXT,
            Align::Left,
        );
        x += 24.0 + text::width(&name, 16.0, Weight::Regular) + 24.0;
    }

    // The two areas, one convex piece per move so the fill is exact.
    let points: Vec<(f32, f32)> = g
        .curve
        .iter()
        .enumerate()
        .map(|(i, &v)| (x_of(i), y_of(v)))
        .collect();
    let pieces = |edge: f32| -> Vec<Shape> {
        points
            .windows(2)
            .map(|w| Shape::Polygon(vec![(w[0].0, edge), w[0], w[1], (w[1].0, edge)]))
            .collect()
    };
    fill(&mut c, &pieces(BOTTOM), g.colours[0], 255);
    fill(&mut c, &pieces(TOP), g.colours[1], 255);

    // The frame, the even line and the percentages.
    for (a, b) in [
        ((LEFT, TOP), (RIGHT, TOP)),
        ((RIGHT, TOP), (RIGHT, BOTTOM)),
        ((RIGHT, BOTTOM), (LEFT, BOTTOM)),
        ((LEFT, BOTTOM), (LEFT, TOP)),
    ] {
        fill(&mut c, &[Shape::segment(a, b, 1.5)], palette::TEXT_DIM, 255);
    }
    let mid = y_of(0.5);
    let mut dashes = Vec::new();
    let mut dx = LEFT;
    while dx < RIGHT {
        dashes.push(Shape::segment((dx, mid), ((dx + 6.0).min(RIGHT), mid), 1.5));
        dx += 12.0;
    }
    fill(&mut c, &dashes, palette::TEXT_DIM, 255);
    for pct in [0, 50, 100] {
        let label = Msg::new("graph-percent").num("n", pct).text(lang);
        text::draw_aligned(
            &mut c,
            &label,
            LEFT - 6.0,
            y_of(f64::from(pct) / 100.0),
            14.0,
            Weight::Regular,
            palette::TEXT_DIM,
            Align::Right,
        );
    }

    // The curve itself, over both areas.
    let line: Vec<Shape> = points
        .windows(2)
        .map(|w| Shape::segment(w[0], w[1], 2.5))
        .collect();
    fill(&mut c, &line, palette::ACCENT, 255);

    // Move numbers along the bottom, every 1, 2, 5, 10, 20, 50... moves, each under the point
    // where that move is complete.
    let moves = g.numbers.last().copied().unwrap_or(plies);
    let step = [1usize, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&s| moves / s <= 8)
        .unwrap_or(1000);
    for number in (0..=moves).step_by(step) {
        let ply = g
            .numbers
            .iter()
            .rposition(|&n| n == number)
            .unwrap_or(number);
        let x = x_of(ply);
        fill(
            &mut c,
            &[Shape::segment((x, BOTTOM), (x, BOTTOM + 5.0), 1.5)],
            palette::TEXT_DIM,
            255,
        );
        text::draw_aligned(
            &mut c,
            &number.to_string(),
            x,
            BOTTOM + 16.0,
            14.0,
            Weight::Regular,
            palette::TEXT_DIM,
            Align::Center,
        );
    }
    text::draw_aligned(
        &mut c,
        &Msg::new("graph-move").text(lang),
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 40.0,
        15.0,
        Weight::Bold,
        palette::TEXT,
        Align::Center,
    );

    // The turning point and the mistakes, on top.
    if let Some(t) = g.turning_point.filter(|&t| t <= plies) {
        let x = x_of(t);
        fill(
            &mut c,
            &[Shape::segment((x, TOP), (x, BOTTOM), 3.0)],
            palette::CAPTURE,
            255,
        );
    }
    for &m in &g.mistakes {
        if let Some(&(x, y)) = points.get(m) {
            fill(
                &mut c,
                &[Shape::circle(x, y, 6.5)],
                palette::PIECE_EDGE,
                255,
            );
            fill(&mut c, &[Shape::circle(x, y, 4.5)], palette::HIGHLIGHT, 255);
        }
    }
    c
}

/// The coach's one-line summary in `lang`, e.g. "White was ahead until Black took the lead on
/// move 23 and kept it to the end; Black was ahead after 60 % of the moves. Black won." `game`
/// is any position of the match (it names the sides).
pub fn summary_text(analysis: &Analysis, game: &AnyGame, lang: Lang) -> String {
    summary(analysis, game).text(lang)
}

/// The coach's one-line summary as a message, in no language yet (see [`summary_text`]): it
/// describes the graph's curve (who led, after how many of the moves, where the lead changed
/// hands and stayed, as [`Analysis::lead`] reads it), then the result.
pub fn summary(analysis: &Analysis, game: &AnyGame) -> Msg {
    if analysis.plies.is_empty() {
        return Msg::new("coach-summary-empty");
    }
    // Each language words a side for these sentences its own way (French: "des Blancs").
    let name = |side: Side| Msg::new("coach-side").plain("side", game.side_name(side));
    let lead = analysis.lead();
    let result = match analysis.winner {
        // Won by resignation or on time while the AI still had the winner behind.
        Some(winner) if analysis.curve(winner).last().is_some_and(|&c| c < 0.5) => {
            Msg::new("coach-result-behind").msg("winner", name(winner))
        }
        Some(winner) => Msg::new("coach-result-won").msg("winner", name(winner)),
        None => Msg::new("coach-result-draw"),
    };
    let msg = match (lead.first, lead.leader, lead.turns.as_slice()) {
        (_, None, _) => Msg::new("coach-summary-level"),
        (Some(first), Some(leader), []) if first == leader => {
            Msg::new("coach-summary-led").msg("first", name(first))
        }
        (Some(first), Some(_), [(n, to)]) => Msg::new("coach-summary-turned")
            .msg("first", name(first))
            .msg("to", name(*to))
            .num("n", analysis.move_number(*n) as i64),
        (Some(_), Some(_), turns @ [.., (n, to)]) => Msg::new("coach-summary-turns")
            .num("turns", turns.len() as i64)
            .msg("to", name(*to))
            .num("n", analysis.move_number(*n) as i64),
        // No lead lasted, or the one that held it was ahead less often than the other.
        _ => Msg::new("coach-summary-even"),
    };
    let msg = match lead.leader {
        Some(leader) => msg.msg("leader", name(leader)).num("share", lead.share()),
        None => msg,
    };
    msg.msg("result", result)
}
