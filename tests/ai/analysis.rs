//! The tests of `parlor::ai::analysis`.
//!
//! Moved out of src/ai/analysis.rs (the library builds no unit-test harness).

use parlor::games::AnyGame;
use parlor::games::GameKind;

use parlor::ai::analysis::*;

#[test]
fn marks_follow_the_thresholds() {
    assert_eq!(Mark::judge(0.05, 0.4), None);
    assert_eq!(Mark::judge(INACCURACY, 0.6), Some(Mark::Inaccuracy));
    assert_eq!(Mark::judge(MISTAKE, 0.6), Some(Mark::Mistake));
    assert_eq!(Mark::judge(0.9, 0.55), Some(Mark::Mistake));
    assert_eq!(Mark::judge(BLUNDER, 0.2), Some(Mark::Blunder));
    assert_eq!(Mark::Blunder.symbol(), "??");
}

#[test]
fn an_analysis_reads_back_from_its_text() {
    let start = AnyGame::new(GameKind::Loa, "").expect("standard LOA");
    let mut game = start.clone();
    let mut moves = Vec::new();
    for text in ["a2-c2", "b1-b3", "h2-f2", "g1-g3"] {
        let mv = game.parse_move(text).expect("legal");
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    let analysis = analyse(&start, &moves, Depth::nodes(300), |_, _| {}).expect("analysed");
    let back = Analysis::from_text(&start, &moves, &analysis.to_text()).expect("read back");
    assert_eq!(back, analysis);
    let wrong = analysis.to_text().replace("b1-b3", "c1-c3");
    assert!(Analysis::from_text(&start, &moves, &wrong).is_err());
    assert!(Analysis::from_text(&start, &moves, "start 2\n").is_err());
}
