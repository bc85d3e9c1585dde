//! The standings picture: the table of points and tie-breaks, and a round robin's crosstable.

use super::*;

pub(super) fn draw_standings(s: &Standings, lang: Lang) -> Canvas {
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
