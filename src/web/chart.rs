//! A player's rating over time as an inline SVG, drawn on the server: no script, no library,
//! readable on a phone (it scales with the page's width).

use maud::{Markup, html};

/// The chart's drawing area, in SVG units.
pub const WIDTH: f64 = 640.0;
pub const HEIGHT: f64 = 260.0;
/// Room for the rating labels on the left and the dates below.
pub const LEFT: f64 = 48.0;
pub const BOTTOM: f64 = 28.0;
pub const TOP: f64 = 12.0;
pub const RIGHT: f64 = 12.0;

/// The lines' colours, from the board pictures' palette (accent first).
const COLOURS: [&str; 6] = [
    "#f0a202", "#6cb8ea", "#e0e5c0", "#d53e00", "#869dab", "#fff03c",
];

/// One line of the chart: its label and (unix ms, rating) points, oldest first.
pub struct Line {
    pub label: String,
    pub points: Vec<(i64, f64)>,
}

/// The SVG, with a legend under it; `title` is read by screen readers.
pub fn rating_chart(title: &str, lines: &[Line], date: impl Fn(i64) -> String) -> Markup {
    let all = lines.iter().flat_map(|l| l.points.iter());
    let (mut t0, mut t1) = (i64::MAX, i64::MIN);
    let (mut r0, mut r1) = (f64::MAX, f64::MIN);
    for &(t, r) in all {
        t0 = t0.min(t);
        t1 = t1.max(t);
        r0 = r0.min(r);
        r1 = r1.max(r);
    }
    if t0 > t1 {
        return html! {};
    }
    // Whole fifties around the ratings, at least a hundred points tall.
    let lo = ((r0 - 25.0) / 50.0).floor() * 50.0;
    let mut hi = ((r1 + 25.0) / 50.0).ceil() * 50.0;
    if hi - lo < 100.0 {
        hi = lo + 100.0;
    }
    let span = (t1 - t0).max(1) as f64;
    let x = |t: i64| {
        if t1 == t0 {
            LEFT + (WIDTH - LEFT - RIGHT) / 2.0
        } else {
            LEFT + (t - t0) as f64 / span * (WIDTH - LEFT - RIGHT)
        }
    };
    let y = |r: f64| TOP + (hi - r) / (hi - lo) * (HEIGHT - TOP - BOTTOM);
    let grid: Vec<f64> = (0..=4)
        .map(|i| lo + (hi - lo) * f64::from(i) / 4.0)
        .collect();
    html! {
        figure.chart {
            svg viewBox=(format!("0 0 {WIDTH} {HEIGHT}")) role="img" aria-label=(title) {
                title { (title) }
                @for r in &grid {
                    line.grid x1=(LEFT) x2=(WIDTH - RIGHT) y1=(y(*r)) y2=(y(*r)) {}
                    text.axis x=(LEFT - 6.0) y=(y(*r) + 4.0) text-anchor="end" { (r.round()) }
                }
                text.axis x=(LEFT) y=(HEIGHT - 8.0) text-anchor="start" { (date(t0)) }
                @if t1 != t0 {
                    text.axis x=(WIDTH - RIGHT) y=(HEIGHT - 8.0) text-anchor="end" { (date(t1)) }
                }
                @for (i, line) in lines.iter().enumerate() {
                    @let colour = COLOURS[i % COLOURS.len()];
                    @let points = line.points.iter()
                        .map(|&(t, r)| format!("{:.1},{:.1}", x(t), y(r)))
                        .collect::<Vec<_>>()
                        .join(" ");
                    polyline points=(points) fill="none" stroke=(colour) stroke-width="2.5" {}
                    @if let Some(&(t, r)) = line.points.last() {
                        circle cx=(format!("{:.1}", x(t))) cy=(format!("{:.1}", y(r))) r="4" fill=(colour) {}
                    }
                }
            }
            figcaption {
                @for (i, line) in lines.iter().enumerate() {
                    span.key style=(format!("--c:{}", COLOURS[i % COLOURS.len()])) { (line.label) }
                    " "
                }
            }
        }
    }
}
