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

/// A standard Lines of Action match of `n` plies (the first legal move each time), and a stored
/// analysis of it where ply `i` (1-based) is judged with the mover's `(best, after)` chances of
/// `chances[i - 1]`, the AI agreeing with every move.
fn judged(chances: &[(f64, f64)]) -> Analysis {
    judged_in(GameKind::Loa, chances)
}

/// [`judged`] in another game's standard setup.
fn judged_in(kind: GameKind, chances: &[(f64, f64)]) -> Analysis {
    use parlor::games::AnyMove;
    let start = AnyGame::new(kind, "").expect("the standard setup");
    let mut game = start.clone();
    let mut moves: Vec<AnyMove> = Vec::new();
    let mut text = String::from("start 0.5\n");
    for &(best, after) in chances {
        let mv = game.legal_moves()[0];
        let notation = game.format_move(&mv).expect("a legal move has a notation");
        text.push_str(&format!("{notation} {after} {notation} {best}\n"));
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    Analysis::from_text(&start, &moves, &text).expect("it reads")
}

/// The graph's axis counts every ply's move number in one pass: the same numbers as asking
/// for each ply alone, the two steps of a Lightning turn sharing one.
#[test]
fn move_numbers_in_one_pass_agree_with_each_plys_number() {
    for kind in [GameKind::Loa, GameKind::Lightning] {
        let analysis = judged_in(kind, &[(0.5, 0.5); 12]);
        let numbers = analysis.move_numbers();
        assert_eq!(numbers.len(), 13, "{kind:?}: the start and each ply");
        for (ply, &n) in numbers.iter().enumerate() {
            assert_eq!(n, analysis.move_number(ply), "{kind:?}, ply {ply}");
        }
        let last = numbers[12];
        match kind {
            GameKind::Lightning => assert!(last < 12, "two steps a turn: {numbers:?}"),
            _ => assert_eq!(last, 12, "one ply a move: {numbers:?}"),
        }
    }
}

/// A dip of one search that the next point no longer shows marks neither the move before it
/// (the engine's own, say) nor the reply that started from it; a drop that lasts is marked.
#[test]
fn a_one_ply_dip_that_comes_back_is_not_marked_and_a_lasting_drop_is() {
    // The mover's (best, after) chances; White moves on odd plies.
    let analysis = judged(&[
        (0.6, 0.6),
        (0.4, 0.4),
        // White dips to 0.2 ...
        (0.6, 0.2),
        // ... and is back at 0.6 after Black's reply (whose "before", 0.8, was the dip's).
        (0.8, 0.4),
        (0.6, 0.6),
        (0.4, 0.4),
        // White drops to 0.15 and stays there.
        (0.6, 0.15),
        (0.85, 0.85),
    ]);
    let marks: Vec<Option<Mark>> = analysis.plies.iter().map(|p| p.mark).collect();
    assert_eq!(
        marks,
        [
            None,
            None,
            None,
            None,
            None,
            None,
            Some(Mark::Blunder),
            None
        ],
        "{:#?}",
        analysis.plies
    );
    assert_eq!(analysis.mistakes, [6]);
    let blunder = &analysis.plies[6];
    assert!((blunder.kept - 0.15).abs() < 1e-9, "{blunder:?}");
    assert!((blunder.drop - 0.45).abs() < 1e-9, "{blunder:?}");
    // The dip itself is kept at the level it came back to.
    assert!((analysis.plies[2].kept - 0.6).abs() < 1e-9);
}

/// A proven win missed right after the opponent's own mistake is still a blunder, though the
/// curve comes back: the chance before it was proved, not searched.
#[test]
fn a_missed_proven_win_after_the_opponents_blunder_is_still_marked() {
    let analysis = judged(&[
        (0.5, 0.5),
        // Black hands White a forced win (0.5 -> 0 for Black) ...
        (0.5, 0.0),
        // ... which White misses: back to even.
        (1.0, 0.5),
        (0.5, 0.5),
    ]);
    assert_eq!(analysis.plies[2].mark, Some(Mark::Mistake));
    assert!((analysis.plies[2].drop - 0.5).abs() < 1e-9);
    // Black's blunder came back at once: the curve does not keep it.
    assert_eq!(analysis.plies[1].mark, None);
}

/// The lead read from a curve: a passing dip does not turn it; a change that lasts does, and
/// so does the winning move at the very end.
#[test]
fn the_lead_is_read_from_the_curve_a_passing_dip_does_not_turn_it() {
    use parlor::games::Side;
    // The first side ahead for 40 moves but for one dip on move 20, then the winning move.
    let mut curve = vec![0.52];
    curve.extend((1..=40).map(|ply| if ply == 20 { 0.45 } else { 0.7 }));
    let lead = Lead::of_curve(&curve);
    assert_eq!(lead.first, Some(Side::First));
    assert!(lead.turns.is_empty(), "{lead:?}");
    assert_eq!(lead.leader, Some(Side::First));
    assert_eq!((lead.ahead, lead.moves, lead.share()), (39, 40, 97));
    // Ahead until move 30, then the second side for good (two moves before the end count).
    let mut curve = vec![0.5];
    curve.extend((1..=32).map(|ply| if ply < 30 { 0.65 } else { 0.2 }));
    curve.push(0.7);
    curve.extend([0.3, 0.1]);
    let lead = Lead::of_curve(&curve);
    assert_eq!(lead.first, Some(Side::First));
    assert_eq!(lead.turns, [(30, Side::Second)]);
    assert_eq!(lead.last(), Some(Side::Second));
    assert_eq!(lead.leader, Some(Side::First));
    // Level all along: nobody led.
    let lead = Lead::of_curve(&[0.5; 6]);
    assert_eq!((lead.first, lead.leader), (None, None));
}
