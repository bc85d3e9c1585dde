//! The coach (`ai::analysis`, issue 27): made-up finished matches in which a player misses a win
//! in one, the marks of a match the winner led throughout, four-player charging, Lightning's
//! hidden pile, and the protocol's `analyse`.

use std::time::Duration;

use parlor::ai::analysis::{self, Analysis, Depth, Mark, PlyReview};
use parlor::ai::{Settings, Style, think};
use parlor::games::{AnyGame, AnyMove, GameKind, Side, Status};
use parlor::protocol::{Flow, Session};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A small AI budget with no wall-clock cap, so that made-up matches replay exactly.
fn quick(nodes: u64) -> Settings {
    Settings {
        style: Style::Level(5),
        nodes: Some(nodes),
        time: Some(Duration::from_secs(600)),
    }
}

/// The moves that win on the spot for the player to move.
fn winning_moves(game: &AnyGame) -> Vec<AnyMove> {
    let Status::ToMove(side) = game.status() else {
        return Vec::new();
    };
    game.legal_moves()
        .into_iter()
        .filter(|mv| {
            let mut next = game.clone();
            next.play(mv).is_ok()
                && matches!(next.status(), Status::Over(o) if o.winner == Some(side))
        })
        .collect()
}

/// A finished match in which a player misses a win in one (a move passing `counts`) and plays
/// instead a move after which the opponent wins at once, which they do. Before that, a cheap
/// AI plays both sides. Returns the start, the moves and the 0-based index of the miss; tries
/// seeds until a match has such a moment before anyone wins.
fn missed_win_match(
    kind: GameKind,
    options: &str,
    nodes: u64,
    counts: impl Fn(&AnyGame, &AnyMove) -> bool,
) -> (AnyGame, Vec<AnyMove>, usize) {
    let start = AnyGame::new(kind, options).expect("valid options");
    for seed in 0..200u64 {
        let mut game = start.clone();
        let mut moves = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while moves.len() < 400 && !game.status().is_over() {
            let wins: Vec<AnyMove> = winning_moves(&game)
                .into_iter()
                .filter(|m| counts(&game, m))
                .collect();
            if !wins.is_empty() {
                let miss = game.legal_moves().into_iter().find(|mv| {
                    let mut next = game.clone();
                    !wins.contains(mv)
                        && next.play(mv).is_ok()
                        && !next.status().is_over()
                        && !winning_moves(&next).is_empty()
                });
                let Some(miss) = miss else { break };
                let index = moves.len();
                game.play(&miss).expect("legal");
                moves.push(miss);
                let win = winning_moves(&game)[0];
                game.play(&win).expect("legal");
                moves.push(win);
                return (start, moves, index);
            }
            // Mostly the AI, sometimes a random move, so that seeds give different matches.
            let mv = if rng.random_range(0..4) == 0 {
                let legal = game.legal_moves();
                legal[rng.random_range(0..legal.len())]
            } else {
                think(&game, &quick(nodes), seed * 1000 + moves.len() as u64)
                    .expect("a move")
                    .best
            };
            if !winning_moves(&game).contains(&mv) {
                game.play(&mv).expect("legal");
                moves.push(mv);
            } else {
                // The AI takes wins in one; that one did not count, so the seed is spent.
                break;
            }
        }
    }
    panic!("no seed gave a missed win in one for {kind}");
}

/// Replays `moves` from `start` to just before the move of 0-based index `index`.
fn before(start: &AnyGame, moves: &[AnyMove], index: usize) -> AnyGame {
    let mut game = start.clone();
    for mv in &moves[..index] {
        game.play(mv).expect("legal");
    }
    game
}

/// The missed win is the biggest mistake, the AI's move there is a win, and it is a `??`.
fn assert_missed_win_found(start: &AnyGame, moves: &[AnyMove], miss: usize, depth: Depth) {
    let mut calls = Vec::new();
    let analysis = analysis::analyse(start, moves, depth, |done, total| calls.push((done, total)))
        .expect("the match replays");
    assert_eq!(analysis.plies.len(), moves.len());
    assert_eq!(calls.first(), Some(&(0, moves.len())));
    assert_eq!(calls.last(), Some(&(moves.len(), moves.len())));
    let review = &analysis.plies[miss];
    assert_eq!(
        analysis.mistakes.first(),
        Some(&miss),
        "biggest mistakes {:?}, the miss at ply {} cost {:.3}: {:#?}",
        analysis.mistakes,
        miss + 1,
        review.drop,
        summary(&analysis)
    );
    let position = before(start, moves, miss);
    let side = position.status().to_move().expect("in play");
    let mut with_best = position.clone();
    with_best
        .play(&review.best)
        .expect("the AI's move is legal");
    assert!(
        matches!(with_best.status(), Status::Over(o) if o.winner == Some(side)),
        "the better move {} does not win",
        review.best_text
    );
    assert_eq!(review.mark, Some(Mark::Blunder));
    assert!(review.drop > 0.9, "drop {}", review.drop);
    assert_eq!(analysis.winner, Some(side.opponent()));
}

fn summary(a: &Analysis) -> Vec<String> {
    a.plies
        .iter()
        .filter(|p| p.mark.is_some())
        .map(|p| {
            format!(
                "{} {} {:.2}->{:.2} {}",
                p.ply, p.played_text, p.best_chance, p.chance, p.best_text
            )
        })
        .collect()
}

#[test]
fn a_missed_loa_connection_is_the_biggest_mistake() {
    let (start, moves, miss) = missed_win_match(GameKind::Loa, "", 300, |_, _| true);
    assert_missed_win_found(&start, &moves, miss, Depth::nodes(3000));
}

#[test]
fn a_missed_simultana_block_is_the_biggest_mistake() {
    let (start, moves, miss) = missed_win_match(GameKind::Simultana, "", 60, |_, _| true);
    assert_missed_win_found(&start, &moves, miss, Depth::nodes(300));
}

#[test]
fn a_missed_barrier_capture_is_the_biggest_mistake() {
    let (start, moves, miss) = missed_win_match(
        GameKind::Barrier,
        "",
        40,
        |_, mv| matches!(mv, AnyMove::Barrier(m) if m.is_capture()),
    );
    assert_missed_win_found(&start, &moves, miss, Depth::nodes(300));
}

#[test]
fn a_missed_win_in_four_player_loa_is_charged_to_the_seat_that_made_it() {
    let (start, moves, miss) = missed_win_match(GameKind::Loa, "players=4", 300, |_, _| true);
    let analysis = analysis::analyse(&start, &moves, Depth::nodes(3000), |_, _| {})
        .expect("the match replays");
    let mut game = start.clone();
    for (i, (mv, review)) in moves.iter().zip(&analysis.plies).enumerate() {
        let seat = game.seat_to_move().expect("in play");
        assert_eq!(review.seat, seat, "ply {}", i + 1);
        assert_eq!(review.side, game.seat_side(seat), "ply {}", i + 1);
        game.play(mv).expect("legal");
    }
    assert_eq!(analysis.mistakes.first(), Some(&miss));
    let review = &analysis.plies[miss];
    let seat = before(&start, &moves, miss)
        .seat_to_move()
        .expect("in play");
    assert_eq!(review.seat, seat);
    // The team's view: after the miss the other team wins at once, so the team's chance is nil.
    assert!(review.chance < 0.05, "{review:?}");
    assert_eq!(review.mark, Some(Mark::Blunder));
}

#[test]
fn the_winner_who_led_throughout_makes_no_blunder() {
    // A strong player against one who moves at random: it leads from the start to the end.
    let start = AnyGame::new(GameKind::Loa, "").expect("valid options");
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while !game.status().is_over() && moves.len() < 300 {
        let mv = if game.status().to_move() == Some(Side::First) {
            think(&game, &quick(4000), moves.len() as u64)
                .expect("a move")
                .best
        } else {
            let legal = game.legal_moves();
            legal[rng.random_range(0..legal.len())]
        };
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    let analysis =
        analysis::analyse(&start, &moves, Depth::nodes(3000), |_, _| {}).expect("replays");
    assert_eq!(analysis.winner, Some(Side::First));
    let curve = analysis.curve(Side::First);
    assert!(
        // Ahead all along, give or take the search's noise on the first moves.
        curve.iter().all(|&c| c >= 0.45),
        "the winner was behind at some point: {curve:?}"
    );
    let blunders: Vec<&PlyReview> = analysis
        .plies
        .iter()
        .filter(|p| p.side == Side::First && p.mark == Some(Mark::Blunder))
        .collect();
    assert!(blunders.is_empty(), "{blunders:?}");
    // And the loser's random moves are marked.
    assert!(
        analysis
            .plies
            .iter()
            .any(|p| p.side == Side::Second && p.mark.is_some())
    );
}

#[test]
fn lightning_judges_a_move_only_by_what_its_player_could_see() {
    let start = AnyGame::new(GameKind::Lightning, "seed=11").expect("valid options");
    let mut game = start.clone();
    let mut moves = Vec::new();
    while !game.status().is_over() && moves.len() < 24 {
        let mv = think(&game, &quick(40), moves.len() as u64)
            .expect("a move")
            .best;
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    let depth = Depth::nodes(200);
    let whole = analysis::analyse(&start, &moves, depth, |_, _| {}).expect("replays");
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut draws = 0;
    for (i, mv) in moves.iter().enumerate() {
        let position = before(&start, &moves, i);
        let alone = analysis::review_move(&position, *mv, i + 1, depth).expect("legal");
        // The whole match judges a move by the drop that lasted (the plies after it); alone, a
        // move is judged by its own ply. The rest is the same.
        let mut judged = whole.plies[i].clone();
        (judged.kept, judged.drop, judged.mark) = (alone.kept, alone.drop, alone.mark);
        assert_eq!(alone, judged, "ply {}", i + 1);
        if matches!(mv, AnyMove::Lightning(m) if m.design().is_none()) {
            // A draw keeps its expected chance, not what the tile it revealed led to.
            assert_eq!(whole.plies[i].kept, whole.plies[i].chance, "ply {}", i + 1);
        }
        // The same position with the face-down tiles in another order: the tiles still hidden
        // when the move was made (the one a draw reveals among them) come in another order.
        for _ in 0..2 {
            let AnyGame::Lightning(mut g) = position.clone() else {
                unreachable!("a Lightning match")
            };
            g.redeal_unseen(&mut rng);
            let shuffled = AnyGame::Lightning(g);
            let again = analysis::review_move(&shuffled, *mv, i + 1, depth).expect("legal");
            assert_eq!(again, alone, "ply {} judged by the hidden order", i + 1);
        }
        if matches!(mv, AnyMove::Lightning(m) if m.design().is_none()) {
            draws += 1;
        }
    }
    assert!(draws > 0, "the match drew no tile from the pile");
}

/// Sends one line and returns all the answer lines.
fn ask(session: &mut Session, line: &str) -> Vec<String> {
    let (lines, flow) = session.handle(line);
    assert_eq!(flow, Flow::Continue);
    lines
}

#[test]
fn analyse_without_a_game_or_with_garbage_is_an_error() {
    let mut s = Session::new();
    let lines = ask(&mut s, "analyse");
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("error: "), "{lines:?}");
    assert_eq!(ask(&mut s, "new loa"), ["ok"]);
    for garbage in [
        "analyse now",
        "analyse nodes=0",
        "analyse nodes=x",
        "analyse \u{1b}[2J",
    ] {
        let lines = ask(&mut s, garbage);
        assert_eq!(lines.len(), 1, "{garbage:?}");
        assert!(lines[0].starts_with("error: "), "{garbage:?}: {lines:?}");
        assert!(!lines[0].contains('\u{1b}'));
    }
    // Nothing was played yet: no plies, just the end.
    assert_eq!(ask(&mut s, "analyse nodes=100"), ["."]);
}

#[test]
fn analyse_gives_one_line_per_ply_then_a_dot() {
    for game in ["loa", "simultana", "barrier", "lightning seed=4"] {
        let mut s = Session::new();
        assert_eq!(ask(&mut s, &format!("new {game}")), ["ok"]);
        // Three plies: each time the last legal move, so that the AI rarely agrees with it.
        let mut played = Vec::new();
        for _ in 0..3 {
            let legal = ask(&mut s, "legal")[0].clone();
            let mv = legal.split(' ').next_back().expect("a move").to_string();
            assert_eq!(ask(&mut s, &format!("moves {mv}")), ["ok"], "{game} {mv}");
            played.push(mv);
        }
        let lines = ask(&mut s, "analyse nodes=300");
        assert_eq!(lines.len(), played.len() + 1, "{game}: {lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("."));
        let mut replay = Session::new();
        ask(&mut replay, &format!("new {game}"));
        for (i, line) in lines[..played.len()].iter().enumerate() {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 5, "{line}");
            assert_eq!(words[0], "ply");
            assert_eq!(words[1], (i + 1).to_string());
            assert_eq!(words[2], played[i], "{line}");
            let legal = ask(&mut replay, "legal")[0].clone();
            let legal: Vec<&str> = legal.split(' ').skip(1).collect();
            assert!(
                legal.contains(&words[4]),
                "{line}: the best move is not legal"
            );
            let eval: f64 = words[3].parse().expect("a number");
            assert!((0.0..=1.0).contains(&eval), "{line}");
            assert_eq!(ask(&mut replay, &format!("moves {}", words[2])), ["ok"]);
        }
        // Asking again gives the same answer: the analysis is reproducible and changes nothing.
        assert_eq!(ask(&mut s, "analyse nodes=300"), lines);
    }
}

#[test]
fn analyse_follows_new_and_failed_moves() {
    let mut s = Session::new();
    ask(&mut s, "new simultana");
    ask(&mut s, "moves a2-a3");
    // A failing command plays nothing, and `new` starts the history again.
    let reply = ask(&mut s, "legal")[0].clone();
    let reply = reply.split(' ').nth(1).expect("a move");
    assert!(ask(&mut s, &format!("moves {reply} zz"))[0].starts_with("error: 2:"));
    assert_eq!(ask(&mut s, "analyse nodes=50").len(), 2);
    ask(&mut s, "new simultana");
    assert_eq!(ask(&mut s, "analyse nodes=50"), ["."]);
}
