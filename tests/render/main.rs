//! Board pictures and replays: they decode, have the advertised size, are deterministic, and
//! show what the engines say (sampled at square centres), with the last move marked.

mod canvas;
mod coach;
mod describe;
mod encode;
mod frame;
#[path = "../support/lcg.rs"]
mod lcg;
mod loa;
mod lzw;
mod puzzle;
mod render_palette;
mod render_tournament;
mod text;
mod tournament;

use std::io::Cursor;

use image::{AnimationDecoder, RgbImage};
use lcg::Lcg;
use parlor::games::barrier::Barrier;
use parlor::games::{AnyGame, AnyMove, GameKind, Side, Status};
use parlor::i18n::Lang;
use parlor::render::canvas::{Canvas, Draw, Shape, Sprite, fill};
use parlor::render::encode::{Backdrop, PNG_COLOURS, Quantizer, png, png_over};
use parlor::render::palette::{self, Rgb};
use parlor::render::{
    PlayerLabel, RenderError, Scene, board_png, picture_size, replay_gif, square_center,
    square_size,
};

/// A game played from the start with up to `plies` pseudo-random legal moves.
struct Played {
    start: AnyGame,
    moves: Vec<AnyMove>,
    game: AnyGame,
    before: Option<AnyGame>,
}

fn play(kind: GameKind, options: &str, plies: usize, seed: u64) -> Played {
    let start = AnyGame::new(kind, options).expect("valid options");
    let mut game = start.clone();
    let mut rng = Lcg(seed);
    let mut moves = Vec::new();
    let mut before = None;
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        before = Some(game.clone());
        game.play(&mv).expect("a legal move plays");
        moves.push(mv);
    }
    Played {
        start,
        moves,
        game,
        before,
    }
}

impl Played {
    fn scene(&self) -> Scene<'_> {
        Scene {
            game: &self.game,
            last_move: self.before.as_ref().zip(self.moves.last().copied()),
            seats: Vec::new(),
            players: [
                PlayerLabel::new("Alice").with_rating("1523"),
                PlayerLabel::new("Bob"),
            ],
            move_number: self.moves.len() as u32,
            show_region: true,
            lang: Lang::En,
            result: None,
            caption: None,
        }
    }
}

/// Writes `png` to `{path}.png` and, as a phone shows it (360 px wide), to `{path}-phone.png`:
/// the pictures `PARLOR_PICTURES` asks for, to look at.
fn save_with_phone_view(png: &[u8], path: &str) {
    std::fs::write(format!("{path}.png"), png).expect("written");
    let full = image::load_from_memory(png).expect("a PNG");
    let high = full.height() * 360 / full.width();
    let phone = full.resize(360, high, image::imageops::FilterType::Triangle);
    phone.save(format!("{path}-phone.png")).expect("written");
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("the PNG decodes")
        .to_rgb8()
}

fn at(img: &RgbImage, (x, y): (u32, u32)) -> Rgb {
    img.get_pixel(x, y).0
}

fn centre(game: &AnyGame, half: Side, file: u8, rank: u8) -> (u32, u32) {
    square_center(game, half, file, rank).expect("the square is on the board")
}

/// The top-left pixel of a square.
fn corner(game: &AnyGame, half: Side, file: u8, rank: u8) -> (u32, u32) {
    let (x, y) = centre(game, half, file, rank);
    let s = square_size(game);
    (x - s / 2, y - s / 2)
}

/// Whether a square carries the last-move mark: the frame on its left edge (a quarter of the
/// way down, clear of lines drawn from the centre to the sides or corners).
fn marked(img: &RgbImage, game: &AnyGame, file: u8, rank: u8) -> bool {
    let (x, y) = corner(game, Side::First, file, rank);
    let s = square_size(game);
    at(img, (x, y + s / 4)) == palette::HIGHLIGHT_EDGE
}

/// Distinct colours in a disc around a point.
fn colours_near(img: &RgbImage, (cx, cy): (u32, u32), radius: u32) -> Vec<Rgb> {
    let mut out = Vec::new();
    for y in cy - radius..=cy + radius {
        for x in cx - radius..=cx + radius {
            let (dx, dy) = (x.abs_diff(cx), y.abs_diff(cy));
            if dx * dx + dy * dy <= radius * radius && !out.contains(&at(img, (x, y))) {
                out.push(at(img, (x, y)));
            }
        }
    }
    out
}

#[test]
fn every_game_draws_a_decodable_picture_of_the_advertised_size() {
    for (kind, options) in [
        (GameKind::Loa, ""),
        (GameKind::Loa, "setup=parachute"),
        (GameKind::Simultana, ""),
        (GameKind::Barrier, ""),
        (GameKind::Lightning, "seed=5"),
    ] {
        let game = AnyGame::new(kind, options).expect("valid options");
        let png = board_png(&Scene::new(&game));
        let img = decode(&png);
        assert_eq!(img.dimensions(), picture_size(&game), "{kind}");
        assert!(
            img.width() >= 480 && img.width() <= 560,
            "{kind}: about 512 px wide"
        );
        let p = play(kind, options, 30, 7);
        let img = decode(&board_png(&p.scene()));
        assert_eq!(
            img.dimensions(),
            picture_size(&p.game),
            "{kind} after moves"
        );
    }
}

#[test]
fn pictures_are_deterministic() {
    for (kind, options) in [
        (GameKind::Loa, "setup=parachute"),
        (GameKind::Simultana, ""),
        (GameKind::Barrier, ""),
        (GameKind::Lightning, "seed=9"),
    ] {
        let p = play(kind, options, 25, 11);
        assert_eq!(board_png(&p.scene()), board_png(&p.scene()), "{kind}");
    }
}

#[test]
fn loa_squares_show_the_stones_and_the_last_move() {
    use parlor::games::loa::Color;
    let mut captures = 0;
    for (i, options) in [
        "",
        "rules=olympiad",
        "setup=scrambled-eggs",
        "setup=parachute",
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 1..8 {
            let p = play(
                GameKind::Loa,
                options,
                3 + seed as usize * 4,
                seed + 10 * i as u64,
            );
            let AnyGame::Loa(g) = &p.game else {
                unreachable!()
            };
            let Some(AnyMove::Loa(mv)) = p.moves.last() else {
                panic!("no move")
            };
            let img = decode(&board_png(&p.scene()));
            let touched: Vec<(u8, u8)> = [mv.from(), mv.to(), mv.drop_square()]
                .into_iter()
                .flatten()
                .collect();
            for f in 0..8 {
                for r in 0..8 {
                    let moved = touched.contains(&(f, r));
                    let dark = (f + r) % 2 == 0;
                    let expected = match (g.piece_at(f, r), moved, dark) {
                        (Some(Color::White), _, _) => palette::WHITE_PIECE,
                        (Some(Color::Black), _, _) => palette::BLACK_PIECE,
                        (None, true, true) => palette::DARK_MOVED,
                        (None, true, false) => palette::LIGHT_MOVED,
                        (None, false, true) => palette::DARK,
                        (None, false, false) => palette::LIGHT,
                    };
                    let c = centre(&p.game, Side::First, f, r);
                    assert_eq!(at(&img, c), expected, "{options} seed {seed} {f},{r}");
                    assert_eq!(
                        marked(&img, &p.game, f, r),
                        moved,
                        "{options} {seed} {f},{r}"
                    );
                }
            }
            // A capture puts a badge in the top-right corner of the square reached.
            let (x, y) = mv
                .to()
                .map_or((0, 0), |(f, r)| corner(&p.game, Side::First, f, r));
            let s = square_size(&p.game);
            let badge = colours_near(&img, (x + s - s / 6, y + s / 6), 2);
            assert_eq!(
                badge.contains(&palette::CAPTURE),
                mv.is_capture(),
                "{options} {seed}"
            );
            captures += usize::from(mv.is_capture());
        }
    }
    assert!(
        captures > 0,
        "no capture among the games: the badge went untested"
    );
}

#[test]
fn loa_parachute_pictures_have_the_held_stones_footer() {
    let plain = AnyGame::new(GameKind::Loa, "").expect("options");
    let parachute = AnyGame::new(GameKind::Loa, "setup=parachute").expect("options");
    let (w, h) = picture_size(&plain);
    let (pw, ph) = picture_size(&parachute);
    assert_eq!(w, pw);
    assert!(ph > h);
    // Below the board and its letters, the parachute picture holds white and black stones.
    let img = decode(&board_png(&Scene::new(&parachute)));
    let footer: Vec<Rgb> = (h..ph)
        .flat_map(|y| (0..pw).map(move |x| (x, y)))
        .map(|p| at(&img, p))
        .collect();
    assert!(footer.contains(&palette::WHITE_PIECE) && footer.contains(&palette::BLACK_PIECE));
}

/// The footer's two trays of held stones stay in their halves in both languages (French says
/// "Les Blancs tiennent", and six stones side by side then ran into the other half and off the
/// picture): the first ends before the second side's words begin, the second inside the
/// picture, however many stones are held.
#[test]
fn loa_parachute_trays_stay_in_their_halves_in_every_language() {
    let start = AnyGame::new(GameKind::Loa, "setup=parachute").expect("options");
    let mut dropped = start.clone();
    let drop = dropped.parse_move("a2-c2@d5").expect("a legal drop");
    dropped.play(&drop).expect("legal");
    let (w, _) = picture_size(&start);
    for game in [&start, &dropped] {
        for lang in [Lang::En, Lang::Fr] {
            let img = decode(&board_png(&Scene {
                lang,
                ..Scene::new(game)
            }));
            let (_, ph) = img.dimensions();
            let footer = |xs: std::ops::Range<u32>| {
                (ph - 40..ph).flat_map(move |y| xs.clone().map(move |x| (x, y)))
            };
            let tray = |xs: std::ops::Range<u32>| footer(xs).any(|p| at(&img, p) == palette::LIGHT);
            assert!(tray(24..w / 2), "{lang:?}: the first tray is missing");
            assert!(tray(w / 2..w), "{lang:?}: the second tray is missing");
            assert!(
                !tray(w / 2 + 5..w / 2 + 8),
                "{lang:?}: the first tray runs into the second side's words"
            );
            assert!(
                !tray(w - 4..w),
                "{lang:?}: the second tray runs off the picture"
            );
        }
    }
}

#[test]
fn simultana_squares_show_what_the_engine_has() {
    for seed in 1..6 {
        let p = play(GameKind::Simultana, "", 12, seed);
        let AnyGame::Simultana(g) = &p.game else {
            unreachable!()
        };
        let (Some(AnyGame::Simultana(before)), Some(AnyMove::Simultana(mv))) =
            (&p.before, p.moves.last())
        else {
            panic!("seed {seed}: the game ended at once")
        };
        let region = before.qualifying_region(mv).expect("the move was legal");
        let img = decode(&board_png(&p.scene()));
        for f in 0..5 {
            for r in 0..5 {
                let moved = [mv.from(), mv.to()].contains(&(f, r));
                let expected = match g.piece_at(f, r) {
                    Some(Side::First) => palette::WHITE_PIECE,
                    Some(Side::Second) => palette::BLACK_PIECE,
                    None if moved => palette::SIM_MOVED,
                    None if region.contains(&(f, r)) => palette::REGION,
                    None => palette::SIM_SQUARE,
                };
                let got = at(&img, centre(&p.game, Side::First, f, r));
                assert_eq!(got, expected, "seed {seed}, square {f},{r}");
                assert_eq!(marked(&img, &p.game, f, r), moved, "seed {seed}, {f},{r}");
            }
        }
    }
}

#[test]
fn simultana_region_shading_is_optional() {
    let p = play(GameKind::Simultana, "", 1, 3);
    let mut scene = p.scene();
    scene.show_region = false;
    let img = decode(&board_png(&scene));
    let colours: Vec<Rgb> = img.pixels().map(|p| p.0).collect();
    assert!(!colours.contains(&palette::REGION));
    scene.show_region = true;
    let img = decode(&board_png(&scene));
    assert!(img.pixels().any(|p| p.0 == palette::REGION));
}

#[test]
fn barrier_squares_show_pieces_crowns_tiles_and_captures() {
    let mut capture_seen = false;
    for seed in 1..40 {
        let p = play(GameKind::Barrier, "", 16 + seed as usize * 3, seed);
        let AnyGame::Barrier(g) = &p.game else {
            unreachable!()
        };
        let Some(AnyMove::Barrier(mv)) = p.moves.last() else {
            panic!("no move")
        };
        let img = decode(&board_png(&p.scene()));
        let s = square_size(&p.game);
        let captured = mv.captured();
        capture_seen |= !captured.is_empty();
        for f in 0..8 {
            for r in 0..8 {
                let c = centre(&p.game, Side::First, f, r);
                let near = colours_near(&img, c, s * 15 / 100);
                match g.piece_at(f, r) {
                    Some((side, crowned)) => {
                        let (mine, theirs) = match side {
                            Side::First => (palette::YELLOW_PIECE, palette::CLEAR_PIECE),
                            Side::Second => (palette::CLEAR_PIECE, palette::YELLOW_PIECE),
                        };
                        assert!(near.contains(&mine), "seed {seed} {f},{r}: piece colour");
                        assert!(!near.contains(&theirs), "seed {seed} {f},{r}: wrong side");
                        assert_eq!(
                            near.contains(&palette::CROWN),
                            crowned,
                            "seed {seed} {f},{r}"
                        );
                    }
                    None if captured.contains(&(f, r)) => {
                        assert_eq!(at(&img, c), palette::CAPTURE, "seed {seed} {f},{r}");
                    }
                    // Where the capturing piece started: the dot that begins the jump line.
                    None if mv.is_capture() && mv.squares()[0] == (f, r) => {
                        assert_eq!(at(&img, c), palette::CAPTURE, "seed {seed} {f},{r}");
                    }
                    None => match g.tile_at(f, r) {
                        Some(_) => {
                            assert!(near.contains(&palette::TILE), "seed {seed} {f},{r}");
                            assert_eq!(at(&img, c), palette::TILE_INK, "seed {seed} {f},{r}");
                        }
                        None => {
                            let plain = [
                                palette::BARRIER_LIGHT,
                                palette::BARRIER_DARK,
                                palette::BARRIER_BAND,
                                palette::BARRIER_LIGHT_MOVED,
                                palette::BARRIER_DARK_MOVED,
                                palette::BARRIER_BAND_MOVED,
                            ];
                            let got = at(&img, c);
                            let slot = Barrier::barrier_owner(f, r).is_some();
                            assert!(
                                plain.contains(&got) || slot,
                                "seed {seed} {f},{r}: {got:?} on an empty square"
                            );
                        }
                    },
                }
                let moved = mv.squares().contains(&(f, r));
                assert_eq!(marked(&img, &p.game, f, r), moved, "seed {seed} {f},{r}");
            }
        }
    }
    assert!(capture_seen, "no game captured: the test saw no cross");
}

#[test]
fn barrier_crowns_are_drawn() {
    // Play until some piece is crowned, then check the crown is on it.
    for seed in 1..200 {
        let p = play(GameKind::Barrier, "", 140, seed);
        let AnyGame::Barrier(g) = &p.game else {
            unreachable!()
        };
        let crowned: Vec<(u8, u8)> = (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .filter(|&(f, r)| g.piece_at(f, r).is_some_and(|p| p.1))
            .collect();
        if crowned.is_empty() {
            continue;
        }
        let img = decode(&board_png(&p.scene()));
        for (f, r) in crowned {
            let c = centre(&p.game, Side::First, f, r);
            assert_eq!(at(&img, c), palette::CROWN, "seed {seed} {f},{r}");
        }
        return;
    }
    panic!("no random game crowned a piece");
}

#[test]
fn lightning_tiles_show_their_design_on_the_right_half() {
    // How many tiles of each look (line, blocking, other) the games showed.
    let mut looks = [0; 3];
    for seed in 1..5 {
        let p = play(GameKind::Lightning, &format!("seed={seed}"), 60, seed);
        let AnyGame::Lightning(g) = &p.game else {
            unreachable!()
        };
        let img = decode(&board_png(&p.scene()));
        let s = square_size(&p.game) as f32;
        let mut tiles = 0;
        for half in Side::BOTH {
            let connected = g.connected_part(half);
            let blocking = g.blocking_tiles(half);
            for f in 0..8 {
                for r in 0..17 {
                    let (x, y) = centre(&p.game, half, f, r);
                    let face = at(&img, (x - s as u32 / 2 + 4, y));
                    let Some(design) = g.tile_at(half, f, r) else {
                        assert_eq!(at(&img, (x, y)), palette::NIGHT, "{half:?} {f},{r}");
                        assert_eq!(face, palette::NIGHT, "{half:?} {f},{r}");
                        continue;
                    };
                    tiles += 1;
                    let (look, ink, tile) = if connected.contains(&(f, r)) {
                        (0, palette::BOLT, palette::BOLT_TILE)
                    } else if blocking.contains(&(f, r)) {
                        (1, palette::DIM_BOLT, palette::BLOCK_FACE)
                    } else {
                        (2, palette::DIM_BOLT, palette::BOLT_TILE)
                    };
                    looks[look] += 1;
                    assert_eq!(at(&img, (x, y)), ink, "{half:?} {f},{r}: centre");
                    assert_eq!(face, tile, "{half:?} {f},{r}: tile face");
                    // Each stroke from a corner to the centre passes its midpoint: sample the
                    // four midpoints and compare with the corners the design's strokes reach.
                    use parlor::games::lightning::Point;
                    let quarter = s / 4.0 - 0.6;
                    for (corner, (dx, dy)) in [
                        (Point::SW, (-1.0, 1.0)),
                        (Point::SE, (1.0, 1.0)),
                        (Point::NW, (-1.0, -1.0)),
                        (Point::NE, (1.0, -1.0)),
                    ] {
                        let p = (
                            (x as f32 + dx * quarter) as u32,
                            (y as f32 + dy * quarter) as u32,
                        );
                        let has = design
                            .strokes()
                            .iter()
                            .any(|&(a, b)| a == corner || b == corner);
                        let inked = closer(at(&img, p), ink, tile);
                        assert_eq!(inked, has, "{design:?} at {half:?} {f},{r}, {corner:?}");
                    }
                }
            }
        }
        assert!(tiles > 10, "seed {seed}: only {tiles} tiles laid");
    }
    assert!(
        looks.iter().all(|&n| n > 0),
        "not every look was seen: {looks:?}"
    );
}

/// Whether `c` is nearer to `a` than to `b`.
fn closer(c: Rgb, a: Rgb, b: Rgb) -> bool {
    let d = |x: Rgb, y: Rgb| -> i32 {
        (0..3)
            .map(|i| (i32::from(x[i]) - i32::from(y[i])).pow(2))
            .sum()
    };
    d(c, a) < d(c, b)
}

#[test]
fn lightning_marks_the_tile_just_placed_and_the_winning_line() {
    // Two steps: draw (the hand shows the tile), then put it on the start row.
    let start = AnyGame::new(GameKind::Lightning, "seed=4").expect("options");
    let mut game = start.clone();
    let draw = game.parse_move("P").expect("drawing is legal");
    game.play(&draw).expect("draw");
    let put = game.parse_move("-c1").expect("the first tile may go on c1");
    let before = game.clone();
    game.play(&put).expect("put");
    let scene = Scene {
        last_move: Some((&before, put)),
        move_number: 2,
        ..Scene::new(&game)
    };
    let img = decode(&board_png(&scene));
    let (x, y) = corner(&game, Side::First, 2, 0);
    assert_eq!(at(&img, (x, y + 10)), palette::BOLT_MOVED, "frame round c1");
    let (x, y) = corner(&game, Side::First, 4, 0);
    assert_ne!(
        at(&img, (x, y + 10)),
        palette::BOLT_MOVED,
        "no frame round e1"
    );

    // A finished game: First's column of crosses is highlighted; Second's tiles are not.
    let column = "X7/".repeat(16) + "X7";
    let text = format!(
        "lightning seed=4 drawn=18 first={column} second=8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/S7 \
         reserve=S0B0X0A0V0 hand=- to=second started=yes result=first-connection"
    );
    let game = AnyGame::import(&text).expect("a hand-written finished position");
    assert!(game.status().is_over());
    let img = decode(&board_png(&Scene::new(&game)));
    for r in 0..17 {
        let (x, y) = centre(&game, Side::First, 0, r);
        assert_eq!(at(&img, (x, y)), palette::WIN_BOLT, "a{}", r + 1);
        assert_eq!(at(&img, (x - 10, y)), palette::WIN_TILE, "a{}", r + 1);
    }
    let (x, y) = centre(&game, Side::Second, 0, 0);
    assert_eq!(at(&img, (x, y)), palette::BOLT, "the loser's tile is plain");
    assert!(
        header_has(&img, palette::BANNER, 56, 84),
        "the game-over banner"
    );
}

/// Whether a band of header rows holds a colour.
fn header_has(img: &RgbImage, colour: Rgb, from: u32, to: u32) -> bool {
    (from..to).any(|y| (0..img.width()).any(|x| at(img, (x, y)) == colour))
}

/// Whether the accent bar is under the left (seat 0) or right (seat 1) player panel.
fn turn_bar(img: &RgbImage, seat: usize) -> bool {
    let half = img.width() / 2;
    let xs = if seat == 0 {
        0..half
    } else {
        half..img.width()
    };
    (40..56).any(|y| xs.clone().any(|x| at(img, (x, y)) == palette::ACCENT))
}

#[test]
fn the_header_shows_whose_turn_it_is_and_the_banner_only_at_the_end() {
    for seed in 1..30 {
        let kind = if seed % 2 == 0 {
            GameKind::Simultana
        } else {
            GameKind::Loa
        };
        let p = play(kind, "", 200, seed);
        let img = decode(&board_png(&p.scene()));
        match p.game.status() {
            Status::ToMove(side) => {
                assert!(turn_bar(&img, side.index()), "seed {seed}");
                assert!(!turn_bar(&img, side.opponent().index()), "seed {seed}");
                assert!(!header_has(&img, palette::BANNER, 56, 84), "seed {seed}");
            }
            Status::Over(_) => {
                assert!(!turn_bar(&img, 0) && !turn_bar(&img, 1), "seed {seed}");
                assert!(header_has(&img, palette::BANNER, 56, 84), "seed {seed}");
            }
        }
    }
}

#[test]
fn hostile_names_neither_panic_nor_change_the_size() {
    let game = AnyGame::new(GameKind::Barrier, "").expect("options");
    let scene = Scene {
        seats: Vec::new(),
        players: [
            PlayerLabel::new("\u{202e}😀".repeat(5000)).with_rating("\n\t\0"),
            PlayerLabel::new("   "),
        ],
        ..Scene::new(&game)
    };
    let img = decode(&board_png(&scene));
    assert_eq!(img.dimensions(), picture_size(&game));
}

fn gif_frames(bytes: &[u8]) -> Vec<image::Frame> {
    image::codecs::gif::GifDecoder::new(Cursor::new(bytes))
        .expect("the GIF decodes")
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
}

#[test]
fn a_replay_has_one_frame_per_move_plus_the_start_and_ends_on_the_final_position() {
    for (kind, options, plies) in [
        (GameKind::Loa, "", 20),
        (GameKind::Simultana, "", 15),
        (GameKind::Barrier, "", 40),
        (GameKind::Lightning, "seed=2", 30),
    ] {
        let p = play(kind, options, plies, 5);
        let players = [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")];
        let gif =
            replay_gif(&p.start, &p.moves, players.clone(), Lang::En).expect("the replay is drawn");
        assert_eq!(
            gif,
            replay_gif(&p.start, &p.moves, players.clone(), Lang::En).expect("again")
        );
        let frames = gif_frames(&gif);
        assert_eq!(frames.len(), p.moves.len() + 1, "{kind}");
        let (w, h) = picture_size(&p.game);
        for f in &frames {
            assert_eq!(f.buffer().dimensions(), (w, h), "{kind}");
        }
        let delays: Vec<u32> = frames
            .iter()
            .map(|f| f.delay().numer_denom_ms().0 / f.delay().numer_denom_ms().1)
            .collect();
        assert!(
            delays[delays.len() - 1] > delays[0],
            "{kind}: a longer last frame"
        );
        // The last frame shows the final position as the PNG does, square by square.
        let scene = Scene {
            players,
            show_region: false,
            lang: Lang::En,
            ..p.scene()
        };
        let png = decode(&board_png(&scene));
        let last = frames.last().expect("frames").buffer();
        let halves: &[Side] = if kind == GameKind::Lightning {
            &Side::BOTH
        } else {
            &[Side::First]
        };
        let (files, ranks) = match kind {
            GameKind::Simultana => (5, 5),
            GameKind::Lightning => (8, 17),
            _ => (8, 8),
        };
        for &half in halves {
            for f in 0..files {
                for r in 0..ranks {
                    let (x, y) = centre(&p.game, half, f, r);
                    let gif_px = last.get_pixel(x, y).0;
                    assert_eq!(&gif_px[..3], &at(&png, (x, y)), "{kind} {half:?} {f},{r}");
                }
            }
        }
        // The first frame is the start position.
        let start = decode(&board_png(&Scene {
            players: [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")],
            seats: Vec::new(),
            ..Scene::new(&p.start)
        }));
        let first = frames[0].buffer();
        let (x, y) = centre(&p.start, Side::First, 0, 0);
        assert_eq!(&first.get_pixel(x, y).0[..3], &at(&start, (x, y)), "{kind}");
    }
}

#[test]
fn a_long_replay_plays_faster_and_lasts_about_a_minute() {
    let total_ms = |gif: &[u8]| -> u32 {
        gif_frames(gif)
            .iter()
            .map(|f| {
                let (n, d) = f.delay().numer_denom_ms();
                n / d
            })
            .sum()
    };
    let players = [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")];
    // A Lightning match runs to hundreds of plies: two per tile from the pile.
    let long = play(GameKind::Lightning, "seed=7", 400, 3);
    assert!(long.moves.len() > 150, "{} plies", long.moves.len());
    let gif = replay_gif(&long.start, &long.moves, players.clone(), Lang::En).expect("drawn");
    let ms = total_ms(&gif);
    assert!(
        (50_000..=61_000).contains(&ms),
        "{} plies last {ms} ms",
        long.moves.len()
    );
    // A short one keeps its calm pace: well under a minute, nine tenths of a second a move.
    let short = play(GameKind::Simultana, "", 10, 3);
    let gif = replay_gif(&short.start, &short.moves, players, Lang::En).expect("drawn");
    let frames = gif_frames(&gif);
    let (n, d) = frames[1].delay().numer_denom_ms();
    assert_eq!(n / d, 900);
}

#[test]
fn a_replay_refuses_an_illegal_move_and_names_it() {
    let start = AnyGame::new(GameKind::Simultana, "").expect("options");
    let mut game = start.clone();
    let first = game.parse_move("a2-a3").expect("legal");
    game.play(&first).expect("plays");
    // The same move again is not legal: a3 is White's now and it is Black's turn.
    let err =
        replay_gif(&start, &[first, first], Default::default(), Lang::En).expect_err("illegal");
    assert!(
        matches!(err, RenderError::IllegalMove { index: 2, .. }),
        "{err}"
    );
    let other = AnyGame::new(GameKind::Barrier, "").expect("options");
    let err = replay_gif(&other, &[first], Default::default(), Lang::En).expect_err("wrong game");
    assert!(
        matches!(err, RenderError::IllegalMove { index: 1, .. }),
        "{err}"
    );
}

#[test]
fn a_replay_of_no_moves_is_the_start_alone() {
    let start = AnyGame::new(GameKind::Lightning, "seed=1").expect("options");
    let frames = gif_frames(&replay_gif(&start, &[], Default::default(), Lang::En).expect("drawn"));
    assert_eq!(frames.len(), 1);
}

/// A French picture draws French words where the English one draws English: the Lightning
/// reserve rows (Réserve, Pioche, En main), the status line (Début) and the half labels all change,
/// while the size and the board stay the same.
#[test]
fn french_pictures_draw_french_words() {
    let game = AnyGame::new(GameKind::Lightning, "seed=7").expect("options");
    let en = decode(&board_png(&Scene::new(&game)));
    let fr = decode(&board_png(&Scene {
        lang: Lang::Fr,
        ..Scene::new(&game)
    }));
    assert_eq!(en.dimensions(), fr.dimensions());
    let w = en.dimensions().0;
    let changed = |x0: u32, y0: u32, x1: u32, y1: u32| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| en.get_pixel(x, y) != fr.get_pixel(x, y))
            .count()
    };
    // The reserve and pile labels, at the left under the header.
    assert!(
        changed(0, 88, 120, 145) > 50,
        "the reserve words did not change"
    );
    // The status line under the player panels.
    assert!(changed(0, 57, w, 84) > 50, "the status line did not change");
    // A square in the middle of a board is the same in both languages.
    let (x, y) = square_center(&game, Side::First, 2, 2).expect("a square");
    assert_eq!(at(&en, (x, y)), at(&fr, (x, y)));
    // A replay in French is drawn too.
    let gif = replay_gif(&game, &[], Default::default(), Lang::Fr).expect("drawn");
    assert!(gif.starts_with(b"GIF"));
}

/// With `PARLOR_PICTURES=dir`, writes each game in English and French (mid-game, and over) to
/// look at by eye: French words are longer.
#[test]
fn pictures_to_look_at() {
    let Ok(dir) = std::env::var("PARLOR_PICTURES") else {
        return;
    };
    for (name, kind, options, plies) in [
        ("loa", GameKind::Loa, "setup=parachute", 9),
        ("lightning", GameKind::Lightning, "seed=7", 31),
        ("barrier", GameKind::Barrier, "", 40),
        ("simultana", GameKind::Simultana, "", 20),
        ("loa-over", GameKind::Loa, "", 400),
        ("lightning-over", GameKind::Lightning, "seed=7", 400),
        ("barrier-over", GameKind::Barrier, "", 400),
        ("simultana-over", GameKind::Simultana, "", 400),
        ("lightning-late", GameKind::Lightning, "seed=7", 300),
        ("loa-four", GameKind::Loa, "players=4", 7),
        ("loa-four-over", GameKind::Loa, "players=4", 400),
        ("loa-ambidextrous", GameKind::Loa, "marks=alternate", 9),
        ("loa-cylinder", GameKind::Loa, "board=cylinder", 9),
        ("loa-cylinder-over", GameKind::Loa, "board=cylinder", 400),
    ] {
        let p = play(kind, options, plies, 5);
        for lang in Lang::ALL {
            let scene = Scene { lang, ..p.scene() };
            let path = format!("{dir}/{name}-{lang}.png");
            std::fs::write(&path, board_png(&scene)).expect("written");
        }
    }
    // Names in every script, and one too long for its card, on each game's player cards.
    let long = "Maximilian Alexander von Hohenzollern-Sigmaringen 🎲";
    let names = text::NAMES_IN_EVERY_SCRIPT.iter().chain([&long]);
    for (i, pair) in names.collect::<Vec<_>>().chunks(2).enumerate() {
        let second = pair.get(1).map_or("Bob", |n| **n);
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, "").expect("options");
            let scene = Scene {
                players: [PlayerLabel::new(*pair[0]), PlayerLabel::new(second)],
                ..Scene::new(&game)
            };
            let path = format!("{dir}/names-{i}-{kind:?}.png");
            std::fs::write(&path, board_png(&scene)).expect("written");
        }
    }
}

#[test]
fn loa_marked_stones_carry_a_ring_of_the_other_tone() {
    use parlor::games::loa::Color;
    let mut marked_seen = 0;
    for options in ["players=4", "marks=alternate"] {
        for seed in 1..6 {
            let p = play(GameKind::Loa, options, 3 + seed as usize * 5, seed);
            let AnyGame::Loa(g) = &p.game else {
                unreachable!()
            };
            let img = decode(&board_png(&p.scene()));
            // Where the mark's ring runs: 45 % of the stone's radius (80 % of the square).
            let ring = (square_size(&p.game) as f32 * 0.4 * 0.45) as u32;
            for f in 0..8 {
                for r in 0..8 {
                    let Some(color) = g.piece_at(f, r) else {
                        continue;
                    };
                    let (stone, mark) = match color {
                        Color::White => (palette::WHITE_PIECE, palette::WHITE_MARK),
                        Color::Black => (palette::BLACK_PIECE, palette::BLACK_MARK),
                    };
                    let (x, y) = centre(&p.game, Side::First, f, r);
                    let expected = if g.is_marked(f, r) { mark } else { stone };
                    assert_eq!(
                        at(&img, (x + ring, y)),
                        expected,
                        "{options} {seed} {f},{r}"
                    );
                    assert_eq!(at(&img, (x, y)), stone, "{options} {seed} {f},{r}");
                    marked_seen += usize::from(g.is_marked(f, r));
                }
            }
        }
    }
    assert!(marked_seen > 0, "no marked stone was drawn");
}

/// The x ranges of the four header quarters, and which one holds the accent bar of the player
/// to move (none when nobody's panel is lit).
fn lit_quarter(img: &RgbImage) -> Option<usize> {
    let q = img.width() / 4;
    let lit: Vec<usize> = (0..4)
        .filter(|&i| {
            (40..56).any(|y| (i * q..(i + 1) * q).any(|x| at(img, (x, y)) == palette::ACCENT))
        })
        .map(|i| i as usize)
        .collect();
    assert!(lit.len() <= 1, "several panels lit: {lit:?}");
    lit.first().copied()
}

/// How many player panels cross a row of the header.
fn panels_across(img: &RgbImage, y: u32) -> usize {
    let panel = |x| {
        let c = at(img, (x, y));
        c == palette::PANEL || c == palette::PANEL_ACTIVE
    };
    (0..img.width())
        .filter(|&x| panel(x) && (x == 0 || !panel(x - 1)))
        .count()
}

#[test]
fn loa_for_four_shows_four_panels_and_lights_the_seat_to_move() {
    use parlor::games::loa::PieceSet;
    let two = decode(&board_png(&play(GameKind::Loa, "", 3, 1).scene()));
    assert_eq!(panels_across(&two, 9), 2);
    let mut seen = [false; 4];
    for plies in 0..12 {
        let p = play(GameKind::Loa, "players=4", plies, 3);
        let AnyGame::Loa(g) = &p.game else {
            unreachable!()
        };
        let img = decode(&board_png(&p.scene()));
        assert_eq!(panels_across(&img, 9), 4, "{plies} plies");
        let Some(seat) = g.seat_to_move().filter(|_| !p.game.status().is_over()) else {
            assert_eq!(lit_quarter(&img), None);
            continue;
        };
        // The first team on the left, the second on the right; marked players outermost.
        let left = g.side_of(seat.color()) == Side::First;
        let outer = seat.pieces() == PieceSet::Marked;
        let expected = match (left, outer) {
            (true, true) => 0,
            (true, false) => 1,
            (false, false) => 2,
            (false, true) => 3,
        };
        assert_eq!(lit_quarter(&img), Some(expected), "{plies} plies: {seat:?}");
        seen[expected] = true;
    }
    assert_eq!(seen, [true; 4], "every seat had the turn");
}

#[test]
fn the_cylinder_ghosts_the_opposite_file_beyond_each_side() {
    use parlor::games::loa::Color;
    let mut stones_seen = 0;
    for seed in 1..5 {
        let p = play(GameKind::Loa, "board=cylinder", seed as usize * 6, seed);
        let AnyGame::Loa(g) = &p.game else {
            unreachable!()
        };
        let img = decode(&board_png(&p.scene()));
        let s = square_size(&p.game);
        for r in 0..8 {
            // Half way into each strip: left of file a shows file h, right of file h file a.
            let (ax, y) = corner(&p.game, Side::First, 0, r);
            let (hx, _) = corner(&p.game, Side::First, 7, r);
            let strips = [(ax - 14, 7u8), (hx + s + 14, 0u8)];
            for (x, file) in strips {
                let square = if (file + r) % 2 == 0 {
                    palette::DARK
                } else {
                    palette::LIGHT
                };
                let ghost_square = palette::mix(square, palette::BACKGROUND, palette::GHOST);
                let pixel = at(&img, (x, y + s / 2));
                match g.piece_at(file, r) {
                    None => assert!(
                        closer(pixel, ghost_square, palette::BACKGROUND) && pixel != square,
                        "seed {seed}: the strip beside rank {r} shows file {file}'s empty square"
                    ),
                    Some(color) => {
                        let stone = match color {
                            Color::White => palette::WHITE_PIECE,
                            Color::Black => palette::BLACK_PIECE,
                        };
                        let ghost_stone = palette::mix(stone, ghost_square, palette::GHOST);
                        assert!(
                            closer(pixel, ghost_stone, ghost_square),
                            "seed {seed}: the strip beside rank {r} shows file {file}'s stone"
                        );
                        stones_seen += 1;
                    }
                }
            }
        }
    }
    assert!(stones_seen > 0);
    // A flat board has no strips: the background runs up to the board.
    let flat = play(GameKind::Loa, "setup=scrambled-eggs", 6, 1);
    let img = decode(&board_png(&flat.scene()));
    let (ax, y) = corner(&flat.game, Side::First, 0, 3);
    assert_eq!(at(&img, (ax - 2, y + 10)), palette::BACKGROUND);
}

#[test]
fn a_loa_win_by_connection_links_the_winning_group() {
    use parlor::games::Reason;
    let mut wins = 0;
    for (options, seed) in [("", 1u64), ("", 2), ("players=4", 3), ("board=cylinder", 4)]
        .into_iter()
        .chain((5..12).map(|s| ("", s)))
    {
        let p = play(GameKind::Loa, options, 400, seed);
        let AnyGame::Loa(g) = &p.game else {
            unreachable!()
        };
        let Status::Over(outcome) = p.game.status() else {
            continue;
        };
        if outcome.reason != Reason::Connection {
            continue;
        }
        let winners: Vec<_> = match outcome.winner {
            Some(side) => vec![g.color_of(side)],
            None => vec![g.color_of(Side::First), g.color_of(Side::Second)],
        };
        let img = decode(&board_png(&p.scene()));
        let s = square_size(&p.game) as f32;
        for f in 0..8 {
            for r in 0..8 {
                let Some(color) = g.piece_at(f, r) else {
                    continue;
                };
                // Just outside the stone (80 % of the square): the halo of a winning stone.
                let (x, y) = centre(&p.game, Side::First, f, r);
                let halo = at(&img, (x + (s * 0.435) as u32, y)) == palette::WIN_LINK;
                assert_eq!(halo, winners.contains(&color), "{options} {seed} {f},{r}");
                // Between two touching winning stones, the link.
                if winners.contains(&color) && f < 7 && g.piece_at(f + 1, r) == Some(color) {
                    let between = at(&img, (x + s as u32 / 2, y));
                    assert_eq!(between, palette::WIN_LINK, "{options} {seed} {f},{r}");
                }
            }
        }
        wins += 1;
    }
    assert!(wins >= 3, "only {wins} games won by connection");
}

#[test]
fn barrier_pictures_have_a_key_to_the_owner_marks() {
    for plies in [0, 40] {
        let p = play(GameKind::Barrier, "", plies, 5);
        let img = decode(&board_png(&p.scene()));
        let (_, board_bottom) = corner(&p.game, Side::First, 0, 0);
        let s = square_size(&p.game);
        let footer = board_bottom + s + 26;
        // Each player's row of the footer shows a bit of tile face with the mark on it, left of
        // where the unplayed tiles or the piece counts begin.
        for row in 0..2 {
            let (y0, y1) = (footer + row * 36, footer + row * 36 + 36);
            let face = (y0..y1.min(img.height()))
                .any(|y| (24..165).any(|x| at(&img, (x, y)) == palette::TILE));
            let ink = (y0..y1.min(img.height()))
                .any(|y| (24..165).any(|x| at(&img, (x, y)) == palette::TILE_INK));
            assert!(face && ink, "{plies} plies, row {row}: no key to the marks");
        }
    }
}

/// A Lightning position from its two halves (ranks 17 down to 1, lower case for a tile the
/// half's opponent laid), with nothing in hand.
fn lightning_position(first: &str, second: &str, result: &str) -> AnyGame {
    let tiles = |h: &str| h.chars().filter(char::is_ascii_alphabetic).count();
    let text = format!(
        "lightning seed=4 drawn={} first={first} second={second} reserve=S0B0X0A0V0 hand=- \
         to=second started=yes result={result}",
        tiles(first) + tiles(second)
    );
    AnyGame::import(&text).expect("a hand-written position")
}

/// Whether a Lightning tile carries the blocking bars in `colour` (middle of its top edge).
fn blocking_bar(img: &RgbImage, game: &AnyGame, half: Side, f: u8, r: u8, colour: Rgb) -> bool {
    let (x, y) = corner(game, half, f, r);
    let s = square_size(game);
    (y + 1..y + 6).any(|y| at(img, (x + s / 2, y)) == colour)
}

#[test]
fn lightning_emphasises_the_connected_part_and_marks_blocking_tiles() {
    // First's half, ranks 3 to 1: a1 / b2 / c3 / connected from the start edge; d3 ∧ laid by
    // Second (touching the line, not joining it) and e1 ∨ laid by Second (off the line); g2 /
    // First's own, leading nowhere.
    let empty = "8/".repeat(14);
    let first = format!("{empty}2Sa4/1S4S1/S3v3");
    let second = format!("{empty}8/8/X7");
    let game = lightning_position(&first, &second, "-");
    let AnyGame::Lightning(g) = &game else {
        unreachable!()
    };
    assert_eq!(g.connected_part(Side::First), vec![(0, 0), (1, 1), (2, 2)]);
    assert_eq!(g.blocking_tiles(Side::First), vec![(4, 0), (3, 2)]);
    let img = decode(&board_png(&Scene::new(&game)));
    let bolt = |f, r| at(&img, centre(&game, Side::First, f, r));
    for (f, r) in [(0, 0), (1, 1), (2, 2)] {
        assert_eq!(bolt(f, r), palette::BOLT, "{f},{r}: the line is bright");
        assert!(!blocking_bar(
            &img,
            &game,
            Side::First,
            f,
            r,
            palette::SECOND_OWNER
        ));
    }
    for (f, r) in [(4, 0), (3, 2), (6, 1)] {
        assert_eq!(
            bolt(f, r),
            palette::DIM_BOLT,
            "{f},{r}: off the line, muted"
        );
    }
    // Second's blocking tiles carry Second's colour; First's own stray tile does not.
    for (f, r) in [(4, 0), (3, 2)] {
        assert!(blocking_bar(
            &img,
            &game,
            Side::First,
            f,
            r,
            palette::SECOND_OWNER
        ));
        let (x, y) = centre(&game, Side::First, f, r);
        assert_eq!(
            at(&img, (x - 10, y)),
            palette::BLOCK_FACE,
            "{f},{r}: brick face"
        );
    }
    assert!(!blocking_bar(
        &img,
        &game,
        Side::First,
        6,
        1,
        palette::SECOND_OWNER
    ));
    let (x, y) = centre(&game, Side::First, 6, 1);
    assert_eq!(at(&img, (x - 10, y)), palette::BOLT_TILE);
    // Second's cross on a1 reaches its start edge: its own line, bright.
    assert_eq!(at(&img, centre(&game, Side::Second, 0, 0)), palette::BOLT);
    // Nothing was blocked on Second's half: no First-coloured bars there.
    let (x0, _) = corner(&game, Side::Second, 0, 0);
    let (_, y0) = corner(&game, Side::Second, 0, 16);
    let s = square_size(&game);
    let orange = (y0..y0 + 17 * s)
        .any(|y| (x0..x0 + 8 * s).any(|x| at(&img, (x, y)) == palette::FIRST_OWNER));
    assert!(!orange, "no blocking mark on Second's half");
}

#[test]
fn a_won_lightning_game_shows_one_winning_path() {
    // First's column of crosses on c, with dead-end branches off it (d5 ∧, e5 /, b6 ∨) and a
    // lone tile off the line (g10 /).
    let mut ranks: Vec<String> = (0..17).map(|_| "2X5".to_string()).collect();
    ranks[4] = "2XAS3".to_string();
    ranks[5] = "1VX5".to_string();
    ranks[9] = "2X3S1".to_string();
    ranks.reverse();
    let first = ranks.join("/");
    let second = format!("{}S7", "8/".repeat(16));
    let game = lightning_position(&first, &second, "first-connection");
    assert!(game.status().is_over());
    let img = decode(&board_png(&Scene::new(&game)));
    for r in 0..17 {
        let (x, y) = centre(&game, Side::First, 2, r);
        assert_eq!(at(&img, (x, y)), palette::WIN_BOLT, "c{}", r + 1);
        assert_eq!(at(&img, (x - 10, y)), palette::WIN_TILE, "c{}", r + 1);
    }
    // The branches belong to the connected part, not to the path.
    for (f, r) in [(3, 4), (4, 4), (1, 5)] {
        let (x, y) = centre(&game, Side::First, f, r);
        assert_ne!(at(&img, (x - 10, y)), palette::WIN_TILE, "{f},{r}");
        assert_eq!(at(&img, (x - 10, y)), palette::BOLT_TILE, "{f},{r}");
    }
    assert_eq!(
        at(&img, centre(&game, Side::First, 6, 9)),
        palette::DIM_BOLT,
        "off the line"
    );
    // The loser's line is its connected part only.
    assert_eq!(at(&img, centre(&game, Side::Second, 0, 0)), palette::BOLT);
}

/// Whether the "no move" sign is drawn over a square (its top-right quarter).
fn no_move_sign(img: &RgbImage, game: &AnyGame, f: u8, r: u8) -> bool {
    let (x, y) = corner(game, Side::First, f, r);
    let s = square_size(game);
    (y..y + s / 2).any(|y| (x + s / 2..x + s).any(|x| at(img, (x, y)) == palette::NO_MOVE))
}

#[test]
fn simultana_marks_the_side_that_has_no_move() {
    use parlor::games::{Outcome, Reason};
    let mut seen = 0;
    for seed in 1..60 {
        let p = play(GameKind::Simultana, "", 300, seed);
        let AnyGame::Simultana(g) = &p.game else {
            unreachable!()
        };
        let blocked = match p.game.status() {
            Status::Over(Outcome {
                winner: Some(w),
                reason: Reason::Blocked,
            }) => w.opponent(),
            _ => continue,
        };
        let img = decode(&board_png(&p.scene()));
        for f in 0..5 {
            for r in 0..5 {
                let sign = no_move_sign(&img, &p.game, f, r);
                let expected = g.piece_at(f, r) == Some(blocked);
                assert_eq!(sign, expected, "seed {seed} {f},{r}");
            }
        }
        // The position before the last move: the game goes on, no sign anywhere.
        let before = p.before.as_ref().expect("a move was played");
        let img = decode(&board_png(&Scene::new(before)));
        assert!(
            !img.pixels().any(|px| px.0 == palette::NO_MOVE),
            "seed {seed}"
        );
        seen += 1;
        if seen == 3 {
            break;
        }
    }
    assert!(seen > 0, "no random game ended with a side blocked");
}

#[test]
fn barrier_draws_the_capturing_jump_and_only_a_capture() {
    let (mut captures, mut steps) = (0, 0);
    for seed in 1..40 {
        let p = play(GameKind::Barrier, "", 20 + seed as usize * 5, seed);
        let Some(AnyMove::Barrier(mv)) = p.moves.last() else {
            continue;
        };
        let img = decode(&board_png(&p.scene()));
        let squares = mv.squares();
        if squares.len() < 2 {
            continue;
        }
        // A third of the way from the start square's centre to the next square's centre.
        let (x0, y0) = centre(&p.game, Side::First, squares[0].0, squares[0].1);
        let (x1, y1) = centre(&p.game, Side::First, squares[1].0, squares[1].1);
        let along = (
            ((x0 as f32 * 2.0 + x1 as f32) / 3.0) as u32,
            ((y0 as f32 * 2.0 + y1 as f32) / 3.0) as u32,
        );
        let line = colours_near(&img, along, 1).contains(&palette::CAPTURE);
        assert_eq!(line, mv.is_capture(), "seed {seed}: {squares:?}");
        if mv.is_capture() {
            captures += 1;
            // Every jumped square is crossed.
            for (f, r) in mv.captured() {
                assert_eq!(
                    at(&img, centre(&p.game, Side::First, f, r)),
                    palette::CAPTURE
                );
            }
            // The same position without its last move: no jump line.
            let scene = Scene {
                last_move: None,
                ..p.scene()
            };
            let img = decode(&board_png(&scene));
            assert!(
                !img.pixels().any(|px| px.0 == palette::JUMP_EDGE),
                "seed {seed}"
            );
        } else {
            steps += 1;
        }
    }
    assert!(
        captures > 0 && steps > 0,
        "{captures} captures, {steps} steps seen"
    );
}

#[test]
fn barrier_marks_the_side_that_has_no_move() {
    const TILES: &str = "N+S,N+S,NE+SW,E+W,E+W,NE+SW,NW+SE,NW+SE/N+E,N+E,N+W,N+W,S+E,S+E,S+W,S+W";
    // Clear's h2 can only go S or SW, and both squares are Yellow's: Clear is blocked.
    let blocked = AnyGame::import(&format!("barrier 8/8/8/8/8/8/7c/6yy {TILES} clear 0"))
        .expect("a hand-written position");
    assert!(matches!(blocked.status(), Status::Over(_)));
    let img = decode(&board_png(&Scene::new(&blocked)));
    // The sign sits on Clear's piece (h2) only, not on Yellow's (g1, h1).
    assert!(no_move_sign(&img, &blocked, 7, 1));
    assert!(!no_move_sign(&img, &blocked, 6, 0));
    assert!(!no_move_sign(&img, &blocked, 7, 0));
    // A game that goes on shows it nowhere.
    let going = AnyGame::import(&format!("barrier 8/8/8/8/8/8/7c/7y {TILES} clear 0"))
        .expect("a hand-written position");
    assert!(matches!(going.status(), Status::ToMove(_)));
    let img = decode(&board_png(&Scene::new(&going)));
    assert!(!img.pixels().any(|px| px.0 == palette::NO_MOVE));
}

fn picture_with(kind: GameKind, first: &str) -> Vec<u8> {
    let game = AnyGame::new(kind, "").expect("options");
    let scene = Scene {
        players: [PlayerLabel::new(first), PlayerLabel::new("Bob")],
        ..Scene::new(&game)
    };
    board_png(&scene)
}

/// Each name puts real glyphs on the player card of every game: its picture differs from the
/// one where the name is as many characters that no font has (drawn as missing-glyph boxes).
#[test]
fn names_in_every_script_draw_real_glyphs_on_the_card() {
    for kind in GameKind::ALL {
        for name in text::NAMES_IN_EVERY_SCRIPT {
            let boxes: String = name.chars().map(|_| '\u{E000}').collect();
            assert_ne!(
                decode(&picture_with(kind, name)),
                decode(&picture_with(kind, &boxes)),
                "{kind:?}: {name} is drawn as missing-glyph boxes"
            );
        }
    }
}

#[test]
fn two_cjk_names_draw_differently() {
    for kind in GameKind::ALL {
        assert_ne!(
            decode(&picture_with(kind, "李小龍")),
            decode(&picture_with(kind, "王小明")),
            "{kind:?}"
        );
    }
}

/// Discord shows pictures on a dark or a light chat background: every picture is opaque (no
/// alpha channel, no transparent palette entry), so no edge or text depends on the chat's.
#[test]
fn every_picture_is_opaque_on_either_discord_theme() {
    for kind in GameKind::ALL {
        let played = play(kind, "", 12, 3);
        let png = board_png(&played.scene());
        let decoder = png::Decoder::new(Cursor::new(png));
        let reader = decoder.read_info().expect("a PNG");
        let info = reader.info();
        assert!(info.trns.is_none(), "{kind}: a transparent palette entry");
        assert!(
            !matches!(
                info.color_type,
                png::ColorType::Rgba | png::ColorType::GrayscaleAlpha
            ),
            "{kind}: an alpha channel"
        );
    }
}

/// Every pixel of the encoded picture is its colour's palette entry, whatever the runs:
/// single pixels, runs shorter and longer than four, runs ending at a row's end.
#[test]
fn an_encoded_picture_decodes_each_pixel_to_its_palette_colour() {
    let keys = [[250, 250, 250], [20, 20, 20], [200, 30, 30]];
    let mut c = RgbImage::from_pixel(37, 9, image::Rgb(keys[0]));
    // Two whole rows of one colour first, then runs of one to six pixels.
    for (i, p) in c.pixels_mut().enumerate().skip(2 * 37) {
        let k = (i * 7 / 5) % 11;
        if k < 3 {
            *p = image::Rgb(keys[k]);
        } else if k == 3 {
            *p = image::Rgb([(i % 256) as u8, 99, 7]);
        }
    }
    let q = Quantizer::new(&keys, &[&c], PNG_COLOURS);
    let bytes = png(&c, &q).expect("encodes");
    let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .expect("decodes")
        .to_rgb8();
    let q = q.clone();
    for (x, y, p) in c.enumerate_pixels() {
        let index = usize::from(q.index(p.0));
        let want = q.colours[index];
        assert_eq!(decoded.get_pixel(x, y).0, want, "pixel ({x}, {y})");
    }
}

/// A quantizer made after another was dropped (perhaps at its address) never takes the indices
/// the first left in the encoder's caches: each picture decodes to its own pixels.
#[test]
fn a_new_quantizer_never_takes_an_old_one_s_indices() {
    let keys = [[250, 250, 250], [20, 20, 20], [200, 30, 30]];
    let under = RgbImage::from_fn(48, 20, |x, _| image::Rgb(keys[(x / 16 % 2) as usize]));
    let backdrop = Backdrop::new(under.clone());
    let mut picture = under.clone();
    for x in 0..48 {
        picture.put_pixel(x, 5, image::Rgb(keys[2]));
    }
    for round in 0..8 {
        let order = if round % 2 == 0 {
            keys
        } else {
            [keys[2], keys[0], keys[1]]
        };
        let q = Quantizer::new(&order, &[], PNG_COLOURS);
        let bytes = png_over(&Canvas::from(picture.clone()), Some(&backdrop), &q).expect("encodes");
        let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .expect("decodes")
            .to_rgb8();
        assert!(
            back == picture,
            "round {round}: another quantizer's indices"
        );
    }
}

/// A picture drawn over a backdrop encodes to the same pixels whether or not the encoder is told
/// of the backdrop (it then copies the backdrop's indices where the picture still shows it),
/// under a second palette too, and with a backdrop of another size (ignored).
#[test]
fn a_picture_over_its_backdrop_encodes_as_without_it() {
    let keys = [[250, 250, 250], [20, 20, 20], [200, 30, 30], [40, 90, 160]];
    let mut under = RgbImage::from_pixel(53, 21, image::Rgb(keys[0]));
    for (x, y, p) in under.enumerate_pixels_mut() {
        if (x / 8 + y / 8) % 2 == 1 {
            *p = image::Rgb(keys[1]);
        }
    }
    let backdrop = Backdrop::new(under.clone());
    let mut random = Lcg(7);
    let mut picture = under.clone();
    // Strokes over the backdrop, some across a span's edge, some of colours of no key.
    for _ in 0..40 {
        let (x, y) = (random.below(53) as u32, random.below(21) as u32);
        let len = 1 + random.below(20) as u32;
        let colour = match random.below(3) {
            0 => keys[2],
            1 => keys[3],
            _ => [random.below(256) as u8, 120, random.below(256) as u8],
        };
        for dx in 0..len.min(53 - x) {
            picture.put_pixel(x + dx, y, image::Rgb(colour));
        }
    }
    let decode = |bytes: Vec<u8>| {
        image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .expect("decodes")
            .to_rgb8()
    };
    let first = Quantizer::new(&keys, &[&picture], PNG_COLOURS);
    let second = Quantizer::new(&keys[..2], &[&under], PNG_COLOURS);
    for q in [&first, &second] {
        let plain = decode(png(&picture, q).expect("encodes"));
        let over =
            decode(png_over(&Canvas::from(picture.clone()), Some(&backdrop), q).expect("encodes"));
        assert!(plain == over, "the backdrop changed the picture");
        assert_ne!(
            plain,
            decode(png(&under, q).expect("encodes")),
            "nothing drawn"
        );
    }
    let other = Backdrop::new(RgbImage::from_pixel(52, 21, image::Rgb(keys[0])));
    let over =
        decode(png_over(&Canvas::from(picture.clone()), Some(&other), &first).expect("encodes"));
    assert!(over == decode(png(&picture, &first).expect("encodes")));
}

/// A canvas painted again and again over backdrops (nine of three sizes, in turn: more than it
/// keeps pictures of, so that it also takes over an evicted one's buffers)
/// restores only the spans it drew on when it already shows the backdrop, yet always holds
/// exactly the backdrop plus the new drawing; and its PNG, which takes the backdrop's indices
/// for the spans not drawn on without looking at them, decodes to those pixels. The sprite has
/// transparent pixels, a transparent row among them, which stay the backdrop's. A `'static`
/// sprite is also stamped at a few places again and again, before and after other drawings on
/// the same spans: the canvas and the file are the same as with the sprite blended each time.
#[test]
fn a_canvas_painted_over_a_backdrop_again_holds_and_encodes_only_the_new_drawing() {
    let keys = [[250, 250, 250], [20, 20, 20], [200, 30, 30], [40, 90, 160]];
    let board = |w: u32, h: u32, dark: Rgb| {
        RgbImage::from_fn(w, h, |x, y| {
            image::Rgb(if (x / 8 + y / 8) % 2 == 1 {
                dark
            } else {
                keys[0]
            })
        })
    };
    let backdrops = [
        Backdrop::new(board(53, 21, keys[1])),
        Backdrop::new(board(53, 21, keys[3])),
        Backdrop::new(board(40, 30, keys[1])),
        Backdrop::new(board(53, 21, keys[2])),
        Backdrop::new(board(40, 30, keys[3])),
        Backdrop::new(board(40, 30, keys[2])),
        Backdrop::new(board(53, 21, keys[0])),
        Backdrop::new(board(40, 30, keys[0])),
        Backdrop::new(board(61, 17, keys[1])),
    ];
    let mut sprite = Sprite::new(9, 7);
    for (x, y, p) in sprite.enumerate_pixels_mut() {
        let a = if y == 0 {
            0
        } else {
            [0u8, 128, 255][((x + y) % 3) as usize]
        };
        *p = image::Rgba([a / 2, a / 3, a, a]);
    }
    static STAMPED: std::sync::LazyLock<Sprite> = std::sync::LazyLock::new(|| {
        Sprite::from_fn(11, 6, |x, y| {
            let a = [0u8, 90, 255, 255][((x + 2 * y) % 4) as usize];
            image::Rgba([a, a / 2, a / 4, a])
        })
    });
    // Places sharing spans with each other, one off every edge.
    let places = [
        (3, 2),
        (12, 4),
        (20, -3),
        (44, 10),
        (35, 12),
        (-4, 8),
        (50, 1),
    ];
    let q = Quantizer::new(&keys, &[&backdrops[0].canvas], PNG_COLOURS);
    let mut random = Lcg(11);
    let mut c = Canvas::default();
    let order = [
        0, 0, 0, 1, 0, 2, 3, 4, 1, 2, 0, 4, 5, 6, 7, 8, 0, 1, 8, 3, 2, 5,
    ];
    for round in 0..6 * order.len() {
        let backdrop = &backdrops[order[round % order.len()]];
        let strokes: Vec<[i64; 5]> = (0..1 + random.below(9))
            .map(|_| [0; 5].map(|_| random.below(60) as i64 - 5))
            .collect();
        let draw = |c: &mut Canvas| {
            for &[x, y, w, kind, tone] in &strokes {
                let (x, y) = (x as i32, y as i32);
                match kind % 5 {
                    0 => c.fill_rect(x, y, w as i32 / 3, 2, keys[tone as usize % 4]),
                    1 => c.draw_sprite(&sprite, x, y),
                    2 => fill(c, &[Shape::circle(x as f32, y as f32, 2.5)], keys[2], 200),
                    _ => {
                        let (x, y) = places[(x + 5) as usize % places.len()];
                        c.stamp(&STAMPED, x, y);
                    }
                }
            }
        };
        let drawn = backdrop.paint(&mut c, draw);
        let mut fresh = Canvas::from(backdrop.canvas.clone());
        draw(&mut fresh);
        assert!(
            *c == *fresh,
            "round {round}: the canvas kept an earlier drawing"
        );
        let over = decode(&png_over(&c, Some(drawn), &q).expect("encodes"));
        assert!(
            over == decode(&png(&fresh, &q).expect("encodes")),
            "round {round}"
        );
    }
}
