//! The tests of `parlor::store::queries::matches`.
//!
//! Moved out of src/store/queries/matches.rs (the library builds no unit-test harness).

use parlor::games::{GameKind, variant};
use parlor::store::{MatchStatus, NewMatch, PlayerRef, Store, StoreError};

fn player(id: u64) -> PlayerRef {
    PlayerRef {
        id,
        name: format!("p{id}"),
    }
}

async fn finished_match(store: &Store, game: GameKind, variant_name: &str) -> i64 {
    let seats = vec![Some(player(1)), Some(player(2))];
    let new = NewMatch {
        guild_id: Some(5),
        channel_id: 6,
        parent_id: None,
        game,
        variant: variant(game, Some(variant_name)).expect("a variant"),
        options: String::new(),
        seed: 3,
        rated: false,
        clock_secs: None,
        increment_secs: None,
        level: None,
        challenger: player(1),
        opponent: Some(player(2)),
        vs_bot: false,
        challenger_seat: 0,
        seats,
        threaded: false,
        deadline_at: None,
        rematch_of: None,
        created_at: 1,
    };
    let id = store.create_challenge(&new).await.expect("create");
    let closed = store.close_challenge(id, MatchStatus::Aborted, 2).await;
    assert_eq!(closed.ok(), Some(true));
    id
}

#[tokio::test]
async fn a_row_reads_back_typed_and_a_damaged_one_is_named_not_shown() {
    let store = Store::open("sqlite::memory:").await.expect("open");
    let good = finished_match(&store, GameKind::Loa, "cylinder").await;
    let bad = finished_match(&store, GameKind::Barrier, "standard").await;
    let row = store.match_by_id(good).await.expect("read").expect("there");
    assert_eq!((row.game, row.variant.name), (GameKind::Loa, "cylinder"));
    sqlx::query("UPDATE matches SET game = 'chess' WHERE id = $1")
        .bind(bad)
        .execute(&store.sqlite().write)
        .await
        .expect("damage");
    let err = store.match_by_id(bad).await.expect_err("unreadable");
    assert!(matches!(err, StoreError::Corrupt(_)), "{err}");
    assert!(err.to_string().contains(&format!("match {bad}")), "{err}");
    // The lists go on showing every other match.
    let history = store.history(1, 10).await.expect("history");
    assert_eq!(history.iter().map(|m| m.id).collect::<Vec<_>>(), [good]);
}
