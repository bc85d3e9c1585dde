//! Puzzles stored on either backend: generated from self-play, stored once, resumed, exported
//! in INTERFACES.md's format and read back.

use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::puzzles::{self, Line};

use super::common::TestDb;

#[tokio::test]
async fn puzzles_are_generated_resumed_and_exported() {
    let db = TestDb::new().await;
    let store = Store::open(&db.url).await.unwrap();
    let generate =
        |count| puzzles::generate(&store, GameKind::Simultana, "", count, 2, || 1, |_| {});
    let first = generate(3).await.unwrap();
    assert!(
        first.stored >= 3 && first.added == first.stored as u64,
        "{first:?}"
    );
    // Asked again for as many, it has nothing to do.
    let again = generate(3).await.unwrap();
    assert_eq!((again.added, again.games), (0, 0));
    // Asked for more, it goes on from the next self-play game, never storing one twice.
    let more = generate(first.stored + 2).await.unwrap();
    assert!(more.stored >= first.stored + 2, "{more:?}");
    db.assert_sql(
        "SELECT COUNT(*) FROM (SELECT DISTINCT position FROM puzzles) AS p",
        more.stored,
    )
    .await;
    db.assert_sql(
        "SELECT COUNT(*) FROM puzzles WHERE source = 'self-play' AND rating > 0",
        more.stored,
    )
    .await;

    let lines = puzzles::export(&store, None).await.unwrap();
    assert_eq!(lines.len() as i64, more.stored);
    assert!(
        puzzles::export(&store, Some(GameKind::Loa))
            .await
            .unwrap()
            .is_empty()
    );
    for text in &lines {
        assert!(text.starts_with("puzzle "), "{text}");
        let line = Line::parse(text).unwrap();
        assert_eq!(line.text(), *text);
        assert_eq!(line.game, GameKind::Simultana);
        // Each line checks out: legal from the start, and its solution wins.
        let checked = puzzles::checked(&line, "starter").unwrap();
        assert_eq!(checked.solution, line.solution);
        assert_eq!(checked.solution.len() % 2, 1);
    }
    store.close().await;
}

#[tokio::test]
async fn games_without_puzzles_are_refused() {
    let db = TestDb::new().await;
    let store = Store::open(&db.url).await.unwrap();
    for (game, options) in [(GameKind::Lightning, ""), (GameKind::Loa, "players=4")] {
        let refused = puzzles::generate(&store, game, options, 1, 1, || 1, |_| {}).await;
        assert!(
            matches!(refused, Err(puzzles::PuzzleError::Unsupported)),
            "{game} {options}"
        );
    }
    assert_eq!(store.puzzle_count(None).await.unwrap(), 0);
    store.close().await;
}

#[test]
fn bad_export_lines_are_refused() {
    for text in [
        "",
        "puzzle x loa moves solution a1-a2",
        "puzzle 1 chess moves solution e2-e4",
        "puzzle 1 simultana solution a2-a3 moves",
        "riddle 1 simultana moves solution a2-a3",
    ] {
        assert!(Line::parse(text).is_err(), "{text}");
    }
    let not_winning = Line::parse("puzzle 1 simultana moves solution a2-a3").unwrap();
    assert!(puzzles::checked(&not_winning, "starter").is_err());
    let illegal = Line::parse("puzzle 1 simultana moves a2-a1 solution a2-a3").unwrap();
    assert!(puzzles::checked(&illegal, "starter").is_err());
}

/// The starter set goes into an empty database once, every line of it.
#[tokio::test]
async fn the_starter_set_is_loaded_once() {
    let db = TestDb::new().await;
    let store = Store::open(&db.url).await.unwrap();
    let lines: usize = puzzles::STARTER
        .iter()
        .map(|(_, text)| text.lines().filter(|l| !l.trim().is_empty()).count())
        .sum();
    assert_eq!(
        puzzles::load_starter(&store, 5).await.unwrap(),
        lines as u64
    );
    assert_eq!(puzzles::load_starter(&store, 6).await.unwrap(), 0);
    assert_eq!(store.puzzle_count(None).await.unwrap(), lines as i64);
    db.assert_sql(
        "SELECT COUNT(*) FROM puzzles WHERE source = 'starter' AND rating > 0",
        lines as i64,
    )
    .await;
    store.close().await;
}
