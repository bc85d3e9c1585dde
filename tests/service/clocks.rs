//! Game clocks (`5+3`: each player's time for the whole game, seconds added after each move):
//! counted down move by move with the increment, shown on boards and pictures, reminded,
//! run out, refused when out of bounds, given to a tournament's games, and kept through a
//! restart without charging the player to move for the time the process was down.

use super::common::*;
use parlor::games::GameKind;
use parlor::table::tournaments::Status;
use parlor::table::{Act, Actor, ChallengeSpec, Opponent, Picture, Place, Reply, TournamentSpec};
use parlor::tournament::event::Format;
use parlor::tournament::{Game, Outcome};

/// Alice challenges Bob to a Simultana game on `clock`, and Bob accepts: the first board.
async fn timed(w: &World, clock: &str, place: Place) -> Reply {
    let (a, b) = (alice(), bob());
    let mut spec = ChallengeSpec::new(GameKind::Simultana, Opponent::User(user(&b)));
    spec.clock = Some(clock.into());
    let card = w.run(&a, place, Act::Challenge(spec)).await;
    assert!(!card.private, "{}", card.text());
    let board = w.run(&b, place, Act::Accept).await;
    assert!(!board.private, "{}", board.text());
    board
}

/// The times left by seat (ms) drawn on a board's picture.
fn clocks(board: &Reply) -> Vec<i64> {
    match &board.picture {
        Some(Picture::Board { clocks, .. }) => clocks.clone(),
        other => panic!("no board picture: {other:?}"),
    }
}

/// The seat the board's mentioned player (the one to move) holds: Alice is seat 0 or 1 at
/// random, so the tests find seats from the players.
fn seat_of(w_seats: &[u64; 2], id: u64) -> usize {
    w_seats.iter().position(|&s| s == id).expect("a player")
}

/// The players' ids by seat in match `id`.
async fn seats(w: &World, id: i64) -> [u64; 2] {
    let seat =
        |n: i64| format!("SELECT player_id FROM match_seats WHERE match_id = {id} AND seat = {n}");
    [
        w.sql_i64(&seat(0)).await as u64,
        w.sql_i64(&seat(1)).await as u64,
    ]
}

/// Which of Alice and Bob is to move on this board, and the other.
fn mover(board: &Reply) -> (Actor, Actor) {
    let (a, b) = (alice(), bob());
    let (first, second) = super::to_move(board, [&a, &b]);
    (first.clone(), second.clone())
}

/// A `5+3` game of Alice and Bob after its first two moves.
struct Opening {
    id: i64,
    /// The first player to move and the second, and their seats.
    first: Actor,
    second: Actor,
    one: usize,
    two: usize,
    /// The first board and the boards after the first move (made after 10 s) and the second
    /// (after 20 s more).
    boards: [Reply; 3],
}

async fn opening(w: &World, place: Place) -> Opening {
    let start = timed(w, "5+3", place).await;
    let id = start.match_id.expect("a match");
    let by_seat = seats(w, id).await;
    let (first, second) = mover(&start);
    let (one, two) = (seat_of(&by_seat, first.id), seat_of(&by_seat, second.id));
    w.clock.advance_secs(10);
    let after_one = w.play_one(place, &start, &[&first, &second]).await;
    w.clock.advance_secs(20);
    let after_two = w.play_one(place, &after_one, &[&first, &second]).await;
    Opening {
        id,
        first,
        second,
        one,
        two,
        boards: [start, after_one, after_two],
    }
}

#[tokio::test]
async fn a_game_clock_counts_each_players_time_with_its_increment_then_runs_out() {
    let mut w = World::new().await;
    let place = channel(1);
    let Opening {
        id,
        first,
        second,
        one,
        two,
        boards,
    } = opening(&w, place).await;
    assert_shows(&boards[0], "5+3 game clock");
    assert_has(&boards[0], "clocks-line");
    assert_eq!(clocks(&boards[0]), [300_000, 300_000]);
    // The first player thought 10 s: 290 s left, 3 s added; the second 20 s.
    let times = clocks(&boards[1]);
    assert_eq!((times[one], times[two]), (293_000, 300_000));
    let times = clocks(&boards[2]);
    assert_eq!((times[one], times[two]), (293_000, 283_000));
    // The board shown again 5 s later: the time to move has gone down, the other's has not,
    // in the text as on the picture.
    w.clock.advance_secs(5);
    let again = w.run(&first, place, Act::Board).await;
    let times = clocks(&again);
    assert_eq!((times[one], times[two]), (288_000, 283_000));
    assert_shows(&again, &format!("@{} 4:48", first.name));
    assert_shows(&again, &format!("@{} 4:43", second.name));
    // A tenth of the whole time (30 s) left: reminded once.
    w.clock.advance_secs(288 - 31);
    assert_eq!(w.table.matches().tick().await, 0);
    let reminder = w.the_notice_after(1).await;
    assert_says(&reminder.reply, "notice-your-move");
    assert_eq!(reminder.reply.mentions, [first.id]);
    assert_eq!(w.table.matches().tick().await, 0, "reminded once");
    // Out of time: the opponent wins.
    w.clock.advance_secs(29);
    assert_eq!(w.table.matches().tick().await, 0, "one second left");
    let out = w.the_notice_after(1).await;
    assert_says(&out.reply, "head-out-of-time");
    assert_has(&out.reply, "result-win-timeout");
    w.assert_sql(
        &format!("SELECT winner_seat FROM matches WHERE id = {id} AND reason = 'timeout'"),
        two as i64,
    )
    .await;
}

#[tokio::test]
async fn a_player_short_of_time_is_not_reminded_at_every_move() {
    let mut w = World::new().await;
    let place = channel(1);
    let board = timed(&w, "1+0", place).await;
    let (first, second) = mover(&board);
    // The first player spends 55 of their 60 s at once, then moves.
    w.clock.advance_secs(5);
    w.table.matches().tick().await;
    w.clock.advance_secs(50);
    let reminder = w.the_notice_after(0).await;
    assert_says(&reminder.reply, "notice-your-move");
    let board = w.play_one(place, &board, &[&first, &second]).await;
    let board = w.play_one(place, &board, &[&first, &second]).await;
    // Their next turn begins with 5 s, less than a tenth: no reminder, only the end.
    assert_eq!(w.table.matches().tick().await, 0);
    w.clock.advance_secs(4);
    assert_eq!(w.table.matches().tick().await, 0);
    let out = w.the_notice_after(1).await;
    assert_says(&out.reply, "head-out-of-time");
    assert!(w.drain().is_empty());
    drop(board);
}

#[tokio::test]
async fn a_takeback_gives_the_turn_back_with_the_time_each_had() {
    let w = World::new().await;
    let place = channel(1);
    let Opening {
        first,
        second,
        one,
        two,
        ..
    } = opening(&w, place).await;
    // The second player asks back their move 7 s into the first's turn; the first agrees.
    w.clock.advance_secs(7);
    let ask = w.run(&second, place, Act::Takeback).await;
    assert!(!ask.private, "{}", ask.text());
    let back = w.run(&first, place, Act::Takeback).await;
    assert_says(&back, "head-takeback");
    // The first keeps the 286 s they had left; the second moves again with what they had
    // banked (no increment for a move taken back).
    let times = clocks(&back);
    assert_eq!((times[one], times[two]), (286_000, 283_000));
    assert_eq!(back.mentions, [second.id]);
}

#[tokio::test]
async fn a_restart_keeps_each_players_time_and_does_not_charge_the_time_it_was_down() {
    let mut w = World::new().await;
    let place = channel(1);
    let Opening {
        first, one, two, ..
    } = opening(&w, place).await;
    // The first thinks 40 s while the process runs (its timer marks the clock as timed), then
    // the process dies and stays down ten minutes, longer than anyone's time.
    w.clock.advance_secs(40);
    assert_eq!(w.table.matches().tick().await, 0);
    w.table.store().close().await;
    w.clock.advance_secs(600);
    w.restart().await;
    assert!(w.drain().is_empty(), "nobody ran out while it was down");
    let again = w.run(&first, place, Act::Board).await;
    let times = clocks(&again);
    assert_eq!((times[one], times[two]), (253_000, 283_000));
    // Restarted again at once: nothing more is given back.
    w.clock.advance_secs(30);
    assert_eq!(w.table.matches().tick().await, 0);
    w.table.store().close().await;
    w.restart().await;
    let again = w.run(&first, place, Act::Board).await;
    let times = clocks(&again);
    assert_eq!((times[one], times[two]), (223_000, 283_000));
    // The clock runs out when the time kept says: reminded with 30 s left, out at 0.
    w.clock.advance_secs(223 - 30);
    let reminder = w.the_notice_after(0).await;
    assert_says(&reminder.reply, "notice-your-move");
    w.clock.advance_secs(29);
    assert_eq!(w.table.matches().tick().await, 0);
    let out = w.the_notice_after(1).await;
    assert_says(&out.reply, "head-out-of-time");
}

#[tokio::test]
async fn a_clock_out_of_bounds_is_refused_and_changes_nothing() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    for (clock, id) in [
        ("0+0", "err-game-clock-range"),
        ("999+0", "err-game-clock-range"),
        ("5+61", "err-game-clock-range"),
        ("5+-1", "err-not-a-clock"),
        ("abc", "err-not-a-clock"),
    ] {
        let mut spec = ChallengeSpec::new(GameKind::Simultana, Opponent::User(user(&b)));
        spec.clock = Some(clock.into());
        let r = w.run(&a, channel(1), Act::Challenge(spec)).await;
        assert_refused(&r, id);
        let t = w.table.tournaments();
        let spec = TournamentSpec {
            clock: Some(clock.into()),
            ..TournamentSpec::new(GameKind::Loa, Format::Swiss)
        };
        match t.create(&a, &channel(2), spec).await {
            Err(parlor::table::shell::Fail::Refuse(msg)) => assert_eq!(msg.id, id),
            other => panic!("{id} expected, got {other:?}"),
        }
    }
    w.assert_sql("SELECT COUNT(*) FROM matches", 0).await;
    w.assert_sql("SELECT COUNT(*) FROM tournaments", 0).await;
}

#[tokio::test]
async fn a_tournament_on_a_game_clock_gives_it_to_its_games_and_a_player_who_never_moves_forfeits()
{
    let mut w = World::new().await;
    let t = w.table.tournaments().clone();
    let hall = channel(500);
    let players: Vec<Actor> = (1..=3)
        .map(|i| Actor::new(10_000 + i, format!("P{i}")))
        .collect();
    let spec = TournamentSpec {
        clock: Some("3+2".into()),
        ..TournamentSpec::new(GameKind::Loa, Format::RoundRobin { double: false })
    };
    let card = t.create(&players[0], &hall, spec).await.expect("created");
    assert_shows(&card, "3+2 game clock");
    for p in &players {
        t.join(p, &hall).await.expect("joined");
    }
    t.begin(&players[0], &hall).await.expect("round 1");
    let id = t.here(&hall).await.expect("the tournament");
    let e = t.event(id).await.expect("read").expect("there");
    assert_eq!(e.status, Status::Running);
    let m = *e.games.values().next().expect("one game");
    w.assert_sql(
        &format!(
            "SELECT COUNT(*) FROM matches WHERE id = {m} AND clock_secs = 180 AND increment_secs = 2"
        ),
        1,
    )
    .await;
    w.drain();
    // Nobody moves: the first player's three minutes run out, and they forfeit.
    w.clock.advance_secs(180);
    let out = w.the_notice_after(0).await;
    assert_has(&out.reply, "result-aborted-timeout");
    t.tick().await;
    let e = t.event(id).await.expect("read").expect("there");
    // Round 1's game is a forfeit, which is no game played.
    let first_games: Vec<Game> = e
        .tournament
        .swiss
        .players
        .iter()
        .flatten()
        .filter_map(|p| p.games.first().copied())
        .filter(|g| g.opponent.is_some())
        .collect();
    assert_eq!(first_games.len(), 2, "{first_games:?}");
    assert!(first_games.iter().all(|g| !g.played), "{first_games:?}");
    let mut outcomes: Vec<Outcome> = first_games.iter().map(|g| g.outcome).collect();
    outcomes.sort_by_key(|o| *o as u8);
    assert_eq!(outcomes, [Outcome::Loss, Outcome::Win]);
}
