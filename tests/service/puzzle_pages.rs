//! A puzzle's web page (`/puzzle/<id>`): its solution stepped through, board by board, in both
//! languages; a daily puzzle only once its day is over (404 before, never 500), and the next
//! day's post linking to it in a server whose pages are on.

use parlor::games::GameKind;
use parlor::i18n::Lang;
use parlor::store::Store;
use parlor::table::puzzles::{self, DAY_MS, Line};
use parlor::table::{Act, Actor, Clock, Place, SettingsChange, SystemClock};

use super::common::*;
use super::puzzle_words::fixed_words;
use super::web::{SLUG, get, publish, serve};

/// Stores the first `n` puzzles of the starter set's standard LOA file; their ids and
/// solutions, in the order stored.
async fn stored(store: &Store, n: usize) -> Vec<(i64, Vec<String>)> {
    let (_, text) = puzzles::STARTER
        .iter()
        .find(|(file, _)| *file == "loa-standard")
        .expect("the LOA file");
    for line in text.lines().filter_map(|l| Line::parse(l).ok()).take(n) {
        let puzzle = puzzles::checked(&line, "starter").expect("a shipped puzzle checks out");
        assert!(store.add_puzzle(&puzzle, 1).await.expect("stored"));
    }
    let rows = store.puzzles(Some(GameKind::Loa)).await.expect("read");
    assert_eq!(rows.len(), n);
    rows.into_iter().map(|r| (r.id, r.solution)).collect()
}

/// The status of a page or picture.
async fn status(url: &str) -> u16 {
    get(url, &[]).await.0
}

#[tokio::test]
async fn a_puzzles_page_steps_through_its_solution_board_by_board() {
    let w = World::new().await;
    let store = w.table.store().clone();
    let all = stored(&store, 8).await;
    // One with replies in its solution, and not the puzzle today would get.
    let today = SystemClock.now_ms().div_euclid(DAY_MS);
    let candidate = puzzles::daily_candidate(&store, today).await.unwrap();
    let (id, solution) = all
        .iter()
        .find(|(id, solution)| Some(*id) != candidate && solution.len() >= 3)
        .cloned()
        .expect("a puzzle that is not today's");
    let site = serve(store.clone()).await;
    let english = [("Accept-Language", "en-GB,en")];
    let (code, headers, body) = get(&format!("{site}/puzzle/{id}"), &english).await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_contains(&body, &fixed_words(Lang::En, "web-puzzle-solution"));
    assert!(body.contains(&format!("/puzzle/{id}/0.png")), "{body}");
    // Every move of the solution is on the sheet, leading to its board.
    for (i, mv) in solution.iter().enumerate() {
        let step = i + 1;
        assert_contains(&body, &format!("/puzzle/{id}?step={step}#board"));
        assert!(body.contains(mv.as_str()), "{mv}: {body}");
    }
    let n = solution.len();
    for step in 0..=n {
        let (code, _, page) = get(&format!("{site}/puzzle/{id}?step={step}"), &english).await;
        assert_eq!(code, 200, "step {step}: {page}");
        assert!(page.contains(&format!("/puzzle/{id}/{step}.png")), "{page}");
        // The caption names the move just played, or the side to play at the start.
        let said = match step {
            0 => fixed_words(Lang::En, "web-puzzle-start"),
            s => solution[s - 1].clone(),
        };
        assert!(page.contains(&said), "step {step}: {said}: {page}");
        let picture = reqwest::get(format!("{site}/puzzle/{id}/{step}.png"))
            .await
            .expect("a picture");
        assert_eq!(picture.status().as_u16(), 200);
        assert_eq!(picture.headers()["content-type"], "image/png");
        let bytes = picture.bytes().await.expect("its bytes");
        assert!(bytes.starts_with(b"\x89PNG"), "step {step}");
    }
    // The last step has no next; the first no previous.
    let (_, _, last) = get(&format!("{site}/puzzle/{id}?step={n}"), &english).await;
    assert!(!last.contains("rel=\"next\""), "{last}");
    assert!(last.contains("rel=\"prev\""), "{last}");
    // Past the end, and addresses that name no puzzle: 404, never 500.
    for path in [
        format!("/puzzle/{id}?step={}", n + 1),
        format!("/puzzle/{id}?step=x"),
        format!("/puzzle/{id}/{}.png", n + 1),
        format!("/puzzle/{id}/x.png"),
        format!("/puzzle/{id}/0.gif"),
        "/puzzle/424242".to_owned(),
        "/puzzle/424242/0.png".to_owned(),
        "/puzzle/x".to_owned(),
        "/puzzle/-1".to_owned(),
        "/puzzle/99999999999999999999".to_owned(),
    ] {
        assert_eq!(status(&format!("{site}{path}")).await, 404, "{path}");
    }
    // In French, from the browser's languages or the address, every link keeping it.
    let french = [("Accept-Language", "fr-FR,fr;q=0.9")];
    let (_, _, body) = get(&format!("{site}/puzzle/{id}?step=1"), &french).await;
    assert!(body.contains("<html lang=\"fr\">"), "{body}");
    assert_contains(&body, &fixed_words(Lang::Fr, "web-puzzle-legend"));
    assert_contains(&body, &format!("/puzzle/{id}/1.png?lang=fr"));
    let (_, _, body) = get(&format!("{site}/puzzle/{id}?step=1&lang=fr"), &english).await;
    assert!(body.contains("<html lang=\"fr\">"), "{body}");
    assert_contains(&body, &format!("/puzzle/{id}?step=2&amp;lang=fr#board"));
    assert_contains(&body, &format!("href=\"/puzzle/{id}?step=1&amp;lang=en\""));
}

#[tokio::test]
async fn a_daily_puzzle_is_shown_only_once_its_day_is_over() {
    let w = World::new().await;
    let store = w.table.store().clone();
    let all = stored(&store, 4).await;
    let site = serve(store.clone()).await;
    let today = SystemClock.now_ms().div_euclid(DAY_MS);
    let page = |id: i64| format!("{site}/puzzle/{id}");
    let picture = |id: i64| format!("{site}/puzzle/{id}/1.png");
    // Before anyone asks for today's puzzle, the one the day would get is hidden already.
    let candidate = puzzles::daily_candidate(&store, today)
        .await
        .unwrap()
        .expect("a puzzle for today");
    assert_eq!(status(&page(candidate)).await, 404);
    assert_eq!(status(&picture(candidate)).await, 404);
    // Yesterday's and today's chosen: yesterday's is shown, saying so; today's is not.
    let others: Vec<i64> = all
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| *id != candidate)
        .collect();
    let (yesterday, todays) = (others[0], others[1]);
    store
        .choose_daily_puzzle(today - 1, yesterday)
        .await
        .unwrap();
    store.choose_daily_puzzle(today, todays).await.unwrap();
    let (code, _, body) = get(&page(yesterday), &[("Accept-Language", "en")]).await;
    assert_eq!(code, 200, "{body}");
    assert!(body.contains(&puzzles::date_of(today - 1)), "{body}");
    assert_contains(&body, &fixed_words(Lang::En, "web-puzzle-daily"));
    assert_eq!(status(&picture(yesterday)).await, 200);
    for hidden in [page(todays), picture(todays)] {
        assert_eq!(status(&hidden).await, 404, "{hidden}");
    }
    let (_, _, body) = get(&page(todays), &[("Accept-Language", "fr")]).await;
    assert_contains(&body, &fixed_words(Lang::Fr, "web-not-found"));
    // Today's is chosen: the candidate of before is any puzzle again.
    assert_eq!(status(&page(candidate)).await, 200);
    // A puzzle chosen for a day to come (a clock ahead) stays hidden as well.
    store
        .choose_daily_puzzle(today + 1, others[2])
        .await
        .unwrap();
    assert_eq!(status(&page(others[2])).await, 404);
}

fn puzzle_channel(channel: u64) -> Act {
    Act::Settings(SettingsChange {
        puzzle_channel: Some(channel),
        ..SettingsChange::default()
    })
}

#[tokio::test]
async fn the_next_days_post_links_to_yesterdays_puzzle_where_the_pages_are_on() {
    const BASE: &str = "https://parlor.example";
    const OTHER: u64 = 7_001;
    let w = World::published(Some(BASE)).await;
    stored(w.table.store(), 3).await;
    publish(&w).await;
    let manager = Actor::new(199, "Mod").manager();
    let set = w.run(&manager, channel(1), puzzle_channel(50)).await;
    assert!(set.says("settings-puzzle-channel"), "{:?}", set.ids());
    let elsewhere = Place::new(Some(OTHER), 2);
    let set = w.run(&manager, elsewhere, puzzle_channel(60)).await;
    assert!(set.says("settings-puzzle-channel"), "{:?}", set.ids());
    let desk = w.table.puzzles();
    // The first day: no yesterday to link to.
    let first = desk.due_posts().await.unwrap();
    assert_eq!(first.len(), 2);
    for (guild, _, day, post) in &first {
        assert!(post.links.is_empty(), "{:?}", post.links);
        desk.posted(*guild, *day).await.unwrap();
    }
    let day = desk.today();
    let id = w
        .table
        .store()
        .daily_puzzle(day)
        .await
        .unwrap()
        .expect("chosen");
    // The next day, the server whose pages are on links to it; the other does not.
    w.clock.advance_ms(DAY_MS);
    let next = desk.due_posts().await.unwrap();
    assert_eq!(next.len(), 2);
    for (guild, channel, _, post) in &next {
        assert!(post.says("puzzle-daily-yesterday"), "{:?}", post.ids());
        let urls: Vec<&str> = post.links.iter().map(|l| l.url.as_str()).collect();
        if *guild == GUILD {
            assert_eq!(*channel, 50);
            assert_eq!(urls, [format!("{BASE}/puzzle/{id}")], "{SLUG}");
            assert_eq!(post.links[0].label.id, "link-puzzle-yesterday");
        } else {
            assert_eq!((*guild, *channel), (OTHER, 60));
            assert!(urls.is_empty(), "{urls:?}");
        }
    }
}
