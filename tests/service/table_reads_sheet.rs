//! The tests of `parlor::table::reads::sheet`.
//!
//! Moved out of src/table/reads/sheet.rs (the library builds no unit-test harness).

use parlor::games::Side;

use parlor::games::Seating;
use parlor::i18n::{Arg, Lang};
use parlor::table::reads::sheet::*;

#[test]
fn a_long_sheet_keeps_its_last_rows_and_says_how_many_are_left_out() {
    let plies: Vec<(String, Side)> = (0..400)
        .map(|i| (format!("PS-*c{}", i % 17 + 1), Seating::TWO.side(i)))
        .collect();
    let lines = sheet_lines(&plies, 2, false);
    let text = |lang| {
        lines
            .iter()
            .map(|m| m.text(lang))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for lang in [Lang::En, Lang::Fr] {
        assert!(text(lang).chars().count() <= SHEET_BUDGET, "{}", text(lang));
    }
    let shown = lines.len() - 1;
    assert_eq!(lines[0].id, "moves-earlier");
    // Each row is a round of two moves, each with its own number.
    let last = lines.last().map(|m| m.text(Lang::En)).unwrap_or_default();
    assert_eq!(
        last,
        format!("399. {}  400. {}", plies[398].0, plies[399].0)
    );
    assert_eq!(lines[0].args, [("n", Arg::Num(400 - 2 * shown as i64))]);
    assert_eq!(sheet_lines(&plies, 2, true)[0].id, "moves-earlier-live");
    assert_eq!(sheet_lines(&[], 2, false)[0].id, "moves-none");
}

#[test]
fn a_four_player_sheet_has_a_round_of_four_moves_a_row() {
    let plies: Vec<(String, Side)> = (0..10)
        .map(|i| (format!("m{}", i + 1), Seating::TWO.side(i)))
        .collect();
    let lines = sheet_lines(&plies, 4, false);
    let rows: Vec<String> = lines.iter().map(|m| m.text(Lang::En)).collect();
    assert_eq!(
        rows,
        [
            "1. m1  2. m2  3. m3  4. m4",
            "5. m5  6. m6  7. m7  8. m8",
            "9. m9  10. m10"
        ]
    );
}
