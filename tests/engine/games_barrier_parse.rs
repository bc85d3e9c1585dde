//! The tests of `parlor::games::barrier::parse`.
//!
//! Moved out of src/games/barrier/parse.rs (the library builds no unit-test harness).

use parlor::games::barrier::Dir;

use parlor::games::barrier::parse::*;

#[test]
fn direction_lists_read_as_words() {
    let en = |mask| dir_list(mask).text(parlor::i18n::Lang::En);
    assert_eq!(en(Dir::N.bit()), "N");
    assert_eq!(en(Dir::N.bit() | Dir::S.bit()), "N or S");
    assert_eq!(
        en(Dir::N.bit() | Dir::NE.bit() | Dir::NW.bit()),
        "N, NE or NW"
    );
    assert_eq!(en(0), "nowhere");
}

#[test]
fn lines_need_exact_lengths() {
    assert_eq!(line((2, 2), (2, 3), 1), Some(Dir::N));
    assert_eq!(line((2, 2), (4, 4), 2), Some(Dir::NE));
    assert_eq!(line((2, 2), (3, 4), 1), None);
    assert_eq!(line((2, 2), (3, 3), 2), None);
    assert_eq!(line((2, 2), (2, 5), 2), None);
}
