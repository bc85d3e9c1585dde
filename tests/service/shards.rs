//! Several processes on one database, each running a range of gateway shards: a table restores,
//! answers for and times only the matches of its own shards' servers (direct messages are shard
//! 0's), and leaves the others untouched in the database for their owner.

use super::*;
use parlor::discord::{ShardSet, shard_of};
use parlor::table::{Config, Place, Table};

/// A server on shard 0 of 2 and one on shard 1 of 2 (only the bits above 22 count).
const GUILD_ON_0: u64 = GUILD;
const GUILD_ON_1: u64 = (1 << 22) | 77;

async fn table_for(w: &World, first: u32, last: u32, total: u32) -> Table {
    let store = Store::open(&w.url).await.expect("open store");
    let config = Config {
        owns: Some(parlor::discord::owns(Some(
            ShardSet::new(first, last, total).expect("valid shards"),
        ))),
        ..config(&w.clock)
    };
    Table::start(store, config).await.expect("start").0
}

async fn status(w: &World, place: Place) -> i64 {
    w.sql_i64(&format!(
        "SELECT COUNT(*) FROM matches WHERE channel_id = {} AND status = 'live'",
        place.channel
    ))
    .await
}

#[tokio::test]
async fn two_tables_on_one_database_each_restore_and_time_only_their_shards_matches() {
    assert_eq!(shard_of(Some(GUILD_ON_0), 2), 0);
    assert_eq!(shard_of(Some(GUILD_ON_1), 2), 1);
    let w = World::new().await;
    let on_0 = Place::new(Some(GUILD_ON_0), 1);
    let on_1 = Place::new(Some(GUILD_ON_1), 2);
    let direct = Place::new(None, 3);
    w.simultana(&alice(), &bob(), on_0).await;
    w.simultana(&carol(), &dave(), on_1).await;
    w.simultana(&alice(), &carol(), direct).await;

    let zero = table_for(&w, 0, 0, 2).await;
    let one = table_for(&w, 1, 1, 2).await;
    assert_eq!(
        zero.matches().open_count(),
        2,
        "its server's match and the direct one"
    );
    assert_eq!(one.matches().open_count(), 1, "its server's match only");
    assert!(zero.matches().owns(None, direct.channel) && !one.matches().owns(None, direct.channel));
    // Each answers for its own matches only.
    assert!(!zero.matches().move_hints(&on_0, "").await.is_empty());
    assert!(!zero.matches().move_hints(&direct, "").await.is_empty());
    assert!(zero.matches().move_hints(&on_1, "").await.is_empty());
    assert!(!one.matches().move_hints(&on_1, "").await.is_empty());
    assert!(one.matches().move_hints(&on_0, "").await.is_empty());
    // Both processes together: every server once.
    let all = table_for(&w, 0, 1, 2).await;
    assert_eq!(all.matches().open_count(), 3);

    // Every clock runs out; each timer ends only the matches it owns.
    w.clock.advance_secs(3 * 24 * 3600);
    assert_eq!(zero.matches().tick().await, 2);
    assert_eq!(status(&w, on_0).await, 0, "timed out by shard 0");
    assert_eq!(status(&w, direct).await, 0, "timed out by shard 0");
    assert_eq!(status(&w, on_1).await, 1, "left to shard 1");
    assert_eq!(one.matches().tick().await, 1);
    assert_eq!(status(&w, on_1).await, 0, "timed out by shard 1");
}

#[tokio::test]
async fn a_table_without_shards_owns_everything() {
    let w = World::new().await;
    w.simultana(&alice(), &bob(), Place::new(Some(GUILD_ON_0), 1))
        .await;
    w.simultana(&carol(), &dave(), Place::new(Some(GUILD_ON_1), 2))
        .await;
    let store = Store::open(&w.url).await.expect("open store");
    let (table, _) = Table::start(store, config(&w.clock)).await.expect("start");
    assert_eq!(table.matches().open_count(), 2);
    assert!(table.matches().owns(Some(GUILD_ON_1), 2) && table.matches().owns(None, 3));
}

#[tokio::test]
async fn the_terminal_and_the_bot_on_one_database_leave_each_others_matches_alone() {
    let w = World::new().await;
    let server = Place::new(Some(GUILD_ON_0), 2);
    let terminal = Place::new(None, parlor::table::TERMINAL_CHANNEL);
    w.simultana(&alice(), &bob(), server).await;
    w.simultana(&carol(), &dave(), terminal).await;
    let start = |owns| async {
        let store = Store::open(&w.url).await.expect("open store");
        let config = Config {
            owns: Some(owns),
            ..config(&w.clock)
        };
        Table::start(store, config).await.expect("start").0
    };
    // `parlor local` serves the terminal's match only; the bot every other one.
    let local = start(parlor::local::config().owns.expect("the terminal's")).await;
    let bot = start(parlor::discord::owns(None)).await;
    assert_eq!(
        (local.matches().open_count(), bot.matches().open_count()),
        (1, 1)
    );
    assert!(!local.matches().move_hints(&terminal, "").await.is_empty());
    assert!(local.matches().move_hints(&server, "").await.is_empty());
    assert!(!bot.matches().move_hints(&server, "").await.is_empty());
    assert!(bot.matches().move_hints(&terminal, "").await.is_empty());
    // Their clocks run out: each timer ends its own match only, so each result is told where
    // its players are.
    w.clock.advance_secs(3 * 24 * 3600);
    assert_eq!(local.matches().tick().await, 1);
    assert_eq!(status(&w, server).await, 1, "left to the bot");
    assert_eq!(bot.matches().tick().await, 1);
    assert_eq!(status(&w, server).await, 0);
}
