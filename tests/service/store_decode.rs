//! The tests of `parlor::store::decode`.
//!
//! Moved out of src/store/decode.rs (the library builds no unit-test harness).

use parlor::games::GameKind;
use parlor::store::StoreError;

use parlor::store::decode::*;

#[test]
fn a_stored_game_and_variant_are_read_exactly_or_named_as_unreadable() {
    let (kind, variant) = game_and_variant_named(7, "loa", "cylinder").expect("known");
    assert_eq!(kind, GameKind::Loa);
    assert_eq!(variant.name, "cylinder");
    for (game, variant) in [("chess", "standard"), ("LOA", "standard"), ("loa", "x")] {
        let err = game_and_variant_named(7, game, variant).expect_err("unknown");
        assert!(matches!(err, StoreError::Corrupt(_)), "{err}");
        assert!(err.to_string().contains("match 7"), "{err}");
    }
    for kind in GameKind::ALL {
        assert_eq!(game_of(kind.name()), Some(kind));
    }
}
