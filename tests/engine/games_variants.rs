//! The tests of `parlor::games::variants`.
//!
//! Moved out of src/games/variants.rs (the library builds no unit-test harness).

use parlor::games::GameKind;

use parlor::games::AnyGame;
use parlor::games::variants::*;

#[test]
fn presets_are_found_by_name() {
    assert_eq!(variant(GameKind::Loa, None).map(|v| v.name), Ok("standard"));
    assert_eq!(
        variant(GameKind::Loa, Some("  ")).map(|v| v.name),
        Ok("standard")
    );
    assert_eq!(
        variant(GameKind::Loa, Some("Scrambled Eggs")).map(|v| v.options),
        Ok("setup=scrambled-eggs")
    );
    assert_eq!(
        variant(GameKind::Loa, Some("four_player")).map(|v| v.options),
        Ok("players=4")
    );
    let err = variant(GameKind::Simultana, Some("olympiad")).unwrap_err();
    assert_eq!(err.id, "err-no-variant");
    assert_eq!(ladder(GameKind::Loa, "parachute"), "loa");
    assert_eq!(ladder(GameKind::Loa, "ambidextrous"), "loa-ambidextrous");
    assert_eq!(ladder(GameKind::Loa, "cylinder"), "loa-cylinder");
    assert_eq!(ladder(GameKind::Loa, "no-such-thing"), "loa");
    assert_eq!(ladders(GameKind::Simultana), [("simultana", None)]);
    assert_eq!(ladders(GameKind::Loa).len(), 4);
}

/// Every preset starts a game, with the seating its options say, and has its own label.
#[test]
fn every_preset_is_a_game_with_a_label() {
    for kind in GameKind::ALL {
        assert_eq!(variants(kind)[0], Variant::STANDARD, "{kind}");
        for v in variants(kind) {
            let game = AnyGame::new(kind, v.options).unwrap();
            assert_eq!(kind.seating(v.options), Ok(game.seating()), "{}", v.name);
            assert_eq!(variant_label(v.name).id, v.label);
            assert_eq!(v.label, format!("variant-{}", v.name));
        }
    }
    assert_eq!(
        variant(GameKind::Loa, Some("four-player")).map(|v| kind_seats(v.options)),
        Ok(4)
    );
    assert_eq!(variant_label("unheard-of").id, "verbatim");
}

fn kind_seats(options: &str) -> usize {
    GameKind::Loa.seating(options).map_or(0, |s| s.count())
}
