//! Barrier (RULES.md section 3): laying the barrier, moves on and off the tiles, captures,
//! crowning, the end of the game, notation and the position text.

use crate::{assert_drawn, assert_finished, assert_won, illegal_message};
use std::collections::HashSet;

use parlor::games::barrier::{Barrier, BarrierMove, BarrierOptions, Dir, Tile};
use parlor::games::notation::{parse_square, square_name};

use crate::lcg::Lcg;
use parlor::games::{AnyGame, Game, GameKind, GameOptions, MoveError, Reason, Side, Status};

/// A square by name, as 0-based `(file, rank)`.
fn sq(name: &str) -> (u8, u8) {
    parse_square(name, 8, 8).expect("a square name")
}

fn tile(name: &str) -> Tile {
    name.parse().expect("a tile name")
}

/// Plays typed moves in order, failing the test on the first one that is refused.
fn play(game: &mut Barrier, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// The 16 lays, alternating from Yellow: every player's N+S tile sits on c4 (Yellow) and c5
/// (Clear).
const LAYS: &str = "N+S@c4 N+S@c5 E+W@a4 E+W@a5 NE+SW@e4 NE+SW@e5 NW+SE@g4 NW+SE@g5 \
                    N+E@b5 N+E@b4 N+W@d5 N+W@d4 S+E@f5 S+E@f4 S+W@h5 S+W@h4";

fn laid(lays: &str) -> Barrier {
    let mut game = Barrier::new(BarrierOptions::default());
    play(&mut game, lays);
    game
}

/// A complete barrier for hand-written positions, rank 5 then rank 4 (files a to h).
/// Yellow's squares: b5 N+S, d5 E+W, f5 NE+SW, h5 NW+SE, a4 N+E, c4 N+W, e4 S+E, g4 S+W.
/// Clear's squares: a5 N+S, c5 NE+SW, e5 E+W, g5 NW+SE, b4 N+E, d4 N+W, f4 S+E, h4 S+W.
const BARRIER: &str = "N+S,N+S,NE+SW,E+W,E+W,NE+SW,NW+SE,NW+SE/N+E,N+E,N+W,N+W,S+E,S+E,S+W,S+W";

/// A play-phase position from its board (ranks 8 to 1), status word and quiet-ply count.
fn position(board: &str, status: &str, quiet: u32) -> Barrier {
    let text = format!("{board} {BARRIER} {status} {quiet}");
    Barrier::import(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The canonical notation of every legal move that starts on `from`.
fn moves_from(game: &Barrier, from: &str) -> HashSet<String> {
    game.legal_moves()
        .iter()
        .filter(|m| m.squares()[0] == sq(from) && m.tile().is_none())
        .map(|m| game.format_move(m))
        .collect()
}

fn set(moves: &[&str]) -> HashSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

fn syntax_message(game: &Barrier, text: &str) -> String {
    match game.parse_move(text) {
        Err(e @ MoveError::Syntax(_)) => e.to_string(),
        other => panic!("{text}: expected a syntax error, got {other:?}"),
    }
}

const YELLOW_START: [&str; 12] = [
    "a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3",
];
const CLEAR_START: [&str; 12] = [
    "b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8",
];
const DOTS: [&str; 8] = ["a4", "c4", "e4", "g4", "b5", "d5", "f5", "h5"];
const DASHES: [&str; 8] = ["b4", "d4", "f4", "h4", "a5", "c5", "e5", "g5"];

#[test]
fn the_start_position_is_the_rules_one() {
    let game = Barrier::new(BarrierOptions::default());
    for file in 0..8 {
        for rank in 0..8 {
            let name = square_name(file, rank);
            let expected = if YELLOW_START.contains(&name.as_str()) {
                Some((Side::First, false))
            } else if CLEAR_START.contains(&name.as_str()) {
                Some((Side::Second, false))
            } else {
                None
            };
            assert_eq!(game.piece_at(file, rank), expected, "{name}");
            let owner = if DOTS.contains(&name.as_str()) {
                Some(Side::First)
            } else if DASHES.contains(&name.as_str()) {
                Some(Side::Second)
            } else {
                None
            };
            assert_eq!(Barrier::barrier_owner(file, rank), owner, "{name}");
            assert_eq!(game.tile_at(file, rank), None);
        }
    }
    assert!(game.is_laying());
    assert_eq!(game.status(), Status::ToMove(Side::First));
    assert_eq!(game.side_name(Side::First), "yellow");
    assert_eq!(game.side_name(Side::Second), "clear");
    assert_eq!(game.quiet_plies(), 0);
    let names: Vec<String> = game
        .unplayed_tiles(Side::Second)
        .iter()
        .map(Tile::to_string)
        .collect();
    assert_eq!(names.join(","), "N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W");
    assert_eq!(game.piece_at(8, 0), None);
    assert_eq!(Barrier::barrier_owner(8, 3), None);
}

#[test]
fn laying_offers_every_unplayed_tile_on_every_own_empty_square() {
    let mut game = Barrier::new(BarrierOptions::default());
    for (side, squares) in [(Side::First, DOTS), (Side::Second, DASHES)] {
        assert_eq!(game.status(), Status::ToMove(side));
        let moves = game.legal_moves();
        assert_eq!(moves.len(), 64, "8 tiles x 8 squares");
        let tiles: HashSet<Tile> = moves.iter().filter_map(BarrierMove::tile).collect();
        assert_eq!(tiles.len(), 8);
        let own: HashSet<(u8, u8)> = squares.iter().map(|s| sq(s)).collect();
        let used: HashSet<(u8, u8)> = moves.iter().map(|m| m.squares()[0]).collect();
        assert_eq!(used, own);
        assert!(moves.iter().all(|m| m.squares().len() == 1));
        play(
            &mut game,
            if side == Side::First {
                "N+S@c4"
            } else {
                "E+W@b4"
            },
        );
    }
    // Yellow has laid one tile on one square: 7 tiles x 7 squares.
    assert_eq!(game.legal_moves().len(), 49);
    assert_eq!(game.tile_at(2, 3), Some(tile("N+S")));
    assert_eq!(game.tile_at(1, 3), Some(tile("E+W")));
}

#[test]
fn each_tile_is_laid_once_and_only_on_own_empty_squares() {
    let mut game = laid("N+S@c4 N+S@c5");
    assert!(illegal_message(&game, "N+S@a4").contains("no N+S tile left"));
    assert!(illegal_message(&game, "E+W@b4").contains("clear's barrier square"));
    assert!(illegal_message(&game, "E+W@c4").contains("already a tile on c4"));
    assert!(illegal_message(&game, "E+W@c3").contains("not a barrier square"));
    assert!(illegal_message(&game, "c3-c4").contains("not complete"));
    assert_eq!(game.unplayed_tiles(Side::First).len(), 7);
    assert!(!game.unplayed_tiles(Side::First).contains(&tile("N+S")));
    // A refused lay changes nothing.
    let before = game.export();
    let foreign = Barrier::new(BarrierOptions::default())
        .parse_move("N+S@c4")
        .unwrap();
    assert!(game.play(&foreign).is_err());
    assert_eq!(game.export(), before);
    play(&mut game, "E+W@a4");
    assert_eq!(game.unplayed_tiles(Side::First).len(), 6);
}

#[test]
fn lays_are_read_leniently() {
    let game = Barrier::new(BarrierOptions::default());
    let expected = game.parse_move("N+E@c4").unwrap();
    assert_eq!(expected.tile(), Some(tile("N+E")));
    assert_eq!(expected.squares(), &[sq("c4")]);
    for text in ["n+e@c4", "NEc4", " ne c4 ", "EN@C4", "e+n@c4", "NE@c4"] {
        assert_eq!(game.parse_move(text), Ok(expected), "{text}");
    }
    assert_eq!(game.format_move(&expected), "N+E@c4");
    assert_eq!(
        game.parse_move("nwse@a4").unwrap().tile(),
        Some(tile("NW+SE"))
    );
    for text in [
        "ee4", "n+n@c4", "n+e@", "n+e@c9", "@c4", "ne", "nx@c4", "c4",
    ] {
        assert!(
            matches!(game.parse_move(text), Err(MoveError::Syntax(_))),
            "{text}"
        );
    }
}

#[test]
fn play_starts_with_yellow_once_the_16_tiles_are_laid() {
    let mut game = Barrier::new(BarrierOptions::default());
    let lays: Vec<&str> = LAYS.split_whitespace().collect();
    for (i, lay) in lays.iter().enumerate() {
        assert!(game.is_laying());
        let side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(game.status(), Status::ToMove(side));
        play(&mut game, lay);
    }
    assert!(!game.is_laying());
    assert_eq!(game.status(), Status::ToMove(Side::First));
    assert!(game.unplayed_tiles(Side::First).is_empty());
    assert!(game.unplayed_tiles(Side::Second).is_empty());
    for file in 0..8 {
        assert!(game.tile_at(file, 3).is_some() && game.tile_at(file, 4).is_some());
    }
    let moves = game.legal_moves();
    assert!(moves.iter().all(|m| m.tile().is_none()));
    // Rank 3: a3 has 2 forward steps, c3 e3 g3 three each; ranks 1-2: one free square ahead each.
    assert_eq!(moves.len(), 2 + 3 * 3 + 4 + 4);
    assert!(illegal_message(&game, "N+S@c4").contains("barrier is complete"));
    play(&mut game, "c3-c4");
    assert_eq!(game.status(), Status::ToMove(Side::Second));
}

#[test]
fn a_barrier_tile_overrides_forward_only_moves() {
    // Yellow's S+W tile on c4: a piece there may go back (S) or sideways (W), never forward.
    let mut game = laid(
        "S+W@c4 N+S@c5 E+W@a4 E+W@a5 NE+SW@e4 NE+SW@e5 NW+SE@g4 NW+SE@g5 \
         N+E@b5 N+E@b4 N+W@d5 N+W@d4 S+E@f5 S+E@f4 N+S@h5 S+W@h4",
    );
    play(&mut game, "c3-c4 h6-g5");
    assert_eq!(moves_from(&game, "c4"), set(&["c4-c3", "c4-b4"]));
    let message = illegal_message(&game, "c4-c5");
    assert!(
        message.contains("S+W") && message.contains("c4"),
        "{message}"
    );
    assert!(illegal_message(&game, "c4-d5").contains("S+W"));
    play(&mut game, "c4-c3");
    assert_eq!(game.piece_at(2, 2), Some((Side::First, false)));
    play(&mut game, "g5-h4");
    // Off the barrier an uncrowned piece only moves forward.
    assert!(illegal_message(&game, "c3-c2").contains("forward"));
}

#[test]
fn a_crowned_piece_on_the_barrier_uses_only_the_tile() {
    // c4 carries N+W: the crowned piece may go north to c5 or west to b4, nothing else.
    let game = position("7c/8/8/8/2Y5/8/8/8", "yellow", 0);
    assert_eq!(moves_from(&game, "c4"), set(&["c4-c5", "c4-b4"]));
    // Off the barrier it goes all 8 ways.
    let game = position("7c/8/8/8/8/2Y5/8/8", "yellow", 0);
    assert_eq!(moves_from(&game, "c3").len(), 8);
}

/// Yellow on c1 can capture d2, then d4 (from e3, north-west), then d6 (from c5, whose clear
/// NE+SW tile allows north-east).
const CHAIN: &str = "8/8/3c4/8/3c4/8/3c4/2y5";

#[test]
fn every_prefix_of_a_capture_sequence_is_a_move() {
    let game = position(CHAIN, "yellow", 0);
    assert_eq!(
        moves_from(&game, "c1"),
        set(&["c1-b2", "c1-c2", "c1xe3", "c1xe3xc5", "c1xe3xc5xe7"])
    );
    let long = game.parse_move("c1xe3xc5xe7").unwrap();
    assert!(long.is_capture());
    assert_eq!(long.captured(), vec![sq("d2"), sq("d4"), sq("d6")]);
    assert_eq!(long.squares(), &[sq("c1"), sq("e3"), sq("c5"), sq("e7")]);

    let mut stopped = game.clone();
    play(&mut stopped, "c1xe3xc5");
    assert_eq!(stopped.piece_at(2, 4), Some((Side::First, false)));
    assert_eq!(stopped.piece_at(3, 1), None);
    assert_eq!(stopped.piece_at(3, 3), None);
    assert_eq!(stopped.piece_at(3, 5), Some((Side::Second, false)));
    assert_eq!(stopped.status(), Status::ToMove(Side::Second));

    let mut all = game.clone();
    play(&mut all, "c1xe3xc5xe7");
    assert_eq!(all.piece_count(Side::Second), 0);
    assert_won(all.status(), Side::First, Reason::Elimination);
}

#[test]
fn capturing_is_optional() {
    let mut game = position(CHAIN, "yellow", 7);
    play(&mut game, "c1-c2");
    assert_eq!(game.status(), Status::ToMove(Side::Second));
    assert_eq!(game.piece_count(Side::Second), 3);
    assert_eq!(game.quiet_plies(), 8);
    let mut capture = position(CHAIN, "yellow", 7);
    play(&mut capture, "c1xe3");
    assert_eq!(capture.quiet_plies(), 0);
}

#[test]
fn crowning_ends_the_turn() {
    // Yellow c6 jumps d7 onto e8 and is crowned there; crowned, it could jump f7 next, but the
    // turn is over.
    let game = position("8/3c1c2/2y5/8/8/8/8/8", "yellow", 5);
    assert_eq!(moves_from(&game, "c6"), set(&["c6-c7", "c6-b7", "c6xe8"]));
    assert!(illegal_message(&game, "c6xe8xg6").contains("crowned on e8"));
    let mut game = game;
    play(&mut game, "c6xe8");
    assert_eq!(game.piece_at(4, 7), Some((Side::First, true)));
    assert_eq!(game.status(), Status::ToMove(Side::Second));

    // A step onto the far rank crowns too, and resets the quiet count.
    let mut game = position("8/1y6/8/8/8/8/6c1/8", "yellow", 7);
    play(&mut game, "b7-b8");
    assert_eq!(game.piece_at(1, 7), Some((Side::First, true)));
    assert_eq!(game.quiet_plies(), 0);
    // Clear is crowned on rank 1.
    play(&mut game, "g2-g1");
    assert_eq!(game.piece_at(6, 0), Some((Side::Second, true)));
}

#[test]
fn a_crowned_piece_jumps_on_from_the_far_rank() {
    let mut game = position("8/3c1c2/2Y5/8/8/8/c7/8", "yellow", 0);
    assert!(moves_from(&game, "c6").contains("c6xe8xg6"));
    play(&mut game, "c6xe8xg6");
    assert_eq!(game.piece_at(6, 5), Some((Side::First, true)));
    assert_eq!(game.piece_count(Side::Second), 1);

    // Around a square and back to the start, through a8 and c8 on the far rank: the start square
    // is free once the piece has left it.
    let mut game = position("1c6/c1c5/Yc6/8/8/8/7c/8", "yellow", 0);
    let jumps: HashSet<String> = moves_from(&game, "a6")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(
        jumps,
        set(&[
            "a6xa8",
            "a6xa8xc8",
            "a6xa8xc8xc6",
            "a6xa8xc8xc6xa6",
            "a6xc6",
            "a6xc6xc8",
            "a6xc6xc8xa8",
            "a6xc6xc8xa8xa6",
        ])
    );
    play(&mut game, "a6xa8xc8xc6xa6");
    assert_eq!(game.piece_at(0, 5), Some((Side::First, true)));
    assert_eq!(game.piece_count(Side::Second), 1);
    assert_eq!(game.status(), Status::ToMove(Side::Second));
}

#[test]
fn a_player_with_no_legal_move_loses() {
    // Clear's h2 can only go S or SW (h1, g1): once g1 is filled too, Clear is blocked.
    let mut game = position("8/8/8/8/8/8/6Yc/7y", "yellow", 0);
    play(&mut game, "g2-g1");
    assert_finished(&game, Side::First, Reason::Blocked);
    assert_eq!(game.parse_move("h2-h1"), Err(MoveError::GameOver));

    // Blocking beats the move limit when both happen on the same ply.
    let mut game = position("8/8/8/8/8/8/6Yc/7y", "yellow", 99);
    play(&mut game, "g2-g1");
    assert_won(game.status(), Side::First, Reason::Blocked);

    // An imported position whose side to move is blocked is already over.
    let game = position("8/8/8/8/8/8/7c/6yy", "clear", 0);
    assert_won(game.status(), Side::First, Reason::Blocked);
    assert!(game.export().contains(" win:yellow:blocked "));
}

#[test]
fn taking_the_last_piece_wins() {
    let mut game = position("8/8/8/8/3c4/2y5/8/8", "yellow", 30);
    play(&mut game, "c3xe5");
    assert_finished(&game, Side::First, Reason::Elimination);
    let back = Barrier::import(&game.export()).unwrap();
    assert_eq!(back.status(), game.status());
}

#[test]
fn the_move_limit_is_100_plies_of_play_the_laying_turns_not_counted() {
    // RULES.md: "A turn is one step or one capture sequence" (phase 2); laying is phase 1.
    let game = laid(LAYS);
    assert_eq!(game.quiet_plies(), 0, "laying turns are not counted");

    // From the laid barrier, 100 quiet plies: the game is drawn on exactly the 100th.
    let mut game = game;
    let mut seen = HashSet::new();
    for ply in 1..=100 {
        assert!(game.status().to_move().is_some(), "ply {ply}");
        let next = game
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = game.clone();
                child.play(&mv).unwrap();
                child
            })
            .find(|child| {
                child.quiet_plies() == ply && {
                    let export = child.export();
                    let board = export.split(' ').next().unwrap().to_string();
                    !seen.contains(&(board, child.status().to_move()))
                }
            })
            .unwrap_or_else(|| panic!("no fresh quiet move at ply {ply}"));
        game = next;
        let export = game.export();
        let board = export.split(' ').next().unwrap().to_string();
        seen.insert((board, game.status().to_move()));
        if ply < 100 {
            assert!(!game.status().is_over(), "ply {ply}");
        }
    }
    assert_drawn(game.status(), Reason::MoveLimit);

    // The same from a hand-written position: the 100th quiet ply draws, the 99th does not.
    let mut game = position("7C/8/8/8/8/8/8/Y7", "yellow", 98);
    play(&mut game, "a1-a2");
    assert_eq!(game.status(), Status::ToMove(Side::Second));
    play(&mut game, "h8-h7");
    assert_drawn(game.status(), Reason::MoveLimit);
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = laid(LAYS);
    // Both sides shuttle across their N+S tiles (c4 for Yellow, c5 for Clear).
    let plies = [
        "c3-c4", "b6-c5", "c4-c3", "c5-c6", "c3-c4", "c6-c5", "c4-c3", "c5-c6", "c3-c4",
    ];
    for ply in plies {
        play(&mut game, ply);
        assert!(!game.status().is_over(), "{ply}");
    }
    // Yellow c4 / Clear c5 with Yellow to move: after ply 2, ply 6 and now ply 10.
    play(&mut game, "c6-c5");
    assert_drawn(game.status(), Reason::Repetition);
}

#[test]
fn the_tiles_option_sets_both_players_tiles() {
    let options = BarrierOptions::parse("tiles=N+S,n+s,ns,SN,s+n,N+S,N+S,N+S").unwrap();
    assert_eq!(options.to_text(), "tiles=N+S,N+S,N+S,N+S,N+S,N+S,N+S,N+S");
    let mut game = Barrier::new(options.clone());
    // Eight identical tiles make one distinct lay per square.
    assert_eq!(game.legal_moves().len(), 8);
    assert_eq!(game.unplayed_tiles(Side::First), vec![tile("N+S"); 8]);
    play(&mut game, "N+S@a4");
    assert_eq!(game.unplayed_tiles(Side::First), vec![tile("N+S"); 7]);
    assert_eq!(game.unplayed_tiles(Side::Second).len(), 8);
    assert!(illegal_message(&game, "E+W@b4").contains("no E+W tile"));
    let back = Barrier::import(&game.export()).unwrap();
    assert_eq!(back.options(), &options);
    assert_eq!(back.unplayed_tiles(Side::First).len(), 7);

    // A tile outside the default set is laid and obeyed like any other.
    let mut game = AnyGame::new(
        GameKind::Barrier,
        "tiles=N+SE,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W",
    )
    .unwrap();
    assert_eq!(
        game.options_text(),
        "tiles=N+SE,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W"
    );
    assert_eq!(game.play_text("n+se@c4").unwrap(), "N+SE@c4");
    let AnyGame::Barrier(inner) = &game else {
        panic!("a barrier game")
    };
    assert_eq!(
        inner.tile_at(2, 3).map(|t| t.dirs()),
        Some([Dir::N, Dir::SE])
    );
    assert!(game.play_text("N+S@c5").is_err(), "clear has no N+S tile");

    for bad in [
        "tiles=N+S,E+W",
        "tiles=N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+S",
        "tiles=N+S,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W,N+S",
        "tiles=",
        "tile=N+S",
    ] {
        assert!(BarrierOptions::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_wrong_separator_is_refused_with_the_right_form() {
    let game = laid(LAYS);
    let message = syntax_message(&game, "c3xc4");
    assert!(message.contains("c3-c4"), "{message}");
    let game = position(CHAIN, "yellow", 0);
    assert!(syntax_message(&game, "c1-e3").contains("c1xe3"));
    assert!(syntax_message(&game, "c1xe3-c5").contains("c1xe3xc5"));
    assert!(syntax_message(&game, "c1:e3").contains("c3-c4"));
    assert!(syntax_message(&game, "c1-").contains("c3-c4"));
    let chain = game.parse_move("c1xe3xc5").unwrap();
    for text in ["C1E3C5", "c1 e3 c5", " c1xE3 X c5 ", "c1e3xc5"] {
        assert_eq!(game.parse_move(text), Ok(chain), "{text}");
    }
    assert_eq!(game.format_move(&chain), "c1xe3xc5");
    let step = game.parse_move("C1C2").unwrap();
    assert_eq!(game.format_move(&step), "c1-c2");
    assert_eq!(game.parse_move("c1 - c2"), Ok(step));
}

#[test]
fn illegal_piece_moves_say_why() {
    for (board, text, why) in [
        (CHAIN, "b1-b2", "no piece on b1"),
        (CHAIN, "d2-d1", "not yours"),
        (CHAIN, "c1-c4", "neither a step"),
        (CHAIN, "c1-d2", "d2 is taken"),
        (CHAIN, "c1xa3", "no piece to jump over on b2"),
        (CHAIN, "c1-c2xc4", "only captures can be chained"),
        ("7c/8/8/8/8/3y4/2y5/8", "c2xe4", "your own piece"),
    ] {
        let message = illegal_message(&position(board, "yellow", 0), text);
        assert!(message.contains(why), "{text}: {message}");
    }
}

#[test]
fn notation_and_position_text_round_trip_through_random_games() {
    let mut rng = Lcg(7);
    let mut finished = 0;
    for _ in 0..12 {
        let mut game = Barrier::new(BarrierOptions::default());
        for _ in 0..250 {
            let moves = game.legal_moves();
            let unique: HashSet<&BarrierMove> = moves.iter().collect();
            assert_eq!(unique.len(), moves.len(), "no duplicates");
            for mv in &moves {
                let text = game.format_move(mv);
                assert_eq!(game.parse_move(&text), Ok(*mv), "{text}");
                assert_eq!(game.parse_move(&text.to_uppercase()), Ok(*mv), "{text}");
                assert!(game.is_legal(mv));
            }
            let export = game.export();
            let back = Barrier::import(&export).unwrap_or_else(|e| panic!("{export}: {e}"));
            assert_eq!(back.export(), export);
            assert_eq!(back.status(), game.status());
            assert_eq!(back.legal_moves(), moves);
            if moves.is_empty() {
                assert!(game.status().is_over());
                finished += 1;
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(&mv).unwrap();
        }
    }
    assert!(finished > 0, "some random games end");
}

#[test]
fn garbage_is_refused_without_panicking() {
    let game = laid(LAYS);
    let long = "c3-c4".repeat(10_000);
    for text in [
        "",
        " ",
        "😀",
        "c3-c4😀",
        "c3—c4",
        "@",
        "x",
        "-",
        "c3-",
        "c9-c8",
        "i1-i2",
        "c3-c4-c5",
        "ééé@c4",
        "N+E@c4c5",
        "c0c1",
        "a12",
        &long,
    ] {
        assert!(game.parse_move(text).is_err(), "{text}");
    }
    let start = Barrier::new(BarrierOptions::default());
    for text in ["", "é", "n+e@ç4", "n+e@c44", "+@c4", "ne+sw+@c4"] {
        assert!(start.parse_move(text).is_err(), "{text}");
    }

    let export = game.export();
    // Laying turns are not counted, so the quiet count of a freshly laid barrier is 0.
    let counters = export.find(" 0 ").expect("no quiet ply yet");
    for end in 0..counters {
        if export.is_char_boundary(end) {
            let cut = &export[..end];
            assert!(Barrier::import(cut).is_err(), "{cut}");
        }
    }
    for bad in [
        "garbage",
        "9/8/8/8/8/8/8/8 - yellow 0",
        &export.replace("yellow", "purple"),
        &export.replace(" 0 ", " -3 "),
        &export.replace(" 0 ", " 99999999999999999999 "),
        // A quiet count in the laying phase (laying turns are not counted).
        "1c1c1c1c/c1c1c1c1/1c1c1c1c/8/8/y1y1y1y1/1y1y1y1y/y1y1y1y1 -,-,-,-,-,-,-,-/-,-,-,-,-,-,-,- yellow 2",
        &export.replace("N+S", "N+N"),
        &export.replace("tiles=", "tiles=N+S,"),
        &export.replace('y', "x"),
        &export.replace("1y1y1y1y", "1y1y1y1yy"),
        &export.replace("yellow", "win:yellow:elimination"),
        &export.replace("yellow", "win:yellow:resignation"),
        &export.replace("yellow", "draw:move-limit"),
        // A laying-phase position where a piece has already moved.
        "1c1c1c1c/c1c1c1c1/1c1c1c1c/8/2y5/8/1y1y1y1y/y1y1y1y1 -,-,-,-,-,-,-,-/-,-,-,-,-,-,-,- yellow 0",
        // Clear lays first.
        "1c1c1c1c/c1c1c1c1/1c1c1c1c/8/8/y1y1y1y1/1y1y1y1y/y1y1y1y1 -,-,-,-,-,-,-,-/-,N+S,-,-,-,-,-,- yellow 0",
        // An uncrowned yellow piece on rank 8.
        &format!("y7/8/8/8/8/8/8/7C {BARRIER} clear 0"),
        // Two N+S tiles for Yellow, who holds one.
        &format!(
            "7C/8/8/8/8/8/8/Y7 {} clear 0",
            BARRIER.replacen("N+E", "N+S", 1)
        ),
    ] {
        assert!(Barrier::import(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_drawing_shows_coordinates_pieces_and_tiles() {
    let game = laid(LAYS);
    let drawing = game.draw_text();
    let lines: Vec<&str> = drawing.lines().collect();
    assert!(lines[0].trim_start().starts_with('a') && lines[0].trim_end().ends_with('h'));
    assert!(lines[1].starts_with('8') && lines[1].ends_with('8'));
    assert!(lines[8].starts_with('1') && lines[8].ends_with('1'));
    assert!(lines[4].contains("N+S") && lines[5].contains("NE+SW"));
    assert!(drawing.contains("yellow to move"));
    let start = Barrier::new(BarrierOptions::default()).draw_text();
    assert!(start.contains("yellow holds N+S E+W NE+SW NW+SE N+E N+W S+E S+W"));
}

#[test]
fn perft_counts_follow_from_the_rules() {
    // Yellow 8 tiles x 8 squares, Clear the same, then Yellow 7 x 7.
    let game = Barrier::new(BarrierOptions::default());
    assert_eq!(game.perft(1), 64);
    assert_eq!(game.perft(3), 64 * 64 * 49);
    // After the barrier: 19 first moves each (see play_starts_with_yellow...), and no first
    // move of one side touches a square the other side's first moves use.
    let game = laid(LAYS);
    assert_eq!(game.perft(1), 19);
    assert_eq!(game.perft(2), 19 * 19);
}

#[test]
fn any_game_names_the_sides_and_round_trips() {
    let mut game = AnyGame::new(GameKind::Barrier, "").unwrap();
    assert_eq!(game.side_by_name("Yellow"), Some(Side::First));
    assert_eq!(game.side_by_name("clear"), Some(Side::Second));
    for lay in LAYS.split_whitespace() {
        game.play_text(lay).unwrap();
    }
    assert_eq!(game.play_text("C3C4").unwrap(), "c3-c4");
    let export = game.export();
    assert!(export.starts_with("barrier "));
    let back = AnyGame::import(&export).unwrap();
    assert_eq!(back.export(), export);
    assert_eq!(back.legal_move_texts(), game.legal_move_texts());
    assert_eq!(back.status(), Status::ToMove(Side::Second));
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn typed_text_never_panics_and_only_legal_moves_come_back(
            text in prop_oneof![".{0,30}", "[a-jx@+nsewNSEW0-9 -]{0,14}"],
        ) {
            for game in [Barrier::new(BarrierOptions::default()), laid(LAYS), position(CHAIN, "yellow", 0)] {
                if let Ok(mv) = game.parse_move(&text) {
                    prop_assert!(game.legal_moves().contains(&mv));
                }
            }
        }

        #[test]
        fn damaged_position_texts_never_panic(
            cut in 0usize..200,
            at in 0usize..200,
            with in prop_oneof![Just("".to_string()), ".{1,3}", "[0-9yYcC/,+NSEW:-]{1,3}"],
        ) {
            let mut game = laid(LAYS);
            play(&mut game, "c3-c4 b6-c5");
            let export = game.export();
            let mut chars: Vec<char> = export.chars().collect();
            let at = at % chars.len();
            chars.splice(at..(at + cut % 4).min(chars.len()), with.chars());
            let damaged: String = chars.into_iter().collect();
            if let Ok(back) = Barrier::import(&damaged) {
                let again = Barrier::import(&back.export()).unwrap();
                prop_assert_eq!(again.export(), back.export());
                prop_assert_eq!(again.legal_moves(), back.legal_moves());
            }
        }
    }
}
