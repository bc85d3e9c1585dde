//! A round's pairings as a picture.

use super::*;

pub(super) fn draw_pairings(p: &Pairings, lang: Lang) -> Canvas {
    let (w, h) = pairings_size(p);
    let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
    let subtitle = pairings_subtitle(&p.heading).text(lang);
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
