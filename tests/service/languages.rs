//! The language settings (a server's and a person's) and the news the transport could not post,
//! stored on both backends (PostgreSQL with `scripts/pg-test.sh`).

use parlor::i18n::Lang;
use parlor::table::{Act, Actor, Languages, Place, SettingsChange, Undelivered};

use crate::common::*;

fn settings(language: Option<Option<Lang>>, my_language: Option<Option<Lang>>) -> Act {
    Act::Settings(SettingsChange {
        language,
        my_language,
        ..SettingsChange::default()
    })
}

#[tokio::test]
async fn a_servers_language_and_a_persons_are_stored_shown_and_reset() {
    let mut w = World::new().await;
    let place = channel(1);
    let manager = Actor::new(alice().id, "Alice").manager();
    let bob = bob();
    let nothing = w
        .table
        .settings()
        .languages(Some(GUILD), Some(bob.id))
        .await;
    assert_eq!(
        (nothing.server, nothing.person),
        (None, None),
        "auto at first"
    );

    // Only a member who manages the server sets what it reads.
    let r = w
        .run(&bob, place, settings(Some(Some(Lang::Fr)), None))
        .await;
    assert_refused(&r, "err-settings-manage-server");
    assert_eq!(
        w.table.settings().languages(Some(GUILD), None).await.server,
        None
    );
    let r = w
        .run(&manager, place, settings(Some(Some(Lang::Fr)), None))
        .await;
    assert_refused(&r, "settings-saved");
    assert_shows(&r, "What this server reads: French");
    assert_eq!(
        w.table.settings().languages(Some(GUILD), None).await.server,
        Some(Lang::Fr)
    );

    // Anyone sets their own, anywhere (a direct message too), and it is theirs only.
    let dm = Place::new(None, 55);
    let r = w.run(&bob, dm, settings(None, Some(Some(Lang::Fr)))).await;
    assert_refused(&r, "settings-saved");
    assert_shows(&r, "What you read in answers only you see: French");
    // No server there: nothing about one is shown.
    assert!(!r.says("settings-language"), "{}", r.text());
    let r = w.run(&bob, dm, settings(Some(None), None)).await;
    assert_refused(&r, "err-settings-no-server");
    let both = w
        .table
        .settings()
        .languages(Some(GUILD), Some(bob.id))
        .await;
    assert_eq!((both.server, both.person), (Some(Lang::Fr), Some(Lang::Fr)));
    let alices = w
        .table
        .settings()
        .languages(Some(GUILD), Some(alice().id))
        .await;
    assert_eq!(alices.person, None);
    assert_eq!(
        w.table
            .settings()
            .languages(Some(GUILD + 1), None)
            .await
            .server,
        None
    );

    // The settings outlive a restart; `auto` resets them.
    w.restart().await;
    let r = w.run(&bob, place, settings(None, None)).await;
    assert_shows(&r, "What this server reads: French");
    assert_shows(&r, "only you see: French");
    w.run(&bob, place, settings(None, Some(None))).await;
    w.run(&manager, place, settings(Some(None), None)).await;
    let reset = w
        .table
        .settings()
        .languages(Some(GUILD), Some(bob.id))
        .await;
    assert_eq!((reset.server, reset.person), (None, None));
    let r = w.run(&bob, place, settings(None, None)).await;
    assert_shows(&r, "reads: automatic");
    // Changing the language leaves the server's other settings alone.
    let threads = w
        .sql_i64(&format!(
            "SELECT COUNT(*) FROM guild_settings WHERE guild_id = {GUILD} AND threads = TRUE"
        ))
        .await;
    assert_eq!(threads, 1);
}

/// Every answer asks for the languages: once read they are remembered for a minute. A change
/// written by another process (here straight into the database) shows once that minute is
/// over; this process's own change shows at once.
#[tokio::test]
async fn languages_read_are_remembered_a_minute_and_this_processs_changes_at_once() {
    let w = World::new().await;
    let bob = bob();
    let read = |w: &World| {
        let settings = w.table.settings().clone();
        async move { settings.languages(Some(GUILD), Some(bob.id)).await }
    };
    assert_eq!(read(&w).await, Languages::default(), "auto at first");
    w.exec(&format!(
        "INSERT INTO players (id, name, updated_at) VALUES ({}, 'Bob', 0)",
        bob.id
    ))
    .await;
    w.exec(&format!(
        "INSERT INTO player_settings (player_id, language) VALUES ({}, 'fr')",
        bob.id
    ))
    .await;
    w.exec(&format!(
        "INSERT INTO guild_settings (guild_id, language) VALUES ({GUILD}, 'fr')"
    ))
    .await;
    w.clock.advance_secs(59);
    assert_eq!(read(&w).await, Languages::default(), "remembered");
    w.clock.advance_secs(1);
    let french = Languages {
        server: Some(Lang::Fr),
        person: Some(Lang::Fr),
    };
    assert_eq!(read(&w).await, french, "read again after a minute");

    // This process's own change: at once, and not undone by what was read before it.
    let r = w
        .run(&bob, channel(1), settings(None, Some(Some(Lang::En))))
        .await;
    assert_refused(&r, "settings-saved");
    assert_eq!(read(&w).await.person, Some(Lang::En));
    let manager = Actor::new(alice().id, "Alice").manager();
    w.run(&manager, channel(1), settings(Some(None), None))
        .await;
    assert_eq!(
        read(&w).await,
        Languages {
            server: None,
            person: Some(Lang::En)
        }
    );
    // A clock set back does not make an old reading fresh.
    w.exec(&format!(
        "UPDATE player_settings SET language = 'fr' WHERE player_id = {}",
        bob.id
    ))
    .await;
    w.clock.advance_secs(-3600);
    assert_eq!(read(&w).await.person, Some(Lang::Fr));
}

#[tokio::test]
async fn undelivered_news_is_told_once_by_the_next_public_answer_about_its_match() {
    let (w, a, _, place, board) = World::alice_plays_bob().await;
    let id = board.match_id.expect("a match");
    assert_eq!(board.undelivered, None);
    w.table
        .matches()
        .undelivered(id, Undelivered::Forbidden("32768".into()))
        .await;
    // A refusal to someone else tells nothing and keeps the news.
    let r = w.run(&carol(), place, Act::Resign).await;
    assert!(r.private && r.undelivered.is_none(), "{}", r.text());
    let again = w.run(&a, place, Act::Board).await;
    assert_eq!(
        again.undelivered,
        Some(Undelivered::Forbidden("32768".into()))
    );
    let after = w.run(&a, place, Act::Board).await;
    assert_eq!(after.undelivered, None, "told once");
}

/// The process remembers which of its matches have news kept, so that the others' answers do
/// not ask the store: news kept before a restart is still told by the first answer after it,
/// and once.
#[tokio::test]
async fn news_kept_before_a_restart_is_told_after_it_and_once() {
    let (mut w, a, _, place, board) = World::alice_plays_bob().await;
    let id = board.match_id.expect("a match");
    let quiet = w.run(&a, place, Act::Board).await;
    assert_eq!(quiet.undelivered, None);
    w.table
        .matches()
        .undelivered(id, Undelivered::Forbidden("32768".into()))
        .await;
    w.restart().await;
    let told = w.run(&a, place, Act::Board).await;
    assert_eq!(
        told.undelivered,
        Some(Undelivered::Forbidden("32768".into()))
    );
    w.restart().await;
    let after = w.run(&a, place, Act::Board).await;
    assert_eq!(after.undelivered, None, "told once");
}

#[tokio::test]
async fn a_match_whose_channel_is_gone_moves_to_a_players_next_board() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let (old, here) = (channel(1), channel(2));
    let board = w.simultana(&a, &b, old).await;
    let id = board.match_id.expect("a match");
    w.table.matches().undelivered(id, Undelivered::Gone).await;
    // Someone not playing finds nothing here.
    let r = w.run(&carol(), here, Act::Board).await;
    assert_refused(&r, "err-no-match-here");
    // A player's /board brings the match here, saying why; nothing of it is lost.
    let moved = w.run(&b, here, Act::Board).await;
    assert!(!moved.private, "{}", moved.text());
    assert_eq!(moved.match_id, Some(id));
    assert_eq!(moved.undelivered, Some(Undelivered::Gone));
    assert_eq!(moved.mentions, board.mentions, "the same player to move");
    let channel_now = w
        .sql_i64(&format!("SELECT channel_id FROM matches WHERE id = {id}"))
        .await;
    assert_eq!(channel_now, 2);
    // It is played here now, and no longer there.
    let next = w.play_one(here, &moved, &[&a, &b]).await;
    assert_eq!(next.match_id, Some(id));
    assert_eq!(next.undelivered, None);
    let r = w.run(&a, old, Act::Board).await;
    assert_refused(&r, "err-no-match-here");
}
