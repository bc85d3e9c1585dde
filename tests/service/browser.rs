//! The web pages in a real browser: headless Chromium driven through ChromeDriver (both from the
//! distribution, started by `scripts/browser-test.sh`, which sets `PARLOR_TEST_WEBDRIVER`),
//! against the real `parlor web` serving the test's database. The W3C WebDriver protocol is
//! spoken directly: the few commands these tests use are plain JSON over HTTP.
//!
//! Screenshots of every page, in both languages, at a phone's width (400 px) and a desktop's, are
//! written to `target/web-screenshots/` to be looked at.

use std::path::PathBuf;
use std::time::Duration;

use base64::Engine;
use serde_json::{Value, json};

use super::common::*;
use super::web::{ParlorWeb, SLUG, finished, hide, key_of, publish, ranked, resigned};
use parlor::i18n::Lang;
use parlor::table::gallery::Gallery;

/// The element key of the W3C protocol.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session.
struct Browser {
    http: reqwest::Client,
    session: String,
}

impl Browser {
    /// A new headless Chromium whose languages are `accept` (`fr-FR,fr`), `width` pixels wide.
    async fn start(accept: &str, width: u32) -> Browser {
        let driver = std::env::var("PARLOR_TEST_WEBDRIVER")
            .expect("PARLOR_TEST_WEBDRIVER: run the browser tests under scripts/browser-test.sh");
        let binary = std::env::var("PARLOR_TEST_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
        let profile = tempfile::tempdir().expect("a profile directory").keep();
        let lang = accept.split([',', '-']).next().unwrap_or("en");
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": binary,
                // The flags that keep Chromium off the (closed) network and out of the sandbox
                // it cannot have as root in a container.
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    format!("--lang={lang}"), format!("--window-size={width},900"),
                    format!("--user-data-dir={}", profile.display()),
                ],
                "prefs": {"intl.accept_languages": accept},
            },
        }}});
        let http = reqwest::Client::new();
        let answer = send(
            &http,
            reqwest::Method::POST,
            &format!("{driver}/session"),
            Some(capabilities),
        )
        .await;
        let session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_owned();
        Browser {
            http,
            session: format!("{driver}/session/{session}"),
        }
    }

    async fn command(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        send(&self.http, method, &format!("{}{path}", self.session), body).await
    }

    async fn goto(&self, url: &str) {
        self.command(reqwest::Method::POST, "/url", Some(json!({ "url": url })))
            .await;
    }

    /// Runs `script` in the page (`return ...;`) and gives its value.
    async fn eval(&self, script: &str) -> Value {
        self.command(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .await
    }

    async fn text(&self, css: &str) -> String {
        let script = format!(
            "const e = document.querySelector({}); return e ? e.textContent : null;",
            json!(css)
        );
        self.eval(&script)
            .await
            .as_str()
            .unwrap_or_else(|| panic!("no {css} on the page"))
            .to_owned()
    }

    /// Clicks the first element matching `css`, as a person would.
    async fn click(&self, css: &str) {
        let found = self
            .command(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        let id = found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no {css}: {found}"))
            .to_owned();
        self.command(
            reqwest::Method::POST,
            &format!("/element/{id}/click"),
            Some(json!({})),
        )
        .await;
    }

    /// Waits until every picture of the page has loaded; false if one failed.
    async fn pictures_loaded(&self) -> bool {
        for _ in 0..100 {
            let state = self
                .eval(
                    "const imgs = [...document.images]; \
                     if (!imgs.every(i => i.complete)) return 'waiting'; \
                     return imgs.every(i => i.naturalWidth > 0) ? 'ok' : 'broken';",
                )
                .await;
            match state.as_str() {
                Some("ok") => return true,
                Some("broken") => return false,
                _ => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
        false
    }

    /// The whole page as a PNG at the window's width; also says whether anything overflowed
    /// sideways (a page a phone would have to scroll across).
    async fn screenshot(&self, width: u32, file: &str) -> bool {
        let height = self
            .eval("return document.documentElement.scrollHeight;")
            .await
            .as_u64()
            .unwrap_or(900)
            .clamp(300, 6000);
        self.command(
            reqwest::Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await;
        let fits = self
            .eval("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await
            .as_bool()
            .unwrap_or(false);
        let shot = self
            .command(reqwest::Method::GET, "/screenshot", None)
            .await;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(shot.as_str().unwrap_or_default())
            .expect("a base64 screenshot");
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG screenshot");
        let dir = shots();
        std::fs::create_dir_all(&dir).expect("the screenshots' folder");
        std::fs::write(dir.join(file), bytes).expect("a screenshot written");
        fits
    }

    async fn quit(self) {
        let _ = self
            .http
            .delete(&self.session)
            .send()
            .await
            .map(|r| r.status());
    }
}

/// One WebDriver command; its `value`, or a panic naming the error.
async fn send(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: &str,
    body: Option<Value>,
) -> Value {
    let mut request = http.request(method, url);
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    let answer = request.send().await.expect("ChromeDriver answers");
    let status = answer.status();
    let text = answer.text().await.unwrap_or_default();
    let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    assert!(status.is_success(), "WebDriver {url}: {status} {text}");
    value["value"].clone()
}

fn shots() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("target/web-screenshots")
}

/// Three finished matches in a server that opted in; Bob's name hidden when `hidden`.
async fn club(hidden: bool) -> (World, i64) {
    let w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    let first = finished(&w, &a, &b, channel(1)).await;
    finished(&w, &a, &c, channel(2)).await;
    finished(&w, &b, &c, channel(3)).await;
    publish(&w).await;
    if hidden {
        hide(&w, b.id).await;
    }
    (w, first)
}

/// The club with more members, named as Discord names people (in Chinese, with emoji, at
/// length), and matches won and lost: what the README's screenshots show.
async fn showcase() -> (World, i64) {
    let (w, first) = club(true).await;
    let fang = parlor::table::Actor::new(301, "王芳");
    let zoe = parlor::table::Actor::new(302, "Zoé 🎲");
    let max = parlor::table::Actor::new(303, "Maximilien-Alexandre de La Tour d'Auvergne 🏰");
    let (alice, carol) = (alice(), carol());
    let won_lost = [
        (&fang, &alice),
        (&fang, &carol),
        (&zoe, &max),
        (&alice, &max),
        (&fang, &zoe),
        (&carol, &max),
        (&zoe, &alice),
    ];
    for (n, (winner, loser)) in won_lost.into_iter().enumerate() {
        let place = channel(20 + n as u64);
        let mut board = w.simultana(winner, loser, place).await;
        for _ in 0..2 {
            board = w.play_one(place, &board, &[winner, loser]).await;
        }
        let end = w.run(loser, place, parlor::table::Act::Resign).await;
        assert!(is_over(&end), "{}", end.text());
        w.clock.advance_secs(60);
    }
    (w, first)
}

/// A Lightning match of a few turns, resigned: the widest board the pages show.
async fn lightning(w: &World) -> i64 {
    let (a, b) = (alice(), carol());
    let lightning = parlor::games::GameKind::Lightning;
    resigned(w, lightning, (&a, &b), channel(40), 6).await
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_the_ladder_of_a_server_that_opted_in_lists_its_players_in_order() {
    let (w, _) = club(false).await;
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let browser = Browser::start("en-GB,en", 1280).await;
    browser
        .goto(&format!("{}/s/{SLUG}/simultana", web.base))
        .await;
    let names = browser
        .eval(
            "return [...document.querySelectorAll('table.ladder tbody tr td:nth-child(2)')] \
             .map(td => td.textContent.trim());",
        )
        .await;
    let ranked = ranked(&w).await;
    let expected: Vec<Value> = ranked
        .iter()
        .map(|r| Value::from(r.player.name.clone()))
        .collect();
    assert_eq!(names, Value::Array(expected));
    // A click on a name opens that player's page.
    browser
        .click("table.ladder tbody tr td:nth-child(2) a")
        .await;
    assert_eq!(browser.text("h1").await, ranked[0].player.name);
    assert!(browser.pictures_loaded().await);
    // Another server's address, and a server that never opted in: no such page.
    browser.goto(&format!("{}/s/not-this-one", web.base)).await;
    assert_eq!(browser.text("h1").await, "Page not found");
    let status = reqwest::get(format!("{}/s/not-this-one/simultana", web.base))
        .await
        .expect("an answer")
        .status();
    assert_eq!(status.as_u16(), 404);
    browser.quit().await;
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_steps_through_a_match_from_the_first_ply_to_the_last() {
    let (w, id) = club(false).await;
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let gallery = Gallery::new(w.table.store().clone());
    let view = gallery.game(id).await.expect("read").expect("shown");
    let browser = Browser::start("en-GB,en", 1280).await;
    browser.goto(&format!("{}/m/{id}?ply=0", web.base)).await;
    let http = reqwest::Client::new();
    let mut ply = 0;
    loop {
        assert!(browser.pictures_loaded().await, "ply {ply}: pictures load");
        let src = browser
            .eval("return document.querySelector('figure.board img').getAttribute('src');")
            .await;
        let src = src.as_str().expect("a board picture").to_owned();
        assert!(src.starts_with(&format!("/m/{id}/{ply}.png?")), "{src}");
        // The picture shown is the board after exactly this many plies.
        let shown = http
            .get(format!("{}{src}", web.base))
            .send()
            .await
            .expect("the picture")
            .bytes()
            .await
            .expect("its bytes");
        let expected = gallery
            .board(id, ply)
            .await
            .expect("read")
            .expect("a board")
            .render(Lang::En)
            .expect("drawn");
        assert!(shown.as_ref() == expected.bytes.as_slice(), "ply {ply}");
        let caption = browser.text("figure.board figcaption").await;
        if ply == 0 {
            assert_eq!(caption, "Start position");
        } else {
            let text = &view.plies[ply - 1].text;
            assert!(caption.ends_with(&format!(": {text}")), "{caption}");
        }
        let more = browser
            .eval("return document.querySelector('nav.steps a.next') !== null;")
            .await;
        if more != Value::Bool(true) {
            break;
        }
        browser.click("nav.steps a.next").await;
        ply += 1;
    }
    assert_eq!(ply, view.plies.len(), "the last ply is reached");
    // And back one with the other link.
    browser.click("nav.steps a.prev").await;
    let src = browser
        .eval("return document.querySelector('figure.board img').getAttribute('src');")
        .await;
    assert!(
        src.as_str()
            .is_some_and(|s| s.starts_with(&format!("/m/{id}/{}.png?", ply - 1))),
        "{src}"
    );
    browser.quit().await;
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_a_french_browser_gets_french_and_a_hidden_player_is_anonymous() {
    let (w, id) = club(true).await;
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let browser = Browser::start("fr-FR,fr", 400).await;
    browser.goto(&format!("{}/m/{id}", web.base)).await;
    let lang = browser.eval("return document.documentElement.lang;").await;
    assert_eq!(lang, "fr");
    let sheet = browser.text("main h2").await;
    assert_eq!(sheet, "Feuille de partie");
    let players = browser.text("p.players").await;
    assert!(players.contains("anonyme"), "{players}");
    assert!(!players.contains("Bob"), "{players}");
    let body = browser.text("body").await;
    assert!(!body.contains("Bob"), "{body}");
    // The switch to English keeps the match.
    browser.click("header a.lang").await;
    assert_eq!(browser.text("main h2").await, "Score sheet");
    let players = browser.text("p.players").await;
    assert!(players.contains("anonymous"), "{players}");
    browser.quit().await;
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_every_page_fits_a_phone_and_a_desktop_in_both_languages() {
    let (mut w, id) = showcase().await;
    // The coach's review (a short search, for a debug build), so that the match page shows its
    // graph and mistakes.
    let coach = parlor::table::Config {
        analysis_nodes: Some(200),
        ..config(&w.clock)
    };
    w.restart_with(coach).await;
    let analysed = w
        .run(&alice(), channel(1), parlor::table::Act::Analyse(Some(id)))
        .await;
    assert!(!analysed.private, "{}", analysed.text());
    for _ in 0..600 {
        let done = w
            .sql_i64(&format!(
                "SELECT COUNT(*) FROM analyses WHERE match_id = {id} AND status = 'done'"
            ))
            .await;
        if done == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let wide = lightning(&w).await;
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let key = key_of(&w, "Alice").await;
    let pages = [
        ("home", "/".to_owned()),
        ("global", "/global/simultana".to_owned()),
        ("server", format!("/s/{SLUG}")),
        ("ladder", format!("/s/{SLUG}/simultana")),
        ("player", format!("/p/{key}")),
        ("match", format!("/m/{id}?ply=3")),
        ("lightning", format!("/m/{wide}?ply=5")),
        ("missing", "/m/424242".to_owned()),
    ];
    for (accept, lang) in [("en-GB,en", "en"), ("fr-FR,fr", "fr")] {
        for width in [400, 1280] {
            let browser = Browser::start(accept, width).await;
            for (name, path) in &pages {
                browser.goto(&format!("{}{path}", web.base)).await;
                assert!(browser.pictures_loaded().await, "{name}: pictures load");
                let fits = browser
                    .screenshot(width, &format!("{name}-{lang}-{width}.png"))
                    .await;
                assert!(fits, "{name} in {lang} overflows {width} px");
            }
            browser.quit().await;
        }
    }
    let graph = reqwest::get(format!("{}/m/{id}", web.base))
        .await
        .expect("the match page")
        .text()
        .await
        .unwrap_or_default();
    assert!(
        graph.contains("analysis.png"),
        "the review is shown: {graph}"
    );
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_a_tournament_page_fits_a_phone_and_a_desktop_in_both_languages() {
    use parlor::i18n::Msg;
    let mut w = World::new().await;
    let (id, open) = super::tournaments::club_round_robin(&mut w, true).await;
    let open = open.expect("a second one");
    publish(&w).await;
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let pages = [
        ("tournament", format!("/t/{id}")),
        ("tournament-running", format!("/t/{open}")),
        ("server-tournaments", format!("/s/{SLUG}")),
    ];
    for (accept, lang) in [("en-GB,en", Lang::En), ("fr-FR,fr", Lang::Fr)] {
        for width in [360, 1280] {
            let browser = Browser::start(accept, width).await;
            for (name, path) in &pages {
                browser.goto(&format!("{}{path}", web.base)).await;
                assert!(browser.pictures_loaded().await, "{name}: pictures load");
                let fits = browser
                    .screenshot(width, &format!("{name}-{lang}-{width}.png"))
                    .await;
                assert!(fits, "{name} in {lang} overflows {width} px");
            }
            // The finished one: its standings heading in the reader's language, and a
            // picture whose words are its alt text.
            browser.goto(&format!("{}/t/{id}", web.base)).await;
            let headings = browser.text("main").await;
            assert_contains(&headings, &Msg::new("web-standings").text(lang));
            let alt = browser
                .eval("return [...document.images].map(i => i.alt).join(' | ');")
                .await;
            let alt = alt.as_str().unwrap_or_default();
            assert!(alt.contains("P1") && alt.contains("P4"), "{alt}");
            browser.quit().await;
        }
    }
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_an_arena_page_shows_its_standings_time_and_games_at_phone_and_desktop_width() {
    use parlor::i18n::{Msg, Plain, Style};
    let mut w = World::new().await;
    let id = super::arena::club_arena(&mut w).await;
    publish(&w).await;
    let e = super::tournaments::event(&w, id).await;
    let a = e.arena().cloned().expect("an arena");
    let web = ParlorWeb::start(&w.url, &[], true).await;
    // TRF records rounds: an arena has no file, and the page offers none.
    let trf = reqwest::get(format!("{}/t/{id}/tournament-{id}.trf", web.base))
        .await
        .expect("an answer");
    assert_eq!(trf.status(), 404);
    let ends = Plain.time(Lang::En, a.ends_at);
    for (accept, lang) in [("en-GB,en", Lang::En), ("fr-FR,fr", Lang::Fr)] {
        for width in [375, 1280] {
            let browser = Browser::start(accept, width).await;
            browser.goto(&format!("{}/t/{id}", web.base)).await;
            assert!(browser.pictures_loaded().await, "the pictures load");
            let fits = browser
                .screenshot(width, &format!("arena-{lang}-{width}.png"))
                .await;
            assert!(fits, "the arena in {lang} overflows {width} px");
            let main = browser.text("main").await;
            for word in [
                "web-standings",
                "web-arena-games",
                "arena-short-performance",
            ] {
                let text = Msg::new(word).text(lang);
                assert!(main.contains(&text), "{word}: {text} in {main}");
            }
            // The end time, as a `<time>`, with the minutes left when the page was made.
            let datetime = browser
                .eval("return document.querySelector('main p.dim time').getAttribute('datetime');")
                .await;
            let (day, hour) = ends.split_once(' ').expect("a day and an hour");
            let hour = hour.trim_end_matches(" UTC");
            assert_eq!(
                datetime.as_str(),
                Some(format!("{day}T{hour}:00Z").as_str())
            );
            let when = browser.text("main p.dim").await;
            let said = (1..=30).any(|m| {
                let msg = Msg::new("web-arena-ends")
                    .num("minutes", m)
                    .plain("time", ends.clone());
                when.contains(&msg.text(lang))
            });
            assert!(said, "{when}");
            // The standings by the arena's points, best first.
            let points = browser
                .eval("return [...document.querySelectorAll('table.standings tbody tr td strong')].map(s => s.textContent);")
                .await;
            let order = a.standings();
            let want: Vec<String> = order
                .iter()
                .map(|&p| a.players[p].points.to_string())
                .collect();
            assert_eq!(points, json!(want));
            // Every game listed; the finished ones linked to their match pages, the others
            // being played.
            let rows = browser
                .eval("return document.querySelectorAll('table.arena tbody tr').length;")
                .await;
            assert_eq!(rows, json!(a.games.len()));
            let playing = browser
                .eval("return [...document.querySelectorAll('table.arena td.result span')].map(s => s.textContent);")
                .await;
            let running = a.games.iter().filter(|g| g.result.is_none()).count();
            assert_eq!(
                playing,
                json!(vec![Msg::new("web-playing").text(lang); running])
            );
            let berserk = browser
                .eval("return document.querySelector('table.arena abbr.berserk').title;")
                .await;
            assert_eq!(berserk, json!(Msg::new("web-arena-berserk").text(lang)));
            assert_eq!(
                browser
                    .eval("return document.querySelector('a[download]');")
                    .await,
                Value::Null,
                "no TRF link"
            );
            let links = browser
                .eval("return [...document.querySelectorAll('table.arena td.result a')].map(l => [l.closest('tr').cells[0].textContent, l.getAttribute('href')]);")
                .await;
            let links = links.as_array().cloned().unwrap_or_default();
            assert_eq!(links.len(), a.games.len() - running, "{links:?}");
            for link in links {
                let number: usize = link[0]
                    .as_str()
                    .and_then(|n| n.parse().ok())
                    .expect("a game number");
                let href = link[1].as_str().expect("an address").to_owned();
                let m = e.games.get(&(number - 1)).expect("its match");
                assert!(
                    href.starts_with(&format!("/m/{m}")),
                    "game {number}: {href}"
                );
                browser.goto(&format!("{}{href}", web.base)).await;
                assert_eq!(
                    browser.text("main h2").await,
                    Msg::new("web-sheet").text(lang)
                );
            }
            // The server's list says the arena is under way, without rounds.
            browser.goto(&format!("{}/s/{SLUG}", web.base)).await;
            let listed = browser.text("ul.tournaments").await;
            let status = Msg::new("web-arena-status").plain("status", "running");
            assert!(listed.contains(&status.text(lang)), "{listed}");
            browser.quit().await;
        }
    }
}

#[tokio::test]
#[ignore = "needs a browser: run under scripts/browser-test.sh"]
async fn browser_a_puzzle_is_stepped_through_and_fits_a_phone_and_a_desktop_in_both_languages() {
    use parlor::table::puzzles::{self, DAY_MS, Line};
    use parlor::table::{Clock, SystemClock};
    let w = World::new().await;
    let store = w.table.store();
    // Yesterday's daily puzzle, a standard LOA one whose solution has replies in it.
    let (_, text) = puzzles::STARTER
        .iter()
        .find(|(file, _)| *file == "loa-standard")
        .expect("the LOA file");
    let lines: Vec<Line> = text
        .lines()
        .filter_map(|l| Line::parse(l).ok())
        .filter(|l| l.solution.len() >= 3)
        .take(2)
        .collect();
    for line in &lines {
        let puzzle = puzzles::checked(line, "starter").expect("it checks out");
        assert!(store.add_puzzle(&puzzle, 1).await.expect("stored"));
    }
    let line = &lines[0];
    let ids: Vec<i64> = store
        .puzzles(None)
        .await
        .expect("read")
        .iter()
        .map(|p| p.id)
        .collect();
    // Today's is another (hidden until tomorrow).
    let today = SystemClock.now_ms().div_euclid(DAY_MS);
    store
        .choose_daily_puzzle(today - 1, ids[0])
        .await
        .expect("chosen");
    store
        .choose_daily_puzzle(today, ids[1])
        .await
        .expect("chosen");
    let id = ids[0];
    let web = ParlorWeb::start(&w.url, &[], true).await;
    let n = line.solution.len();
    for (accept, lang) in [("en-GB,en", "en"), ("fr-FR,fr", "fr")] {
        for width in [400, 1280] {
            let browser = Browser::start(accept, width).await;
            browser.goto(&format!("{}/puzzle/{id}", web.base)).await;
            // Step by step with the next link, to the solution's last move.
            for step in 0..=n {
                assert!(
                    browser.pictures_loaded().await,
                    "step {step}: pictures load"
                );
                let src = browser
                    .eval("return document.querySelector('figure.board img').getAttribute('src');")
                    .await;
                let src = src.as_str().expect("a board picture").to_owned();
                assert!(
                    src.starts_with(&format!("/puzzle/{id}/{step}.png?lang={lang}")),
                    "{src}"
                );
                let caption = browser.text("figure.board figcaption").await;
                if step > 0 {
                    let played = &line.solution[step - 1];
                    assert!(caption.ends_with(&format!(": {played}")), "{caption}");
                }
                if step == 0 || step == n {
                    let fits = browser
                        .screenshot(width, &format!("puzzle-{step}-{lang}-{width}.png"))
                        .await;
                    assert!(fits, "the puzzle in {lang} overflows {width} px");
                }
                if step < n {
                    browser.click("nav.steps a.next").await;
                }
            }
            let more = browser
                .eval("return document.querySelector('nav.steps a.next') !== null;")
                .await;
            assert_eq!(more, Value::Bool(false), "the last step has no next");
            browser.quit().await;
        }
    }
}
