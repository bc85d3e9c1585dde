//! The tests of `parlor::games::notation`.
//!
//! Moved out of src/games/notation.rs (the library builds no unit-test harness).

use parlor::games::notation::*;

#[test]
fn squares_round_trip_on_every_board_size() {
    for (files, ranks) in [(5u8, 5u8), (8, 8), (8, 17)] {
        for f in 0..files {
            for r in 0..ranks {
                let name = square_name(f, r);
                assert_eq!(parse_square(&name, files, ranks), Some((f, r)), "{name}");
                assert_eq!(
                    parse_square(&name.to_uppercase(), files, ranks),
                    Some((f, r))
                );
            }
        }
    }
}

#[test]
fn squares_off_the_board_are_refused() {
    assert_eq!(parse_square("i1", 8, 8), None);
    assert_eq!(parse_square("a9", 8, 8), None);
    assert_eq!(parse_square("a0", 8, 8), None);
    assert_eq!(parse_square("f1", 5, 5), None);
    assert_eq!(parse_square("a18", 8, 17), None);
    assert_eq!(parse_square("a01", 8, 17), None);
    assert_eq!(parse_square("", 8, 8), None);
    assert_eq!(parse_square("é1", 8, 8), None);
}

#[test]
fn take_square_leaves_the_rest() {
    assert_eq!(take_square("b1b3", 8, 8), Some(((1, 0), "b3")));
    assert_eq!(take_square("a17x", 8, 17), Some(((0, 16), "x")));
    // On an 8-rank board "a12" is a1 followed by "2".
    assert_eq!(take_square("a12", 8, 8), Some(((0, 0), "2")));
    assert_eq!(squash(" B1 b3\t"), "b1b3");
}
#[test]
fn score_sheets_number_each_move_and_keep_a_turn_together() {
    use parlor::games::Side::{First, Second};
    let plies = |list: &[(&str, parlor::games::Side)]| {
        list.iter()
            .map(|(t, s)| (t.to_string(), *s))
            .collect::<Vec<_>>()
    };
    assert!(score_sheet::<parlor::games::Side>(&[], 2).is_empty());
    assert_eq!(
        score_sheet(
            &plies(&[("b1-b3", First), ("g8-e6", Second), ("c1-c3", First)]),
            2
        ),
        ["1. b1-b3  2. g8-e6", "3. c1-c3"]
    );
    // Lightning: a turn of two plies is one move.
    assert_eq!(
        score_sheet(
            &plies(&[
                ("P", First),
                ("-c1", First),
                ("RS-c2", Second),
                ("P", First),
            ]),
            2
        ),
        ["1. P -c1  2. RS-c2", "3. P"]
    );
    // A game the second side opens still starts at move 1.
    assert_eq!(
        score_sheet(&plies(&[("e5-e4", Second), ("a2-a3", First)]), 2),
        ["1. e5-e4  2. a2-a3"]
    );
    // Four players: a round of four moves a row.
    let seats: Vec<(String, usize)> = (0..6).map(|i| (format!("m{i}"), i % 4)).collect();
    assert_eq!(
        score_sheet(&seats, 4),
        ["1. m0  2. m1  3. m2  4. m3", "5. m4  6. m5"]
    );
}

#[test]
fn move_numbers_count_turns_over_all_players() {
    assert_eq!(move_numbers(&[0, 1, 0, 1]), [1, 2, 3, 4]);
    assert_eq!(move_numbers(&[0, 0, 1, 0, 0]), [1, 1, 2, 3, 3]);
    assert_eq!(next_move_number(&[0, 0, 1, 0], &0), 3);
    assert_eq!(next_move_number(&[0, 0, 1, 0], &1), 4);
    assert_eq!(next_move_number::<u8>(&[], &0), 1);
}

#[test]
fn square_names_are_the_file_letter_then_the_rank_number() {
    let names =
        [(0, 0), (7, 7), (0, 9), (4, 16), (2, 99), (1, 254)].map(|(f, r)| square_name(f, r));
    assert_eq!(names, ["a1", "h8", "a10", "e17", "c100", "b255"]);
    let mut text = String::from("x");
    push_square(&mut text, 3, 10);
    assert_eq!(text, "xd11");
}
