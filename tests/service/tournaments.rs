//! Tournaments run by the service to their end on a real database: a Swiss of nine (a late
//! entry, a withdrawal, a requested bye, a forfeit on time) and a double round robin of four,
//! every game an ordinary match played through the table, and the process killed in every state
//! a tournament can be found in.

use super::common::*;
use parlor::games::GameKind;
use parlor::table::tournaments::{Event, Status, Tournaments};
use parlor::table::{Act, Actor, Place, Reply, Stamp, TournamentSpec};
use parlor::tournament::event::{BoardResult, Format, Tournament};

/// The tournament's channel.
pub(super) fn hall() -> Place {
    channel(500)
}

/// Player `i` (from 1).
fn player(i: u64) -> Actor {
    Actor::new(10_000 + i, format!("P{i}"))
}

fn organiser() -> Actor {
    player(1)
}

/// Kills the process at once: nothing is closed or finished, memory is lost; a new process
/// starts on the same database (its restore is what is tested).
async fn crash(w: &mut World) {
    w.start_again(config(&w.clock)).await;
}

pub(super) async fn event(w: &World, id: i64) -> Event {
    w.table
        .tournaments()
        .event(id)
        .await
        .expect("read")
        .expect("exists")
}

pub(super) fn answered(r: Result<Reply, parlor::table::shell::Fail>, id: &str) -> Reply {
    match r {
        Ok(reply) => {
            assert!(said(&reply).contains(&id), "{id} not in {}", reply.text());
            reply
        }
        Err(fail) => panic!("{id} expected, refused: {fail}"),
    }
}

pub(super) fn refused(r: Result<Reply, parlor::table::shell::Fail>, id: &str) {
    match r {
        Err(parlor::table::shell::Fail::Refuse(msg)) => assert_eq!(msg.id, id),
        other => panic!("{id} expected, got {other:?}"),
    }
}

/// The thread of match `m` (the transport starts one per game).
pub(super) fn thread_of(m: i64) -> Place {
    Place {
        parent: Some(hall().channel),
        ..channel(900_000 + m as u64)
    }
}

/// The transport tells the table, as `who`, that it started match `m`'s thread (its first
/// message, seq 0); the thread, once the table has taken it.
pub(super) async fn thread_started(w: &World, who: &Actor, m: i64) -> Place {
    let place = thread_of(m);
    let started = Act::ThreadStarted {
        thread: place,
        card: None,
    }
    .at(Stamp {
        match_id: m,
        seq: 0,
    });
    let r = w.run(who, place, started).await;
    assert!(!r.private, "{}", r.text());
    place
}

/// The organiser opens `spec` in the hall and players 1 to `players` join it; its id.
async fn opened_with(t: &Tournaments, spec: TournamentSpec, players: u64) -> i64 {
    answered(
        t.create(&organiser(), &hall(), spec).await,
        "tournament-card-title",
    );
    let id = t.here(&hall()).await.expect("open here");
    for i in 1..=players {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    id
}

/// A round robin (`double`: each pair meets twice) of Lines of Action, an hour a game.
fn round_robin(double: bool) -> TournamentSpec {
    TournamentSpec {
        clock: Some("1h".into()),
        ..TournamentSpec::new(GameKind::Loa, Format::RoundRobin { double })
    }
}

/// How a test wants a board to end.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Want {
    WhiteWins,
    BlackWins,
    Draw,
    /// White never moves and runs out of time.
    WhiteForfeits,
}

impl Want {
    fn result(self) -> BoardResult {
        match self {
            Want::WhiteWins => BoardResult::WhiteWins,
            Want::BlackWins => BoardResult::BlackWins,
            Want::Draw => BoardResult::Draw,
            Want::WhiteForfeits => BoardResult::WhiteForfeits,
        }
    }
}

pub(super) fn actor_of(e: &Event, index: usize) -> Actor {
    let seat = e.seat(index).expect("a player");
    Actor::new(seat.id, seat.name.clone())
}

/// One move by `who` in the game played in `place`.
pub(super) async fn one_move(w: &World, who: &Actor, place: Place) {
    let hints = w.table.matches().move_hints(&place, "").await;
    assert!(!hints.is_empty(), "no legal move");
    let r = w.run(who, place, Act::Move(hints[0].clone())).await;
    assert!(!r.private, "move refused: {}", r.text());
}

/// Plays board `board` of the round being played as `want` says (a forfeit only starts: the
/// clock does the rest).
async fn play(w: &World, e: &Event, board: usize, want: Want) {
    let boards = e.tournament.current.as_ref().expect("a round");
    let b = boards[board];
    let black = b.pairing.black.expect("not the bye");
    let (white, black) = (actor_of(e, b.pairing.white), actor_of(e, black));
    let m = *e.games.get(&board).expect("its match");
    let place = thread_started(w, &white, m).await;
    if want == Want::WhiteForfeits {
        return;
    }
    one_move(w, &white, place).await;
    one_move(w, &black, place).await;
    let end = match want {
        Want::WhiteWins => w.run(&black, place, Act::Resign).await,
        Want::BlackWins => w.run(&white, place, Act::Resign).await,
        _ => {
            let offer = w.run(&white, place, Act::Draw).await;
            assert!(!offer.private, "{}", offer.text());
            w.run(&black, place, Act::Draw).await
        }
    };
    assert!(is_over(&end), "{}", end.text());
}

/// Every match of tournament `id` and the boards they were created for, counted in the store.
async fn games_stored(w: &World, id: i64) -> (i64, i64) {
    let links = w.count_tournament_games(id, "*").await;
    let distinct = w
        .count_tournament_games(id, "DISTINCT round * 1000 + board")
        .await;
    (links, distinct)
}

/// The games of the round in progress that have no result yet.
fn pending(e: &Event) -> Vec<usize> {
    e.tournament
        .current
        .as_ref()
        .map(|boards| {
            (0..boards.len())
                .filter(|&i| boards[i].result.is_none())
                .collect()
        })
        .unwrap_or_default()
}

/// What the test wants of each board of the Swiss: the first board of round 1 is a forfeit on
/// time, a few draws, otherwise wins alternating by board.
fn swiss_want(round: usize, board: usize) -> Want {
    match (round, board) {
        (0, 0) => Want::WhiteForfeits,
        (r, b) if (r + b) % 3 == 0 => Want::Draw,
        (_, b) if b % 2 == 0 => Want::WhiteWins,
        _ => Want::BlackWins,
    }
}

#[tokio::test]
async fn a_swiss_of_nine_runs_to_its_end_through_kill_9_in_every_state() {
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    let spec = TournamentSpec {
        rounds: Some(4),
        clock: Some("1h".into()),
        interval_secs: Some(3 * 3600),
        ..TournamentSpec::new(GameKind::Loa, Format::Swiss)
    };
    answered(
        t.create(&organiser(), &hall(), spec.clone()).await,
        "tournament-card-title",
    );
    refused(
        t.create(&player(2), &hall(), spec).await,
        "err-tournament-here",
    );
    let id = t.here(&hall()).await.expect("open here");
    // The engine, fed the same transitions by hand: what the service must end with.
    let mut expected = Tournament::new(Format::Swiss, 4);
    for i in 1..=8 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
        expected
            .register(&format!("u{}", player(i).id), &player(i).name, 0)
            .expect("registers");
    }
    refused(
        t.join(&player(3), &hall()).await,
        "err-tournament-registered",
    );
    refused(
        t.begin(&player(2), &hall()).await,
        "err-tournament-organiser",
    );
    // Killed while open: the entries are kept.
    crash(&mut w).await;
    let t = w.table.tournaments().clone();
    assert_eq!(event(&w, id).await.tournament.members.len(), 8);
    // The answer says it started; round 1's pairings are announced (not said twice).
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    let reply = answered(t.pairings(&hall()).await, "tournament-round");
    assert_eq!(
        said(&reply)
            .iter()
            .filter(|&&s| s == "tournament-board")
            .count(),
        4
    );
    expected.pair_round().expect("round 1");
    // Round 1: a late entry and a bye asked for round 2 while it is played.
    answered(t.join(&player(9), &hall()).await, "tournament-late-entry");
    expected
        .register(&format!("u{}", player(9).id), "P9", 0)
        .expect("late");
    answered(t.bye(&player(3), &hall()).await, "tournament-bye-requested");
    refused(t.bye(&player(3), &hall()).await, "err-tournament-bye-limit");
    let three = expected.find(&format!("u{}", player(3).id)).expect("p3");
    expected.request_bye(three).expect("bye");
    let e = event(&w, id).await;
    assert_eq!(e.tournament, expected, "round 1 as the engine pairs it");
    // Two boards played, then killed mid-round: nothing lost, nothing paired twice.
    for board in 1..3 {
        play(&w, &e, board, swiss_want(0, board)).await;
        expected
            .record_result(board, swiss_want(0, board).result())
            .expect("recorded");
    }
    t.tick().await;
    crash(&mut w).await;
    let e = event(&w, id).await;
    assert_eq!(e.tournament, expected, "results kept through the crash");
    assert_eq!(games_stored(&w, id).await, (4, 4));
    // Board 4 is played; board 1's first player never moves, and the time runs out while the
    // process is down: the restart finds the forfeit and records it.
    play(&w, &e, 3, swiss_want(0, 3)).await;
    expected
        .record_result(3, swiss_want(0, 3).result())
        .expect("recorded");
    play(&w, &e, 0, Want::WhiteForfeits).await;
    w.table.tournaments().tick().await;
    drop(e);
    w.clock.advance_secs(3601);
    crash(&mut w).await;
    expected
        .record_result(0, BoardResult::WhiteForfeits)
        .expect("forfeit");
    let e = event(&w, id).await;
    assert_eq!(
        e.tournament, expected,
        "the forfeit on time recorded at the restart"
    );
    assert!(e.tournament.current.is_none(), "round 1 is over");
    // Between rounds (the next at a fixed interval): killed, round 2 is paired once, when due.
    assert_eq!(e.next_round_at, Some(START_MS + 3 * 3600 * 1000));
    let t = w.table.tournaments().clone();
    answered(t.leave(&player(8), &hall()).await, "tournament-left");
    let eight = expected.find(&format!("u{}", player(8).id)).expect("p8");
    expected.withdraw(eight).expect("withdraws");
    refused(
        t.join(&player(8), &hall()).await,
        "err-tournament-registered",
    );
    crash(&mut w).await;
    assert_eq!(w.table.tournaments().tick().await, 0, "not due yet");
    w.clock.advance_secs(3 * 3600 - 3601);
    crash(&mut w).await;
    expected.pair_round().expect("round 2");
    let e = event(&w, id).await;
    assert_eq!(e.tournament, expected, "round 2 as the engine pairs it");
    let boards = e.tournament.current.clone().expect("round 2");
    assert!(
        boards
            .iter()
            .all(|b| b.pairing.white != eight && b.pairing.black != Some(eight))
    );
    assert!(
        boards
            .iter()
            .all(|b| b.pairing.white != three && b.pairing.black != Some(three))
    );
    assert_eq!(
        boards.iter().filter(|b| b.pairing.black.is_none()).count(),
        1,
        "one bye"
    );
    // Entries close once half the rounds are paired.
    refused(
        w.table.tournaments().join(&player(20), &hall()).await,
        "err-tournament-closed",
    );
    // Killed after round 3 is paired but before its games were written: the restart opens
    // each game once. (The state such a kill leaves: the round in the tournament, no match.)
    let mut round = 1;
    loop {
        let e = event(&w, id).await;
        if e.status == Status::Over {
            break;
        }
        if e.tournament.current.is_none() {
            w.clock.advance_secs(3 * 3600);
            w.table.tournaments().tick().await;
            if round == 2 {
                let links = format!(
                    "SELECT match_id FROM tournament_games WHERE tournament_id = {id} AND round = 2"
                );
                for table in ["moves", "match_seats"] {
                    w.exec(&format!("DELETE FROM {table} WHERE match_id IN ({links})"))
                        .await;
                }
                let ids = w
                    .sql_i64(&format!("SELECT COUNT(*) FROM ({links}) AS l"))
                    .await;
                assert!(ids > 0, "round 3's games were opened");
                w.exec(&format!(
                    "DELETE FROM tournament_games WHERE tournament_id = {id} AND round = 2"
                ))
                .await;
                w.exec(
                    "DELETE FROM matches WHERE id NOT IN (SELECT match_id FROM tournament_games) \
                     AND status = 'live'",
                )
                .await;
                crash(&mut w).await;
            }
            expected.pair_round().expect("pairs");
            let e = event(&w, id).await;
            assert_eq!(
                e.tournament,
                expected,
                "round {} as the engine pairs it",
                round + 1
            );
            continue;
        }
        for board in pending(&e) {
            let want = match swiss_want(round, board) {
                Want::WhiteForfeits => Want::WhiteWins,
                want => want,
            };
            play(&w, &e, board, want).await;
            expected
                .record_result(board, want.result())
                .expect("recorded");
        }
        w.table.tournaments().tick().await;
        round += 1;
    }
    let e = event(&w, id).await;
    assert_eq!(
        e.tournament, expected,
        "the whole tournament as the engine plays it"
    );
    assert!(e.tournament.finished());
    // Every board had one match, and only one.
    let boards: i64 = (0..4)
        .map(|r| {
            e.tournament
                .swiss
                .players
                .iter()
                .flatten()
                .filter(|p| p.games.get(r).is_some_and(|g| g.opponent.is_some()))
                .count() as i64
                / 2
        })
        .sum();
    assert_eq!(games_stored(&w, id).await, (boards, boards));
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM tournaments WHERE id = {id} AND status = 'over'"),
        1,
    )
    .await;
    // The forfeit is no game played; the requested bye gave half a point, the late entry's
    // first round is an absence, the withdrawn player is absent from round 2 on.
    let p = |i: usize| e.tournament.swiss.players[i].clone().expect("player");
    let forfeiter = (0..9)
        .find(|&i| p(i).games[0].opponent.is_some() && !p(i).games[0].played)
        .expect("a forfeit");
    assert!(!p(forfeiter).games[0].played);
    assert_eq!(
        p(three).games[1],
        parlor::tournament::Game::half_point_bye()
    );
    let late = expected.find(&format!("u{}", player(9).id)).expect("p9");
    assert_eq!(p(late).games[0], parlor::tournament::Game::absent());
    assert!(p(eight).games[1..].iter().all(|g| g.opponent.is_none()));
    // Standings: the engine's, in the announced order; the TRF export reads back the same.
    let standings = e.tournament.standings();
    assert_eq!(standings, expected.standings());
    assert!(standings.windows(2).all(|s| s[0].points >= s[1].points));
    assert_eq!(standings[0].rank, 1);
    let trf = parlor::tournament::trf::write(&e.tournament.swiss, "t");
    let back = parlor::tournament::trf::read_played(&trf).expect("reads back");
    assert_eq!(back.players.len(), 9);
    // Killed after the end: it is not restored, and its record stays.
    crash(&mut w).await;
    assert_eq!(w.table.tournaments().open_count(), 0);
    assert_eq!(event(&w, id).await.status, Status::Over);
    // Its standings are still read here, from the store (issue 41).
    answered(
        w.table.tournaments().standings(&hall()).await,
        "tournament-standings",
    );
}

/// The end a tournament is expected at (its calendar event's end) moves when a round runs past
/// its interval, and is the same after a restart.
#[tokio::test]
async fn the_expected_end_moves_when_a_round_runs_late() {
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    let hour = 3600 * 1000;
    let spec = TournamentSpec {
        rounds: Some(3),
        clock: Some("1d".into()),
        interval_secs: Some(3600),
        ..TournamentSpec::new(GameKind::Loa, Format::Swiss)
    };
    let id = opened_with(&t, spec, 4).await;
    let never = i64::MAX / 4;
    assert_eq!(
        event(&w, id).await.expected_end(START_MS),
        START_MS + 3 * hour,
        "before it starts: three rounds from the start"
    );
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    let e = event(&w, id).await;
    assert_eq!(e.expected_end(never), START_MS + 3 * hour, "on time");
    // Round 1 takes two hours instead of one: round 2 is paired late, and the end moves.
    w.clock.advance_secs(2 * 3600);
    for board in 0..2 {
        play(&w, &e, board, Want::WhiteWins).await;
    }
    t.tick().await;
    let e = event(&w, id).await;
    assert_eq!(e.tournament.swiss.played_rounds, 1);
    assert!(e.tournament.current.is_some(), "round 2 paired");
    assert_eq!(e.expected_end(never), START_MS + 4 * hour, "an hour late");
    crash(&mut w).await;
    assert_eq!(
        event(&w, id).await.expected_end(never),
        START_MS + 4 * hour,
        "the same after a restart"
    );
}

/// The double round robin's results, by players (1 to 4) and meeting (first or second): the
/// points the first named player makes.
fn meeting(a: u64, b: u64, first: bool) -> f64 {
    match (a.min(b), a.max(b)) {
        (1, 2) | (1, 4) | (2, 4) => {
            if a < b {
                1.0
            } else {
                0.0
            }
        }
        (1, 3) => 0.5,
        // 2 and 3 win one each, as do 3 and 4: the lower number wins the first meeting.
        _ => {
            if (a < b) == first {
                1.0
            } else {
                0.0
            }
        }
    }
}

#[tokio::test]
async fn a_double_round_robin_of_four_ends_with_its_tie_breaks() {
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    let spec = round_robin(true);
    refused(
        t.create(
            &organiser(),
            &hall(),
            TournamentSpec {
                rounds: Some(3),
                ..spec.clone()
            },
        )
        .await,
        "err-tournament-rounds",
    );
    let id = opened_with(&t, spec, 2).await;
    refused(
        t.begin(&organiser(), &hall()).await,
        "err-tournament-round-robin",
    );
    // An entry taken back before the start leaves no trace.
    answered(t.join(&player(5), &hall()).await, "tournament-joined");
    answered(t.leave(&player(5), &hall()).await, "tournament-left");
    for i in 3..=4 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    refused(t.bye(&player(2), &hall()).await, "err-tournament-no-byes");
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    refused(t.join(&player(6), &hall()).await, "err-tournament-closed");
    let number = |e: &Event, index: usize| e.seat(index).expect("seat").id - 10_000;
    let mut crashed_mid_round = false;
    for round in 0..6 {
        let e = event(&w, id).await;
        assert_eq!(
            e.tournament.swiss.played_rounds,
            round,
            "round {}",
            round + 1
        );
        let boards = e.tournament.current.clone().expect("a round");
        assert_eq!(boards.len(), 2);
        for (board, b) in boards.iter().enumerate() {
            let (white, black) = (b.pairing.white, b.pairing.black.expect("four players"));
            let want = match meeting(number(&e, white), number(&e, black), round < 3) {
                1.0 => Want::WhiteWins,
                0.0 => Want::BlackWins,
                _ => Want::Draw,
            };
            play(&w, &e, board, want).await;
            if round == 3 && board == 0 {
                // Killed mid-round: the result is kept, and the other game goes on.
                crash(&mut w).await;
                crashed_mid_round = true;
            }
        }
        w.table.tournaments().tick().await;
    }
    assert!(crashed_mid_round);
    let e = event(&w, id).await;
    assert_eq!(e.status, Status::Over);
    // Everyone met everyone twice, once with each colour.
    for me in 0..4 {
        let games = &e.tournament.swiss.players[me]
            .as_ref()
            .expect("player")
            .games;
        assert_eq!(games.len(), 6);
        for other in (0..4).filter(|&o| o != me) {
            let colours: Vec<_> = games
                .iter()
                .filter(|g| g.opponent == Some(other))
                .map(|g| g.color)
                .collect();
            assert_eq!(colours.len(), 2);
            assert_ne!(colours[0], colours[1]);
        }
    }
    // Points 5, 3, 3, 1; 2 and 3 tied, even in their encounters, apart by Sonneborn-Berger:
    // 3 drew 1 (5 points) twice and beat 2 (3) and 4 (1): 9; 2 beat 3 once and 4 twice: 5.
    let table = e.tournament.standings();
    let row: Vec<(u64, usize, u32)> = table
        .iter()
        .map(|s| (number(&e, s.player), s.rank, s.points))
        .collect();
    assert_eq!(row, vec![(1, 1, 50), (3, 2, 30), (2, 3, 30), (4, 4, 10)]);
    let tiebreaks = |n: u64| {
        table
            .iter()
            .find(|s| number(&e, s.player) == n)
            .expect("ranked")
            .tiebreaks
            .clone()
    };
    // Direct encounter, Sonneborn-Berger (hundredths), wins.
    assert_eq!(tiebreaks(3)[1..], [900, 2]);
    assert_eq!(tiebreaks(2)[1..], [500, 3]);
    assert_eq!(tiebreaks(3)[0], tiebreaks(2)[0]);
    assert_eq!(games_stored(&w, id).await, (12, 12));
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM matches WHERE id IN (SELECT match_id FROM tournament_games WHERE tournament_id = {id}) AND status = 'finished'"),
        12,
    )
    .await;
    crash(&mut w).await;
    assert_eq!(event(&w, id).await.tournament, e.tournament);
}

#[tokio::test]
async fn two_friends_and_two_bots_at_their_levels_play_a_round_robin() {
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    let spec = round_robin(false);
    answered(
        t.create(&organiser(), &hall(), spec).await,
        "tournament-card-title",
    );
    refused(t.add_bot(&organiser(), &hall(), 2).await, "err-no-ai");
    // The same database, a process with the AI.
    w.start_with_ai().await;
    let t = w.table.tournaments().clone();
    let id = t.here(&hall()).await.expect("restored");
    for i in 1..=2 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    refused(
        t.add_bot(&player(2), &hall(), 2).await,
        "err-tournament-organiser",
    );
    refused(t.add_bot(&organiser(), &hall(), 6).await, "err-level");
    for level in [1, 3] {
        answered(
            t.add_bot(&organiser(), &hall(), level).await,
            "tournament-joined",
        );
    }
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    for round in 0..3 {
        let e = event(&w, id).await;
        for (board, b) in e
            .tournament
            .current
            .clone()
            .expect("a round")
            .iter()
            .enumerate()
        {
            let m = *e.games.get(&board).expect("its match");
            let seats = [b.pairing.white, b.pairing.black.expect("four")]
                .map(|i| e.seat(i).cloned().expect("seat"));
            let place = thread_started(&w, &organiser(), m).await;
            // A person resigns (to the other person: player 2 does); bots play it out.
            let people: Vec<_> = seats.iter().filter(|s| s.level.is_none()).collect();
            if let Some(loser) = people.iter().max_by_key(|s| s.id) {
                let end = w
                    .run(
                        &Actor::new(loser.id, loser.name.clone()),
                        place,
                        Act::Resign,
                    )
                    .await;
                assert!(is_over(&end), "{}", end.text());
            }
        }
        for _ in 0..4000 {
            w.table.tournaments().tick().await;
            if event(&w, id).await.tournament.swiss.played_rounds > round {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert_eq!(
            event(&w, id).await.tournament.swiss.played_rounds,
            round + 1
        );
    }
    let e = event(&w, id).await;
    assert_eq!(e.status, Status::Over);
    let points = |n: u64| {
        let index = e.player_of(10_000 + n).expect("player");
        e.tournament.swiss.score(index)
    };
    assert_eq!((points(1), points(2)), (10, 0));
    // The bots played at their levels, every game with a bot casual, the people's rated.
    let games = format!("SELECT match_id FROM tournament_games WHERE tournament_id = {id}");
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM matches WHERE id IN ({games}) AND vs_bot"),
        5,
    )
    .await;
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM matches WHERE id IN ({games}) AND rated"),
        1,
    )
    .await;
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM matches WHERE id IN ({games}) AND level IN (1, 3)"),
        5,
    )
    .await;
    w.assert_sql(
        &format!(
            "SELECT COUNT(*) FROM matches m JOIN match_seats s ON s.match_id = m.id \
             WHERE m.id IN ({games}) AND s.seat = 1 AND s.player_id = m.challenger_id"
        ),
        1,
    )
    .await;
}

/// A rated round robin of four in the test server, played to its end (white wins, except a
/// draw on every third board); its id. With `open_too`, a second one is left in its first
/// round, its games being played.
pub async fn club_round_robin(w: &mut World, open_too: bool) -> (i64, Option<i64>) {
    let t = w.table.tournaments().clone();
    let spec = TournamentSpec {
        rated: Some(true),
        ..round_robin(false)
    };
    let id = opened_with(&t, spec.clone(), 4).await;
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    for round in 0..3 {
        let e = event(w, id).await;
        let boards = e.tournament.current.clone().expect("a round");
        for board in 0..boards.len() {
            let want = if (round + board) % 3 == 0 {
                Want::Draw
            } else {
                Want::WhiteWins
            };
            play(w, &e, board, want).await;
        }
        w.table.tournaments().tick().await;
    }
    assert_eq!(event(w, id).await.status, Status::Over);
    if !open_too {
        return (id, None);
    }
    let next = channel(501);
    answered(
        t.create(&organiser(), &next, spec).await,
        "tournament-card-title",
    );
    let open = t.here(&next).await.expect("open there");
    for i in 1..=3 {
        answered(t.join(&player(i), &next).await, "tournament-joined");
    }
    answered(t.begin(&organiser(), &next).await, "tournament-started");
    (id, Some(open))
}

/// HTML-escapes text as maud writes it (names and words in the page).
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[tokio::test]
async fn a_tournament_is_on_its_servers_pages_with_its_rounds_pictures_and_trf_file() {
    use super::web::{SLUG, get, hide, not_found, publish, serve};
    use parlor::i18n::{Lang, Msg};
    let mut w = World::new().await;
    let (id, open) = club_round_robin(&mut w, true).await;
    let open = open.expect("a second one");
    let site = serve(w.table.store().clone()).await;
    let paths = [
        format!("/t/{id}"),
        format!("/t/{id}/standings.png"),
        format!("/t/{id}/podium.png"),
        format!("/t/{id}/round-1.png"),
        format!("/t/{id}/tournament-{id}.trf"),
    ];
    // The server's pages are off: none of it exists.
    not_found(&site, &paths).await;
    publish(&w).await;
    for path in &paths {
        let (status, headers, body) = get(&format!("{site}{path}"), &[]).await;
        assert_eq!(status, 200, "{path}: {body}");
        let kind = headers["content-type"]
            .to_str()
            .unwrap_or_default()
            .to_owned();
        if path.ends_with(".png") {
            let bytes = reqwest::get(format!("{site}{path}"))
                .await
                .expect("a picture")
                .bytes()
                .await
                .expect("its bytes");
            let image = image::load_from_memory(&bytes).expect("a PNG");
            assert_eq!(image.width(), 512, "{path}");
        } else if path.ends_with(".trf") {
            assert!(kind.starts_with("text/plain"), "{kind}");
            assert!(body.lines().any(|l| l.starts_with("012 ")), "{body}");
            assert_eq!(body.lines().filter(|l| l.starts_with("001 ")).count(), 4);
        }
    }
    // Addresses that do not exist, and never a 500.
    let missing = [
        "/t/424242".to_string(),
        "/t/x".to_string(),
        "/t/-1".to_string(),
        format!("/t/{id}/round-9.png"),
        format!("/t/{id}/round-0.png"),
        format!("/t/{id}/tournament-{open}.trf"),
        format!("/t/{open}/podium.png"),
        format!("/t/{open}/standings.png"),
        format!("/t/{id}/../../etc"),
    ];
    not_found(&site, &missing).await;
    let e = event(&w, id).await;
    let names: Vec<String> = (1..=4).map(|i| player(i).name).collect();
    for lang in Lang::ALL {
        let (status, _, body) = get(&format!("{site}/t/{id}?lang={}", lang.code()), &[]).await;
        assert_eq!(status, 200);
        for name in &names {
            assert!(body.contains(&format!(">{name}<")), "{name}: {body}");
        }
        // Every game's result links to its match page.
        for (round, board) in (0..3).flat_map(|r| (0..2).map(move |b| (r, b))) {
            let m = w
                .sql_i64(&format!(
                    "SELECT match_id FROM tournament_games WHERE tournament_id = {id} AND round = {round} AND board = {board}"
                ))
                .await;
            assert!(
                body.contains(&format!("href=\"/m/{m}")),
                "match {m}: {body}"
            );
        }
        // The standings, the crosstable and the rounds, in the page's language.
        for msg in [
            Msg::new("web-standings"),
            Msg::new("pic-crosstable"),
            Msg::new("web-rounds"),
            Msg::new("web-tournament-status")
                .plain("status", "over")
                .num("round", 3)
                .num("rounds", 3),
        ] {
            assert!(
                body.contains(&escaped(&msg.text(lang))),
                "{}: {body}",
                msg.id
            );
        }
        // The pictures, each with its words as `alt`.
        for file in ["podium.png", "standings.png"] {
            assert!(body.contains(&format!("/t/{id}/{file}?lang={}", lang.code())));
        }
        let winner = &e.tournament.standings()[0];
        let line = Msg::new("describe-standing")
            .num("rank", 1)
            .msg(
                "player",
                Msg::verbatim(e.seat(winner.player).expect("seat").name.clone()),
            )
            .plain("points", parlor::table::tournaments::points(winner.points))
            .text(lang);
        assert!(body.contains(&escaped(&line)), "alt: {line} in {body}");
        assert!(body.contains(&format!("/t/{id}/tournament-{id}.trf")));
    }
    // French from the browser's languages.
    let (_, _, body) = get(
        &format!("{site}/t/{id}"),
        &[("accept-language", "fr-FR,fr")],
    )
    .await;
    assert!(body.contains(&escaped(&Msg::new("web-standings").text(Lang::Fr))));
    // The tournament being played: its round's games are being played, no podium yet.
    let (status, _, body) = get(&format!("{site}/t/{open}"), &[]).await;
    assert_eq!(status, 200);
    assert_contains(&body, &escaped(&Msg::new("web-playing").text(Lang::En)));
    assert!(!body.contains("podium.png"));
    // Both are listed on the server's page.
    let (_, _, body) = get(&format!("{site}/s/{SLUG}"), &[]).await;
    for t in [id, open] {
        assert!(body.contains(&format!("href=\"/t/{t}\"")), "{t}: {body}");
    }
    // A player who hides is anonymous on the page, in its pictures' words and in the file.
    let hidden = player(2);
    hide(&w, hidden.id).await;
    let anonymous = Msg::new("web-anonymous").text(Lang::En);
    let (_, _, body) = get(&format!("{site}/t/{id}"), &[]).await;
    assert!(!body.contains(&hidden.name), "{body}");
    assert!(body.contains(&anonymous));
    let (_, _, trf) = get(&format!("{site}/t/{id}/tournament-{id}.trf"), &[]).await;
    assert!(!trf.contains(&hidden.name), "{trf}");
}

/// A sample of Prometheus's text format by its name and labels, as written.
fn sample(page: &str, key: &str) -> Option<f64> {
    page.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(' ')?.trim().parse().ok())
}

/// Fails unless the metrics `page` has each sample (name and labels, as written) at its value.
fn assert_samples(page: &str, want: &[(&str, f64)]) {
    for &(key, value) in want {
        assert_eq!(sample(page, key), Some(value), "{key} in {page}");
    }
}

#[tokio::test]
async fn tournaments_are_counted_in_the_metrics_and_their_restore_told_to_healthz() {
    // This test's own recorder, on its own thread (a current-thread runtime runs every task
    // of the services here).
    let recorder = metrics_exporter_prometheus::PrometheusBuilder::new().build_recorder();
    let handle = recorder.handle();
    let _local = metrics::set_default_local_recorder(&recorder);
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    assert_eq!(t.restore_check(), Ok("0 restored, 0 open".to_string()));
    let spec = TournamentSpec::new(GameKind::Loa, Format::Swiss);
    answered(
        t.create(&organiser(), &hall(), spec.clone()).await,
        "tournament-card-title",
    );
    for i in 1..=3 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    let page = handle.render();
    assert_samples(
        &page,
        &[
            ("parlor_tournaments{status=\"open\"}", 1.0),
            ("parlor_tournament_players", 3.0),
        ],
    );
    answered(t.begin(&organiser(), &hall()).await, "tournament-started");
    let page = handle.render();
    assert_samples(
        &page,
        &[
            ("parlor_tournaments{status=\"open\"}", 0.0),
            ("parlor_tournaments{status=\"running\"}", 1.0),
            ("parlor_tournament_rounds_paired_total", 1.0),
        ],
    );
    // A second one, whose stored state is then spoiled: after a kill -9 the first is rebuilt,
    // the second left as it is and named.
    let other = channel(502);
    answered(
        t.create(&organiser(), &other, spec).await,
        "tournament-card-title",
    );
    let spoiled = t.here(&other).await.expect("open there");
    w.exec(&format!(
        "UPDATE tournaments SET state = '{{' WHERE id = {spoiled}"
    ))
    .await;
    crash(&mut w).await;
    let t = w.table.tournaments().clone();
    let told = t.restore_check().expect("restored");
    assert!(told.starts_with("1 restored, 1 open"), "{told}");
    assert!(told.ends_with(&format!(": {spoiled}")), "{told}");
    let page = handle.render();
    assert_samples(
        &page,
        &[
            ("parlor_tournaments_unrestored", 1.0),
            ("parlor_tournaments{status=\"running\"}", 1.0),
            ("parlor_tournament_players", 3.0),
        ],
    );
    // Played to its end: counted no more.
    let id = t.here(&hall()).await.expect("the first");
    for _ in 0..5 {
        let e = event(&w, id).await;
        if e.status == Status::Over {
            break;
        }
        for board in pending(&e) {
            if e.tournament.current.as_ref().expect("a round")[board]
                .pairing
                .black
                .is_some()
            {
                play(&w, &e, board, Want::WhiteWins).await;
            }
        }
        w.table.tournaments().tick().await;
    }
    assert_eq!(event(&w, id).await.status, Status::Over);
    let page = handle.render();
    let rounds = event(&w, id).await.tournament.swiss.played_rounds as f64;
    assert_samples(
        &page,
        &[
            ("parlor_tournaments{status=\"running\"}", 0.0),
            ("parlor_tournament_players", 0.0),
            ("parlor_tournament_rounds_paired_total", rounds),
        ],
    );
}

/// A one-round Swiss of `game` in the hall, set to start in an hour: the service and its id.
async fn in_an_hour(w: &World, game: GameKind) -> (Tournaments, i64) {
    let t = w.table.tournaments().clone();
    let spec = TournamentSpec {
        rounds: Some(1),
        starts_at: Some(parlor::table::Clock::now_ms(&w.clock) + 3600 * 1000),
        ..TournamentSpec::new(game, Format::Swiss)
    };
    let card = answered(
        t.create(&organiser(), &hall(), spec).await,
        "tournament-card-title",
    );
    let id = card
        .tournament
        .as_ref()
        .map(|n| n.id)
        .expect("names its tournament");
    (t, id)
}

/// Ten minutes before a tournament starts at its set time, its players are reminded once, in
/// its thread once the transport has started one, with a ping to each person; at the time,
/// round 1 is paired by itself.
#[tokio::test]
async fn players_are_reminded_ten_minutes_before_the_start_then_round_1_pairs_itself() {
    let mut w = World::new().await;
    let (t, id) = in_an_hour(&w, GameKind::Simultana).await;
    // The transport posted the card and started the thread.
    let located = parlor::table::TournamentAct::Located {
        id,
        card: (hall().channel, 77),
        thread: Some(501),
    };
    w.table
        .handle(
            &Actor::new(0, "transport"),
            &hall(),
            Act::Tournament(located),
        )
        .await;
    for i in 1..=2 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    w.drain();
    w.clock.advance_secs(49 * 60);
    t.tick().await;
    assert!(w.drain().is_empty(), "nothing to say 11 minutes before");
    w.clock.advance_secs(60);
    t.tick().await;
    let notices = w.drain();
    let reminder = notices
        .iter()
        .find(|n| said(&n.reply).contains(&"tournament-reminder"))
        .expect("a reminder");
    assert_eq!(reminder.place.channel, 501, "in the tournament's thread");
    let mut pinged = reminder.reply.mentions.clone();
    pinged.sort_unstable();
    assert_eq!(pinged, vec![player(1).id, player(2).id]);
    w.clock.advance_secs(5 * 60);
    t.tick().await;
    assert!(
        !w.drain()
            .iter()
            .any(|n| said(&n.reply).contains(&"tournament-reminder")),
        "reminded once"
    );
    w.clock.advance_secs(5 * 60);
    t.tick().await;
    assert_eq!(event(&w, id).await.status, Status::Running);
    assert!(
        w.drain()
            .iter()
            .any(|n| said(&n.reply).contains(&"tournament-round") && n.place.channel == 501),
        "round 1 in the thread"
    );
}

/// A round's step is the service's work in hand from its pairings to its last game opened (and
/// a game's end until its tournament has taken the result): a transport that waits until
/// nothing is in hand after it sees the pairings sees every game of the round too.
#[tokio::test]
async fn a_round_is_in_hand_from_its_pairings_until_its_games_are_opened() {
    let mut w = World::new().await;
    let work = parlor::table::Work::default();
    w.restart_with(parlor::table::Config {
        work: work.clone(),
        ..config(&w.clock)
    })
    .await;
    let (t, id) = in_an_hour(&w, GameKind::Loa).await;
    for i in 1..=4 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    w.drain();
    w.clock.advance_secs(3600);
    let ticking = tokio::spawn(async move { t.tick().await });
    loop {
        let notice = w.notices.recv().await.expect("the round's notices");
        if said(&notice.reply).contains(&"tournament-round") {
            break;
        }
    }
    work.idle().await;
    let games = w
        .drain()
        .iter()
        .filter(|n| {
            n.reply
                .thread
                .as_ref()
                .is_some_and(|t| t.name.id == "tournament-game-thread")
        })
        .count();
    assert_eq!(games, 2, "four players, two games, both opened");
    assert_eq!(
        ticking.await.expect("the step"),
        1,
        "one tournament acted on"
    );
    assert_eq!(event(&w, id).await.games.len(), 2);

    // A game's end is in hand until its tournament has taken the result.
    let e = event(&w, id).await;
    play(&w, &e, 0, Want::WhiteWins).await;
    work.idle().await;
    let round = w
        .table
        .tournaments()
        .event(id)
        .await
        .expect("read")
        .expect("exists");
    let boards = round.tournament.current.expect("the round goes on");
    assert_eq!(boards[0].result, Some(BoardResult::WhiteWins));
    assert_eq!(boards[1].result, None);
}
