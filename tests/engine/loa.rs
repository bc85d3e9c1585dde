//! Lines of Action: RULES.md section 1, checked through the public `Game` interface.

use crate::{assert_drawn, assert_finished, assert_won, illegal_message};
use parlor::games::loa::{Color, Loa, LoaOptions};
use parlor::games::{Game, GameOptions, MoveError, Outcome, Reason, Side, Status};
use proptest::prelude::*;

fn game(options: &str) -> Loa {
    Loa::new(LoaOptions::parse(options).expect("valid options"))
}

pub(crate) fn import(text: &str) -> Loa {
    Loa::import(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub(crate) fn play(game: &mut Loa, moves: &[&str]) {
    for text in moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(&mv).expect("a parsed move is legal");
    }
}

/// The legal moves as text, sorted.
pub(crate) fn legal_texts(game: &Loa) -> Vec<String> {
    let mut texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.format_move(m))
        .collect();
    texts.sort();
    texts
}

fn moves_from(game: &Loa, square: &str) -> Vec<String> {
    legal_texts(game)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .collect()
}

/// Perft by the book: list the moves, play each on a copy, recurse.
fn naive_perft(game: &Loa, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv).expect("listed moves are legal");
            naive_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_standard_matches_the_reference_under_both_rule_sets() {
    for rules in ["rules=abacus", "rules=olympiad"] {
        let start = game(rules);
        let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
        assert_eq!(counts, [36, 1_244, 44_952, 1_563_208], "{rules}");
    }
}

#[test]
fn perft_scrambled_eggs_matches_the_reference_under_both_rule_sets() {
    for rules in ["rules=abacus", "rules=olympiad"] {
        let start = game(&format!("{rules} setup=scrambled-eggs"));
        let counts: Vec<u64> = (1..=3).map(|d| start.perft(d)).collect();
        assert_eq!(counts, [32, 992, 32_000], "{rules}");
    }
}

#[test]
#[ignore = "the longest perft (56 million sequences); run with --ignored"]
fn perft_standard_depth_5() {
    assert_eq!(game("").perft(5), 55_963_132);
}

#[test]
fn fast_perft_agrees_with_playing_every_sequence() {
    let mut parachute = game("setup=parachute rules=olympiad");
    assert_eq!(parachute.perft(2), naive_perft(&parachute, 2));
    for _ in 0..2 {
        let moves = parachute.legal_moves();
        parachute.play(&moves[moves.len() / 2]).unwrap();
    }
    assert_eq!(parachute.perft(2), naive_perft(&parachute, 2));
    let mut midgame = game("");
    play(&mut midgame, &["h4-f4", "c1xa3", "a2-c4", "b1-d3"]);
    assert_eq!(midgame.perft(3), naive_perft(&midgame, 3));
}

#[test]
fn sides_colours_and_names_follow_the_rule_set() {
    let abacus = game("");
    assert_eq!(abacus.color_of(Side::First), Color::White);
    assert_eq!(abacus.side_of(Color::Black), Side::Second);
    assert_eq!(abacus.side_name(Side::First), "white");
    assert_eq!(abacus.status(), Status::ToMove(Side::First));
    assert_eq!(abacus.color_to_move(), Color::White);

    let olympiad = game("rules=olympiad");
    assert_eq!(olympiad.color_of(Side::First), Color::Black);
    assert_eq!(olympiad.side_of(Color::White), Side::Second);
    assert_eq!(olympiad.side_name(Side::First), "black");
    assert_eq!(olympiad.side_name(Side::Second), "white");
    assert_eq!(olympiad.color_to_move(), Color::Black);
}

#[test]
fn options_have_both_keys_and_refuse_unknown_values() {
    let options = LoaOptions::default();
    assert_eq!(options.to_text(), "rules=abacus setup=standard");
    let options = LoaOptions::parse("rules=olympiad setup=scrambled-eggs").unwrap();
    assert_eq!(
        options.pairs(),
        vec![
            ("rules", "olympiad".to_string()),
            ("setup", "scrambled-eggs".to_string())
        ]
    );
    assert_eq!(LoaOptions::parse(&options.to_text()), Ok(options));
    assert!(LoaOptions::parse("rules=chess").is_err());
    assert!(LoaOptions::parse("setup=parachutes").is_err());
    assert!(LoaOptions::parse("board=9").is_err());
}

#[test]
fn start_positions_follow_the_rules() {
    let standard = game("");
    assert_eq!(standard.piece_at(1, 0), Some(Color::Black));
    assert_eq!(standard.piece_at(0, 1), Some(Color::White));
    assert_eq!(standard.piece_at(0, 0), None);
    assert_eq!(standard.piece_at(8, 0), None);
    assert_eq!(standard.pieces(Color::White).count_ones(), 12);
    assert_eq!(standard.pieces(Color::Black), 0x7E00_0000_0000_007E);
    assert_eq!(standard.ply(), 0);

    let eggs = game("setup=scrambled-eggs");
    assert_eq!(eggs.piece_at(1, 7), Some(Color::White), "b8");
    assert_eq!(eggs.piece_at(7, 1), Some(Color::Black), "h2");
    assert_eq!(eggs.pieces(Color::Black).count_ones(), 12);

    let parachute = game("setup=parachute");
    assert_eq!(parachute.pieces(Color::White).count_ones(), 6);
    assert_eq!(parachute.pieces(Color::Black).count_ones(), 6);
    assert_eq!(parachute.held(Color::White), 6);
    assert_eq!(parachute.held(Color::Black), 6);
    assert_eq!(standard.held(Color::White), 0);
}

#[test]
fn the_b1_piece_has_exactly_the_three_reference_moves() {
    let olympiad = game("rules=olympiad");
    assert_eq!(moves_from(&olympiad, "b1"), ["b1-b3", "b1-d3", "b1-h1"]);
    assert!(olympiad.parse_move("c1xa3").is_ok());

    // Under the abacus rules Black moves second: after a White move that touches none of the
    // lines through b1 and c1, the same holds.
    let mut abacus = game("");
    play(&mut abacus, &["h4-f4"]);
    assert_eq!(abacus.color_to_move(), Color::Black);
    assert_eq!(moves_from(&abacus, "b1"), ["b1-b3", "b1-d3", "b1-h1"]);
    let capture = abacus.parse_move("c1xa3").unwrap();
    assert!(capture.is_capture());
    assert_eq!(capture.from(), Some((2, 0)));
    assert_eq!(capture.to(), Some((0, 2)));
    assert_eq!(capture.drop_square(), None);
}

#[test]
fn lenient_notation_is_accepted() {
    let olympiad = game("rules=olympiad");
    let canonical = olympiad.parse_move("b1-b3").unwrap();
    for text in ["B1B3", "b1 b3", "  b1-b3 ", "B1-B3", "b 1 - b 3", "b1\tb3"] {
        assert_eq!(olympiad.parse_move(text), Ok(canonical), "{text}");
    }
    let capture = olympiad.parse_move("c1xa3").unwrap();
    for text in ["c1a3", "C1XA3", "c1 x a3"] {
        assert_eq!(olympiad.parse_move(text), Ok(capture), "{text}");
    }
    assert_eq!(olympiad.format_move(&capture), "c1xa3");
}

#[test]
fn a_wrong_separator_is_refused_with_the_right_form() {
    let olympiad = game("rules=olympiad");
    for (text, says) in [
        ("c1-a3", ["capture", "write c1xa3"]),
        ("b1xb3", ["not a capture", "write b1-b3"]),
    ] {
        let message = match olympiad.parse_move(text) {
            Err(e @ MoveError::Syntax(_)) => e.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        for part in says {
            assert!(message.contains(part), "{message}");
        }
    }
}

#[test]
fn malformed_moves_say_what_is_expected() {
    let start = game("");
    for text in [
        "", "b1", "b1-", "z1-b3", "b1-b9", "b1b3b5x", "passe", "hello", "♔e2-e4",
    ] {
        match start.parse_move(text) {
            Err(e @ MoveError::Syntax(_)) => {
                let message = e.to_string();
                assert!(message.contains("b1-b3"), "{text}: {message}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    let huge = "a2-c4".repeat(100_000);
    assert!(matches!(start.parse_move(&huge), Err(MoveError::Syntax(_))));
}

#[test]
fn illegal_moves_explain_why() {
    let start = game("");
    assert!(illegal_message(&start, "b1-b3").contains("not your piece"));
    assert!(illegal_message(&start, "d4-d5").contains("no piece on d4"));
    assert!(illegal_message(&start, "a2-b4").contains("not on a line"));
    let distance = illegal_message(&start, "a2-a4");
    assert!(distance.contains("exactly 6 squares"), "{distance}");
    assert!(illegal_message(&start, "a2-a2").contains("another square"));
    assert!(illegal_message(&start, "pass").contains("only when you have no legal move"));
}

/// White a1 a2 a4 (a4 apart), Black h1 h8; White to move.
const OWN_PIECES: &str = "7b/8/8/8/w7/8/w7/w6b w 0 0,0 * rules=abacus setup=standard";
/// White a1 a2 a4, Black a3 h8; White to move.
const ENEMY_IN_THE_WAY: &str = "7b/8/8/8/w7/b7/w7/w7 w 0 0,0 * rules=abacus setup=standard";

#[test]
fn a_piece_may_jump_its_own_pieces_but_not_land_on_them() {
    let position = import(OWN_PIECES);
    // The a-file holds 3 pieces: a2 jumps its own a4 to land on a5; a1 would land on a4.
    assert!(legal_texts(&position).contains(&"a2-a5".to_string()));
    assert!(illegal_message(&position, "a1-a4").contains("your own piece"));
}

#[test]
fn a_piece_may_not_jump_an_enemy_piece() {
    let position = import(ENEMY_IN_THE_WAY);
    let message = illegal_message(&position, "a1-a5");
    assert!(
        message.contains("cannot jump over an enemy piece"),
        "{message}"
    );
    assert!(illegal_message(&position, "a2-a6").contains("cannot jump"));
    // a4 has a clear way up: 4 squares to a8.
    assert!(legal_texts(&position).contains(&"a4-a8".to_string()));
}

#[test]
fn a_capture_removes_the_enemy_piece() {
    let mut olympiad = game("rules=olympiad");
    play(&mut olympiad, &["c1xa3"]);
    assert_eq!(olympiad.piece_at(0, 2), Some(Color::Black));
    assert_eq!(olympiad.piece_at(2, 0), None);
    assert_eq!(olympiad.pieces(Color::White).count_ones(), 11);
    assert_eq!(olympiad.ply(), 1);
}

/// Black b6 e5 f6, White a1 a2 d4; Black to move. b6xd4 connects both sides at once.
const DOUBLE_CONNECTION: &str = "8/8/1b3b2/4b3/3w4/8/w7/w7 b 9 0,0 *";

#[test]
fn a_double_connection_wins_for_the_mover_under_abacus_rules() {
    let mut position = import(&format!("{DOUBLE_CONNECTION} rules=abacus"));
    play(&mut position, &["b6xd4"]);
    assert_finished(&position, Side::Second, Reason::Connection);
    assert_eq!(position.side_name(Side::Second), "black");
    assert_eq!(position.parse_move("a1-b1"), Err(MoveError::GameOver));
}

#[test]
fn a_double_connection_is_a_draw_under_olympiad_rules() {
    let mut position = import(&format!("{DOUBLE_CONNECTION} rules=olympiad"));
    play(&mut position, &["b6xd4"]);
    assert_drawn(position.status(), Reason::Connection);
}

#[test]
fn capturing_the_last_separated_enemy_piece_makes_the_opponent_win() {
    // As above, but Black also has h1, so only White ends up connected.
    for rules in ["abacus", "olympiad"] {
        let mut position = import(&format!(
            "8/8/1b3b2/4b3/3w4/8/w7/w6b b 9 0,0 * rules={rules}"
        ));
        play(&mut position, &["b6xd4"]);
        let white = position.side_of(Color::White);
        assert_eq!(
            position.status(),
            Status::Over(Outcome::win(white, Reason::Connection)),
            "{rules}"
        );
    }
}

#[test]
fn a_single_remaining_piece_is_connected() {
    // White a1 d4, Black b6 e5 h1: taking d4 leaves White one piece, which is a group.
    let mut position = import("8/8/1b6/4b3/3w4/8/8/w6b b 9 0,0 * rules=olympiad");
    play(&mut position, &["b6xd4"]);
    assert_eq!(position.pieces(Color::White).count_ones(), 1);
    assert!(position.is_connected(Color::White));
    assert_won(position.status(), Side::Second, Reason::Connection);
}

#[test]
fn a_side_with_no_piece_on_the_board_is_not_connected() {
    // White has no piece at all; Black joins its two groups. Were an empty side connected,
    // this would be a draw under the olympiad rules.
    let mut position = import("8/8/8/8/8/8/b7/1b2b3 b 20 0,0 * rules=olympiad");
    assert!(!position.is_connected(Color::White));
    play(&mut position, &["e1-c1"]);
    assert_won(position.status(), Side::First, Reason::Connection);
}

/// White a1 h8 cannot move (every line is blocked by Black); Black b1 a2 b2 and g8 h7 g7.
const WHITE_BLOCKED: &str = "6bw/6bb/8/8/8/8/bb6/wb6 w 30 0,0 * rules=abacus setup=standard";

#[test]
fn a_player_without_a_move_must_pass_and_only_then() {
    let mut position = import(WHITE_BLOCKED);
    assert_eq!(legal_texts(&position), ["pass"]);
    let pass = position.parse_move(" PASS ").unwrap();
    assert!(pass.is_pass());
    assert_eq!(pass.from(), None);
    assert_eq!(pass.to(), None);
    assert!(illegal_message(&position, "a1-c1").contains("jump"));
    position.play(&pass).unwrap();
    assert_eq!(position.color_to_move(), Color::Black);
    assert_eq!(position.ply(), 31);
    assert!(!legal_texts(&position).contains(&"pass".to_string()));
    assert!(illegal_message(&position, "pass").contains("no legal move"));
    // The pass from the blocked position is not a legal move here.
    assert_eq!(
        position.play(&pass).map_err(|e| e.to_string()),
        Err("that move is not legal in this position".to_string())
    );
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut start = game("");
    let cycle = ["h4-f4", "d8-d6", "f4-h4", "d6-d8"];
    play(&mut start, &cycle);
    play(&mut start, &cycle[..3]);
    assert!(!start.status().is_over());
    // Export and import forget the history, so the copy does not see a repetition.
    let mut copy = import(&start.export());
    play(&mut start, &cycle[3..]);
    assert_drawn(start.status(), Reason::Repetition);
    assert!(start.legal_moves().is_empty());
    play(&mut copy, &cycle[3..]);
    assert!(!copy.status().is_over());
}

#[test]
fn parachute_drops_are_mandatory_for_six_turns_each_then_forbidden() {
    let mut position = game("setup=parachute");
    for turn in 0..12 {
        let mover = position.color_to_move();
        let moves = position.legal_moves();
        assert!(
            moves.iter().all(|m| m.drop_square().is_some()),
            "turn {turn}"
        );
        let step = moves
            .iter()
            .find(|m| !m.is_pass())
            .map(|m| position.format_move(m))
            .expect("a move");
        let bare = step.split('@').next().unwrap().to_string();
        let message = illegal_message(&position, &bare);
        assert!(message.contains("must also drop"), "{message}");
        // Pick a turn that keeps the game going.
        let mv = moves
            .iter()
            .find(|m| {
                let mut child = position.clone();
                child.play(m).unwrap();
                !child.status().is_over()
            })
            .copied()
            .expect("a quiet turn");
        let before = position.held(mover.opponent());
        position.play(&mv).unwrap();
        assert_eq!(position.held(mover.opponent()), before - 1);
    }
    assert_eq!(position.held(Color::White), 0);
    assert_eq!(position.held(Color::Black), 0);
    let moves = position.legal_moves();
    assert!(moves.iter().all(|m| m.drop_square().is_none()));
    let text = format!("{}@a1", position.format_move(&moves[0]));
    let message = illegal_message(&position, &text);
    assert!(message.contains("no stones to drop"), "{message}");
}

#[test]
fn parachute_drop_notation_and_checks() {
    let position = game("setup=parachute");
    let mv = position.parse_move("a2-c2@d5").unwrap();
    assert_eq!(mv.drop_square(), Some((3, 4)));
    assert_eq!(position.format_move(&mv), "a2-c2@d5");
    for text in ["A2C2D5", "a2 c2 @ d5", "a2-c2 d5"] {
        assert_eq!(position.parse_move(text), Ok(mv), "{text}");
    }
    // The drop comes after the move: the square just left is free, the one reached is not.
    assert!(position.parse_move("a2-c2@a2").is_ok());
    assert!(illegal_message(&position, "a2-c2@c2").contains("taken"));
    assert!(illegal_message(&position, "a2-c2@a3").contains("taken"));
    let mut played = position.clone();
    played.play(&mv).unwrap();
    assert_eq!(played.piece_at(3, 4), Some(Color::Black));
    assert_eq!(played.held(Color::Black), 5);
    assert_eq!(played.held(Color::White), 6);
}

#[test]
fn parachute_first_turn_count_is_moves_times_empty_squares() {
    let start = game("setup=parachute");
    // The same board with nothing held gives the plain moves.
    let plain = import(&start.export().replace(" 6,6 ", " 0,0 "));
    let steps = plain.legal_moves();
    let captures = steps.iter().filter(|m| m.is_capture()).count() as u64;
    let empty = 64 - 12;
    // A capture frees one more square for the drop.
    let expected = steps.len() as u64 * empty + captures;
    assert_eq!(start.perft(1), expected);
    assert_eq!(start.legal_moves().len() as u64, expected);
}

/// White a1 a2 d3, Black h3 h8; White to move. d3-b3 joins White into one group.
const PARACHUTE_CONNECT: &str = "7b/8/8/8/8/3w3b/w7/w7 w 4";

#[test]
fn no_win_by_connection_while_own_stones_are_held() {
    let mut held = import(&format!("{PARACHUTE_CONNECT} 1,1 * setup=parachute"));
    play(&mut held, &["d3-b3@e5"]);
    assert!(!held.status().is_over());
    assert!(!held.is_connected(Color::White));

    let mut free = import(&format!("{PARACHUTE_CONNECT} 0,1 * setup=parachute"));
    play(&mut free, &["d3-b3@e5"]);
    assert_won(free.status(), Side::First, Reason::Connection);
}

#[test]
fn a_drop_that_connects_the_opponent_makes_it_win() {
    // Black h1 h3 and one Black stone still in White's hand; White drops it on h2.
    let mut position = import("8/8/8/8/w7/7b/8/w6b w 4 0,1 * setup=parachute rules=abacus");
    play(&mut position, &["a4-b4@h2"]);
    assert_won(position.status(), Side::Second, Reason::Connection);
}

#[test]
fn illegal_moves_leave_the_position_unchanged() {
    let mut position = game("rules=olympiad");
    play(&mut position, &["b1-d3"]);
    let before = position.export();
    let foreign = game("rules=olympiad").parse_move("c1xa3").unwrap();
    for text in [
        "b1-b3", "pass", "a3-a5", "c1-a3", "e8xe6", "", "xyz", "d3-d3",
    ] {
        assert!(position.parse_move(text).is_err(), "{text}");
    }
    assert!(position.play(&foreign).is_err());
    assert_eq!(position.export(), before);
    assert_eq!(position.ply(), 1);
}

#[test]
fn every_legal_move_round_trips_through_its_notation() {
    let mut positions = vec![
        game(""),
        game("rules=olympiad setup=scrambled-eggs"),
        game("setup=parachute"),
        import(WHITE_BLOCKED),
        import(ENEMY_IN_THE_WAY),
    ];
    let mut walk = game("rules=olympiad");
    for _ in 0..30 {
        let moves = walk.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[moves.len() * 7 / 11];
        walk.play(&mv).unwrap();
        positions.push(walk.clone());
    }
    for position in &positions {
        for mv in position.legal_moves() {
            let text = position.format_move(&mv);
            assert_eq!(position.parse_move(&text), Ok(mv), "{text}");
            assert_eq!(position.parse_move(&text.to_uppercase()), Ok(mv), "{text}");
        }
    }
}

#[test]
fn export_and_import_round_trip() {
    let mut positions = vec![game(""), game("setup=parachute rules=olympiad")];
    let mut over = import(&format!("{DOUBLE_CONNECTION} rules=olympiad"));
    play(&mut over, &["b6xd4"]);
    positions.push(over);
    let mut walk = game("setup=parachute");
    for _ in 0..16 {
        let moves = walk.legal_moves();
        if moves.is_empty() {
            break;
        }
        walk.play(&moves[moves.len() / 2]).unwrap();
        positions.push(walk.clone());
    }
    for position in &positions {
        let text = position.export();
        assert!(!text.contains('\n'));
        let copy = import(&text);
        assert_eq!(copy.export(), text);
        assert_eq!(copy.status(), position.status());
        assert_eq!(copy.legal_moves(), position.legal_moves());
        assert_eq!(copy.options(), position.options());
    }
    assert_eq!(
        game("").export(),
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 0 0,0 * rules=abacus setup=standard"
    );
}

#[test]
fn import_refuses_garbage_and_inconsistent_positions() {
    for text in [
        "",
        "loa",
        "8/8/8/8/8/8/8 w 0 0,0 *",
        "9/8/8/8/8/8/8/8 w 0 0,0 *",
        "7b/8/8/8/8/8/8/bx6 w 0 0,0 *",
        "7b/8/8/8/8/8/8/b6 w 0 0,0 *",
        "7b/8/8/8/8/8/8/b8 w 0 0,0 *",
        "7b/8/8/8/8/8/8/b7 x 0 0,0 *",
        "7b/8/8/8/8/8/8/b7 w -1 0,0 *",
        "7b/8/8/8/8/8/8/b7 w 0 0 *",
        "7b/8/8/8/8/8/8/b7 w 0 0,0,0 *",
        "7b/8/8/8/8/8/8/b7 w 0 1,0 *",
        "7b/8/8/8/8/8/8/b7 w 0 7,0 * setup=parachute",
        "7b/8/8/8/8/8/8/b7 w 0 0,0 white-resignation",
        "7b/8/8/8/8/8/8/b7 w 0 0,0 * rules=chess",
        "bbbbbbbb/bbbbbbbb/8/8/8/8/8/8 w 0 0,0 *",
        // Black's two pieces are apart and White has none: nobody is connected.
        "7b/8/8/8/8/8/8/b7 w 0 0,0 black-connection",
        // A single White piece is connected: the game cannot still be going on.
        "7b/8/8/8/8/8/8/b6w b 0 0,0 *",
    ] {
        assert!(Loa::import(text).is_err(), "{text}");
    }
    // The same single White piece with the matching result is fine.
    assert!(Loa::import("7b/8/8/8/8/8/8/b6w b 0 0,0 white-connection").is_ok());
}

#[test]
fn the_drawing_has_coordinates_and_pieces() {
    let drawing = game("setup=parachute").draw_text();
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines[0].trim(), "a b c d e f g h");
    assert!(lines[1].starts_with('8') && lines[1].ends_with('8'));
    assert_eq!(lines[7].trim(), "2 w . . . . . . b 2");
    assert_eq!(lines[9].trim(), "a b c d e f g h");
    assert!(drawing.contains("white to move"));
    assert!(drawing.contains("holds 6"));
}

proptest! {
    #[test]
    fn parsing_any_text_never_panics(text in "\\PC{0,40}") {
        let position = game("setup=parachute");
        let _ = position.parse_move(&text);
        let _ = Loa::import(&text);
    }

    #[test]
    fn parsing_move_like_text_never_panics(text in "[a-jA-J0-9xX@ -]{0,12}|pass[@a-z0-9]{0,4}") {
        for position in [game(""), game("setup=parachute"), import(WHITE_BLOCKED)] {
            if let Ok(mv) = position.parse_move(&text) {
                prop_assert!(position.is_legal(&mv));
            }
        }
    }

    #[test]
    fn importing_board_like_text_never_panics(text in "[wb1-9/]{0,40} [wbx] [0-9]{1,3} [0-9],[0-9] [*a-z-]{1,16}") {
        if let Ok(position) = Loa::import(&text) {
            prop_assert_eq!(Loa::import(&position.export()).map(|p| p.export()), Ok(position.export()));
        }
    }
}
