//! The tests of `parlor::tournament::event`.
//!
//! Moved out of src/tournament/event.rs (the library builds no unit-test harness).

use parlor::tournament::Game;
use parlor::tournament::Outcome;

use parlor::tournament::event::*;

/// Plays the tournament to its end (the round in progress first), `pick` giving results.
fn play_all(t: &mut Tournament, pick: impl Fn(usize, &Board) -> BoardResult) {
    let mut guard = 0;
    while !t.finished() && guard < 100 {
        guard += 1;
        if t.current.is_none() {
            let paired = t.pair_round();
            assert!(
                paired.is_ok(),
                "round {}: {paired:?}",
                t.swiss.played_rounds + 1
            );
        }
        let boards = t.current.clone().unwrap_or_default();
        for (i, board) in boards.iter().enumerate() {
            if board.result.is_none() {
                assert_eq!(
                    t.record_result(i, pick(t.swiss.played_rounds, board)),
                    Ok(())
                );
            }
        }
    }
    assert!(t.finished());
}

#[test]
fn a_swiss_of_nine_with_a_late_entry_a_withdrawal_a_bye_and_a_forfeit() {
    let mut t = Tournament::new(Format::Swiss, 5);
    for i in 0..8 {
        assert!(
            t.register(
                &format!("p{i}"),
                &format!("Player {i}"),
                2000 - i as u32 * 50
            )
            .is_ok()
        );
    }
    assert_eq!(
        t.register("p0", "again", 0),
        Err(TournamentError::AlreadyRegistered)
    );
    let boards = t.pair_round().unwrap_or_default();
    assert_eq!(boards.len(), 4);
    // Round 1: 1-5, 6-2, 3-7, 8-4 (top half against bottom half, colours alternating).
    let numbers: Vec<(usize, Option<usize>)> = boards
        .iter()
        .map(|b| (b.pairing.white + 1, b.pairing.black.map(|x| x + 1)))
        .collect();
    assert_eq!(
        numbers,
        vec![(1, Some(5)), (6, Some(2)), (3, Some(7)), (8, Some(4))]
    );
    // A late entry while round 1 is played.
    let late = t.register("late", "Late", 1500);
    assert_eq!(late, Ok(8));
    assert_eq!(t.request_bye(2), Ok(()));
    assert_eq!(t.request_bye(2), Err(TournamentError::ByeLimit));
    assert_eq!(t.record_result(0, BoardResult::WhiteWins), Ok(()));
    assert_eq!(
        t.record_result(0, BoardResult::Draw),
        Err(TournamentError::BadResult)
    );
    assert_eq!(t.record_result(1, BoardResult::WhiteForfeits), Ok(()));
    assert_eq!(t.record_result(2, BoardResult::Draw), Ok(()));
    assert_eq!(t.record_result(3, BoardResult::BlackWins), Ok(()));
    assert!(t.current.is_none());
    assert_eq!(t.withdraw(7), Ok(()));
    let boards = t.pair_round().unwrap_or_default();
    // Nine players, one withdrawn, one on a requested bye: seven paired, one bye.
    assert_eq!(boards.len(), 4);
    assert!(
        boards
            .iter()
            .all(|b| b.pairing.white != 7 && b.pairing.black != Some(7))
    );
    assert!(
        boards
            .iter()
            .all(|b| b.pairing.white != 2 && b.pairing.black != Some(2))
    );
    assert_eq!(
        boards.iter().filter(|b| b.pairing.black.is_none()).count(),
        1
    );
    let before = t.clone();
    assert_eq!(t.pair_round(), Err(TournamentError::RoundInProgress));
    assert_eq!(t, before);
    play_all(&mut t, |round, board| {
        if (round + board.pairing.white) % 3 == 0 {
            BoardResult::Draw
        } else {
            BoardResult::WhiteWins
        }
    });
    let table = t.standings();
    assert_eq!(table.len(), 9);
    assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
    // The requested bye gave half a point, the forfeit counted no game.
    let e2 = t.swiss.players[2].as_ref().map(|e| e.games[1]);
    assert_eq!(e2, Some(Game::half_point_bye()));
    let forfeit = t.swiss.players[5].as_ref().map(|e| e.games[0]);
    assert_eq!(
        forfeit.map(|g| (g.played, g.outcome)),
        Some((false, Outcome::Loss))
    );
    // It serializes and comes back the same.
    let text = serde_json::to_string(&t).unwrap_or_default();
    let back: Option<Tournament> = serde_json::from_str(&text).ok();
    assert_eq!(back.as_ref(), Some(&t));
}

#[test]
fn a_double_round_robin_of_four_plays_six_rounds() {
    let mut t = Tournament::new(Format::RoundRobin { double: true }, 0);
    for i in 0..4 {
        assert!(t.register(&format!("p{i}"), "", 0).is_ok());
    }
    play_all(&mut t, |_, _| BoardResult::WhiteWins);
    assert_eq!(t.swiss.played_rounds, 6);
    assert_eq!(
        t.register("late", "", 0),
        Err(TournamentError::EntriesClosed)
    );
    // Everyone played everyone twice, once with each colour: three wins each.
    assert!(t.standings().iter().all(|s| s.points == 30 && s.rank == 1));
}

#[test]
fn a_round_robin_without_players_has_no_round() {
    let t = Tournament::new(Format::RoundRobin { double: true }, 0);
    assert_eq!(t.rounds(), 0);
    assert!(!t.finished());
}

#[test]
fn default_rounds_find_a_winner() {
    assert_eq!(default_rounds(2), 1);
    assert_eq!(default_rounds(8), 4);
    assert_eq!(default_rounds(9), 5);
    assert_eq!(default_rounds(4), 3);
    assert_eq!(default_rounds(100), 8);
}
