//! The tests of `parlor::tournament::arena`.
//!
//! Moved out of src/tournament/arena.rs (the library builds no unit-test harness).

use parlor::tournament::arena::*;
use proptest::prelude::*;

fn arena(n: usize) -> Arena {
    let mut a = Arena::new(1_000);
    for i in 0..n {
        a.join(&format!("p{i}"), 1500 + 10 * i as u32)
            .expect("joined");
    }
    a
}

#[test]
fn a_streak_doubles_and_berserk_adds_a_point_with_enough_moves() {
    let mut a = arena(2);
    let mut points = Vec::new();
    for (berserk, moves) in [(false, 10), (false, 10), (false, 10), (true, 10), (true, 3)] {
        let g = a.pair(0)[0];
        let winner = if a.games[g].white == 0 {
            ArenaResult::WhiteWins
        } else {
            ArenaResult::BlackWins
        };
        if berserk {
            a.berserk(g, 0).expect("berserk");
        }
        a.finish(g, winner, [moves; 2]).expect("finished");
        points.push(a.players[0].points);
    }
    // 2, 2, then on fire: 4, 4 + 1 berserk, 4 (too few moves for berserk).
    assert_eq!(points, [2, 4, 8, 13, 17]);
    // A draw ends the streak (counted double, once).
    let g = a.pair(0)[0];
    a.finish(g, ArenaResult::Draw, [10; 2]).expect("finished");
    assert_eq!(a.players[0].points, 19);
    assert_eq!(a.players[0].wins_in_row, 0);
    assert_eq!(a.players[1].points, 1);
    assert_eq!(a.standings(), [0, 1]);
    assert_eq!(
        a.finish(g, ArenaResult::Draw, [1; 2]),
        Err(ArenaError::Over)
    );
}

#[test]
fn no_game_after_the_end_but_running_games_count() {
    let mut a = arena(4);
    let games = a.pair(999);
    assert_eq!(games.len(), 2);
    assert!(a.pair(1_000).is_empty());
    assert!(!a.is_over(1_000));
    a.finish(games[0], ArenaResult::WhiteWins, [10; 2])
        .expect("counts");
    assert!(a.pair(1_001).is_empty(), "no new game after the end");
    a.finish(games[1], ArenaResult::Draw, [10; 2])
        .expect("counts");
    assert!(a.is_over(1_001));
    assert_eq!(a.players.iter().map(|p| p.points).sum::<u32>(), 4);
}

#[test]
fn the_last_opponent_only_when_nobody_else_waits() {
    let mut a = arena(3);
    a.set_paused(2, true).expect("paused");
    let g = a.pair(0)[0];
    a.finish(g, ArenaResult::Draw, [5; 2]).expect("done");
    // Two wait: they play again.
    let g = a.pair(0)[0];
    a.finish(g, ArenaResult::WhiteWins, [5; 2]).expect("done");
    // A third comes back: the leader plays them, not the last opponent next to them.
    a.set_paused(2, false).expect("back");
    let leader = a.standings()[0];
    let paired = a.pair(0)[0];
    let g = &a.games[paired];
    assert!(g.white == leader || g.black == leader);
    assert!(g.white == 2 || g.black == 2, "{g:?}");
}

#[test]
fn a_paused_player_is_not_paired_until_they_come_back() {
    let mut a = arena(3);
    a.set_paused(2, true).expect("paused");
    let g = a.pair(0);
    assert_eq!(g.len(), 1);
    assert!(a.games[g[0]].white != 2 && a.games[g[0]].black != 2);
    a.set_paused(2, false).expect("back");
    a.finish(g[0], ArenaResult::Draw, [5; 2]).expect("done");
    assert_eq!(a.pair(0).len(), 1);
}

proptest! {
    /// Whatever the results, the waiting players are paired two by two, nobody twice at
    /// once, nobody with their last opponent while someone else waits for a game.
    #[test]
    fn pairings_keep_the_rules(n in 2usize..30, results in prop::collection::vec(0u8..3, 0..200)) {
        let mut a = arena(n);
        let mut results = results.into_iter();
        for step in 0..40 {
            let waiting: Vec<usize> = (0..n).filter(|&i| a.waiting(i)).collect();
            let new = a.pair(step);
            let mut seen = std::collections::HashSet::new();
            for &g in &new {
                let (w, b) = (a.games[g].white, a.games[g].black);
                prop_assert!(w != b);
                prop_assert!(seen.insert(w) && seen.insert(b));
                prop_assert!(waiting.contains(&w) && waiting.contains(&b));
            }
            // Everyone waiting plays, but one of an odd number.
            let left = waiting.iter().filter(|p| !seen.contains(p)).count();
            prop_assert_eq!(left, waiting.len() % 2);
            // End one running game per step.
            if let Some(g) = a.games.iter().position(|g| g.result.is_none()) {
                let r = match results.next().unwrap_or(2) {
                    0 => ArenaResult::WhiteWins,
                    1 => ArenaResult::BlackWins,
                    _ => ArenaResult::Draw,
                };
                a.finish(g, r, [10; 2]).expect("finished");
            }
        }
        let playing = a.players.iter().filter(|p| p.playing.is_some()).count();
        prop_assert_eq!(playing, 2 * a.games.iter().filter(|g| g.result.is_none()).count());
    }
}
