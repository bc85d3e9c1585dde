//! The tests of `parlor::tournament::standings`.
//!
//! Moved out of src/tournament/standings.rs (the library builds no unit-test harness).

use parlor::tournament::Outcome;
use parlor::tournament::Swiss;

use parlor::tournament::standings::*;
use parlor::tournament::{Color, Entrant, Game};

fn swiss(rounds: &[&[(usize, usize, Outcome)]], players: usize) -> Swiss {
    let mut s = Swiss::new(rounds.len());
    s.players = (0..players).map(|_| Some(Entrant::default())).collect();
    s.order = (0..players).collect();
    for (r, boards) in rounds.iter().enumerate() {
        for &(w, b, outcome) in boards.iter() {
            let back = match outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            };
            if let Some(e) = s.players[w].as_mut() {
                e.games.push(Game::against(b, Color::White, outcome, true));
            }
            if let Some(e) = s.players[b].as_mut() {
                e.games.push(Game::against(w, Color::Black, back, true));
            }
        }
        for e in s.players.iter_mut().flatten() {
            if e.games.len() <= r {
                e.games.push(Game::pairing_bye());
            }
        }
    }
    s.played_rounds = rounds.len();
    s
}

#[test]
fn a_worked_swiss_example() {
    use Outcome::*;
    // Five players, three rounds; the bye (worth a win) goes to 4, then 2, then 0.
    let s = swiss(
        &[
            &[(0, 1, Win), (2, 3, Draw)],
            &[(3, 0, Loss), (4, 2, Win)],
            &[(1, 4, Draw), (2, 3, Win)],
        ],
        5,
    );
    // Scores: 0: 1+1+1(bye)=3, 1: 0+1(bye)+.5=1.5, 2: .5+0+1=1.5, 3: .5+0+0=0.5, 4: 1(bye)+1+.5=2.5
    let table = standings(&s, &SWISS);
    let order: Vec<usize> = table.iter().map(|s| s.player).collect();
    assert_eq!(order[0], 0);
    assert_eq!(order[1], 4);
    assert_eq!(table[0].points, 30);
    // Player 0: opponents 1 (1.5) and 3 (0.5), the bye counts as a dummy with 3 points.
    assert_eq!(table[0].tiebreaks[1], 150 + 50 + 300);
    // Cut-1 cuts the unplayed round first.
    assert_eq!(table[0].tiebreaks[0], 150 + 50);
    // Players 1 and 2 tie on 1.5; 1: opponents 0 (3), 4 (2.5) + dummy 1.5 = 7.0;
    // 2: opponents 3 (0.5), 4 (2.5), 3 (0.5) = 3.5.
    let p1 = table.iter().find(|s| s.player == 1).map(|s| s.tiebreaks[1]);
    let p2 = table.iter().find(|s| s.player == 2).map(|s| s.tiebreaks[1]);
    assert_eq!((p1, p2), (Some(700), Some(350)));
    assert!(order.iter().position(|&p| p == 1) < order.iter().position(|&p| p == 2));
}

#[test]
fn direct_encounter_decides_when_all_tied_players_met() {
    use Outcome::*;
    // A round robin of three where everyone wins once: all tied, direct encounter equal,
    // Sonneborn-Berger equal too; wins equal; they share the first place.
    let s = swiss(&[&[(0, 1, Win)], &[(1, 2, Win)], &[(2, 0, Win)]], 3);
    let table = standings(&s, &ROUND_ROBIN);
    assert!(table.iter().all(|s| s.rank == 1));
    // Four players on one point each who have not all met: no separation.
    let s = swiss(
        &[&[(0, 1, Win), (2, 3, Win)], &[(1, 2, Win), (3, 0, Win)]],
        4,
    );
    let table = standings(&s, &ROUND_ROBIN);
    assert!(table.iter().all(|s| s.tiebreaks[0] == 0));
}

#[test]
fn arena_ranks_by_points_then_performance() {
    let table = arena(&[(0, 40, 1500), (1, 40, 1600), (2, 60, 1200), (3, 40, 1600)]);
    let order: Vec<(usize, usize)> = table.iter().map(|s| (s.player, s.rank)).collect();
    assert_eq!(order, vec![(2, 1), (1, 2), (3, 2), (0, 4)]);
    assert_eq!(performance(&[(1500, 10), (1700, 0)]), 1600);
    assert_eq!(performance(&[(1500, 10)]), 1900);
}
