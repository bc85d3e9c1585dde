//! The coach through the match service: `/analyze` and the Analyse button on a finished match,
//! computed once and stored, shown again from the store, started again after a restart, and
//! the marks it puts on `/moves`.

use std::time::Duration;

use super::common::*;
use parlor::ai::analysis::Mark;
use parlor::games::GameKind;
use parlor::i18n::{Arg, Lang};
use parlor::table::{Act, Config, ManualClock, Picture, Reply, ReplyKind};

/// Search steps per position: small, so a debug build analyses a short match in moments.
const NODES: u64 = 200;

fn coach_config(clock: &ManualClock) -> Config {
    Config {
        analysis_nodes: Some(NODES),
        analysis_threads: 1,
        ..config(clock)
    }
}

/// A world whose table analyses at [`NODES`].
pub(super) async fn world() -> World {
    let mut w = World::new().await;
    restart(&mut w).await;
    w
}

/// Stops the table and starts a new one on the same database (a restart), analysing at
/// [`NODES`].
async fn restart(w: &mut World) {
    w.restart_with(coach_config(&w.clock)).await;
}

/// A finished Lines of Action match of a few moves between Alice and Bob (Bob resigns);
/// returns its result message.
async fn finished_match(w: &World, place: parlor::table::Place) -> (Reply, i64) {
    let (a, b) = (alice(), bob());
    let mut board = w.live(GameKind::Loa, &a, &b, place).await;
    for _ in 0..6 {
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let result = w.run(&b, place, Act::Resign).await;
    assert!(is_over(&result), "{}", result.text());
    let id = result.match_id.expect("a match");
    (result, id)
}

/// Waits for an analysis to end and returns its answer.
pub(super) async fn finished(reply: Reply) -> Reply {
    let Some(progress) = reply.progress.clone() else {
        return reply;
    };
    tokio::time::timeout(Duration::from_secs(120), progress.finish())
        .await
        .expect("the analysis ends")
}

/// Checks the answer is a whole analysis: the graph, the summary, and each mistake drawn.
#[track_caller]
fn assert_analysis(reply: &Reply) {
    assert_eq!(reply.kind, ReplyKind::Analysis, "{}", reply.text());
    assert!(!reply.private, "{}", reply.text());
    assert!(reply.progress.is_none());
    assert_has(reply, "coach-title");
    let Some(Picture::Evaluation { analysis, .. }) = &reply.picture else {
        panic!("the graph: {:?}", reply.picture);
    };
    assert_eq!(analysis.plies.len(), 6);
    assert_eq!(reply.sections.len(), analysis.mistakes.len());
    for section in &reply.sections {
        assert!(matches!(section.picture, Some(Picture::Mistake { .. })));
        assert_eq!(section.lines[0].id, "coach-mistake");
    }
}

#[tokio::test]
async fn an_analysis_is_computed_once_stored_and_shown_again_from_the_store() {
    let w = world().await;
    let place = channel(1);
    let (result, id) = finished_match(&w, place).await;
    let first = w
        .run(&alice(), place, press(&result, Act::Analyse(None)))
        .await;
    assert_eq!(first.kind, ReplyKind::Analysis, "{}", first.text());
    assert!(
        first.progress.is_some(),
        "the first request starts the work"
    );
    assert!(
        first.says("coach-progress") || first.says("coach-queued"),
        "{}",
        first.text()
    );
    let done = finished(first).await;
    assert_analysis(&done);
    // Every picture is drawn, in both languages.
    for lang in [Lang::En, Lang::Fr] {
        let pictures = done
            .picture
            .iter()
            .chain(done.sections.iter().filter_map(|s| s.picture.as_ref()));
        for picture in pictures {
            let image = picture.render(lang).expect("drawn");
            assert!(image.bytes.starts_with(b"\x89PNG"), "{}", image.file_name);
        }
    }
    let stored = w
        .sql_i64(&format!(
            "SELECT COUNT(*) FROM analyses WHERE match_id = {id} AND status = 'done'"
        ))
        .await;
    assert_eq!(stored, 1);

    // Asked again (typed, by someone else): from the store, with nothing to wait for.
    let again = w.run(&carol(), channel(2), Act::Analyse(Some(id))).await;
    assert!(again.progress.is_none(), "{}", again.text());
    assert_analysis(&again);
    let (
        Some(Picture::Evaluation { analysis: a, .. }),
        Some(Picture::Evaluation { analysis: b, .. }),
    ) = (&done.picture, &again.picture)
    else {
        panic!("two graphs");
    };
    assert_eq!(a, b, "the stored analysis is the one computed");
    assert_eq!(again.text(), done.text());
}

#[tokio::test]
async fn a_pending_analysis_starts_again_after_a_restart_and_is_posted_where_the_match_was() {
    let mut w = world().await;
    let place = channel(3);
    let (_, id) = finished_match(&w, place).await;
    // What a process stopped in the middle of an analysis leaves: a pending row, no result.
    assert!(
        w.table
            .store()
            .begin_analysis(id, NODES, START_MS)
            .await
            .expect("stored")
    );
    w.drain();
    restart(&mut w).await;
    let notice = tokio::time::timeout(Duration::from_secs(120), w.notices.recv())
        .await
        .expect("the analysis ends")
        .expect("a notice");
    assert_eq!(notice.match_id, id);
    assert_eq!(notice.place, place);
    assert_analysis(&notice.reply);
    let done = w
        .sql_i64(&format!(
            "SELECT COUNT(*) FROM analyses WHERE match_id = {id} AND status = 'done'"
        ))
        .await;
    assert_eq!(done, 1);
    let again = w.run(&alice(), place, Act::Analyse(Some(id))).await;
    assert!(again.progress.is_none(), "{}", again.text());
    assert_eq!(again.text(), notice.reply.text());
}

#[tokio::test]
async fn moves_of_an_analysed_match_carry_the_coachs_marks_and_the_export_does_not() {
    let w = world().await;
    let place = channel(4);
    let (_, id) = finished_match(&w, place).await;
    let before = w.run(&alice(), place, Act::Moves(Some(id))).await;
    assert!(!before.says("moves-marks"), "{}", before.text());
    let done = finished(w.run(&alice(), place, Act::Analyse(Some(id))).await).await;
    let Some(Picture::Evaluation { analysis, .. }) = &done.picture else {
        panic!("the graph");
    };
    let sheet = w.run(&alice(), place, Act::Moves(Some(id))).await;
    assert_says(&sheet, "moves-marks");
    let text = sheet.text();
    for p in &analysis.plies {
        let shown = format!("{}{}", p.played_text, p.mark.map_or("", Mark::symbol));
        assert_on_sheet(&text, &shown);
    }
    let file = sheet.file.as_ref().expect("the export");
    assert_eq!(
        Some(file),
        before.file.as_ref(),
        "the export stays as it is"
    );

    // A stored analysis in which Bob's second move threw the game away (from 60 % to 10 %, and
    // it stayed there: a drop that lasts): marked `??` on the sheet.
    let moves = played(analysis);
    // The mover's chances: White moves on even indices.
    w.store_analysis(id, &moves, |i| match i {
        3 => (0.1, 0.6),
        0..3 => (0.5, 0.5),
        _ if i % 2 == 0 => (0.9, 0.9),
        _ => (0.1, 0.1),
    })
    .await;
    let sheet = w.run(&alice(), place, Act::Moves(Some(id))).await;
    let text = sheet.text();
    for (i, m) in moves.iter().enumerate() {
        let shown = if i == 3 { format!("{m}??") } else { m.clone() };
        assert_on_sheet(&text, &shown);
    }
    let review = w.run(&alice(), place, Act::Analyse(Some(id))).await;
    let mistake = &review
        .sections
        .first()
        .expect("the blunder's section")
        .lines[0];
    assert_eq!(mistake.id, "coach-mistake");
    assert!(mistake.args.contains(&("n", Arg::Num(4))), "{mistake:?}");
    assert!(
        mistake.args.contains(&("before", Arg::Num(60))),
        "{mistake:?}"
    );
    assert!(
        mistake.args.contains(&("after", Arg::Num(10))),
        "{mistake:?}"
    );

    // The same drop of one search that the next one no longer sees (back to 50 %): no mark,
    // and the coach finds no mistake.
    w.store_analysis(
        id,
        &moves,
        |i| {
            if i == 3 { (0.1, 0.55) } else { (0.5, 0.5) }
        },
    )
    .await;
    let sheet = w.run(&alice(), place, Act::Moves(Some(id))).await;
    let text = sheet.text();
    for m in &moves {
        assert_on_sheet(&text, m);
    }
    let review = w.run(&alice(), place, Act::Analyse(Some(id))).await;
    assert!(review.sections.is_empty(), "{}", review.text());
    assert_says(&review, "coach-no-mistakes");
}

#[tokio::test]
async fn only_a_finished_match_with_moves_is_analysed() {
    let w = world().await;
    let (a, b) = (alice(), bob());
    let unknown = w.run(&a, channel(5), Act::Analyse(Some(999))).await;
    assert_refused(&unknown, "err-no-such-match");
    let place = channel(6);
    let board = w.simultana(&a, &b, place).await;
    let id = board.match_id.expect("a match");
    let live = w.run(&a, place, Act::Analyse(Some(id))).await;
    assert_refused(&live, "coach-not-over");
    let aborted = w.run(&a, place, Act::Abort).await;
    assert!(!aborted.private, "{}", aborted.text());
    assert!(
        aborted.button(&Act::Analyse(None)).is_none(),
        "no Analyse button on an aborted match"
    );
    let refused = w.run(&a, place, Act::Analyse(Some(id))).await;
    assert_refused(&refused, "coach-aborted");
    // Typed without a number: the requester's last finished match here.
    let place = channel(7);
    let (_, id) = finished_match(&w, place).await;
    let done = finished(w.run(&b, place, Act::Analyse(None)).await).await;
    assert_analysis(&done);
    assert_eq!(done.match_id, Some(id));
}

#[tokio::test]
async fn several_analyses_share_the_pool_and_each_ends() {
    let w = world().await;
    let mut pending = Vec::new();
    for n in 0..3 {
        let place = channel(20 + n);
        let (_, id) = finished_match(&w, place).await;
        w.clock.advance_secs(60);
        pending.push(w.run(&alice(), place, Act::Analyse(Some(id))).await);
    }
    // One thread: they run one after the other, and each ends and is stored.
    for reply in pending {
        assert_analysis(&finished(reply).await);
    }
    let done = w
        .sql_i64("SELECT COUNT(*) FROM analyses WHERE status = 'done'")
        .await;
    assert_eq!(done, 3);
}

/// Fails unless the move sheet's `text` shows `shown` as one word (a move with its mark, if any).
fn assert_on_sheet(text: &str, shown: &str) {
    assert!(
        text.split_whitespace().any(|w| w == shown),
        "{shown} in:\n{text}"
    );
}
