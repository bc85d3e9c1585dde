//! `/moves`: the score sheet of a match, and the export of a finished one, which the engine
//! protocol (`parlor engine`) replays to the match's final position.

use super::common::*;
use parlor::games::{AnyGame, GameKind};
use parlor::i18n::{Lang, Plain};
use parlor::protocol::{Session, status_line};
use parlor::table::{Act, Opponent, Picture, Reply, Request};

/// The position a board or result reply shows.
fn position(reply: &Reply) -> AnyGame {
    match &reply.picture {
        Some(Picture::Board { game, .. }) => game.clone(),
        other => panic!("a board picture: {other:?}"),
    }
}

fn moves(id: Option<i64>) -> Request {
    Act::Moves(id).into()
}

/// The match number a reply's title names (`... #12 ...`).
fn match_number(reply: &Reply) -> i64 {
    reply
        .text()
        .split('#')
        .nth(1)
        .and_then(|rest| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("a match number in: {}", reply.text()))
}

/// Feeds an export to the engine protocol line by line, as `parlor engine < file` would.
fn replay_in_engine(script: &str) -> Session {
    let mut engine = Session::new();
    for line in script.lines() {
        let (answer, _) = engine.handle(line);
        assert_eq!(answer, ["ok"], "`{line}` refused");
    }
    engine
}

#[tokio::test]
async fn every_game_exports_a_finished_match_that_the_engine_replays_to_its_last_position() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    for (n, kind) in GameKind::ALL.into_iter().enumerate() {
        let place = channel(10 + n as u64);
        let card = w.challenge(&a, place, kind, Opponent::User(user(&b))).await;
        assert!(!card.private, "{}", card.text());
        let mut board = w.run(&b, place, Act::Accept).await;
        w.clock.advance_secs(60);
        for _ in 0..14 {
            if is_over(&board) {
                break;
            }
            board = w.play_one(place, &board, &[&a, &b]).await;
        }
        let last = position(&board);
        // Live: the moves so far, and no export yet.
        if !is_over(&board) {
            let live = w.run(&a, place, moves(None)).await;
            assert!(!live.private, "{}", live.text());
            assert!(live.file.is_none(), "no export while the match is live");
            assert_shows(&live, "1. ");
            assert_has(&live, "moves-export-later");
            let end = w.run(&a, place, Act::Resign).await;
            assert!(is_over(&end), "{}", end.text());
        }
        let id = match_number(&board);
        // Once over, `/moves` here is that match, and so is `/moves match:<id>` anywhere.
        let here = w.run(&b, place, moves(None)).await;
        let anywhere = w.run(&b, channel(99), moves(Some(id))).await;
        assert_eq!(here.text(), anywhere.text());
        let file = here
            .file
            .clone()
            .unwrap_or_else(|| panic!("{kind}: an export: {}", here.text()));
        assert_eq!(anywhere.file, here.file);
        assert_eq!(file.name, format!("match-{id}.txt"));
        assert!(
            file.text.starts_with(&format!("new {kind}")),
            "{}",
            file.text
        );
        assert_shows(&here, &file.name);
        let engine = replay_in_engine(&file.text);
        let replayed = engine.game().expect("a game");
        assert_eq!(replayed.export(), last.export(), "{kind}: {}", file.text);
        assert_eq!(status_line(replayed), status_line(&last), "{kind}");
    }
}

#[tokio::test]
async fn a_lightning_sheet_shows_only_what_was_played_and_a_long_one_fits_a_message() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    let mut board = w.live(GameKind::Lightning, &a, &b, place).await;
    let mut played = Vec::new();
    for _ in 0..6 {
        let hints = w.table.matches().move_hints(&place, "").await;
        played.push(hints[0].clone());
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let live = w.run(&a, place, moves(None)).await;
    assert!(live.file.is_none());
    let text = live.text();
    // The moves as played, nothing about the pile but the tiles already drawn: a draw shows
    // the tile it revealed (`PX`), which both players saw.
    for m in &played {
        assert!(text.contains(m.as_str()), "{m} missing: {text}");
    }
    assert!(!text.contains("seed"), "{text}");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    assert!(
        played.iter().any(|m| m == "P"),
        "a draw was played: {played:?}"
    );
    assert!(!tokens.contains(&"P"), "every draw names its tile: {text}");
    assert!(
        tokens.iter().any(|t| t.len() == 2 && t.starts_with('P')),
        "{text}"
    );
    let sheet: Vec<&str> = text.lines().filter(|l| l.contains(". ")).collect();
    assert_eq!(sheet.len(), 2, "two rounds of two turns: {text}");
    assert!(sheet[0].starts_with("1. "), "{text}");
    // Someone else's channel gets no live list of it.
    let id = match_number(&live);
    let elsewhere = w.run(&a, channel(2), moves(Some(id))).await;
    assert!(elsewhere.private, "{}", elsewhere.text());
    assert_has(&elsewhere, "err-moves-elsewhere");

    // To the end: hundreds of plies, and the message still fits Discord's 2000 characters.
    let end = w.play_out(place, board, &[&a, &b]).await;
    let last = position(&end);
    let done = w.run(&a, place, moves(None)).await;
    for lang in [Lang::En, Lang::Fr] {
        let text = done.text_in(lang, &Plain);
        assert!(text.chars().count() < 2000, "{lang:?}: {text}");
    }
    let file = done.file.clone().expect("an export");
    let plies = file
        .text
        .lines()
        .nth(1)
        .map_or(0, |l| l.split_whitespace().count() - 1);
    assert!(plies > 100, "a long game: {plies} plies");
    // Either the whole sheet, or its end after a line that says what is left out.
    let text = done.text();
    let from_the_start = text.lines().any(|l| l.starts_with("1. "));
    assert_ne!(from_the_start, text.contains("are left out"), "{text}");
    assert!(
        file.text.starts_with("new lightning seed="),
        "{}",
        file.text
    );
    // The export stays canonical: a draw is `P` there.
    assert!(
        file.text.split_whitespace().any(|t| t == "P"),
        "{}",
        file.text
    );
    let engine = replay_in_engine(&file.text);
    assert_eq!(engine.game().map(AnyGame::export), Some(last.export()));
}

#[tokio::test]
async fn moves_refusals_say_what_to_do() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let r = w.run(&a, channel(1), moves(None)).await;
    assert_refused(&r, "err-no-match-here");
    let r = w.run(&a, channel(1), moves(Some(999))).await;
    assert_refused(&r, "err-no-such-match");
    assert_shows(&r, "#999");
    // A challenge not yet accepted was never played.
    let card = w
        .challenge(&a, channel(1), GameKind::Loa, Opponent::User(user(&b)))
        .await;
    let id = match_number(&card);
    let r = w.run(&a, channel(2), moves(Some(id))).await;
    assert_refused(&r, "err-never-played");
    // A live match with no move yet has an empty sheet, in French too.
    let board = w.run(&b, channel(1), Act::Accept).await;
    assert!(!board.private);
    let r = w.run(&a, channel(1), moves(None)).await;
    assert_has(&r, "moves-none");
    let fr = r.text_in(Lang::Fr, &Plain);
    assert!(fr.contains("Aucun coup pour l’instant."), "{fr}");
}
