//! The tests of `parlor::i18n`.
//!
//! Moved out of src/i18n/mod.rs (the library builds no unit-test harness).

use parlor::i18n::*;

#[test]
fn locales_map_to_languages() {
    assert_eq!(Lang::from_locale("fr"), Some(Lang::Fr));
    assert_eq!(Lang::from_locale("fr-CA"), Some(Lang::Fr));
    assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_locale("de"), None);
    assert!("xx".parse::<Lang>().is_err());
}

#[test]
fn plurals_follow_each_language() {
    assert_eq!(duration(Lang::En, 1), "1 second");
    assert_eq!(duration(Lang::En, 5400), "1 hour 30 minutes");
    assert_eq!(duration(Lang::Fr, 86_400 * 2 + 60), "2 jours 1 minute");
    assert_eq!(duration(Lang::Fr, 0), "0 seconde");
}

#[test]
fn french_elides_before_a_vowel_only() {
    let half = |name: &str| Msg::new("pic-half").plain("name", name).text(Lang::Fr);
    assert_eq!(half("alice"), "Camp d’alice");
    assert_eq!(half("Émile"), "Camp d’Émile");
    assert_eq!(half("bob"), "Camp de bob");
    assert_eq!(half("Hugo"), "Camp de Hugo");
    assert_eq!(half("@alice"), "Camp de @alice");
    assert_eq!(
        Msg::new("pic-half").plain("name", "alice").text(Lang::En),
        "alice's half"
    );
}

#[test]
fn plain_times_are_utc_dates() {
    assert_eq!(Plain.time(Lang::En, 0), "1970-01-01 00:00 UTC");
    assert_eq!(
        Plain.time(Lang::En, 1_700_000_000_000),
        "2023-11-14 22:13 UTC"
    );
}
