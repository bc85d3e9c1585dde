//! The web pages over real HTTP, on the same database as a match service: what a server that
//! opted in shows, what nobody else's does, a hidden player, addresses that do not exist,
//! languages and caching. (The real browser's tests are in `browser.rs`.)

use super::common::*;
use parlor::store::Store;
use parlor::table::Place;

/// A server's pages are on at this slug in the tests (set as `/settings web:on` stores it).
pub const SLUG: &str = "k3J9xQ2mPz7LwR4tY8vB1a";

/// The pages of this store, served on a free port of 127.0.0.1; their address.
pub async fn serve(store: Store) -> String {
    serve_drawing(store, parlor::web::Drawing::default()).await
}

/// The pages of this store, drawing their pictures within `drawing`; their address.
pub async fn serve_drawing(store: Store, drawing: parlor::web::Drawing) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("its address");
    let router =
        parlor::web::router_drawing(std::sync::Arc::new(move || Some(store.clone())), drawing);
    parlor::http::serve(listener, router);
    format!("http://{addr}")
}

/// The real `parlor web` on a database, on a free port; stopped when dropped.
pub struct ParlorWeb {
    child: std::process::Child,
    pub base: String,
}

impl ParlorWeb {
    /// Starts it with these extra variables; returns once `/healthz` answers 200 or, unless
    /// `healthy`, answers at all.
    pub async fn start(url: &str, vars: &[(&str, &str)], healthy: bool) -> ParlorWeb {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = std::process::Command::new(crate::bin::parlor())
            .arg("web")
            .env("DATABASE_URL", url)
            .env("PARLOR_HTTP", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "warn")
            .envs(vars.iter().copied())
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("parlor web starts");
        let web = ParlorWeb {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..300 {
            if let Some((status, _)) = web.health().await
                && (status == 200 || !healthy)
            {
                return web;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("parlor web did not answer on {}", web.base);
    }

    /// `/healthz`: its status and body, once it answers.
    pub async fn health(&self) -> Option<(u16, String)> {
        let response = reqwest::get(format!("{}/healthz", self.base)).await.ok()?;
        let status = response.status().as_u16();
        Some((status, response.text().await.unwrap_or_default()))
    }
}

impl Drop for ParlorWeb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Fails unless the answer is a 200 with this content type.
#[track_caller]
pub fn assert_served(answer: (u16, &reqwest::header::HeaderMap), content_type: &str) {
    let (status, headers) = answer;
    assert_eq!(
        (status, headers["content-type"].to_str().ok()),
        (200, Some(content_type))
    );
}

/// A page: its status, headers and body.
pub async fn get(url: &str, headers: &[(&str, &str)]) -> (u16, reqwest::header::HeaderMap, String) {
    let client = reqwest::Client::new();
    let mut request = client.get(url);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.text().await.unwrap_or_default();
    (status, headers, body)
}

/// Asks `site` for each of `paths` and fails unless each is a 404 (the message names the path
/// and shows the body).
pub async fn not_found(site: &str, paths: &[String]) {
    for path in paths {
        let (status, _, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
}

/// Plays a rated Simultana match to its end between two players in `place`; its id.
pub async fn finished(
    w: &World,
    a: &parlor::table::Actor,
    b: &parlor::table::Actor,
    place: Place,
) -> i64 {
    let board = w.simultana(a, b, place).await;
    let id = board.match_id.expect("a match");
    let end = w.play_out(place, board, &[a, b]).await;
    assert!(is_over(&end), "{}", end.text());
    w.clock.advance_secs(60);
    id
}

/// A match of `game` between `a` and `b` in `place`, `plies` moves long, that `a` resigns;
/// returns its id.
pub async fn resigned(
    w: &World,
    game: parlor::games::GameKind,
    (a, b): (&parlor::table::Actor, &parlor::table::Actor),
    place: Place,
    plies: usize,
) -> i64 {
    let mut board = w.live(game, a, b, place).await;
    let id = board.match_id.expect("a match");
    for _ in 0..plies {
        board = w.play_one(place, &board, &[a, b]).await;
    }
    let end = w.run(a, place, parlor::table::Act::Resign).await;
    assert!(is_over(&end), "{}", end.text());
    w.clock.advance_secs(60);
    id
}

/// Publishes the test server's pages as `/settings web:on` does (its slug and name).
pub async fn publish(w: &World) {
    w.exec(&format!(
        "INSERT INTO guild_settings (guild_id, web_slug, web_name) VALUES ({GUILD}, '{SLUG}', 'Le Club 🎲') \
         ON CONFLICT (guild_id) DO UPDATE SET web_slug = excluded.web_slug, web_name = excluded.web_name"
    ))
    .await;
}

/// Hides a player as `/settings my-web:off` does.
pub async fn hide(w: &World, id: u64) {
    w.exec(&format!(
        "INSERT INTO player_settings (player_id, web_hidden) VALUES ({id}, TRUE) \
         ON CONFLICT (player_id) DO UPDATE SET web_hidden = TRUE"
    ))
    .await;
}

/// The test server's Simultana ladder as the store ranks it, provisional ratings included.
pub async fn ranked(w: &World) -> Vec<parlor::store::RatingRow> {
    w.table
        .store()
        .leaderboard("simultana", GUILD as i64, 1_000.0, 10, 0)
        .await
        .expect("the ladder")
        .0
}

/// A player's public key (the address of their page).
pub async fn key_of(w: &World, name: &str) -> String {
    let sql = format!("SELECT web_key FROM players WHERE name = '{name}'");
    let rows = crate::db::rows::<String>(&w.url, &sql).await;
    rows.into_iter().flatten().next().expect("a key")
}

/// Whether `n` appears in `text` as a number of its own, not inside a longer word or number.
fn has_number(text: &str, n: u64) -> bool {
    let n = n.to_string();
    text.match_indices(&n).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + n.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Where each name first appears in a page (to check an order).
fn position(body: &str, name: &str) -> usize {
    body.find(&format!(">{name}<"))
        .unwrap_or_else(|| panic!("{name} not in the page:\n{body}"))
}

#[tokio::test]
async fn a_servers_pages_exist_only_while_it_opts_in() {
    let w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    let first = finished(&w, &a, &b, channel(1)).await;
    finished(&w, &a, &c, channel(2)).await;
    finished(&w, &b, &c, channel(3)).await;
    let site = serve(w.table.store().clone()).await;

    // Not opted in: nothing of the server exists, and it is not in the global ladder.
    for path in [
        format!("/s/{SLUG}"),
        format!("/s/{SLUG}/simultana"),
        format!("/m/{first}"),
        format!("/m/{first}/1.png"),
    ] {
        let (status, _, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 404, "{path}");
        assert!(body.contains("Page not found"), "{body}");
    }
    let (status, _, body) = get(&format!("{site}/global/simultana"), &[]).await;
    assert_eq!(status, 200);
    assert!(!body.contains("Alice") && !body.contains("Bob"), "{body}");

    publish(&w).await;
    let (status, _, body) = get(&format!("{site}/s/{SLUG}"), &[]).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Le Club 🎲"), "{body}");
    assert!(body.contains(&format!("/m/{first}")), "{body}");
    // The ladder: everyone, best first, as the store ranks them.
    let ranked = ranked(&w).await;
    let (status, _, body) = get(&format!("{site}/s/{SLUG}/simultana"), &[]).await;
    assert_eq!(status, 200);
    let places: Vec<usize> = ranked
        .iter()
        .map(|r| position(&body, &r.player.name))
        .collect();
    assert_eq!(ranked.len(), 3);
    assert!(places.windows(2).all(|p| p[0] < p[1]), "{places:?}\n{body}");
    for r in &ranked {
        assert!(
            body.contains(&format!("{}<abbr", r.value.rating.round())),
            "provisional ratings are marked: {body}"
        );
    }
    // The global ladder now counts this server.
    let (_, _, body) = get(&format!("{site}/global/simultana"), &[]).await;
    assert_contains(&body, ">Alice<");
    assert_contains(&body, ">Carol<");
    // No Discord id anywhere (as a number of its own: a random key or a rating may hold its
    // digits).
    for id in [a.id, b.id, c.id, GUILD] {
        assert!(!has_number(&body, id), "{id} shown");
    }

    // Turned off: gone again.
    w.exec(&format!(
        "UPDATE guild_settings SET web_slug = NULL WHERE guild_id = {GUILD}"
    ))
    .await;
    not_found(&site, &[format!("/s/{SLUG}"), format!("/m/{first}")]).await;
    let (_, _, body) = get(&format!("{site}/global/simultana"), &[]).await;
    assert!(!body.contains(">Alice<"), "{body}");
}

#[tokio::test]
async fn a_hidden_player_is_anonymous_everywhere_and_has_no_page() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let id = finished(&w, &a, &b, channel(1)).await;
    publish(&w).await;
    hide(&w, b.id).await;
    let site = serve(w.table.store().clone()).await;
    let (bob_key, alice_key) = (key_of(&w, "Bob").await, key_of(&w, "Alice").await);
    for (path, lang) in [
        (format!("/s/{SLUG}/simultana"), "en"),
        (format!("/m/{id}"), "en"),
        (format!("/m/{id}?lang=fr"), "fr"),
        (format!("/p/{alice_key}"), "en"),
        ("/global/simultana".to_owned(), "en"),
    ] {
        let (status, _, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 200, "{path}");
        assert!(!body.contains("Bob"), "{path}: {body}");
        let word = if lang == "fr" { "anonyme" } else { "anonymous" };
        assert!(body.contains(word), "{path}: {body}");
        assert!(!body.contains(&format!("/p/{bob_key}")), "{path}");
    }
    let (status, _, _) = get(&format!("{site}/p/{bob_key}"), &[]).await;
    assert_eq!(status, 404);
    // The pictures do not draw the name either: their address changes with the names drawn.
    let (_, _, page) = get(&format!("{site}/m/{id}"), &[]).await;
    // The board's alt text is the renderer's words for it (the hidden name left out too).
    let game_line = parlor::i18n::Msg::new("describe-game")
        .msg("game", parlor::games::GameKind::Simultana.label())
        .text(parlor::i18n::Lang::En);
    assert!(page.contains(&format!("alt=\"{game_line}")), "{page}");
    let src = page
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a board picture")
        .replace("&amp;", "&");
    w.exec(&format!(
        "UPDATE player_settings SET web_hidden = FALSE WHERE player_id = {}",
        b.id
    ))
    .await;
    let (_, _, shown) = get(&format!("{site}/m/{id}"), &[]).await;
    assert!(shown.contains(">Bob<"), "{shown}");
    assert!(!shown.contains(&src.replace('&', "&amp;")), "a new address");
}

#[tokio::test]
async fn addresses_that_do_not_exist_answer_404_never_500() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let id = finished(&w, &a, &b, channel(1)).await;
    publish(&w).await;
    // A live match, and a match in a direct message with a player hidden from the web, are
    // never shown.
    let live = w
        .simultana(&a, &b, channel(2))
        .await
        .match_id
        .expect("live");
    let dm = Place::new(None, 555);
    let board = w.simultana(&b, &a, dm).await;
    let dm_id = board.match_id.expect("a match");
    w.play_out(dm, board, &[&a, &b]).await;
    hide(&w, b.id).await;
    let site = serve(w.table.store().clone()).await;
    let plies = w
        .sql_i64(&format!("SELECT MAX(ply) FROM moves WHERE match_id = {id}"))
        .await;
    let missing = [
        "/nothing".to_owned(),
        "/m/abc".to_owned(),
        "/m/-1".to_owned(),
        "/m/99999999999999999999".to_owned(),
        "/m/424242".to_owned(),
        format!("/m/{live}"),
        format!("/m/{dm_id}"),
        format!("/m/{id}?ply={}", plies + 1),
        format!("/m/{id}?ply=x"),
        format!("/m/{id}?ply=-1"),
        format!("/m/{id}/{}.png", plies + 1),
        format!("/m/{id}/one.png"),
        format!("/m/{id}/analysis.png"),
        format!("/m/{id}/match-{}.txt", id + 1),
        "/global/chess".to_owned(),
        "/global/loa?variant=nope".to_owned(),
        "/global/simultana?page=0".to_owned(),
        "/global/simultana?page=2".to_owned(),
        "/global/simultana?page=%FF".to_owned(),
        format!("/s/{SLUG}/simultana?page=99"),
        "/s/not-a-slug".to_owned(),
        "/p/not-a-key".to_owned(),
    ];
    not_found(&site, &missing).await;
    // The same addresses, well formed, exist.
    for path in [
        format!("/m/{id}?ply={plies}"),
        format!("/m/{id}?ply=0"),
        format!("/m/{id}/0.png"),
        format!("/m/{id}/match-{id}.txt"),
        format!("/m/{id}/replay.gif"),
        "/global/loa?variant=cylinder".to_owned(),
        "/".to_owned(),
    ] {
        let (status, _, _) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 200, "{path}");
    }
}

#[tokio::test]
async fn a_french_browser_reads_french_unless_the_address_says_otherwise() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    let site = serve(w.table.store().clone()).await;
    let french = [("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")];
    let (_, headers, body) = get(&format!("{site}/m/{id}"), &french).await;
    assert!(body.contains("<html lang=\"fr\">"), "{body}");
    assert!(body.contains("Feuille de partie"), "{body}");
    assert_eq!(headers["vary"], "Accept-Language");
    // The switch keeps the page and the move shown.
    assert_contains(&body, &format!("href=\"/m/{id}?lang=en\""));
    let (_, _, body) = get(&format!("{site}/m/{id}?ply=1&lang=en"), &french).await;
    assert!(body.contains("Score sheet"), "{body}");
    // A chosen language is kept by every link of the page.
    assert_contains(&body, &format!("/m/{id}?ply=2&amp;lang=en"));
    let (_, _, body) = get(&format!("{site}/"), &[("Accept-Language", "de, fr;q=0.3")]).await;
    assert!(body.contains("Classements généraux"), "{body}");
}

#[tokio::test]
async fn pages_and_pictures_are_cached_by_their_etags_and_plies_are_immutable() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    let site = serve(w.table.store().clone()).await;
    let (status, headers, page) = get(&format!("{site}/m/{id}?ply=1"), &[]).await;
    assert_eq!(status, 200);
    let etag = headers["etag"].to_str().expect("an etag").to_owned();
    let (status, _, body) = get(&format!("{site}/m/{id}?ply=1"), &[("If-None-Match", &etag)]).await;
    assert_eq!((status, body.as_str()), (304, ""));
    // The board's picture, as the page names it.
    let src = page
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a picture")
        .replace("&amp;", "&");
    assert!(src.starts_with(&format!("/m/{id}/1.png?")), "{src}");
    let client = reqwest::Client::new();
    let png = client
        .get(format!("{site}{src}"))
        .send()
        .await
        .expect("a picture");
    assert_eq!(png.status().as_u16(), 200);
    assert_eq!(png.headers()["content-type"], "image/png");
    assert_eq!(
        png.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let etag = png.headers()["etag"].to_str().expect("an etag").to_owned();
    let bytes = png.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"\x89PNG"));
    let again = client
        .get(format!("{site}{src}"))
        .header("If-None-Match", &etag)
        .send()
        .await
        .expect("an answer");
    assert_eq!(again.status().as_u16(), 304);
    // Without the names' tag, the same picture may change: not immutable.
    let (_, headers, _) = get(&format!("{site}/m/{id}/1.png"), &[]).await;
    assert_eq!(headers["cache-control"], "no-cache");
    // The export reads back in the engine.
    let (_, _, export) = get(&format!("{site}/m/{id}/match-{id}.txt"), &[]).await;
    assert!(export.starts_with("new simultana"), "{export}");
    // `If-None-Match: *` matches a picture that exists, drawn or not, never one that does not.
    for (ply, status) in [(1, 304), (4, 304), (999, 404)] {
        let (got, _, _) = get(
            &format!("{site}/m/{id}/{ply}.png"),
            &[("If-None-Match", "*")],
        )
        .await;
        assert_eq!(got, status, "ply {ply}");
    }
}

/// The test server's page, match `id`'s page and its picture after `ply` plies all answer 200.
async fn served(site: &str, id: i64, ply: u32) {
    for path in [
        format!("/s/{SLUG}"),
        format!("/m/{id}"),
        format!("/m/{id}/{ply}.png"),
    ] {
        let (status, _, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
}

/// Asks for the pictures of these plies of match `id` all at once.
async fn burst(
    site: &str,
    id: i64,
    plies: std::ops::RangeInclusive<u32>,
) -> Vec<(u16, reqwest::header::HeaderMap, String)> {
    futures_util::future::join_all(plies.map(|ply| {
        let url = format!("{site}/m/{id}/{ply}.png");
        async move { get(&url, &[]).await }
    }))
    .await
}

#[tokio::test]
async fn a_burst_of_pictures_waits_its_turn_and_never_holds_up_the_bots_own_drawing() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    let drawing = parlor::web::Drawing {
        wait: std::time::Duration::from_millis(200),
        ..parlor::web::Drawing::default()
    };
    let site = serve_drawing(w.table.store().clone(), drawing.clone()).await;
    let (status, _, _) = get(&format!("{site}/m/{id}/1.png"), &[]).await;
    assert_eq!(status, 200);
    // The pages' one permit is taken, as while a picture is being drawn.
    let held = drawing
        .permits
        .clone()
        .acquire_owned()
        .await
        .expect("the permit");
    for (status, headers, _) in burst(&site, id, 2..=6).await {
        assert_eq!(status, 503, "a picture drawn without a permit");
        assert_eq!(headers["retry-after"], "2");
    }
    // What needs no drawing is served meanwhile: the page, and a picture already drawn.
    let (status, _, _) = get(&format!("{site}/m/{id}?ply=4"), &[]).await;
    assert_eq!(status, 200);
    let (status, headers, _) = get(&format!("{site}/m/{id}/1.png"), &[]).await;
    assert_served((status, &headers), "image/png");
    // The bot draws its own boards on renderers of its own.
    let board = w.simultana(&carol(), &dave(), channel(2)).await;
    let image = w
        .table
        .pictures()
        .draw(board.picture.expect("a board"), parlor::i18n::Lang::Fr)
        .await
        .expect("the bot's board is drawn");
    assert!(image.bytes.starts_with(b"\x89PNG"));
    // With the permit back and time to wait for it, the burst is drawn, one after another.
    drop(held);
    let patient = parlor::web::Drawing {
        wait: std::time::Duration::from_secs(60),
        ..drawing.clone()
    };
    let site = serve_drawing(w.table.store().clone(), patient).await;
    for (status, headers, _) in burst(&site, id, 2..=6).await {
        assert_served((status, &headers), "image/png");
    }
    assert_eq!(drawing.permits.available_permits(), 1);
}

#[tokio::test]
async fn a_flood_of_pictures_beyond_the_queue_is_turned_away_at_once() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    // Two requests may wait, for as long as it takes.
    let drawing = parlor::web::Drawing {
        queue: std::sync::Arc::new(tokio::sync::Semaphore::new(2)),
        wait: std::time::Duration::from_secs(600),
        ..parlor::web::Drawing::default()
    };
    let site = serve_drawing(w.table.store().clone(), drawing.clone()).await;
    let held = drawing
        .permits
        .clone()
        .acquire_owned()
        .await
        .expect("the permit");
    let waiting: Vec<_> = [2, 3]
        .map(|ply| {
            let url = format!("{site}/m/{id}/{ply}.png");
            tokio::spawn(async move { get(&url, &[]).await })
        })
        .into();
    for _ in 0..1_000 {
        if drawing.queue.available_permits() == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(drawing.queue.available_permits(), 0, "two requests queued");
    // The queue is full: the next picture is refused now, not after the ten-minute wait (a
    // minute's grace tells the two apart on any machine).
    let fourth = format!("{site}/m/{id}/4.png");
    let (status, headers, _) =
        tokio::time::timeout(std::time::Duration::from_secs(60), get(&fourth, &[]))
            .await
            .expect("refused without waiting for the permit");
    assert_eq!(status, 503);
    assert_eq!(headers["retry-after"], "2");
    assert!(waiting.iter().all(|w| !w.is_finished()));
    // A ply past the end is still a 404, whatever the load.
    let (status, _, _) = get(&format!("{site}/m/{id}/999.png"), &[]).await;
    assert_eq!(status, 404);
    drop(held);
    for request in waiting {
        let (status, headers, _) = request.await.expect("the request");
        assert_served((status, &headers), "image/png");
    }
    let (status, _, _) = get(&format!("{site}/m/{id}/4.png"), &[]).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_terminals_matches_are_shown_as_local() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let terminal = Place::new(None, parlor::table::TERMINAL_CHANNEL);
    let id = finished(&w, &a, &b, terminal).await;
    let site = serve(w.table.store().clone()).await;
    let (status, _, body) = get(&format!("{site}/m/{id}"), &[]).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("local (the terminal)"), "{body}");
    let (_, _, body) = get(&format!("{site}/global/simultana"), &[]).await;
    assert!(body.contains(">Alice<") && body.contains(">Bob<"), "{body}");
    // Each player's page: the rating chart and the match.
    let key = key_of(&w, "Alice").await;
    let (status, _, body) = get(&format!("{site}/p/{key}"), &[]).await;
    assert_eq!(status, 200, "{body}");
    assert_contains(&body, "<svg");
    assert_contains(&body, "<polyline");
    assert!(body.contains(&format!("/m/{id}")), "{body}");
}

/// Matches played outside servers (DMs and group DMs, Parlor installed to a person's account)
/// are shown as "Direct messages" on the match's page and each player's page when none of their
/// players hid themself from the web, and not at all otherwise; in both languages.
#[tokio::test]
async fn direct_messages_matches_are_shown_only_when_both_players_allow_it() {
    use parlor::i18n::{Lang, lookup};
    let w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    let open = finished(&w, &a, &b, direct(555)).await;
    let closed = finished(&w, &a, &c, direct(556)).await;
    hide(&w, c.id).await;
    let site = serve(w.table.store().clone()).await;
    let label = |lang| lookup(lang, "web-direct").expect("the label");
    for (query, lang) in [("", Lang::En), ("?lang=fr", Lang::Fr)] {
        let (status, _, body) = get(&format!("{site}/m/{open}{query}"), &[]).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(&label(lang)), "{lang:?}: {body}");
        assert!(body.contains(">Alice<") && body.contains(">Bob<"), "{body}");
    }
    let (status, _, body) = get(&format!("{site}/m/{closed}"), &[]).await;
    assert_eq!(status, 404, "Carol hid herself: {body}");
    let alice_key = key_of(&w, "Alice").await;
    let (status, _, body) = get(&format!("{site}/p/{alice_key}"), &[]).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&format!("/m/{open}\"")), "{body}");
    assert!(body.contains(&label(Lang::En)), "{body}");
    assert!(!body.contains(&format!("/m/{closed}\"")), "{body}");
    assert!(!body.contains("Carol"), "{body}");
    let (_, _, body) = get(&format!("{site}/global/simultana"), &[]).await;
    assert!(body.contains(">Alice<") && body.contains(">Bob<"), "{body}");
    // Once Bob hides too, their match is gone, and with it Alice's only page.
    hide(&w, b.id).await;
    for path in [format!("/m/{open}"), format!("/p/{alice_key}")] {
        let (status, _, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
}

#[test]
fn parlor_web_without_an_address_says_what_to_set() {
    let dir = tempfile::tempdir().expect("a folder");
    let database = [("DATABASE_URL", "sqlite://never-made.db")];
    let err = crate::bin::failure_without_http(dir.path(), &["web"], &database);
    assert_contains(&err, "PARLOR_HTTP");
    assert_contains(&err, "ADDR:PORT");
    // Nothing was created on the way.
    assert!(!dir.path().join("never-made.db").exists());
}

#[tokio::test]
async fn the_pages_refuse_a_file_that_is_not_sqlite_and_say_so() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("notes.db");
    std::fs::write(&path, "these are someone's notes, not a database\n").expect("written");
    let url = sqlite_url(&path);
    let Err(e) = Store::open_reader(&url).await else {
        panic!("a text file opened as a database");
    };
    assert!(
        matches!(e, parlor::store::StoreError::NotSqlite { .. }),
        "{e}"
    );
    // It will never become Parlor's: `parlor web` stops with the reason instead of waiting.
    assert!(!e.may_pass(), "{e}");
    let text = std::fs::read_to_string(&path).expect("still there");
    assert!(text.starts_with("these are someone's notes"));
}

#[tokio::test]
async fn the_pages_read_the_database_and_can_write_nothing_to_it() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    let reader = Store::open_reader(&w.url)
        .await
        .expect("opened for reading");
    let site = serve(reader.clone()).await;
    let (status, _, page) = get(&format!("{site}/s/{SLUG}"), &[]).await;
    assert_eq!(status, 200);
    assert!(page.contains("Alice") && page.contains("Bob"), "{page}");
    let (status, headers, _) = get(&format!("{site}/m/{id}/1.png"), &[]).await;
    assert_served((status, &headers), "image/png");
    // A write through the reader is refused by the database itself.
    assert!(reader.set_card(id, 77, 88).await.is_err());
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE card_channel_id = 77", 0)
        .await;
    // The bot goes on writing, and the pages read what it wrote.
    let second = finished(&w, &alice(), &carol(), channel(2)).await;
    let (status, _, _) = get(&format!("{site}/m/{second}"), &[]).await;
    assert_eq!(status, 200);
    reader.close().await;
}

#[tokio::test]
async fn the_pages_read_a_database_whose_bot_has_stopped() {
    let w = World::new().await;
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    // The bot stops cleanly: on SQLite its log is folded in and the files beside it go.
    w.table.store().close().await;
    let reader = Store::open_reader(&w.url)
        .await
        .expect("opened for reading");
    let site = serve(reader.clone()).await;
    served(&site, id, 3).await;
    reader.close().await;
    // The bot starts again on the same database, the pages having read it meanwhile.
    let again = Store::open(&w.url).await.expect("the bot opens it again");
    again.close().await;
}

#[tokio::test]
async fn parlor_web_waits_for_the_bot_to_make_its_database_and_creates_nothing_meanwhile() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("parlor.db");
    let url = sqlite_url(&path);
    let web = ParlorWeb::start(&url, &[], false).await;
    // Until the bot has made the database, the pages say they are not available, and why.
    let (status, health) = web.health().await.expect("/healthz answers");
    assert_eq!(status, 503);
    assert!(health.contains("wait for `parlor bot`"), "{health}");
    let (status, headers, page) = get(&format!("{}/global/simultana", web.base), &[]).await;
    assert_eq!(status, 503, "{page}");
    assert_eq!(headers["retry-after"], "60");
    let unavailable = parlor::i18n::Msg::new("web-unavailable-title").text(parlor::i18n::Lang::En);
    assert!(page.contains(&unavailable), "{page}");
    // The home page too: no page says all is well while the others cannot read.
    let (status, _, page) = get(&format!("{}/", web.base), &[]).await;
    assert_eq!(status, 503, "{page}");
    assert!(!path.exists(), "parlor web made a database");
    // The bot makes it; the pages find it without being restarted.
    let bot = Store::open(&url).await.expect("the bot makes its database");
    let mut healthy = false;
    for _ in 0..300 {
        if web.health().await.is_some_and(|(status, _)| status == 200) {
            healthy = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(healthy, "{:?}", web.health().await);
    let (status, _, page) = get(&format!("{}/global/simultana", web.base), &[]).await;
    assert_eq!(status, 200, "{page}");
    // `/metrics`, as the start-up log says, counts the pages by status.
    let (status, _, metrics) = get(&format!("{}/metrics", web.base), &[]).await;
    assert_eq!(status, 200, "{metrics}");
    let count = |status: &str| {
        metrics
            .lines()
            .find(|l| l.starts_with(&format!("parlor_web_pages_total{{status=\"{status}\"}}")))
            .and_then(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
    };
    assert_eq!(count("503"), Some(2.0), "{metrics}");
    assert_eq!(count("200"), Some(1.0), "{metrics}");
    bot.close().await;
}

#[test]
fn a_connection_limit_that_makes_no_sense_stops_parlor_web_with_the_reason() {
    let out = std::process::Command::new(crate::bin::parlor())
        .arg("web")
        .env("PARLOR_HTTP", "127.0.0.1:0")
        .env("DATABASE_URL", "postgres://parlor@127.0.0.1:9/parlor")
        .env("PARLOR_DB_CONNECTIONS", "lots")
        .output()
        .expect("parlor web runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_contains(
        &err,
        "PARLOR_DB_CONNECTIONS must be a whole number from 1 to 100, not \"lots\"",
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test service web -- --include-ignored"]
async fn on_postgresql_parlor_web_opens_no_more_connections_than_the_operator_allows() {
    let w = World::new().await;
    assert!(
        w.url.starts_with("postgres"),
        "run under scripts/pg-test.sh"
    );
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    finished(&w, &alice(), &carol(), channel(2)).await;
    publish(&w).await;
    let keys = [key_of(&w, "Alice").await, key_of(&w, "Bob").await];
    // Only `parlor web` is connected to this database from now on.
    w.table.store().close().await;
    let web = ParlorWeb::start(&w.url, &[("PARLOR_DB_CONNECTIONS", "1")], true).await;
    let site = web.base.clone();
    // Twenty pages asked at once: each needs the database.
    let paths: Vec<String> = (0..20)
        .map(|n| match n % 4 {
            0 => format!("/s/{SLUG}"),
            1 => format!("/m/{id}"),
            2 => format!("/p/{}", keys[n % 2]),
            _ => format!("/s/{SLUG}/simultana"),
        })
        .collect();
    let answers =
        futures_util::future::join_all(paths.iter().map(|path| get_owned(format!("{site}{path}"))))
            .await;
    assert!(answers.iter().all(|status| *status == 200), "{answers:?}");
    let database = url::Url::parse(&w.url)
        .expect("a postgres:// URL")
        .path()
        .trim_start_matches('/')
        .to_owned();
    let connected = w
        .sql_i64(&format!(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '{database}' \
             AND pid <> pg_backend_pid()"
        ))
        .await;
    drop(web);
    assert_eq!(connected, 1, "connections of parlor web");
}

/// A page's status, for requests sent together.
async fn get_owned(url: String) -> u16 {
    get(&url, &[]).await.0
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/pg-test.sh cargo test --test service web -- --include-ignored"]
async fn on_postgresql_the_pages_need_only_a_role_that_may_select() {
    let w = World::new().await;
    assert!(
        w.url.starts_with("postgres"),
        "run under scripts/pg-test.sh"
    );
    let id = finished(&w, &alice(), &bob(), channel(1)).await;
    publish(&w).await;
    // A role that may read Parlor's tables and nothing more, as an operator gives `parlor web`.
    let mut url = url::Url::parse(&w.url).expect("a postgres:// URL");
    let database = url.path().trim_start_matches('/').to_owned();
    let role = format!("{database}_pages");
    for sql in [
        format!("CREATE ROLE {role} LOGIN"),
        format!("GRANT CONNECT ON DATABASE {database} TO {role}"),
        format!("GRANT USAGE ON SCHEMA public TO {role}"),
        format!("GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}"),
    ] {
        w.exec(&sql).await;
    }
    url.set_username(&role).expect("a user name");
    // The bot's own way in needs more: it takes the migration lock and may bring the schema up.
    let refused = Store::open(url.as_str()).await.map(drop).err();
    assert!(
        refused.is_some(),
        "a role that may only select opened the store for writing"
    );
    let reader = Store::open_reader(url.as_str())
        .await
        .expect("a role that may only select opens the pages");
    let site = serve(reader.clone()).await;
    served(&site, id, 2).await;
    reader.close().await;
    w.exec(&format!("DROP OWNED BY {role}")).await;
    w.exec(&format!("DROP ROLE {role}")).await;
}

#[tokio::test]
async fn a_long_ladder_is_paged_with_ranks_that_follow_on() {
    let w = World::new().await;
    publish(&w).await;
    for n in 1..=30u64 {
        w.exec(&format!(
            "INSERT INTO players (id, name, updated_at) VALUES ({id}, 'P{n:02}', 0)",
            id = 5_000 + n
        ))
        .await;
        w.exec(&format!(
            "INSERT INTO ratings (player_id, game, scope, rating, deviation, volatility, games, \
             wins, draws, losses, last_played) \
             VALUES ({id}, 'simultana', {GUILD}, {rating}, 60.0, 0.06, 20, 10, 0, 10, 0)",
            id = 5_000 + n,
            rating = 2_000 - n * 10
        ))
        .await;
    }
    let site = serve(w.table.store().clone()).await;
    let ladder = format!("{site}/s/{SLUG}/simultana");
    let (_, _, first) = get(&ladder, &[]).await;
    let (status, _, second) = get(&format!("{ladder}?page=2"), &[]).await;
    assert_eq!(status, 200);
    assert_eq!(first.matches("<tr").count() - 1, 25, "25 rows and a header");
    assert_eq!(second.matches("<tr").count() - 1, 5);
    assert!(first.contains(">P01<") && first.contains(">P25<") && !first.contains(">P26<"));
    assert!(second.contains("<td class=\"num\">26</td>") && second.contains(">P30<"));
    assert_contains(&first, "Page 1 of 2");
    assert_contains(&first, "page=2");
    assert!(second.contains("rel=\"prev\"") && !second.contains("rel=\"next\""));
    let (status, _, _) = get(&format!("{ladder}?page=3"), &[]).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn every_ply_of_every_game_is_drawn_for_the_page() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    publish(&w).await;
    let site = serve(w.table.store().clone()).await;
    for (n, game) in [
        parlor::games::GameKind::Loa,
        parlor::games::GameKind::Lightning,
        parlor::games::GameKind::Barrier,
    ]
    .into_iter()
    .enumerate()
    {
        let place = channel(10 + n as u64);
        // Seven plies: a Lightning turn is cut between its draw and its put.
        let id = resigned(&w, game, (&a, &b), place, 7).await;
        let (status, _, page) = get(&format!("{site}/m/{id}"), &[]).await;
        assert_eq!(status, 200, "{game:?}: {page}");
        for ply in 0..=7 {
            let response = reqwest::get(format!("{site}/m/{id}/{ply}.png"))
                .await
                .expect("an answer");
            assert_eq!(response.status().as_u16(), 200, "{game:?} ply {ply}");
            let bytes = response.bytes().await.expect("bytes");
            assert!(bytes.starts_with(b"\x89PNG"), "{game:?} ply {ply}");
        }
        let (status, headers, _) = get(&format!("{site}/m/{id}/replay.gif"), &[]).await;
        assert_eq!(status, 200, "{game:?}");
        assert_eq!(headers["content-type"], "image/gif");
    }
}
