//! The tests of `parlor::table::reads::sheet`.
//!
//! Moved out of src/table/reads/sheet.rs (the library builds no unit-test harness).

use parlor::games::Side;

use parlor::games::Seating;
use parlor::i18n::Lang;
use parlor::table::reads::sheet::*;

#[test]
fn a_long_sheet_keeps_its_last_rows_and_says_how_many_are_left_out() {
    let plies: Vec<(String, Side)> = (0..400)
        .map(|i| (format!("PS-*c{}", i % 17 + 1), Seating::TWO.side(i)))
        .collect();
    let lines = sheet_lines(&plies, false);
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
    let last = lines.last().map(|m| m.text(Lang::En)).unwrap_or_default();
    assert!(last.starts_with("200. "), "{last}");
    let en = lines[0].text(Lang::En);
    assert!(en.contains(&(200 - shown).to_string()), "{en}");
    assert_eq!(sheet_lines(&plies, true)[0].id, "moves-earlier-live");
    assert_eq!(sheet_lines(&[], false)[0].id, "moves-none");
}
