//! The tests of `parlor::tournament::trf`.
//!
//! Moved out of src/tournament/trf/mod.rs (the library builds no unit-test harness).

use parlor::tournament::Swiss;
use parlor::tournament::trf::write::write;

use parlor::tournament::event::{BoardResult, Format, Tournament};
use parlor::tournament::trf::*;

#[test]
fn a_bad_line_is_named() {
    let text = "012 x\n142 3\n001    1      A                                 2400                             1.0    1     2 w 9\n";
    match read(text) {
        Err(TrfError::Line { line, .. }) => assert_eq!(line, 3),
        other => panic!("expected a line error, got {other:?}"),
    }
    let message = read("142 x\n").map(|_| ()).unwrap_err().to_string();
    assert!(message.starts_with("line 1:"), "{message}");
    // A score that the results contradict is a file error.
    let text = "142 3\n152 W\n\
001    1      A                                 2400                             0.0    1     2 w 1\n\
001    2      B                                 2300                             0.0    2     1 b 0\n";
    assert!(matches!(read(text), Err(TrfError::File(_))));
}

#[test]
fn a_written_tournament_reads_back_the_same() {
    let mut t = Tournament::new(Format::Swiss, 4);
    for (i, name) in ["Ann", "Bo", "Çelik", "Đorđe", "Eve"].iter().enumerate() {
        assert!(t.register(name, name, 2000 - 100 * i as u32).is_ok());
    }
    for _ in 0..2 {
        let boards = t.pair_round().unwrap_or_default();
        for (i, b) in boards.iter().enumerate() {
            if b.result.is_none() {
                let result = if i % 2 == 0 {
                    BoardResult::WhiteWins
                } else {
                    BoardResult::BlackForfeits
                };
                assert!(t.record_result(i, result).is_ok());
            }
        }
    }
    assert_eq!(t.request_bye(4), Ok(()));
    let written = write(&t.swiss, "roundtrip");
    let back = read(&written);
    assert!(back.is_ok(), "{back:?}\n{written}");
    let back = back.unwrap_or_else(|_| Swiss::new(0));
    assert_eq!(back.played_rounds, 2);
    for id in 0..5 {
        let (a, b) = (t.swiss.players[id].as_ref(), back.players[id].as_ref());
        assert_eq!(
            a.map(|e| (&e.name, e.rating, &e.games)),
            b.map(|e| (&e.name, e.rating, &e.games))
        );
    }
}
