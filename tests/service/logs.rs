//! The tests of `parlor::logs`.
//!
//! Moved out of src/logs.rs (the library builds no unit-test harness).

use std::ffi::OsStr;

use parlor::logs::*;

#[test]
fn colour_only_on_a_terminal_and_without_no_color() {
    let on = Style::Text { colour: true };
    let off = Style::Text { colour: false };
    assert_eq!(Style::choose(None, None, true), Ok(on));
    assert_eq!(Style::choose(None, None, false), Ok(off));
    assert_eq!(
        Style::choose(Some("text"), Some(OsStr::new("1")), true),
        Ok(off)
    );
    // An empty NO_COLOR does not count (no-color.org).
    assert_eq!(
        Style::choose(Some("text"), Some(OsStr::new("")), true),
        Ok(on)
    );
}

#[test]
fn json_is_never_coloured_and_a_typo_is_refused() {
    assert_eq!(Style::choose(Some("json"), None, true), Ok(Style::Json));
    assert_eq!(Style::choose(Some(" json "), None, false), Ok(Style::Json));
    assert_eq!(
        Style::choose(Some("JSONL"), None, true),
        Err(LogError::Format("JSONL".to_string()))
    );
}
