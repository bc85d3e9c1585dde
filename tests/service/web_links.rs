//! Turning a server's web pages on and off (`/settings web:`), a person's name on them
//! (`my-web:`), and the links to them from chat, on both backends (PostgreSQL with
//! `scripts/pg-test.sh`).

use parlor::games::GameKind;
use parlor::table::{Act, Actor, Place, Reply, Scope, SettingsChange, TERMINAL_CHANNEL, UserRef};

use crate::common::*;

const BASE: &str = "https://parlor.example/";

fn web(on: bool, server_name: Option<&str>) -> Act {
    Act::Settings(SettingsChange {
        web: Some(on),
        server_name: server_name.map(str::to_owned),
        ..SettingsChange::default()
    })
}

fn my_web(shown: bool) -> Act {
    Act::Settings(SettingsChange {
        my_web: Some(shown),
        ..SettingsChange::default()
    })
}

fn manager() -> Actor {
    Actor::new(199, "Mod").manager()
}

/// The server's slug and name as stored.
async fn stored(w: &World) -> (Option<String>, Option<String>) {
    let rows: Vec<Vec<Option<String>>> = crate::db::rows(
        &w.url,
        &format!("SELECT web_slug, web_name FROM guild_settings WHERE guild_id = {GUILD}"),
    )
    .await;
    match rows.first() {
        Some(row) => (row[0].clone(), row[1].clone()),
        None => (None, None),
    }
}

/// The addresses a reply links to.
fn urls(reply: &Reply) -> Vec<String> {
    reply.links.iter().map(|l| l.url.clone()).collect()
}

fn leaderboard(scope: Scope) -> Act {
    Act::Leaderboard {
        game: GameKind::Simultana,
        scope,
        page: 1,
        variant: None,
    }
}

/// A rated Simultana match between Alice and Bob that Bob resigns; returns the result.
async fn finished(w: &World, place: Place) -> Reply {
    let (a, b) = (alice(), bob());
    let board = w.simultana(&a, &b, place).await;
    let board = w.play_one(place, &board, &[&a, &b]).await;
    let board = w.play_one(place, &board, &[&a, &b]).await;
    assert!(!is_over(&board));
    let result = w.run(&b, place, Act::Resign).await;
    assert!(is_over(&result), "{}", result.text());
    result
}

#[tokio::test]
async fn a_manager_turns_the_pages_on_and_gets_the_link_that_stays_until_they_are_off() {
    let w = World::published(Some(BASE)).await;
    let place = channel(1);
    let on = w
        .run(&manager(), place, web(true, Some("Chess Club")))
        .await;
    assert!(on.private, "{}", on.text());
    assert_has(&on, "settings-web-link");
    let (slug, name) = stored(&w).await;
    let slug = slug.expect("a slug once the pages are on");
    assert_eq!(name.as_deref(), Some("Chess Club"));
    assert_eq!(slug.len(), 32, "128 bits in hexadecimal: {slug}");
    assert!(slug.chars().all(|c| c.is_ascii_hexdigit()), "{slug}");
    let link = format!("https://parlor.example/s/{slug}");
    assert_eq!(urls(&on), vec![link.clone()], "the link as a button");
    assert!(on.text().contains(&link), "and as text: {}", on.text());
    assert_shows(&on, "on the web: on");

    // Asked again, the same pages: links already shared keep working.
    let again = w.run(&manager(), place, web(true, None)).await;
    assert_eq!(urls(&again), vec![link.clone()]);
    assert_eq!(stored(&w).await.0.as_deref(), Some(slug.as_str()));
    // The name is kept when the transport does not know it, refreshed when it does.
    assert_eq!(stored(&w).await.1.as_deref(), Some("Chess Club"));
    let shown = w
        .run(
            &manager(),
            place,
            Act::Settings(SettingsChange {
                server_name: Some("Chess & Go Club".into()),
                ..SettingsChange::default()
            }),
        )
        .await;
    assert!(
        shown.links.is_empty(),
        "only turning them on gives the link"
    );
    assert_shows(&shown, "on the web: on");
    assert_eq!(stored(&w).await.1.as_deref(), Some("Chess & Go Club"));

    // Nobody else may turn them on or off, nor rename the server.
    let alice = alice();
    for act in [web(false, Some("Hijacked")), web(true, Some("Hijacked"))] {
        let r = w.run(&alice, place, act).await;
        assert_refused(&r, "err-settings-manage-server");
        assert!(r.links.is_empty());
    }
    assert_eq!(
        stored(&w).await,
        (Some(slug.clone()), Some("Chess & Go Club".into()))
    );
    // Outside a server there are no pages to turn on.
    let dm = w
        .run(&manager(), Place::new(None, 555), web(true, None))
        .await;
    assert_refused(&dm, "err-settings-no-server");

    // Off: the slug is gone (every page of the server is gone with it).
    let off = w.run(&manager(), place, web(false, None)).await;
    assert!(off.links.is_empty());
    assert_shows(&off, "on the web: off");
    assert_eq!(stored(&w).await.0, None);
    // On again: a new slug, so that the old links stay dead.
    let on = w.run(&manager(), place, web(true, None)).await;
    let new_slug = stored(&w).await.0.expect("a new slug");
    assert_ne!(new_slug, slug);
    assert_eq!(
        urls(&on),
        vec![format!("https://parlor.example/s/{new_slug}")]
    );
}

#[tokio::test]
async fn without_a_public_address_the_pages_turn_on_but_no_link_is_given() {
    let w = World::new().await;
    let place = channel(1);
    let on = w
        .run(&manager(), place, web(true, Some("Chess Club")))
        .await;
    assert_has(&on, "settings-web-no-url");
    assert_shows(&on, "PARLOR_PUBLIC_URL");
    assert!(on.links.is_empty());
    assert!(
        stored(&w).await.0.is_some(),
        "the pages are on all the same"
    );
    let board = w.run(&alice(), place, leaderboard(Scope::Server)).await;
    assert!(board.links.is_empty(), "no address, no link");
    let result = finished(&w, place).await;
    assert!(result.links.is_empty());
}

#[tokio::test]
async fn a_person_hides_their_name_on_the_web_and_shows_it_again() {
    let w = World::published(Some(BASE)).await;
    let bob = bob();
    let store = w.table.store();
    assert!(!store.web_hidden(bob.id).await.unwrap(), "shown by default");
    let shown = w
        .run(&bob, channel(1), Act::Settings(SettingsChange::default()))
        .await;
    assert_shows(&shown, "name on the web pages: shown");
    // Anyone may, anywhere: it is their own.
    let hidden = w.run(&bob, Place::new(None, 555), my_web(false)).await;
    assert_has(&hidden, "settings-saved");
    assert_shows(&hidden, "hidden");
    assert!(store.web_hidden(bob.id).await.unwrap());
    assert_eq!(
        w.sql_i64(&format!(
            "SELECT COUNT(*) FROM player_settings WHERE player_id = {} AND web_hidden = TRUE",
            bob.id
        ))
        .await,
        1
    );
    let again = w.run(&bob, channel(1), my_web(true)).await;
    assert_shows(&again, "shown");
    assert!(!store.web_hidden(bob.id).await.unwrap());
    // Someone else's choice is theirs alone.
    assert!(!store.web_hidden(alice().id).await.unwrap());
}

#[tokio::test]
async fn ladders_players_and_finished_matches_link_to_their_pages_only_while_the_pages_are_on() {
    let w = World::published(Some(BASE)).await;
    let place = channel(1);
    let (a, b) = (alice(), bob());
    let stats = |user: Option<UserRef>| Act::Stats { user, game: None };
    let history = |user: Option<UserRef>| Act::History { user };

    // Pages off: no link anywhere.
    let result = finished(&w, place).await;
    assert!(result.links.is_empty(), "{:?}", result.links);
    for act in [
        leaderboard(Scope::Server),
        leaderboard(Scope::Global),
        stats(None),
        history(None),
    ] {
        let r = w.run(&a, place, act).await;
        assert!(r.links.is_empty(), "{}: {:?}", r.text(), r.links);
    }

    w.run(&manager(), place, web(true, Some("Chess Club")))
        .await;
    let slug = stored(&w).await.0.expect("on");
    let store = w.table.store();
    let key = |id: u64| async move {
        store
            .web_key(id)
            .await
            .unwrap()
            .expect("a player has a key")
    };
    let (alice_key, bob_key) = (key(a.id).await, key(b.id).await);
    assert_ne!(alice_key, bob_key);

    let r = w.run(&a, place, leaderboard(Scope::Server)).await;
    assert_eq!(
        urls(&r),
        vec![format!("https://parlor.example/s/{slug}/simultana")]
    );
    let r = w.run(&a, place, leaderboard(Scope::Global)).await;
    assert_eq!(urls(&r), vec!["https://parlor.example/global/simultana"]);
    let r = w.run(&a, place, stats(None)).await;
    assert_eq!(
        urls(&r),
        vec![format!("https://parlor.example/p/{alice_key}")]
    );
    let r = w.run(&a, place, history(Some(user(&b)))).await;
    assert_eq!(
        urls(&r),
        vec![format!("https://parlor.example/p/{bob_key}")]
    );
    // A player who hid their name has no link to follow.
    w.run(&b, place, my_web(false)).await;
    for act in [stats(Some(user(&b))), history(None)] {
        let r = w.run(&b, place, act).await;
        assert!(r.links.is_empty(), "{}: {:?}", r.text(), r.links);
    }
    // Someone who never played has no page.
    let r = w
        .run(&a, place, stats(Some(UserRef::new(4242, "Nobody"))))
        .await;
    assert!(r.links.is_empty());

    // The final board of a match links to its page; an aborted match has none.
    w.clock.advance_secs(60);
    let result = finished(&w, place).await;
    let id = result.match_id.expect("a match");
    assert_eq!(
        urls(&result),
        vec![format!("https://parlor.example/m/{id}")]
    );
    w.clock.advance_secs(60);
    w.simultana(&a, &b, place).await;
    let aborted = w.run(&a, place, Act::Abort).await;
    assert_says(&aborted, "head-aborts");
    assert!(aborted.links.is_empty(), "{:?}", aborted.links);

    // Direct messages have no server pages; the terminal's matches are always shown.
    let dm = w
        .run(&a, Place::new(None, 555), leaderboard(Scope::Server))
        .await;
    assert!(dm.links.is_empty());
    let terminal = Place::new(None, TERMINAL_CHANNEL);
    let r = w.run(&a, terminal, leaderboard(Scope::Server)).await;
    assert_eq!(urls(&r), vec!["https://parlor.example/global/simultana"]);

    // Off again: the links go with the pages.
    w.run(&manager(), place, web(false, None)).await;
    let r = w.run(&a, place, leaderboard(Scope::Server)).await;
    assert!(r.links.is_empty());
    let r = w.run(&a, place, stats(None)).await;
    assert!(r.links.is_empty());
}

/// The page a link leads to, asked of the pages served at `served` (the links are written under
/// [`BASE`]).
async fn follow(served: &str, url: &str) -> u16 {
    let path = url
        .strip_prefix(BASE.trim_end_matches('/'))
        .unwrap_or_else(|| panic!("{url} is not under {BASE}"));
    crate::web::get(&format!("{served}{path}"), &[]).await.0
}

#[tokio::test]
async fn every_link_from_chat_opens_its_page_and_dies_with_the_pages() {
    let w = World::published(Some(BASE)).await;
    let served = crate::web::serve(w.table.store().clone()).await;
    let place = channel(1);
    let (a, b) = (alice(), bob());
    let on = w
        .run(&manager(), place, web(true, Some("Chess Club")))
        .await;
    let result = finished(&w, place).await;
    let mut links = urls(&on);
    links.extend(urls(&result));
    for act in [
        leaderboard(Scope::Server),
        leaderboard(Scope::Global),
        Act::Stats {
            user: None,
            game: None,
        },
        Act::History {
            user: Some(user(&b)),
        },
    ] {
        links.extend(urls(&w.run(&a, place, act).await));
    }
    assert_eq!(links.len(), 6, "{links:?}");
    for url in &links {
        assert_eq!(follow(&served, url).await, 200, "{url}");
    }
    let server_page = links[0].clone();
    // Off: the server's pages are gone, and so are the links to them.
    w.run(&manager(), place, web(false, None)).await;
    assert_eq!(follow(&served, &server_page).await, 404);
    let board = w.run(&a, place, leaderboard(Scope::Server)).await;
    assert!(board.links.is_empty());
}
