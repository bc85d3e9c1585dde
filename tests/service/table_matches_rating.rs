//! The tests of `parlor::table::matches::rating`.
//!
//! Moved out of src/table/matches/rating.rs (the library builds no unit-test harness).

use parlor::store::Glicko;

use parlor::table::matches::rating::*;

const SETTLED: Glicko = Glicko {
    rating: 1720.0,
    deviation: 60.0,
    volatility: 0.06,
};

#[test]
fn idle_time_widens_the_deviation_by_whole_periods() {
    let day = 24 * 3600 * 1000;
    assert_eq!(decay(SETTLED, RATING_PERIOD_MS - 1), SETTLED);
    assert_eq!(
        decay(SETTLED, -day),
        SETTLED,
        "a clock that went back changes nothing"
    );
    let one = decay(SETTLED, RATING_PERIOD_MS);
    assert!(one.deviation > SETTLED.deviation, "{one:?}");
    assert_eq!(
        (one.rating, one.volatility),
        (SETTLED.rating, SETTLED.volatility)
    );
    let month = decay(SETTLED, 30 * day);
    let year = decay(SETTLED, 400 * day);
    assert!(month.deviation > one.deviation && year.deviation > month.deviation);
    assert!(
        !is_provisional(&month),
        "a month away keeps a settled rating: {month:?}"
    );
    assert!(
        is_provisional(&year),
        "over a year away makes it provisional: {year:?}"
    );
    let forever = decay(SETTLED, i64::MAX);
    assert!(forever.deviation <= INITIAL.deviation && forever.deviation > 349.0);
}
