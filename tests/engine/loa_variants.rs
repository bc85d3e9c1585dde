//! Lines of Action's variants (RULES.md section 1, "Four seats and marked pieces" and "Playing
//! beyond the edges"): one test per rule sentence through the public `Game` interface, and perft
//! of every new option set checked against [`slow`], a second generator written from the rules
//! text alone.

use crate::{assert_drawn, assert_won};
use std::collections::BTreeSet;

use crate::illegal_message;
use crate::loa::{import, legal_texts, play};
use parlor::games::loa::{Color, Loa, LoaBoard, LoaOptions, LoaSetup, PieceSet, Seat};
use parlor::games::{Game, GameOptions, Outcome, Reason, Side, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(options: &str) -> Loa {
    Loa::new(LoaOptions::parse(options).unwrap_or_else(|e| panic!("{options}: {e}")))
}

fn options_error(text: &str) -> String {
    match LoaOptions::parse(text) {
        Err(e) => e.0,
        Ok(o) => panic!("{text} accepted as {o:?}"),
    }
}

/// The (file, rank) of a square name.
fn at(name: &str) -> (u8, u8) {
    let b = name.as_bytes();
    (b[0] - b'a', b[1] - b'1')
}

fn marked(game: &Loa, name: &str) -> bool {
    let (f, r) = at(name);
    game.is_marked(f, r)
}

/// Every legal move of the position starts on a piece of `color` marked as `set` says.
fn all_moves_from(game: &Loa, color: Color, set: PieceSet) {
    for mv in game.legal_moves() {
        let (f, r) = mv.from().expect("not a pass");
        assert_eq!(game.piece_at(f, r), Some(color));
        assert_eq!(game.is_marked(f, r), set == PieceSet::Marked, "{mv:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Options

#[test]
fn new_options_parse_and_unknown_values_are_refused_with_the_choices() {
    let o = LoaOptions::parse("players=4 marks=none board=flat").unwrap();
    assert_eq!(o.to_text(), "rules=abacus setup=standard players=4");
    assert_eq!(LoaOptions::parse(&o.to_text()), Ok(o));
    let o = LoaOptions::parse("marks=alternate rules=olympiad").unwrap();
    assert_eq!(o.to_text(), "rules=olympiad setup=standard marks=alternate");
    assert!(options_error("players=3").contains("players=2 or players=4"));
    assert!(options_error("marks=all").contains("marks=none or marks=alternate"));
    assert!(options_error("board=sphere").contains("board=flat or board=cylinder"));
    assert!(options_error("colour=red").contains("board=flat|cylinder"));
}

#[test]
fn cylinder_starts_from_scrambled_eggs_unless_parachute_is_named() {
    let o = LoaOptions::parse("board=cylinder").unwrap();
    assert_eq!(o.setup, LoaSetup::ScrambledEggs);
    assert_eq!(o.board, LoaBoard::Cylinder);
    assert_eq!(LoaOptions::parse(&o.to_text()), Ok(o.clone()));
    let eggs = game("board=cylinder");
    let flat_eggs = game("setup=scrambled-eggs");
    assert_eq!(eggs.pieces(Color::White), flat_eggs.pieces(Color::White));
    assert_eq!(eggs.board_shape(), LoaBoard::Cylinder);
    let parachute = LoaOptions::parse("setup=parachute board=cylinder").unwrap();
    assert_eq!(parachute.setup, LoaSetup::Parachute);
    // Both rule sets apply: Black moves first under the olympiad rules.
    assert_eq!(
        game("board=cylinder rules=olympiad").color_to_move(),
        Color::Black
    );
}

#[test]
fn standard_setup_on_a_cylinder_is_refused_with_the_reason() {
    for text in [
        "board=cylinder setup=standard",
        "setup=standard board=cylinder",
    ] {
        let message = options_error(text);
        assert!(message.contains("files a and h"), "{text}: {message}");
        assert!(message.contains("one group"), "{text}: {message}");
    }
    for option in ["players=4", "marks=alternate"] {
        let message = options_error(&format!("{option} board=cylinder"));
        assert!(message.contains(option), "{message}");
        assert!(message.contains("cylinder"), "{message}");
        assert!(message.contains("standard setup"), "{message}");
        let message = options_error(&format!("{option} setup=parachute"));
        assert!(message.contains("standard setup"), "{message}");
    }
    let message = options_error("players=4 marks=alternate");
    assert!(message.contains("two-player"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Marks

#[test]
fn initial_marks_are_the_first_third_and_fifth_piece_of_each_row_and_file() {
    for options in ["players=4", "marks=alternate"] {
        let start = game(options);
        let expected = [
            "b1", "d1", "f1", "b8", "d8", "f8", "a2", "a4", "a6", "h2", "h4", "h6",
        ];
        for rank in 0..8 {
            for file in 0..8 {
                let name = format!("{}{}", (b'a' + file) as char, rank + 1);
                assert_eq!(
                    start.is_marked(file, rank),
                    expected.contains(&name.as_str()),
                    "{options} {name}"
                );
            }
        }
        assert_eq!(start.marked().count_ones(), 12);
    }
    assert_eq!(game("").marked(), 0);
}

#[test]
fn the_mark_travels_with_the_piece_and_captures_take_any_mark() {
    let mut four = game("players=4");
    // w1's marked h6 takes Black's marked f8.
    play(&mut four, &["h6xf8"]);
    assert!(marked(&four, "f8"));
    assert!(!marked(&four, "h6"));
    assert_eq!(four.piece_at(5, 7), Some(Color::White));
    assert_eq!((four.pieces(Color::Black) & four.marked()).count_ones(), 5);
    // b1 moves, then w2's unmarked a3 takes Black's unmarked c1.
    play(&mut four, &["b8-b6", "a3xc1"]);
    assert!(!marked(&four, "c1"));
    assert_eq!(four.piece_at(2, 0), Some(Color::White));
    assert_eq!(four.pieces(Color::Black).count_ones(), 10);
    assert_eq!((four.pieces(Color::Black) & four.marked()).count_ones(), 5);
    assert_eq!((four.pieces(Color::White) & four.marked()).count_ones(), 6);
}

// ---------------------------------------------------------------------------------------------
// Four seats

#[test]
fn four_seats_take_turns_first_colour_marked_second_marked_then_unmarked() {
    for (rules, order) in [
        ("abacus", [Seat::W1, Seat::B1, Seat::W2, Seat::B2, Seat::W1]),
        (
            "olympiad",
            [Seat::B1, Seat::W1, Seat::B2, Seat::W2, Seat::B1],
        ),
    ] {
        let mut four = game(&format!("players=4 rules={rules}"));
        assert_eq!(four.players(), 4);
        for seat in order {
            assert_eq!(four.seat_to_move(), Some(seat), "{rules}");
            assert_eq!(four.color_to_move(), seat.color());
            assert_eq!(four.status(), Status::ToMove(four.side_of(seat.color())));
            all_moves_from(&four, seat.color(), seat.pieces());
            let moves = four.legal_moves();
            four.play(&moves[moves.len() / 2]).unwrap();
        }
    }
    assert_eq!(game("").seat_to_move(), None);
}

/// White marked a1 and unmarked d1; Black unmarked a8 and marked h8. d1-b1 joins White.
const W2_CONNECTS: &str = "b6B/8/8/8/8/8/8/W2w4";

#[test]
fn a_seat_moves_only_its_own_set() {
    let w1 = import(&format!("{W2_CONNECTS} w1 0 0,0 * players=4"));
    let message = illegal_message(&w1, "d1-b1");
    assert!(message.contains("not w1's piece"), "{message}");
    assert!(message.contains("marked"), "{message}");
    assert!(illegal_message(&w1, "h8-h7").contains("not your piece"));
}

#[test]
fn a_team_wins_when_its_marked_and_unmarked_pieces_form_one_group() {
    let mut w2 = import(&format!("{W2_CONNECTS} w2 0 0,0 * players=4"));
    play(&mut w2, &["d1-b1"]);
    assert_won(w2.status(), Side::First, Reason::Connection);
    assert_eq!(w2.side_name(Side::First), "white");
}

/// Black marked b6, unmarked e5 f6 (and h1 below); White a1, marked a2, d4. b6xd4 leaves White
/// a1 a2 as one group.
const TAKE_LAST: &str = "8/8/1B3b2/4b3/3w4/8/W7/w6b";
const TAKE_LAST_BOTH: &str = "8/8/1B3b2/4b3/3w4/8/W7/w7";

#[test]
fn a_team_connected_by_the_other_teams_move_wins() {
    for rules in ["abacus", "olympiad"] {
        let mut b1 = import(&format!("{TAKE_LAST} b1 9 0,0 * players=4 rules={rules}"));
        play(&mut b1, &["b6xd4"]);
        assert_eq!(
            b1.status(),
            Status::Over(Outcome::win(b1.side_of(Color::White), Reason::Connection)),
            "{rules}"
        );
    }
}

#[test]
fn both_teams_connected_follows_the_rule_set() {
    let mut abacus = import(&format!(
        "{TAKE_LAST_BOTH} b1 9 0,0 * players=4 rules=abacus"
    ));
    play(&mut abacus, &["b6xd4"]);
    assert_won(abacus.status(), Side::Second, Reason::Connection);
    let mut olympiad = import(&format!(
        "{TAKE_LAST_BOTH} b1 9 0,0 * players=4 rules=olympiad"
    ));
    play(&mut olympiad, &["b6xd4"]);
    assert_drawn(olympiad.status(), Reason::Connection);
}

/// White's marked a1 and h8 are walled in by Black; White's unmarked d4 is free; Black has no
/// marked piece at all.
const WALLED: &str = "6bW/6bb/8/8/3w4/8/bb6/Wb6";

#[test]
fn a_seat_with_no_legal_move_passes_and_the_next_seat_plays() {
    let mut four = import(&format!("{WALLED} w1 30 0,0 * players=4"));
    assert_eq!(legal_texts(&four), ["pass"]);
    play(&mut four, &["pass"]);
    // b1 has no marked piece left: it passes too.
    assert_eq!(four.seat_to_move(), Some(Seat::B1));
    assert_eq!(legal_texts(&four), ["pass"]);
    play(&mut four, &["pass"]);
    assert_eq!(four.seat_to_move(), Some(Seat::W2));
    assert!(legal_texts(&four).contains(&"d4-e4".to_string()));
    assert!(illegal_message(&four, "pass").contains("no legal move"));
}

// ---------------------------------------------------------------------------------------------
// Ambidextrous

#[test]
fn ambidextrous_moves_alternate_between_marked_and_unmarked_pieces() {
    let mut position = game("marks=alternate");
    // The first choice is free.
    assert_eq!(position.legal_moves().len(), 36);
    assert_eq!(position.required_set(Color::White), None);
    play(&mut position, &["h4-f4"]);
    assert_eq!(
        position.required_set(Color::White),
        Some(PieceSet::Unmarked)
    );
    assert_eq!(position.required_set(Color::Black), None);
    play(&mut position, &["e8-e6"]);
    assert_eq!(position.required_set(Color::Black), Some(PieceSet::Marked));
    all_moves_from(&position, Color::White, PieceSet::Unmarked);
    let message = illegal_message(&position, "f4-h4");
    assert!(message.contains("unmarked pieces"), "{message}");
    play(&mut position, &["h3-f3"]);
    all_moves_from(&position, Color::Black, PieceSet::Marked);
    play(&mut position, &["d8-d6"]);
    all_moves_from(&position, Color::White, PieceSet::Marked);
}

#[test]
fn when_the_required_set_cannot_move_the_other_set_may() {
    let mut position = import(&format!("{WALLED} w:m- 30 0,0 * marks=alternate"));
    let moves = legal_texts(&position);
    assert!(!moves.is_empty() && moves.iter().all(|m| m.starts_with("d4")));
    play(&mut position, &["d4-e4"]);
    // The set required next is the other than the one actually moved: marked again.
    assert_eq!(position.required_set(Color::White), Some(PieceSet::Marked));
}

#[test]
fn when_neither_set_can_move_the_player_passes_and_the_required_set_stays() {
    let walled_only = "6bW/6bb/8/8/8/8/bb6/Wb6";
    let mut position = import(&format!("{walled_only} w:u- 30 0,0 * marks=alternate"));
    assert_eq!(legal_texts(&position), ["pass"]);
    // The refusal names what blocks the piece, not the alternation.
    assert!(illegal_message(&position, "a1-c1").contains("cannot jump"));
    play(&mut position, &["pass"]);
    assert_eq!(
        position.required_set(Color::White),
        Some(PieceSet::Unmarked)
    );
    assert!(position.export().contains(" b:u- "));
}

// ---------------------------------------------------------------------------------------------
// Repetition with marks

/// Eight turns that bring the standard board back: each player moves a marked piece out, an
/// unmarked piece out, then both back, so that the alternation and the seats allow them.
const CYCLE: [&str; 8] = [
    "h4-f4", "d8-d6", "h3-f3", "e8-e6", "f4-h4", "d6-d8", "f3-h3", "e6-e8",
];

#[test]
fn repetition_counts_the_seat_to_move() {
    let mut four = game("players=4");
    play(&mut four, &CYCLE);
    play(&mut four, &CYCLE[..7]);
    assert!(!four.status().is_over());
    play(&mut four, &CYCLE[7..]);
    // The start (w1 to move) has now occurred three times.
    assert_drawn(four.status(), Reason::Repetition);
}

#[test]
fn repetition_counts_the_set_each_player_must_move_next() {
    let mut plain = game("");
    play(&mut plain, &CYCLE);
    play(&mut plain, &CYCLE);
    assert_drawn(plain.status(), Reason::Repetition);
    // With marks=alternate the start (and the position after White's first move) had a free
    // choice for Black, so the boards seen three times are not yet three times the same
    // positions; from Black's first move on they are.
    let mut alternate = game("marks=alternate");
    play(&mut alternate, &CYCLE);
    play(&mut alternate, &CYCLE);
    assert!(!alternate.status().is_over());
    play(&mut alternate, &CYCLE[..1]);
    assert!(!alternate.status().is_over());
    play(&mut alternate, &CYCLE[1..2]);
    assert_drawn(alternate.status(), Reason::Repetition);
}

#[test]
fn repetition_counts_the_marks() {
    // The same squares with the marks of a1 and d4 swapped is another position: w1 passes in
    // one and moves d4 in the other.
    let one = import(&format!("{WALLED} w1 30 0,0 * players=4"));
    let swapped = import("6bW/6bb/8/8/3W4/8/bb6/wb6 w1 30 0,0 * players=4");
    assert_eq!(one.pieces(Color::White), swapped.pieces(Color::White));
    assert_ne!(one.export(), swapped.export());
    assert_ne!(legal_texts(&one), legal_texts(&swapped));
}

// ---------------------------------------------------------------------------------------------
// Cylinder

const CYLINDER: &str = "board=cylinder setup=scrambled-eggs";

#[test]
fn ranks_are_circles_and_diagonals_cross_the_side_edge() {
    // White h4 c7, Black d2 f7.
    let position = import(&format!("8/2w2b2/8/8/7w/8/3b4/8 w 0 0,0 * {CYLINDER}"));
    let from_h4: Vec<String> = legal_texts(&position)
        .into_iter()
        .filter(|m| m.starts_with("h4"))
        .collect();
    // Rank 4 holds 1 piece: g4 and, across the edge, a4. File h: h3, h5. The diagonal
    // e1 f2 g3 h4 a5 b6 c7 d8 holds 2: f2 and b6. The anti-diagonal holds 1: g5 and a3.
    assert_eq!(
        from_h4,
        [
            "h4-a3", "h4-a4", "h4-b6", "h4-f2", "h4-g4", "h4-g5", "h4-h3", "h4-h5"
        ]
    );
}

#[test]
fn a_move_around_the_circle_may_not_pass_an_enemy_piece() {
    // Rank 4: White h4, Black b4 and e4: 3 pieces; h4 eastwards would pass b4, westwards it
    // takes e4. White's c7 keeps White apart.
    let position = import(&format!("8/2w5/8/8/1b2b2w/8/8/8 w 0 0,0 * {CYLINDER}"));
    let message = illegal_message(&position, "h4-c4");
    assert!(message.contains("cannot jump"), "{message}");
    assert!(legal_texts(&position).contains(&"h4xe4".to_string()));
}

#[test]
fn eight_pieces_on_a_rank_circle_cannot_move_along_it() {
    let position = import(&format!("8/8/8/8/8/8/8/wbwbwbwb w 0 0,0 * {CYLINDER}"));
    let moves = legal_texts(&position);
    assert!(!moves.is_empty());
    for mv in &moves {
        assert!(!mv.ends_with('1'), "{mv} moves along the full rank");
    }
    let from_a1: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(from_a1, ["a1-a2", "a1-b2", "a1-h2"]);
}

#[test]
fn connection_counts_across_the_joined_edge() {
    // Black c8 e8; White a3 and one piece on the h-file.
    for (neighbour, board) in [
        ("h2", "2b1b3/8/8/8/8/w7/7w/8"),
        ("h3", "2b1b3/8/8/8/8/w6w/8/8"),
        ("h4", "2b1b3/8/8/8/7w/w7/8/8"),
    ] {
        // a3 and the h-file piece form one group on the cylinder, two on the flat board.
        assert!(Loa::import(&format!("{board} b 0 0,0 * {CYLINDER}")).is_err());
        let over = import(&format!("{board} b 0 0,0 white-connection {CYLINDER}"));
        assert!(over.is_connected(Color::White), "{neighbour}");
        assert!(Loa::import(&format!("{board} b 0 0,0 * setup=scrambled-eggs")).is_ok());
    }
    for (apart, board) in [
        ("h1", "2b1b3/8/8/8/8/w7/8/7w"),
        ("h5", "2b1b3/8/8/7w/8/w7/8/8"),
    ] {
        let position = import(&format!("{board} b 0 0,0 * {CYLINDER}"));
        assert!(!position.is_connected(Color::White), "{apart}");
    }
    // A move that joins across the edge wins.
    let mut position = import(&format!("2b1b3/8/8/7w/8/w7/8/8 w 0 0,0 * {CYLINDER}"));
    play(&mut position, &["h5-h4"]);
    assert_won(position.status(), Side::First, Reason::Connection);
}

// ---------------------------------------------------------------------------------------------
// Text

#[test]
fn export_import_and_drawing_carry_marks_seats_and_sets() {
    let mut positions = vec![game("players=4"), game("marks=alternate rules=olympiad")];
    for options in [
        "players=4 rules=olympiad",
        "marks=alternate",
        "board=cylinder",
    ] {
        let mut walk = game(options);
        for i in 0..12 {
            let moves = walk.legal_moves();
            if moves.is_empty() {
                break;
            }
            walk.play(&moves[(i * 7) % moves.len()]).unwrap();
            positions.push(walk.clone());
        }
    }
    for position in &positions {
        let text = position.export();
        let copy = import(&text);
        assert_eq!(copy.export(), text);
        assert_eq!(copy.marked(), position.marked());
        assert_eq!(copy.seat_to_move(), position.seat_to_move());
        for color in Color::BOTH {
            assert_eq!(copy.required_set(color), position.required_set(color));
        }
        assert_eq!(copy.legal_moves(), position.legal_moves());
    }
    assert_eq!(
        game("players=4").export(),
        "1BbBbBb1/w6w/W6W/w6w/W6W/w6w/W6W/1BbBbBb1 w1 0 0,0 * rules=abacus setup=standard players=4"
    );
    assert!(game("marks=alternate").export().contains(" w:-- "));
    let drawing = game("players=4").draw_text();
    assert!(drawing.contains("1 . B b B b B b . 1"), "{drawing}");
    assert!(drawing.contains("W B: marked pieces"), "{drawing}");
    assert!(
        drawing.contains("w1 (white, marked pieces) to move"),
        "{drawing}"
    );
    let drawing = game("marks=alternate").draw_text();
    assert!(
        drawing.contains("white may move either set next"),
        "{drawing}"
    );
    assert!(!game("").draw_text().contains("marked"));
}

#[test]
fn import_refuses_marks_and_seats_that_do_not_fit_the_options() {
    for text in [
        "b6B/8/8/8/8/8/8/W2w4 w 0 0,0 *",
        "b6B/8/8/8/8/8/8/W2w4 w 0 0,0 * players=4",
        "b6B/8/8/8/8/8/8/W2w4 w3 0 0,0 * players=4",
        "b6B/8/8/8/8/8/8/W2w4 w1 0 0,0 * marks=alternate",
        "b6B/8/8/8/8/8/8/W2w4 w:mx 0 0,0 * marks=alternate",
        "b6B/8/8/8/8/8/8/W2w4 w:m 0 0,0 * marks=alternate",
        "WWWWWWW1/8/8/8/8/8/8/b6B w1 0 0,0 * players=4",
    ] {
        assert!(Loa::import(text).is_err(), "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perft against the slow generator

/// The perft of the real engine and of the slow generator at depths 1..=`depth`: they must agree
/// at every depth. Returns the figures for the report.
fn compare_perft(options: &str, depth: u32) -> Vec<u64> {
    let fast = game(options);
    let reference = slow::Game::new(options);
    let mut figures = Vec::new();
    for d in 1..=depth {
        let a = fast.perft(d);
        let b = reference.perft(d);
        assert_eq!(a, b, "{options}: depth {d}");
        figures.push(a);
    }
    println!("perft {options}: {figures:?}");
    figures
}

#[test]
fn slow_generator_reproduces_the_published_figures() {
    let standard = slow::Game::new("");
    assert_eq!(
        (1..=4).map(|d| standard.perft(d)).collect::<Vec<_>>(),
        [36, 1_244, 44_952, 1_563_208]
    );
    let eggs = slow::Game::new("rules=olympiad setup=scrambled-eggs");
    assert_eq!(
        (1..=3).map(|d| eggs.perft(d)).collect::<Vec<_>>(),
        [32, 992, 32_000]
    );
}

#[test]
fn perft_four_players_agrees_with_the_slow_generator() {
    compare_perft("players=4", 5);
    compare_perft("players=4 rules=olympiad", 5);
}

/// Depth 4 in every run; depth 5, about 35 times the work of the slow generator (some 16 s each
/// in the dev profile), in the long run below.
#[test]
fn perft_alternate_agrees_with_the_slow_generator() {
    compare_perft("marks=alternate", 4);
    compare_perft("marks=alternate rules=olympiad", 4);
}

#[test]
fn perft_cylinder_agrees_with_the_slow_generator() {
    compare_perft("board=cylinder", 4);
}

#[test]
fn perft_cylinder_olympiad_agrees_with_the_slow_generator() {
    compare_perft("board=cylinder rules=olympiad", 4);
}

/// The long run (README, "Fuzzing"): one ply deeper for the variants whose depth 5 costs a
/// minute on CI's two cores.
#[test]
#[ignore = "long run: a few minutes"]
fn perft_at_depth_five_agrees_with_the_slow_generator() {
    for options in [
        "marks=alternate",
        "marks=alternate rules=olympiad",
        "board=cylinder",
        "board=cylinder rules=olympiad",
    ] {
        compare_perft(options, 5);
    }
}

#[test]
fn perft_cylinder_parachute_agrees_with_the_slow_generator() {
    // Every turn of the parachute phase multiplies by ~50 drop squares: depth 2 is the most the
    // slow generator can afford.
    compare_perft("board=cylinder setup=parachute", 2);
    compare_perft("board=cylinder setup=parachute rules=olympiad", 2);
}

/// Random games under every new option set: at every position both generators list the same
/// moves and agree on the status.
#[test]
fn random_games_agree_move_by_move_with_the_slow_generator() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for options in [
        "players=4",
        "players=4 rules=olympiad",
        "marks=alternate",
        "marks=alternate rules=olympiad",
        "board=cylinder",
        "board=cylinder rules=olympiad",
        "board=cylinder setup=parachute",
    ] {
        for _ in 0..6 {
            let mut fast = game(options);
            let mut reference = slow::Game::new(options);
            for _ in 0..400 {
                let texts = legal_texts(&fast);
                assert_eq!(
                    texts,
                    reference.legal_texts(),
                    "{options}: {}",
                    fast.export()
                );
                let status = match fast.status() {
                    Status::ToMove(_) => None,
                    Status::Over(o) => Some(o.winner.map(|s| fast.color_of(s) == Color::Black)),
                };
                assert_eq!(status, reference.result(), "{options}: {}", fast.export());
                if texts.is_empty() {
                    break;
                }
                let text = &texts[rng.random_range(0..texts.len())];
                play(&mut fast, &[text.as_str()]);
                reference.play_text(text);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The engine protocol

mod protocol {
    use parlor::games::{AnyGame, Game};
    use parlor::protocol::{Session, status_line};

    fn ask(session: &mut Session, line: &str) -> String {
        let (lines, _) = session.handle(line);
        assert_eq!(lines.len(), 1, "{line:?} gave {lines:?}");
        lines.into_iter().next().unwrap_or_default()
    }

    #[test]
    fn new_loa_accepts_the_variant_options() {
        let mut s = Session::new();
        assert_eq!(ask(&mut s, "new loa players=4"), "ok");
        assert_eq!(ask(&mut s, "status"), "to-move w1");
        assert!(ask(&mut s, "legal").contains(" h6xf8"));
        assert_eq!(ask(&mut s, "moves h6xf8"), "ok");
        assert_eq!(ask(&mut s, "status"), "to-move b1");
        let message = ask(&mut s, "moves c8-c6");
        assert!(
            message.starts_with("error: 1: c8 is not b1's piece"),
            "{message}"
        );
        assert_eq!(ask(&mut s, "moves b8-b6 a3xc1"), "ok");
        assert_eq!(ask(&mut s, "status"), "to-move b2");
        assert_eq!(ask(&mut s, "new loa players=4 rules=olympiad"), "ok");
        assert_eq!(ask(&mut s, "status"), "to-move b1");

        assert_eq!(ask(&mut s, "new loa marks=alternate"), "ok");
        assert_eq!(ask(&mut s, "status"), "to-move white");
        assert_eq!(ask(&mut s, "moves h4-f4 e8-e6"), "ok");
        assert!(ask(&mut s, "moves f4-h4").contains("unmarked"));

        assert_eq!(ask(&mut s, "new loa board=cylinder"), "ok");
        let expected = super::game("board=cylinder").perft(2);
        assert_eq!(ask(&mut s, "perft 2"), format!("perft 2 {expected}"));
        assert_eq!(ask(&mut s, "new loa board=cylinder setup=parachute"), "ok");

        for bad in [
            "new loa board=cylinder setup=standard",
            "new loa players=4 board=cylinder",
            "new loa players=3",
        ] {
            let answer = ask(&mut s, bad);
            assert!(answer.starts_with("error: "), "{bad}: {answer}");
        }
        assert!(ask(&mut s, "new loa board=cylinder setup=standard").contains("files a and h"));
    }

    #[test]
    fn go_answers_a_legal_move_in_every_variant() {
        let mut s = Session::new();
        for options in ["players=4", "marks=alternate", "board=cylinder"] {
            assert_eq!(ask(&mut s, &format!("new loa {options}")), "ok");
            let first = ask(&mut s, "legal");
            let first = first.split(' ').nth(1).expect("a legal move").to_string();
            assert_eq!(ask(&mut s, &format!("moves {first}")), "ok");
            for go in ["go level=1", "go nodes=300"] {
                let answer = ask(&mut s, go);
                let mv = answer
                    .strip_prefix("bestmove ")
                    .unwrap_or_else(|| panic!("{options} {go}: {answer}"));
                let legal = ask(&mut s, "legal");
                assert!(
                    legal.split(' ').skip(1).any(|m| m == mv),
                    "{options}: {mv} not in {legal}"
                );
            }
        }
    }

    #[test]
    fn show_makes_the_marks_visible() {
        let mut s = Session::new();
        ask(&mut s, "new loa players=4");
        let (lines, _) = s.handle("show");
        assert_eq!(lines.last().map(String::as_str), Some("."));
        assert!(lines.iter().any(|l| l.contains("W B: marked pieces")));
        assert!(
            lines.iter().any(|l| l.trim() == "2 W . . . . . . W 2"),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains("w1 (white, marked pieces) to move"))
        );
    }

    #[test]
    fn a_four_player_win_names_the_team_colour() {
        let mut game = AnyGame::import(&format!(
            "loa {} w2 0 0,0 * rules=abacus setup=standard players=4",
            super::W2_CONNECTS
        ))
        .expect("a valid position");
        assert_eq!(status_line(&game), "to-move w2");
        game.play_text("d1-b1").expect("legal");
        assert_eq!(status_line(&game), "win white connection");
    }
}

/// A second Lines of Action generator written from RULES.md alone, for perft and move lists:
/// plain 8x8 arrays, every rule read literally, nothing shared with `parlor::games::loa`.
mod slow {
    use std::collections::BTreeSet;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Cell {
        Empty,
        Piece { black: bool, marked: bool },
    }

    /// The pieces a player must move next.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Next {
        Free,
        Marked,
        Unmarked,
    }

    #[derive(Clone, Copy, Debug)]
    struct Rules {
        olympiad: bool,
        four: bool,
        alternate: bool,
        cylinder: bool,
    }

    /// Everything a position is for repetition: board with marks, side to move, the sets each
    /// player must move next, and the stones still held.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct State {
        /// `cells[file][rank]`.
        cells: [[Cell; 8]; 8],
        black_to_move: bool,
        next: [Next; 2],
        /// `held[0]`: White stones Black still holds; `held[1]`: Black stones White holds.
        held: [u8; 2],
    }

    type Square = (usize, usize);

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Move {
        from: Option<Square>,
        to: Option<Square>,
        drop: Option<Square>,
    }

    /// `Some(None)` draw, `Some(Some(black))` a win.
    type Result = Option<Option<bool>>;

    pub struct Game {
        rules: Rules,
        state: State,
        history: Vec<State>,
        result: Result,
    }

    fn square(name: &str) -> Square {
        let b = name.as_bytes();
        (usize::from(b[0] - b'a'), usize::from(b[1] - b'1'))
    }

    fn name((f, r): Square) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    fn index(black: bool) -> usize {
        usize::from(black)
    }

    impl Game {
        /// The start of a game with RULES.md options given as `key=value` text.
        pub fn new(options: &str) -> Game {
            let mut setup = "standard";
            let mut setup_named = false;
            let mut rules = Rules {
                olympiad: false,
                four: false,
                alternate: false,
                cylinder: false,
            };
            for word in options.split_whitespace() {
                match word.split_once('=').expect("key=value") {
                    ("rules", v) => rules.olympiad = v == "olympiad",
                    ("setup", v) => {
                        setup = match v {
                            "standard" => "standard",
                            "scrambled-eggs" => "scrambled-eggs",
                            "parachute" => "parachute",
                            _ => panic!("setup {v}"),
                        };
                        setup_named = true;
                    }
                    ("players", v) => rules.four = v == "4",
                    ("marks", v) => rules.alternate = v == "alternate",
                    ("board", v) => rules.cylinder = v == "cylinder",
                    (k, _) => panic!("option {k}"),
                }
            }
            if rules.cylinder && !setup_named {
                setup = "scrambled-eggs";
            }
            let (white, black, held): (Vec<&str>, Vec<&str>, u8) = match setup {
                "standard" => (
                    vec![
                        "a2", "a3", "a4", "a5", "a6", "a7", "h2", "h3", "h4", "h5", "h6", "h7",
                    ],
                    vec![
                        "b1", "c1", "d1", "e1", "f1", "g1", "b8", "c8", "d8", "e8", "f8", "g8",
                    ],
                    0,
                ),
                "scrambled-eggs" => (
                    vec![
                        "a2", "a4", "a6", "b8", "d8", "f8", "h7", "h5", "h3", "g1", "e1", "c1",
                    ],
                    vec![
                        "a3", "a5", "a7", "c8", "e8", "g8", "h6", "h4", "h2", "f1", "d1", "b1",
                    ],
                    0,
                ),
                _ => (
                    vec!["a2", "a4", "a6", "h3", "h5", "h7"],
                    vec!["a3", "a5", "a7", "h2", "h4", "h6"],
                    6,
                ),
            };
            let uses_marks = rules.four || rules.alternate;
            let marks = [
                "b1", "d1", "f1", "b8", "d8", "f8", "a2", "a4", "a6", "h2", "h4", "h6",
            ];
            let mut cells = [[Cell::Empty; 8]; 8];
            for (list, black) in [(&white, false), (&black, true)] {
                for n in list {
                    let (f, r) = square(n);
                    cells[f][r] = Cell::Piece {
                        black,
                        marked: uses_marks && marks.contains(n),
                    };
                }
            }
            let start = if rules.four { Next::Marked } else { Next::Free };
            let state = State {
                cells,
                black_to_move: rules.olympiad,
                next: [start, start],
                held: [held, held],
            };
            Game {
                rules,
                history: vec![state.clone()],
                state,
                result: None,
            }
        }

        pub fn result(&self) -> Result {
            self.result
        }

        /// The legal moves in the notation of RULES.md, sorted.
        pub fn legal_texts(&self) -> Vec<String> {
            if self.result.is_some() {
                return Vec::new();
            }
            let mut texts: Vec<String> = legal(self.rules, &self.state)
                .iter()
                .map(|m| notation(&self.state, m))
                .collect();
            texts.sort();
            texts
        }

        pub fn play_text(&mut self, text: &str) {
            let mv = legal(self.rules, &self.state)
                .into_iter()
                .find(|m| notation(&self.state, m) == text)
                .expect("a legal move");
            let (state, result) = after(self.rules, &self.state, &mv, &self.history);
            self.history.push(state.clone());
            self.state = state;
            self.result = result;
        }

        /// The number of move sequences of exactly `depth` moves.
        pub fn perft(&self, depth: u32) -> u64 {
            let mut history = self.history.clone();
            perft(self.rules, &self.state, &mut history, depth)
        }
    }

    fn perft(rules: Rules, state: &State, history: &mut Vec<State>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = legal(rules, state);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in &moves {
            let (child, result) = after(rules, state, mv, history);
            if result.is_some() {
                continue;
            }
            history.push(child.clone());
            total += perft(rules, &child, history, depth - 1);
            history.pop();
        }
        total
    }

    fn notation(state: &State, mv: &Move) -> String {
        let mut text = match (mv.from, mv.to) {
            (Some(from), Some(to)) => {
                let capture = state.cells[to.0][to.1] != Cell::Empty;
                format!(
                    "{}{}{}",
                    name(from),
                    if capture { 'x' } else { '-' },
                    name(to)
                )
            }
            _ => "pass".to_string(),
        };
        if let Some(d) = mv.drop {
            text.push('@');
            text.push_str(&name(d));
        }
        text
    }

    /// The square `k` steps from `(f, r)` in direction `(df, dr)`, if it is on the board; on the
    /// cylinder the file goes round.
    fn step(rules: Rules, (f, r): Square, (df, dr): (i32, i32), k: i32) -> Option<Square> {
        let nr = r as i32 + dr * k;
        let mut nf = f as i32 + df * k;
        if !(0..8).contains(&nr) {
            return None;
        }
        if rules.cylinder {
            nf = nf.rem_euclid(8);
        } else if !(0..8).contains(&nf) {
            return None;
        }
        Some((nf as usize, nr as usize))
    }

    /// How many pieces stand on the whole line through `at` along `dir` (both ways).
    fn pieces_on_line(rules: Rules, state: &State, at: Square, dir: (i32, i32)) -> usize {
        let mut squares = BTreeSet::new();
        squares.insert(at);
        for sign in [1, -1] {
            for k in 1..8 {
                match step(rules, at, (dir.0 * sign, dir.1 * sign), k) {
                    Some(s) => {
                        squares.insert(s);
                    }
                    None => break,
                }
            }
        }
        squares
            .iter()
            .filter(|&&(f, r)| state.cells[f][r] != Cell::Empty)
            .count()
    }

    const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];

    /// Where the piece on `from` may go: exactly as many squares as pieces on the line, in one
    /// direction, not over an enemy piece, not onto its own piece or its own square.
    fn destinations(rules: Rules, state: &State, from: Square) -> BTreeSet<Square> {
        let Cell::Piece { black, .. } = state.cells[from.0][from.1] else {
            return BTreeSet::new();
        };
        let mut out = BTreeSet::new();
        'dirs: for dir in DIRECTIONS {
            let n = pieces_on_line(rules, state, from, dir) as i32;
            for k in 1..n {
                let Some((f, r)) = step(rules, from, dir, k) else {
                    continue 'dirs;
                };
                if let Cell::Piece { black: b, .. } = state.cells[f][r]
                    && b != black
                {
                    continue 'dirs;
                }
            }
            let Some(to) = step(rules, from, dir, n) else {
                continue;
            };
            if to == from {
                continue;
            }
            match state.cells[to.0][to.1] {
                Cell::Piece { black: b, .. } if b == black => {}
                _ => {
                    out.insert(to);
                }
            }
        }
        out
    }

    fn in_set(marked: bool, next: Next) -> bool {
        match next {
            Next::Free => true,
            Next::Marked => marked,
            Next::Unmarked => !marked,
        }
    }

    /// The moves of the pieces of the side to move for which `keep(marked)` holds.
    fn moves_of(rules: Rules, state: &State, keep: impl Fn(bool) -> bool) -> Vec<Move> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Cell::Piece { black, marked } = state.cells[f][r]
                    && black == state.black_to_move
                    && keep(marked)
                {
                    for to in destinations(rules, state, (f, r)) {
                        out.push(Move {
                            from: Some((f, r)),
                            to: Some(to),
                            drop: None,
                        });
                    }
                }
            }
        }
        out
    }

    fn legal(rules: Rules, state: &State) -> Vec<Move> {
        let me = index(state.black_to_move);
        let next = state.next[me];
        let mut moves = moves_of(rules, state, |marked| in_set(marked, next));
        // Ambidextrous: if the required set has no legal move, the other set may move.
        if moves.is_empty() && rules.alternate && next != Next::Free {
            moves = moves_of(rules, state, |marked| !in_set(marked, next));
        }
        if moves.is_empty() {
            moves.push(Move {
                from: None,
                to: None,
                drop: None,
            });
        }
        // Parachute: while the mover holds opponent stones it drops one after its move.
        let opponent = 1 - me;
        if state.held[opponent] == 0 {
            return moves;
        }
        let mut with_drops = Vec::new();
        for mv in moves {
            let board = apply(rules, state, &mv).cells;
            for (f, file) in board.iter().enumerate() {
                for (r, cell) in file.iter().enumerate() {
                    if *cell == Cell::Empty {
                        with_drops.push(Move {
                            drop: Some((f, r)),
                            ..mv
                        });
                    }
                }
            }
        }
        with_drops
    }

    fn apply(rules: Rules, state: &State, mv: &Move) -> State {
        let mut next = state.clone();
        let me = index(state.black_to_move);
        if let (Some(from), Some(to)) = (mv.from, mv.to) {
            let piece = state.cells[from.0][from.1];
            next.cells[from.0][from.1] = Cell::Empty;
            next.cells[to.0][to.1] = piece;
            if rules.alternate
                && let Cell::Piece { marked, .. } = piece
            {
                next.next[me] = if marked { Next::Unmarked } else { Next::Marked };
            }
        }
        if rules.four {
            next.next[me] = match state.next[me] {
                Next::Marked => Next::Unmarked,
                _ => Next::Marked,
            };
        }
        if let Some((f, r)) = mv.drop {
            next.cells[f][r] = Cell::Piece {
                black: !state.black_to_move,
                marked: false,
            };
            next.held[1 - me] -= 1;
        }
        next.black_to_move = !state.black_to_move;
        next
    }

    /// All pieces of a colour form one group (8 neighbours, across the joined edge on the
    /// cylinder), and none of its stones is still held.
    fn connected(rules: Rules, state: &State, black: bool) -> bool {
        if state.held[index(black)] > 0 {
            return false;
        }
        let mine: Vec<Square> = (0..64)
            .map(|i| (i % 8, i / 8))
            .filter(
                |&(f, r)| matches!(state.cells[f][r], Cell::Piece { black: b, .. } if b == black),
            )
            .collect();
        let Some(&first) = mine.first() else {
            return false;
        };
        let mut group = vec![first];
        let mut i = 0;
        while i < group.len() {
            let here = group[i];
            for dir in DIRECTIONS {
                if let Some(s) = step(rules, here, dir, 1)
                    && mine.contains(&s)
                    && !group.contains(&s)
                {
                    group.push(s);
                }
            }
            i += 1;
        }
        group.len() == mine.len()
    }

    /// The position after a move and how the game stands: connection checked for both sides,
    /// then the third occurrence of the position.
    fn after(rules: Rules, state: &State, mv: &Move, history: &[State]) -> (State, Result) {
        let next = apply(rules, state, mv);
        let mover = state.black_to_move;
        let mover_connected = connected(rules, &next, mover);
        let opponent_connected = connected(rules, &next, !mover);
        let result = match (mover_connected, opponent_connected) {
            (true, true) if rules.olympiad => Some(None),
            (true, _) => Some(Some(mover)),
            (false, true) => Some(Some(!mover)),
            (false, false) => {
                let seen = 1 + history.iter().filter(|s| **s == next).count();
                (seen >= 3).then_some(None)
            }
        };
        (next, result)
    }
}

#[test]
fn the_slow_generator_itself_follows_the_b1_example() {
    let start = slow::Game::new("rules=olympiad");
    let from_b1: BTreeSet<String> = start
        .legal_texts()
        .into_iter()
        .filter(|m| m.starts_with("b1"))
        .collect();
    assert_eq!(
        from_b1.into_iter().collect::<Vec<_>>(),
        ["b1-b3", "b1-d3", "b1-h1"]
    );
    assert!(start.legal_texts().contains(&"c1xa3".to_string()));
}
