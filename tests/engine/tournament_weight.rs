//! The tests of `parlor::tournament::weight`.
//!
//! Moved out of src/tournament/weight.rs (the library builds no unit-test harness).

use parlor::tournament::weight::Wide;

#[test]
fn arithmetic_carries_across_limbs() {
    let max = Wide::<2>([u64::MAX, 0]);
    let sum = max.add_u64(1);
    assert_eq!(sum, Wide([0, 1]));
    assert_eq!(sum.sub_u64(1), max);
    assert_eq!(Wide::<2>::from_u64(3).shifted(64), Wide([0, 3]));
    assert_eq!(Wide::<2>::from_u64(3).shifted(63), Wide([1 << 63, 1]));
    assert_eq!(Wide::<2>([0, 1]).half(), Wide([1 << 63, 0]));
    assert!(Wide::<2>([0, 1]) > Wide([u64::MAX, 0]));
}

proptest::proptest! {
    /// Two limbs read as one u128: the sum and the difference wrap as the machine's u128 does
    /// (the carry or borrow taken across the limbs), and every comparison, the borrow-chain
    /// ones (`<`, `<=`, `>`, `>=`) and the limb-by-limb `cmp`, orders as u128 does.
    #[test]
    fn two_limbs_add_subtract_and_compare_as_a_u128(
        a in proptest::array::uniform2(proptest::num::u64::ANY),
        b in proptest::array::uniform2(proptest::num::u64::ANY),
        equal in proptest::bool::weighted(0.2),
    ) {
        let b = if equal { a } else { b };
        let wide = |x: u128| Wide::<2>([x as u64, (x >> 64) as u64]);
        let (x, y) = (
            u128::from(a[0]) | u128::from(a[1]) << 64,
            u128::from(b[0]) | u128::from(b[1]) << 64,
        );
        let (a, b) = (Wide(a), Wide(b));
        proptest::prop_assert_eq!(a.plus(b), wide(x.wrapping_add(y)));
        proptest::prop_assert_eq!(a.minus(b), wide(x.wrapping_sub(y)));
        proptest::prop_assert_eq!(Wide::slack(&a, &b, &b), a);
        proptest::prop_assert_eq!(a.cmp(&b), x.cmp(&y));
        proptest::prop_assert_eq!((a < b, a <= b, a > b, a >= b), (x < y, x <= y, x > y, x >= y));
    }

    /// The fused test tells what the slack itself would: whether it is zero, and whether it is
    /// below the bound, the carries of all three chains included.
    #[test]
    fn the_fused_slack_test_agrees_with_the_slack(
        a in proptest::array::uniform3(proptest::num::u64::ANY),
        b in proptest::array::uniform3(proptest::num::u64::ANY),
        w in proptest::array::uniform3(proptest::num::u64::ANY),
        bound in proptest::array::uniform3(proptest::num::u64::ANY),
        equal in proptest::bool::ANY,
    ) {
        let (a, b, w) = (Wide(a), Wide(b), Wide(w));
        let twice = w.plus(w);
        let slack = Wide::slack(&a, &b, &twice);
        // Equal bounds and zero slacks are the edge cases: draw them half of the time.
        let bound = if equal { slack } else { Wide(bound) };
        let zero_sum = twice.minus(b);
        proptest::prop_assert_eq!(
            Wide::slack_against(&a, &b, &twice, &bound),
            (slack.is_zero(), slack < bound)
        );
        proptest::prop_assert_eq!(
            Wide::slack_against(&zero_sum, &b, &twice, &bound),
            (true, Wide::<3>::default() < bound)
        );
    }

    /// A field added at its bit offset is the field shifted there and added: the part that
    /// crosses into the next limb and the carries up the limbs above included, and what
    /// passes the top dropped as the shift drops it.
    #[test]
    fn adding_at_an_offset_is_adding_the_shifted_value(
        a in proptest::array::uniform3(proptest::num::u64::ANY),
        value in proptest::num::u64::ANY,
        bit in 0u32..192,
        full in proptest::bool::ANY,
    ) {
        // Limbs of all ones make the carry run to the top: draw them half of the time.
        let a = Wide(if full { [u64::MAX; 3] } else { a });
        proptest::prop_assert_eq!(
            a.add_at(value, bit),
            a.plus(Wide::from_u64(value).shifted(bit))
        );
    }

    /// The two-chain test of the search says what the slack says: an edge has less slack
    /// than a bound (at least 1, so that a tight edge always has) with either dual taken
    /// into the bound, equal slacks and zero slacks included.
    #[test]
    fn the_two_chain_test_agrees_with_the_slack(
        a in proptest::array::uniform3(0..1u64 << 60),
        b in proptest::array::uniform3(0..1u64 << 60),
        w in proptest::array::uniform3(0..1u64 << 60),
        bound in proptest::array::uniform3(0..1u64 << 60),
        shape in 0..4u8,
    ) {
        let (a, b) = (Wide(a), Wide(b));
        let sum = a.plus(b);
        // A doubled weight the duals cover (as the search keeps them), the whole sum when
        // the edge is drawn tight.
        let twice = if shape == 1 { sum } else { Wide(w).plus(Wide(w)).min(sum) };
        let slack = Wide::slack(&a, &b, &twice);
        let bound = match shape {
            2 => slack,
            3 => Wide::default(),
            _ => Wide(bound),
        }
        .at_least_one();
        let below = slack < bound;
        proptest::prop_assert_eq!(Wide::below_after(&b, &twice, &bound.minus(a)), below);
        proptest::prop_assert_eq!(Wide::below_after(&a, &twice, &bound.minus(b)), below);
    }
}
