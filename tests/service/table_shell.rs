//! The tests of `parlor::table::shell`.
//!
//! Moved out of src/table/shell.rs (the library builds no unit-test harness).

use parlor::i18n::Lang;
use parlor::i18n::Msg;
use parlor::store::StoreError;

use parlor::store::Fault;
use parlor::table::shell::*;

/// Every fault of a database that is not there for the moment (closed, down, full, read-only
/// or busy), as opposed to one that refused a statement.
pub(super) const OUTAGES: [Fault; 7] = [
    Fault::Closed,
    Fault::Unreachable,
    Fault::LoginRefused,
    Fault::DiskFull,
    Fault::ReadOnly,
    Fault::Locked,
    Fault::Io,
];

/// A database that is down, full, read-only or busy asks the player to wait a minute, and
/// the terminal names which of these it is; a refused statement says only "our side".
#[test]
fn an_unavailable_database_is_told_apart_from_a_refused_statement() {
    let failure = |fault| StoreError::Db {
        fault,
        detail: String::new(),
    };
    for fault in OUTAGES {
        let msg = Fail::store_message(&failure(fault));
        assert_eq!(msg.id, "err-db-down", "{fault}");
        for lang in [Lang::En, Lang::Fr] {
            let named = Msg::new("db-fault").plain("fault", fault.key()).text(lang);
            assert!(msg.terminal_text(lang).contains(&named), "{fault} {lang:?}");
            assert!(
                !msg.text(lang).contains(&named),
                "players are not told the fault"
            );
        }
    }
    // Each fault has words of its own.
    let words: std::collections::HashSet<String> = OUTAGES
        .into_iter()
        .map(|f| Msg::new("db-fault").plain("fault", f.key()).text(Lang::Fr))
        .collect();
    assert_eq!(words.len(), 7);
    for fault in [Fault::Other, Fault::Corrupt] {
        assert_eq!(Fail::store_message(&failure(fault)).id, "err-internal");
    }
    let unreadable = StoreError::Corrupt("a bad value".into());
    assert_eq!(Fail::store_message(&unreadable).id, "err-internal");
}
