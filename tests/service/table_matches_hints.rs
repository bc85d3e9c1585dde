//! The tests of `parlor::table::matches::hints`.
//!
//! Moved out of src/table/matches/hints.rs (the library builds no unit-test harness).

use parlor::table::matches::hints::*;

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn keys_and_sources() {
    assert_eq!(match_key("C1xA3"), "c1a3");
    assert_eq!(match_key("PX-*d4"), "pxd4");
    assert_eq!(match_key("N+E@c4"), "nec4");
    assert_eq!(source_of("b1-b3"), "b1");
    assert_eq!(source_of("c1xa3"), "c1");
    assert_eq!(source_of("PX-*d4"), "PX");
    assert_eq!(source_of("N+E@c4"), "N+E");
    assert_eq!(source_of("pass@d5"), "pass");
    assert_eq!(source_of("pass"), "pass");
    assert_eq!(source_of("c3xe5xc7"), "c3");
}

#[test]
fn hints_filter_leniently_and_spread() {
    let legal = strings(&["b1-b3", "b1-d3", "b1-h1", "c1xa3", "c1-c3", "d1-d3"]);
    assert_eq!(hints(&legal, "B1"), strings(&["b1-b3", "b1-d3", "b1-h1"]));
    assert_eq!(hints(&legal, "c1a"), strings(&["c1xa3"]));
    assert_eq!(hints(&legal, "b1 b3"), strings(&["b1-b3"]));
    assert_eq!(hints(&legal, ""), legal);
    let many: Vec<String> = (0..40)
        .map(|i| format!("{}{}-a1", (b'a' + (i % 4) as u8) as char, i / 4 + 1))
        .collect();
    let shown = hints(&many, "");
    assert_eq!(shown.len(), 25);
    for file in ["a", "b", "c", "d"] {
        assert!(shown.iter().filter(|m| m.starts_with(file)).count() >= 6);
    }
}
