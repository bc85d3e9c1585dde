//! The tests of `parlor::discord::shards`.
//!
//! Moved out of src/discord/shards.rs (the library builds no unit-test harness).

use parlor::discord::shards::*;

#[test]
fn discords_formula() {
    // A real-looking server id: only its top 42 bits (the timestamp) count.
    let id: u64 = 197_038_439_483_310_086;
    assert_eq!(shard_of(Some(id), 1), 0);
    // (197038439483310086 >> 22) = 46977624770, worked out apart: % 7 = 6, % 16 = 2.
    assert_eq!(shard_of(Some(id), 7), 6);
    assert_eq!(shard_of(Some(id), 16), 2);
    assert_eq!(shard_of(Some(id), 2), shard_of(Some(id ^ 0x3f_ffff), 2));
    // The timestamp bits decide, not the low (worker, increment) bits.
    assert_eq!(shard_of(Some((5 << 22) | 0x3f_ffff), 4), 1);
    assert_eq!(shard_of(None, 8), 0, "direct messages are shard 0's");
}

/// The puzzle harvest runs once for the whole bot: in the process of shard 0 only.
#[test]
fn only_shard_zeros_process_runs_the_shared_work() {
    assert!(ShardSet::new(0, 1, 4).expect("valid").runs_shared_work());
    assert!(ShardSet::new(0, 0, 1).expect("valid").runs_shared_work());
    assert!(!ShardSet::new(1, 3, 4).expect("valid").runs_shared_work());
    assert!(!ShardSet::new(2, 2, 4).expect("valid").runs_shared_work());
}

#[test]
fn owns_its_range_only() {
    let set = ShardSet::new(1, 2, 4).expect("valid");
    let guild = |shard: u64| Some(shard << 22);
    assert!(!set.owns(guild(0)));
    assert!(set.owns(guild(1)));
    assert!(set.owns(guild(2)));
    assert!(!set.owns(guild(3)));
    assert!(set.owns(guild(5)), "5 % 4 = 1");
    assert!(!set.owns(None), "direct messages belong to shard 0");
    assert!(ShardSet::new(0, 0, 2).expect("valid").owns(None));
}

#[test]
fn flags_are_checked() {
    assert_eq!(ShardSet::from_flags(None, None), Ok(None));
    assert_eq!(
        ShardSet::from_flags(Some("0-1"), Some(4)),
        Ok(Some(ShardSet::new(0, 1, 4).expect("valid")))
    );
    assert_eq!(
        ShardSet::from_flags(Some("3"), Some(4)),
        Ok(Some(ShardSet::new(3, 3, 4).expect("valid")))
    );
    assert_eq!(
        ShardSet::from_flags(Some("0-1"), None),
        Err(ShardError::Incomplete)
    );
    assert_eq!(
        ShardSet::from_flags(None, Some(2)),
        Err(ShardError::Incomplete)
    );
    assert_eq!(
        ShardSet::from_flags(Some("2-1"), Some(4)),
        Err(ShardError::Reversed { first: 2, last: 1 })
    );
    assert_eq!(
        ShardSet::from_flags(Some("0-4"), Some(4)),
        Err(ShardError::OutOfRange {
            first: 0,
            last: 4,
            total: 4
        })
    );
    assert_eq!(
        ShardSet::from_flags(Some("0-0"), Some(0)),
        Err(ShardError::NoShards)
    );
    for bad in ["", "a-b", "1-", "-1", "1-2-3", "0..1"] {
        assert_eq!(
            ShardSet::from_flags(Some(bad), Some(4)),
            Err(ShardError::Syntax(bad.to_owned())),
            "{bad:?}"
        );
    }
}
