//! The tests of `parlor::table::words`.
//!
//! Moved out of src/table/words.rs (the library builds no unit-test harness).

use parlor::games::Reason;
use parlor::i18n::Msg;

use parlor::i18n::Lang;
use parlor::table::words::*;

/// "won by blocked" and "1 games" were seen in the terminal once.
#[test]
fn results_and_counts_read_as_english() {
    let won = |r: Reason| {
        Msg::new("stored-won")
            .plain("player", "Ann")
            .msg("reason", reason(r))
            .text(Lang::En)
    };
    assert_eq!(won(Reason::Blocked), "Ann won by blockade.");
    assert_eq!(won(Reason::MoveLimit), "Ann won by the move limit.");
    for r in Reason::ALL {
        assert!(!won(r).contains('-'), "{}", won(r));
    }
    let record = |n: i64| {
        Msg::new("record")
            .plain("rating", "1500")
            .num("games", n)
            .num("wins", n)
            .num("draws", 0)
            .num("losses", 0)
            .text(Lang::En)
    };
    assert!(
        record(1).contains("1 game ") && !record(1).contains("games"),
        "{}",
        record(1)
    );
    assert!(record(2).contains("2 games"), "{}", record(2));
}
