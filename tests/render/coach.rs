//! The coach's pictures and words: the summary describes the graph's curve, and a mistake's
//! board draws the whole move.

use parlor::ai::analysis::{Analysis, TurningKind};
use parlor::games::{AnyGame, AnyMove, GameKind, Side};
use parlor::i18n::{Arg, Lang, Msg};

/// A standard Lines of Action match of as many plies as `white` has points (moves that do not
/// end it), analysed with White's chance after each ply as given, the AI agreeing with
/// every move; `winner` as the store would set it.
fn analysed(white: &[f64], winner: Option<Side>) -> (Analysis, AnyGame) {
    let start = AnyGame::new(GameKind::Loa, "").expect("standard LOA");
    let mut game = start.clone();
    let mut moves: Vec<AnyMove> = Vec::new();
    let mut text = String::from("start 0.5\n");
    for (i, &w) in white.iter().enumerate() {
        // A move that does not end the match (the match must last as long as the curve).
        let legal = game.legal_moves();
        let mv = (0..legal.len())
            .map(|k| legal[(k + i * 7) % legal.len()])
            .find(|mv| {
                let mut next = game.clone();
                next.play(mv).is_ok() && !next.status().is_over()
            })
            .expect("a move that goes on");
        let notation = game.format_move(&mv).expect("a legal move has a notation");
        // Chances are the mover's: White moves on odd plies.
        let mover = if i % 2 == 0 { w } else { 1.0 - w };
        text.push_str(&format!("{notation} {mover} {notation} {mover}\n"));
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    let mut analysis = Analysis::from_text(&start, &moves, &text).expect("it reads");
    analysis.set_winner(winner);
    (analysis, start)
}

fn arg<'a>(msg: &'a Msg, name: &str) -> &'a Arg {
    msg.args
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, a)| a)
        .unwrap_or_else(|| panic!("{} has no {name}: {msg:?}", msg.id))
}

fn num(msg: &Msg, name: &str) -> i64 {
    match arg(msg, name) {
        Arg::Num(n) => *n,
        other => panic!("{name} is {other:?}"),
    }
}

fn inner<'a>(msg: &'a Msg, name: &str) -> &'a Msg {
    match arg(msg, name) {
        Arg::Msg(m) => m,
        other => panic!("{name} is {other:?}"),
    }
}

/// The side a `coach-side` argument names.
fn side(msg: &Msg, name: &str) -> String {
    let m = inner(msg, name);
    assert_eq!(m.id, "coach-side");
    match arg(m, "side") {
        Arg::Plain(s) => s.clone(),
        other => panic!("{other:?}"),
    }
}

/// Says the summary in both languages: every argument is used, French spacing holds.
fn assert_said(msg: &Msg) {
    for lang in [Lang::En, Lang::Fr] {
        let text = msg.text(lang);
        assert!(
            !text.contains('{') && !text.contains('$'),
            "{lang:?}: {text}"
        );
        if lang == Lang::Fr {
            for (i, mark) in text.char_indices() {
                if [':', ';', '?', '!'].contains(&mark) {
                    assert!(text[..i].ends_with('\u{202f}'), "{text}");
                }
            }
        }
    }
}

/// Issue 39: the first side above 50 % for the whole match but one move's dip near the end,
/// then its win. The summary says it led all match (97 % of the moves), not that the other side
/// was ahead until the dip; the graph's turning point is no dip either.
#[test]
fn a_side_ahead_all_match_but_one_dip_is_said_to_have_led_all_match() {
    let mut white: Vec<f64> = (1..=40)
        .map(|ply| if ply == 37 { 0.4 } else { 0.75 })
        .collect();
    white.push(1.0);
    let (analysis, start) = analysed(&white, Some(Side::First));
    let msg = parlor::render::summary(&analysis, &start);
    assert_eq!(msg.id, "coach-summary-led");
    assert_eq!(side(&msg, "first"), "white");
    assert_eq!(side(&msg, "leader"), "white");
    assert_eq!(num(&msg, "share"), 97);
    let result = inner(&msg, "result");
    assert_eq!(result.id, "coach-result-won");
    assert_eq!(side(result, "winner"), "white");
    assert_ne!(
        analysis.turning_point.map(|t| t.kind),
        Some(TurningKind::LeadTaken)
    );
    assert_said(&msg);
}

/// One side leads most of the game, the other takes the lead for good: the summary names the
/// one who led, the share, the move where the lead turned and the one who took it, and the
/// graph's turning point is that move.
#[test]
fn a_lead_that_changes_hands_once_names_the_turning_move() {
    // White ahead for 20 moves (with a passing dip on move 8), Black from move 21 to the end.
    let white: Vec<f64> = (1..=30)
        .map(|ply| match ply {
            8 => 0.45,
            1..=20 => 0.7,
            _ => 0.25,
        })
        .collect();
    let (analysis, start) = analysed(&white, Some(Side::Second));
    let msg = parlor::render::summary(&analysis, &start);
    assert_eq!(msg.id, "coach-summary-turned");
    assert_eq!(side(&msg, "first"), "white");
    assert_eq!(side(&msg, "to"), "black");
    assert_eq!(num(&msg, "n"), 21);
    assert_eq!(side(&msg, "leader"), "white");
    assert_eq!(num(&msg, "share"), 63);
    assert_eq!(inner(&msg, "result").id, "coach-result-won");
    assert_eq!(side(inner(&msg, "result"), "winner"), "black");
    let turn = analysis.turning_point.expect("a turning point");
    assert_eq!((turn.ply, turn.kind), (21, TurningKind::LeadTaken));
    assert_said(&msg);
}

/// A lead that changed hands twice; a winner (by resignation) whom the AI still had behind; a
/// curve level all along.
#[test]
fn several_changes_a_winner_behind_and_a_level_match_are_said_as_such() {
    let white: Vec<f64> = (1..=12)
        .map(|ply| match ply {
            1..=4 => 0.6,
            5..=8 => 0.3,
            _ => 0.8,
        })
        .collect();
    let (analysis, start) = analysed(&white, Some(Side::Second));
    let msg = parlor::render::summary(&analysis, &start);
    assert_eq!(msg.id, "coach-summary-turns");
    assert_eq!(num(&msg, "turns"), 2);
    assert_eq!((side(&msg, "to"), num(&msg, "n")), ("white".to_string(), 9));
    assert_eq!(
        (side(&msg, "leader"), num(&msg, "share")),
        ("white".to_string(), 66)
    );
    assert_eq!(inner(&msg, "result").id, "coach-result-behind");
    assert_said(&msg);

    let (analysis, start) = analysed(&[0.5; 6], None);
    let msg = parlor::render::summary(&analysis, &start);
    assert_eq!(msg.id, "coach-summary-level");
    assert_eq!(inner(&msg, "result").id, "coach-result-draw");
    assert_said(&msg);
}

/// A parachute move of Lines of Action is a slide and a drop: its board draws both, the arrow
/// of the slide and a ring on the dropped stone's square, in the played move's colour.
#[test]
fn a_parachute_moves_board_draws_the_drop_as_well_as_the_slide() {
    use parlor::render::palette::{CAPTURE, REGION};
    use parlor::render::{
        Arrow, ArrowKind, PlayerLabel, Scene, board_png, board_png_with_arrows, square_center,
        square_size,
    };
    let game = AnyGame::new(GameKind::Loa, "setup=parachute").expect("parachute LOA");
    let far = |a: (u8, u8), b: (u8, u8)| a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)) >= 3;
    // Two moves whose drops lie well away from every slide's squares.
    let parts = |mv: &AnyMove| match mv {
        AnyMove::Loa(m) => (m.from(), m.to(), m.drop_square()),
        _ => (None, None, None),
    };
    let legal = game.legal_moves();
    let mut picked = legal
        .iter()
        .filter(|mv| matches!(parts(mv), (Some(a), Some(b), Some(d)) if far(a, d) && far(b, d)));
    let played = *picked.next().expect("a parachute move with a drop");
    let (_, _, played_drop) = parts(&played);
    let better = *picked
        .find(|mv| {
            let (a, b, d) = parts(mv);
            let (pa, pb, pd) = parts(&played);
            [a, b, d]
                .into_iter()
                .flatten()
                .all(|s| [pa, pb, pd].into_iter().flatten().all(|p| far(s, p)))
        })
        .expect("a second parachute move elsewhere");
    let (_, _, better_drop) = parts(&better);
    let scene = Scene {
        game: &game,
        last_move: None,
        seats: Vec::new(),
        players: [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")],
        move_number: 0,
        show_region: true,
        lang: Lang::En,
        result: None,
        caption: None,
    };
    let arrows = [
        Arrow {
            mv: played,
            kind: ArrowKind::Played,
        },
        Arrow {
            mv: better,
            kind: ArrowKind::Better,
        },
    ];
    let png = board_png_with_arrows(&scene, &arrows);
    if let Ok(dir) = std::env::var("PARLOR_PICTURES") {
        std::fs::write(format!("{dir}/parachute-mistake.png"), &png).expect("written");
    }
    let with = decode(&png);
    let without = decode(&board_png(&scene));
    let s = square_size(&game);
    for (drop, colour) in [(played_drop, CAPTURE), (better_drop, REGION)] {
        let (f, r) = drop.expect("a drop");
        let (x, y) = square_center(&game, Side::First, f, r).expect("on the board");
        // The ring passes 0.36 squares from the centre, left and right of it.
        let dx = (s as f32 * 0.36).round() as u32;
        for point in [(x + dx, y), (x - dx, y)] {
            assert_eq!(
                with.get_pixel(point.0, point.1).0,
                colour,
                "drop at {point:?}"
            );
            assert_ne!(without.get_pixel(point.0, point.1).0, colour, "{point:?}");
        }
    }
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("the PNG decodes")
        .to_rgb8()
}

/// A Lightning turn from the reserve (`RX-b1`) is two parts: its board rings the tile taken in
/// the reserve and the square it goes to, in both languages (the reserve's place follows the
/// words before it).
#[test]
fn a_lightning_turn_from_the_reserve_draws_the_tile_taken_and_where_it_goes() {
    use parlor::games::lightning::{Source, Target};
    use parlor::render::palette::CAPTURE;
    use parlor::render::{
        Arrow, ArrowKind, PlayerLabel, Scene, board_png, board_png_with_arrows,
        reserve_icon_center, square_center, square_size,
    };
    let mut game = AnyGame::new(GameKind::Lightning, "seed=3").expect("lightning");
    // The first player lays a tile on their start row, the second puts one into the reserve.
    for text in ["P", "a1", "P", "R"] {
        let mv = game.parse_move(text).expect("legal");
        game.play(&mv).expect("legal");
    }
    let mover = game.status().to_move().expect("in play");
    let from_reserve = game.legal_moves().into_iter().find_map(|mv| match mv {
        AnyMove::Lightning(m)
            if m.source() == Source::Reserve && matches!(m.target(), Some(Target::Own(_, 0))) =>
        {
            Some((mv, m))
        }
        _ => None,
    });
    let (mv, m) = from_reserve.expect("a whole turn from the reserve to the start row");
    let (Some(design), Some(Target::Own(f, r))) = (m.design(), m.target()) else {
        panic!("{m:?}");
    };
    let s = square_size(&game) as f32;
    for lang in [Lang::En, Lang::Fr] {
        let scene = Scene {
            game: &game,
            last_move: None,
            seats: Vec::new(),
            players: [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")],
            move_number: 4,
            show_region: true,
            lang,
            result: None,
            caption: None,
        };
        let arrows = [Arrow {
            mv,
            kind: ArrowKind::Played,
        }];
        let png = board_png_with_arrows(&scene, &arrows);
        if let Ok(dir) = std::env::var("PARLOR_PICTURES") {
            std::fs::write(format!("{dir}/lightning-reserve-{lang:?}.png"), &png).expect("written");
        }
        let with = decode(&png);
        let without = decode(&board_png(&scene));
        let (sx, sy) = square_center(&game, mover, f, r).expect("on the board");
        let (ix, iy) = reserve_icon_center(design.index(), lang);
        let dx = s * 0.36;
        for (x, y) in [(sx as f32, sy as f32), (ix, iy)] {
            for point in [
                ((x + dx).round() as u32, y as u32),
                ((x - dx).round() as u32, y as u32),
            ] {
                assert_eq!(
                    with.get_pixel(point.0, point.1).0,
                    CAPTURE,
                    "{lang:?} {point:?}"
                );
                assert_ne!(
                    without.get_pixel(point.0, point.1).0,
                    CAPTURE,
                    "{lang:?} {point:?}"
                );
            }
        }
    }
}
