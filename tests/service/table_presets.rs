//! The tests of `parlor::table::presets`.
//!
//! Moved out of src/table/presets.rs (the library builds no unit-test harness).

use parlor::games::variants;
use parlor::i18n::Msg;

use parlor::table::presets::*;

#[test]
fn clocks() {
    assert_eq!(parse_clock(None), Ok(Some(86_400)));
    assert_eq!(parse_clock(Some("30m")), Ok(Some(1800)));
    assert_eq!(parse_clock(Some(" 1H ")), Ok(Some(3600)));
    assert_eq!(parse_clock(Some("1d")), Ok(Some(86_400)));
    assert_eq!(parse_clock(Some("2 days")), Ok(Some(172_800)));
    assert_eq!(parse_clock(Some("none")), Ok(None));
    assert!(parse_clock(Some("30s")).is_err());
    assert!(parse_clock(Some("8d")).is_err());
    assert!(parse_clock(Some("soon")).is_err());
    assert!(parse_clock(Some("99999999999999999999d")).is_err());
}

#[test]
fn game_clocks() {
    let game = |s, i| TimeControl {
        secs: Some(s),
        increment_secs: Some(i),
    };
    assert_eq!(parse_time_control(Some("5+3")), Ok(game(300, 3)));
    assert_eq!(parse_time_control(Some(" 3 + 0 ")), Ok(game(180, 0)));
    assert_eq!(parse_time_control(Some("15+10")), Ok(game(900, 10)));
    assert_eq!(parse_time_control(Some("180+60")), Ok(game(10_800, 60)));
    assert_eq!(
        parse_time_control(Some("1h")),
        Ok(TimeControl::per_move(Some(3600)))
    );
    assert_eq!(
        parse_time_control(None),
        Ok(TimeControl::per_move(Some(86_400)))
    );
    let said = |text| parse_time_control(Some(text)).map_err(|m| m.id);
    for out_of_range in ["0+0", "999+0", "5+61", "181+0", "99999999999999999999+1"] {
        assert_eq!(
            said(out_of_range),
            Err("err-game-clock-range"),
            "{out_of_range}"
        );
    }
    for unreadable in ["5+-1", "+3", "5+", "a+b", "5m+3", "1.5+2", "5+3+1"] {
        assert_eq!(said(unreadable), Err("err-not-a-clock"), "{unreadable}");
    }
    assert_eq!(said("abc"), Err("err-not-a-clock"));
    // What a rematch types reads back as the same clock.
    for clock in [
        game(300, 3),
        TimeControl::per_move(Some(3600)),
        TimeControl::NONE,
    ] {
        assert_eq!(parse_time_control(Some(&clock.typed())), Ok(clock));
    }
}

/// Every preset has words of its own in the catalogue, in both languages.
#[test]
fn every_variant_has_catalogue_words() {
    use parlor::games::GameKind;
    use parlor::i18n::Lang;
    for game in GameKind::ALL {
        for v in variants(game) {
            let word = parlor::table::words::variant(v.name);
            assert_ne!(word.id, Msg::verbatim(v.name).id, "{}", v.name);
            assert_ne!(word.text(Lang::En), v.label, "{}", v.name);
            assert_ne!(word.text(Lang::Fr), v.label, "{}", v.name);
        }
    }
}
