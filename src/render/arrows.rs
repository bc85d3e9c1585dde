//! Moves drawn as arrows over a board picture: the coach shows the move played and the AI's
//! better move in two colours. A move from a square to another is an arrow (through every
//! landing square of a Barrier capture); a move that only puts something on a square (a
//! Lightning tile, a Barrier tile, a Lines of Action drop) is a ring on that square; a move in
//! several parts (a parachute move: a slide, then a drop; a Lightning tile taken from the
//! reserve and put) draws every part; a move with no square (drawing from Lightning's pile, a
//! pass) draws nothing.

use super::canvas::{Canvas, Shape, fill};
use super::palette::{self, Rgb};
use super::{Scene, draw, encode, quantizers, square_center, square_size};
use crate::games::lightning::{Source, Target};
use crate::games::{AnyGame, AnyMove, Game, Side};
use crate::i18n::Lang;

/// Which of the coach's two moves an arrow shows; each has its own colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// The move played (orange-red).
    Played,
    /// The AI's better move (light blue).
    Better,
}

impl ArrowKind {
    /// The arrow's colour, from the palette: orange against blue stays apart for every
    /// colour vision (see `palette::CHECKED_PAIRS`).
    pub fn colour(self) -> Rgb {
        match self {
            ArrowKind::Played => palette::CAPTURE,
            ArrowKind::Better => palette::REGION,
        }
    }
}

/// A move of the drawn position, shown as an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub mv: AnyMove,
    pub kind: ArrowKind,
}

/// The PNG of a scene with `arrows` drawn over the board, each a move of `scene.game` (the
/// position before them). Moves of another game are skipped.
pub fn board_png_with_arrows(scene: &Scene, arrows: &[Arrow]) -> Vec<u8> {
    // Each thread draws in a canvas of its own, kept: a board copies its background into it
    // rather than into a new megabyte each time (the allocation cost as much as the copy).
    thread_local! {
        static CANVAS: std::cell::RefCell<Canvas> = std::cell::RefCell::new(Canvas::default());
    }
    CANVAS.with_borrow_mut(|c| {
        let backdrop = draw(scene, true, c);
        // The better move under the played one, so that when both share a square the played
        // move's arrow is whole.
        let mut order: Vec<&Arrow> = arrows.iter().collect();
        order.sort_by_key(|a| a.kind == ArrowKind::Played);
        for arrow in order {
            draw_arrow(c, scene.game, arrow, scene.lang);
        }
        // Encoding an in-memory picture of fixed, small size cannot fail.
        encode::png_over(c, Some(backdrop), &quantizers(scene.game.kind()).0)
            .expect("PNG encoding to memory")
    })
}

/// What the board shows of a move, part by part: each part the centres of its squares in order
/// (an arrow), or one centre (a ring). A parachute move of Lines of Action is two parts, the
/// slide and the drop; a Lightning turn from the reserve is two, the tile taken (its icon in
/// the reserve, whose place depends on `lang`'s words) and where it goes.
fn parts(game: &AnyGame, mv: &AnyMove, lang: Lang) -> Vec<Vec<(f32, f32)>> {
    let at = |half: Side, f: u8, r: u8| {
        square_center(game, half, f, r).map(|(x, y)| (x as f32, y as f32))
    };
    let parts: Vec<Vec<Option<(f32, f32)>>> = match (game, mv) {
        (AnyGame::Loa(_), AnyMove::Loa(m)) => {
            let slide = match (m.from(), m.to()) {
                (Some(a), Some(b)) => vec![at(Side::First, a.0, a.1), at(Side::First, b.0, b.1)],
                _ => Vec::new(),
            };
            let drop = m.drop_square().map(|d| vec![at(Side::First, d.0, d.1)]);
            std::iter::once(slide).chain(drop).collect()
        }
        (AnyGame::Simultana(_), AnyMove::Simultana(m)) => {
            let (a, b) = (m.from(), m.to());
            vec![vec![at(Side::First, a.0, a.1), at(Side::First, b.0, b.1)]]
        }
        (AnyGame::Barrier(_), AnyMove::Barrier(m)) => vec![
            m.squares()
                .iter()
                .map(|&(f, r)| at(Side::First, f, r))
                .collect(),
        ],
        (AnyGame::Lightning(g), AnyMove::Lightning(m)) => {
            let mover = g.status().to_move().unwrap_or(Side::First);
            // The design the move handles: its own, or the tile's in hand.
            let design = m.design().or(g.in_hand().map(|(_, d)| d));
            let icon = || design.map(|d| super::lightning::reserve_icon_center(d.index(), lang));
            // A tile taken from the reserve (not yet in hand) is one part, where it goes another.
            let taken =
                (g.in_hand().is_none() && m.source() == Source::Reserve).then(|| vec![icon()]);
            let put = match m.target() {
                Some(Target::Own(f, r)) => Some(vec![at(mover, f, r)]),
                Some(Target::Opponent(f, r)) => Some(vec![at(mover.opponent(), f, r)]),
                Some(Target::Reserve) => Some(vec![icon()]),
                None => None,
            };
            taken.into_iter().chain(put).collect()
        }
        _ => Vec::new(),
    };
    parts
        .into_iter()
        .map(|part| part.into_iter().flatten().collect::<Vec<_>>())
        .filter(|part| !part.is_empty())
        .collect()
}

fn draw_arrow(c: &mut Canvas, game: &AnyGame, arrow: &Arrow, lang: Lang) {
    for points in parts(game, &arrow.mv, lang) {
        draw_part(c, game, arrow.kind, &points);
    }
}

/// One part of a move: a ring on one square, an arrow through several.
fn draw_part(c: &mut Canvas, game: &AnyGame, kind: ArrowKind, points: &[(f32, f32)]) {
    let s = square_size(game) as f32;
    let colour = kind.colour();
    let (body, edge) = (s * 0.16, s * 0.05);
    match points {
        [] => {}
        [(x, y)] => {
            let ring = |half: f32| Shape::Ring {
                cx: *x,
                cy: *y,
                r: s * 0.36,
                half,
            };
            fill(c, &[ring(body / 2.0 + edge)], palette::PIECE_EDGE, 200);
            fill(c, &[ring(body / 2.0)], colour, 255);
        }
        _ => {
            let shapes = |grow: f32| arrow_shapes(points, s, body + 2.0 * grow, grow);
            fill(c, &shapes(edge), palette::PIECE_EDGE, 200);
            fill(c, &shapes(0.0), colour, 255);
        }
    }
}

/// The body (a polyline from the first square's centre) and the head (a triangle whose tip
/// reaches into the last square) of an arrow of width `width`; `grow` widens the head alike,
/// for the outline.
fn arrow_shapes(points: &[(f32, f32)], s: f32, width: f32, grow: f32) -> Vec<Shape> {
    let n = points.len();
    let (tail, tip) = (points[n - 2], points[n - 1]);
    let (dx, dy) = (tip.0 - tail.0, tip.1 - tail.1);
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // The tip stops short of the centre, so a piece there stays visible.
    let tip = (tip.0 - ux * s * 0.12, tip.1 - uy * s * 0.12);
    let head_len = s * 0.42 + grow * 1.5;
    let head_half = s * 0.26 + grow;
    let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
    let mut shapes: Vec<Shape> = points[..n - 1]
        .windows(2)
        .map(|w| Shape::segment(w[0], w[1], width))
        .collect();
    shapes.push(Shape::segment(tail, base, width));
    shapes.push(Shape::Polygon(vec![
        (tip.0 + ux * grow * 1.5, tip.1 + uy * grow * 1.5),
        (base.0 - uy * head_half, base.1 + ux * head_half),
        (base.0 + uy * head_half, base.1 - ux * head_half),
    ]));
    shapes
}
