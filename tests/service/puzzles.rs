//! Puzzles stored on either backend: generated from self-play, stored once, resumed, exported
//! in INTERFACES.md's format and read back.

use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::puzzles::{self, Line};

use parlor::games::AnyGame;
use parlor::table::{Act, Picture, PuzzleAct, Reply, Request, Stamp};

use super::common::{TestDb, World, alice, bob, carol, channel};

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

/// Stores the first `n` puzzles of the starter set's LOA file whose solution has `len` moves
/// (the person's and the forced replies'); returns their solutions by id.
async fn some_puzzles(store: &Store, len: usize, n: usize) -> Vec<(i64, Vec<String>)> {
    let (_, text) = puzzles::STARTER
        .iter()
        .find(|(file, _)| *file == "loa-standard")
        .expect("the LOA file");
    let mut stored = Vec::new();
    for line in text.lines().filter_map(|l| Line::parse(l).ok()) {
        if line.solution.len() != len || stored.len() == n {
            continue;
        }
        let puzzle = puzzles::checked(&line, "starter").unwrap();
        assert!(store.add_puzzle(&puzzle, 1).await.unwrap());
        stored.push(line.solution.clone());
    }
    assert_eq!(stored.len(), n, "the starter set has {n} of length {len}");
    let rows = store.puzzles(Some(GameKind::Loa)).await.unwrap();
    rows.iter()
        .filter(|r| stored.contains(&r.solution))
        .map(|r| (r.id, r.solution.clone()))
        .collect()
}

fn new_puzzle() -> Act {
    Act::Puzzle(PuzzleAct::New {
        game: None,
        variant: None,
    })
}

/// The puzzle a reply shows: its id, step and position.
fn shown(reply: &Reply) -> (i64, u32, AnyGame) {
    match &reply.picture {
        Some(Picture::Puzzle {
            puzzle_id,
            step,
            game,
            ..
        }) => (*puzzle_id, *step, game.clone()),
        other => panic!("no puzzle picture: {other:?} {:?}", reply.ids()),
    }
}

/// `/stats` of `actor`.
async fn stats_of(w: &World, actor: &parlor::table::Actor) -> Reply {
    let stats = Act::Stats {
        user: None,
        game: None,
    };
    w.run(actor, channel(1), stats).await
}

fn solution_of(all: &[(i64, Vec<String>)], id: i64) -> Vec<String> {
    all.iter()
        .find(|(i, _)| *i == id)
        .map(|(_, s)| s.clone())
        .expect("a stored puzzle")
}

#[tokio::test]
async fn a_puzzle_is_solved_move_by_move_and_both_ratings_move() {
    let w = World::new().await;
    let all = some_puzzles(w.table.store(), 3, 2).await;
    let first = w.run(&alice(), channel(1), new_puzzle()).await;
    assert!(first.private, "only for the person");
    assert!(
        first.says("puzzle-title") && first.says("puzzle-rated"),
        "{:?}",
        first.ids()
    );
    assert!(!first.menus.is_empty(), "the pieces to move, as menus");
    let (id, step, _) = shown(&first);
    assert_eq!(step, 0);
    let Some(Picture::Puzzle { caption, .. }) = &first.picture else {
        unreachable!()
    };
    assert_eq!(caption.as_ref().map(|c| c.id), Some("puzzle-caption"));
    let solution = solution_of(&all, id);
    // A typed move with no match here plays the puzzle: the forced reply comes at once.
    let right = w
        .run(&alice(), channel(1), Act::Move(solution[0].clone()))
        .await;
    assert!(right.says("puzzle-right"), "{:?}", right.ids());
    assert_eq!(shown(&right).1, 2);
    // A press of the first board's menu is stale now.
    let stale_id = PuzzleAct::Move(String::new())
        .custom_id(Stamp {
            match_id: w.sql_i64("SELECT MAX(id) FROM puzzle_attempts").await,
            seq: 0,
        })
        .unwrap();
    let old = Request::from_custom_id(&stale_id, &[solution[2].clone()]).unwrap();
    let stale = w.run(&alice(), channel(1), old).await;
    assert!(
        stale.stale && stale.says("err-puzzle-over"),
        "{:?}",
        stale.ids()
    );
    // The last move, chosen in the current board's menu.
    let menu_id = right.menus.first().map(|m| m.id.clone()).expect("a menu");
    let press = Request::from_custom_id(&menu_id, &[solution[2].clone()]).unwrap();
    let press = Request {
        act: Act::Puzzle(PuzzleAct::Move(solution[2].clone())),
        ..press
    };
    let solved = w.run(&alice(), channel(1), press).await;
    assert!(
        solved.says("puzzle-solved") && solved.says("puzzle-rating-change"),
        "{:?}",
        solved.ids()
    );
    assert!(solved.menus.is_empty() && solved.buttons.is_empty());
    w.db.assert_sql("SELECT COUNT(*) FROM puzzle_attempts WHERE solved = 1", 1)
        .await;
    w.db.assert_sql(
        "SELECT COUNT(*) FROM puzzle_ratings WHERE rating > 1500 AND attempts = 1",
        1,
    )
    .await;
    w.db.assert_sql(&format!("SELECT plays FROM puzzles WHERE id = {id}"), 1)
        .await;
    // The next puzzle is one not tried yet.
    let next = w.run(&alice(), channel(1), new_puzzle()).await;
    assert_ne!(shown(&next).0, id);
    // /stats shows the puzzle rating.
    let stats = stats_of(&w, &alice()).await;
    assert!(stats.says("stats-puzzle"), "{:?}", stats.ids());
}

#[tokio::test]
async fn a_wrong_move_ends_the_attempt_and_shows_the_solution() {
    let w = World::new().await;
    let all = some_puzzles(w.table.store(), 3, 1).await;
    let first = w.run(&bob(), channel(2), new_puzzle()).await;
    let (id, _, position) = shown(&first);
    let solution = solution_of(&all, id);
    let wrong = crate::puzzle_words::wrong_move(&position, &solution[0]);
    let illegal = w
        .run(
            &bob(),
            channel(2),
            Act::Puzzle(PuzzleAct::Move("z9-z1".into())),
        )
        .await;
    assert!(illegal.says("err-puzzle-illegal"), "{:?}", illegal.ids());
    let answer = w
        .run(&bob(), channel(2), Act::Puzzle(PuzzleAct::Move(wrong)))
        .await;
    assert!(
        answer.says("puzzle-wrong") && answer.says("puzzle-rating-change"),
        "{:?}",
        answer.ids()
    );
    let Some(Picture::Puzzle {
        arrows, caption, ..
    }) = &answer.picture
    else {
        panic!("no picture")
    };
    assert_eq!(arrows.len(), 2, "the move played and the solution's");
    assert_eq!(
        caption.as_ref().map(|c| c.id),
        Some("puzzle-caption-solution")
    );
    w.db.assert_sql(
        "SELECT COUNT(*) FROM puzzle_ratings WHERE rating < 1500 AND attempts = 1",
        1,
    )
    .await;
    let after = w
        .run(
            &bob(),
            channel(2),
            Act::Puzzle(PuzzleAct::Move(solution[0].clone())),
        )
        .await;
    assert!(after.says("err-puzzle-none-under-way"), "{:?}", after.ids());
    // Tried again (all are tried), it is not rated.
    let again = w.run(&bob(), channel(2), new_puzzle()).await;
    assert_eq!(shown(&again).0, id);
    assert!(again.says("puzzle-unrated"), "{:?}", again.ids());
}

#[tokio::test]
async fn a_hint_makes_the_attempt_unrated_and_an_attempt_survives_a_restart() {
    let mut w = World::new().await;
    let all = some_puzzles(w.table.store(), 3, 1).await;
    let first = w.run(&carol(), channel(3), new_puzzle()).await;
    let (id, _, _) = shown(&first);
    let solution = solution_of(&all, id);
    let hint = w
        .run(&carol(), channel(3), Act::Puzzle(PuzzleAct::Hint))
        .await;
    assert!(
        hint.says("puzzle-hint") && hint.says("puzzle-unrated"),
        "{:?}",
        hint.ids()
    );
    w.restart().await;
    let right = w
        .run(&carol(), channel(3), Act::Move(solution[0].clone()))
        .await;
    assert!(right.says("puzzle-right"), "{:?}", right.ids());
    let solved = w
        .run(&carol(), channel(3), Act::Move(solution[2].clone()))
        .await;
    assert!(solved.says("puzzle-solved"), "{:?}", solved.ids());
    assert!(!solved.says("puzzle-rating-change"), "unrated");
    w.db.assert_sql("SELECT COUNT(*) FROM puzzle_ratings", 0)
        .await;
    w.db.assert_sql("SELECT plays FROM puzzles", 0).await;
}

#[tokio::test]
async fn the_daily_puzzle_is_everyones_changes_at_midnight_and_counts_streaks() {
    let w = World::new().await;
    let all = some_puzzles(w.table.store(), 3, 3).await;
    let daily = || Act::Puzzle(PuzzleAct::Daily);
    let a = w.run(&alice(), channel(1), daily()).await;
    let b = w.run(&bob(), channel(4), daily()).await;
    assert!(a.says("puzzle-daily-title"), "{:?}", a.ids());
    let (id, _, _) = shown(&a);
    assert_eq!(shown(&b).0, id, "the same for everyone");
    let solution = solution_of(&all, id);
    for step in [0, 2] {
        let mv = Act::Puzzle(PuzzleAct::Move(solution[step].clone()));
        w.run(&alice(), channel(1), mv).await;
    }
    w.db.assert_sql(
        "SELECT COUNT(*) FROM puzzle_attempts WHERE solved = 1 AND day IS NOT NULL",
        1,
    )
    .await;
    let again = w.run(&alice(), channel(1), daily()).await;
    assert!(again.says("puzzle-daily-solved"), "{:?}", again.ids());
    let stats = stats_of(&w, &alice()).await;
    assert!(stats.says("stats-puzzle-streak"), "{:?}", stats.ids());
    assert_eq!(w.table.puzzles().streak(alice().id).await.unwrap(), 1);
    // The next day, another puzzle, whose post says how many solved the day before's; the
    // streak holds until the day after.
    w.clock.advance_ms(puzzles::DAY_MS);
    let day = w.table.puzzles().today();
    let post = w.table.puzzles().daily_post(day).await.unwrap().unwrap();
    assert!(post.says("puzzle-daily-yesterday") && !post.private);
    let n = post.lines.iter().find(|m| m.id == "puzzle-daily-yesterday");
    assert!(n.is_some_and(|m| m.text(parlor::i18n::Lang::En).starts_with("1 person")));
    assert!(
        post.buttons
            .iter()
            .flatten()
            .any(|b| b.label.id == "button-puzzle-solve")
    );
    let tomorrow = w.run(&alice(), channel(1), daily()).await;
    assert!(tomorrow.says("puzzle-daily-title"), "{:?}", tomorrow.ids());
    assert_eq!(w.table.puzzles().streak(alice().id).await.unwrap(), 1);
    w.clock.advance_ms(2 * puzzles::DAY_MS);
    assert_eq!(w.table.puzzles().streak(alice().id).await.unwrap(), 0);
}

/// Plays `moves` in a live match from its first board, whoever is to move each time; the last
/// answer.
async fn play_moves(
    w: &World,
    place: parlor::table::Place,
    mut board: Reply,
    players: [&parlor::table::Actor; 2],
    moves: &[String],
) -> Reply {
    for text in moves {
        let to_move = board.mentions[0];
        let actor = players
            .iter()
            .find(|a| a.id == to_move)
            .expect("one of ours moves");
        board = w.run(actor, place, Act::Move(text.clone())).await;
        assert!(!board.private, "{text}: {}", board.text());
    }
    board
}

#[tokio::test]
async fn matches_finished_on_the_server_add_puzzles_in_the_background() {
    let mut w = World::new().await;
    // A match that reaches a shipped puzzle's position and plays its solution to the win.
    let (_, text) = puzzles::STARTER
        .iter()
        .find(|(file, _)| *file == "loa-standard")
        .expect("the LOA file");
    let line = text
        .lines()
        .filter_map(|l| Line::parse(l).ok())
        .find(|l| l.solution.len() >= 3)
        .expect("a standard puzzle of more than one move");
    let (a, b) = (alice(), bob());
    let place = channel(3);
    let board = w.live(GameKind::Loa, &a, &b, place).await;
    let id = board.match_id.expect("a match");
    let all: Vec<String> = line.moves.iter().chain(&line.solution).cloned().collect();
    let end = play_moves(&w, place, board, [&a, &b], &all).await;
    assert!(super::common::is_over(&end), "{}", end.text());
    // A match still being played is not read.
    let live = w.live(GameKind::Loa, &b, &a, channel(4)).await;
    assert!(live.match_id.is_some());
    let store = w.table.store().clone();
    let clock = std::sync::Arc::new(w.clock.clone());
    let harvest = puzzles::Harvest::new(store.clone(), clock.clone());
    assert_eq!(store.puzzle_count(None).await.unwrap(), 0);
    let first = harvest.round(puzzles::MATCHES_PER_ROUND).await.unwrap();
    assert_eq!(first.matches, 1, "{first:?}");
    assert!(first.added >= 1, "{first:?}");
    w.db.assert_sql(
        &format!("SELECT COUNT(*) FROM puzzles WHERE source = 'match' AND source_id = {id}"),
        first.added as i64,
    )
    .await;
    // Each stored puzzle is one that checks out, and the shipped one's position is among them.
    let rows = store.puzzles(Some(GameKind::Loa)).await.unwrap();
    for row in &rows {
        puzzles::checked(&Line::from(row), "match").unwrap();
    }
    let shipped = puzzles::checked(&line, "starter").unwrap();
    let positions: Vec<String> = rows
        .iter()
        .map(|r| puzzles::checked(&Line::from(r), "match").unwrap().position)
        .collect();
    assert!(positions.contains(&shipped.position), "{positions:?}");
    // Read once: the next round has nothing to do, nor has a new process's after a restart.
    let again = harvest.round(puzzles::MATCHES_PER_ROUND).await.unwrap();
    assert_eq!(again, puzzles::Harvested::default());
    w.restart().await;
    let fresh = puzzles::Harvest::new(w.table.store().clone(), clock);
    let after = fresh.round(puzzles::MATCHES_PER_ROUND).await.unwrap();
    assert_eq!(after, puzzles::Harvested::default());
    // A round reads at most as many matches as it is allowed.
    let board = w.live(GameKind::Simultana, &a, &b, channel(5)).await;
    let done = w.play_out(channel(5), board, &[&a, &b]).await;
    assert!(super::common::is_over(&done), "{}", done.text());
    let board = w.live(GameKind::Simultana, &b, &a, channel(6)).await;
    let done = w.play_out(channel(6), board, &[&a, &b]).await;
    assert!(super::common::is_over(&done), "{}", done.text());
    let one = fresh.round(1).await.unwrap();
    assert_eq!(one.matches, 1, "{one:?}");
    let next = fresh.round(5).await.unwrap();
    assert_eq!(next.matches, 1, "{next:?}");
}
