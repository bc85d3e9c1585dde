//! The tests of `parlor::table::act`.
//!
//! Moved out of src/table/act.rs (the library builds no unit-test harness).

use parlor::table::act::*;

#[test]
fn ids_round_trip_and_fit_discord() {
    let stamp = Stamp {
        match_id: i64::MAX,
        seq: u32::MAX,
    };
    for act in controls() {
        let text = act.custom_id(stamp).expect("a control has an id");
        assert!(text.len() <= 100);
        let value = vec!["b1-b3".to_string()];
        let back = Request::from_custom_id(&text, &value).expect("it reads back");
        assert!(back.act.same_control(act), "{text}");
        assert_eq!(back.at, Some(stamp));
        let indexed = Request::from_custom_id(&format!("{text}:3"), &value);
        assert_eq!(indexed, Some(back));
    }
    let codes: std::collections::HashSet<&str> = CONTROLS.iter().map(|c| c.0).collect();
    assert_eq!(codes.len(), CONTROLS.len(), "codes are unique");
    for bad in [
        "",
        "pl",
        "pl:mv",
        "pl:mv:1",
        "pl:zz:1:2",
        "xx:mv:1:2",
        "pl:mv:1:2:x",
        "pl:mv:1:2:3:4",
    ] {
        assert_eq!(Request::from_custom_id(bad, &[]), None, "{bad}");
    }
}

#[test]
fn a_menu_value_fills_its_act() {
    let stamp = Stamp {
        match_id: 4,
        seq: 2,
    };
    let id = Act::Move(String::new())
        .custom_id(stamp)
        .unwrap_or_default();
    let got = Request::from_custom_id(&id, &["c1-c3".to_string()]);
    assert_eq!(got, Some(Act::Move("c1-c3".into()).at(stamp)));
    assert_eq!(Act::Sit(2).typed(), Some("sit 3"));
    assert_eq!(Act::Board.custom_id(stamp), None);
}
