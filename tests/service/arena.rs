//! An arena run by the service to its end on a real database (issue 40 item 4): 30 minutes,
//! six players (five people and the bot), a berserk, a pause and a return, a game still being
//! played at the end time, and the process killed in the middle. The points are counted here
//! from the games as the test played them, by the rules (2 a win, 1 a draw, doubled after two
//! wins in a row, one more for a berserk win of at least 7 moves of one's own).

use std::collections::{BTreeMap, HashSet};

use super::common::*;
use super::tournaments::{
    actor_of, answered, event, hall, one_move, refused, thread_of, thread_started,
};
use parlor::games::{AnyGame, GameKind};
use parlor::table::tournaments::{Event, Status};
use parlor::table::{Act, Actor, Clock, Place, TournamentCreate, TournamentSpec};
use parlor::tournament::arena::{Arena, ArenaResult};
use parlor::tournament::event::Format;

/// Player `i` (from 1).
fn player(i: u64) -> Actor {
    Actor::new(20_000 + i, format!("A{i}"))
}

fn arena(e: &Event) -> Arena {
    e.arena().cloned().expect("an arena")
}

fn is_bot(e: &Event, index: usize) -> bool {
    e.seat(index).is_some_and(|s| s.level.is_some())
}

/// A move by `who` in the game played in `place` that does not end it (the test plays the
/// berserk game on a copy, `mirror`, to choose one).
async fn quiet_move(w: &World, who: &Actor, place: Place, mirror: &mut AnyGame) {
    let hints = w.table.matches().move_hints(&place, "").await;
    let quiet = hints
        .iter()
        .find(|text| {
            let mut next = mirror.clone();
            next.play_text(text).is_ok() && next.status().to_move().is_some()
        })
        .expect("a move that goes on");
    mirror.play_text(quiet).expect("legal");
    let r = w.run(who, place, Act::Move(quiet.clone())).await;
    assert!(!r.private, "move refused: {}", r.text());
}

/// Points of one game by the rules, for a player with `wins` wins in a row before it.
fn points(result: ArenaResult, white: bool, wins: u32, berserk_win: bool) -> (u32, bool) {
    let won = matches!(
        (result, white),
        (ArenaResult::WhiteWins, true) | (ArenaResult::BlackWins, false)
    );
    let base = match result {
        _ if won => 2,
        ArenaResult::Draw => 1,
        _ => 0,
    };
    let doubled = if wins >= 2 { base * 2 } else { base };
    (doubled + u32::from(won && berserk_win), won)
}

#[tokio::test]
async fn a_30_minute_arena_of_six_runs_to_its_end_through_a_kill() {
    let mut w = World::new().await;
    w.start_with_ai().await;
    let t = w.table.tournaments().clone();
    // The length is required for an arena, within bounds, and its clock is a game clock.
    let typed = |duration: Option<&str>| TournamentCreate {
        game: GameKind::Loa,
        variant: None,
        format: "arena".into(),
        rounds: None,
        clock: None,
        rated: None,
        starts: None,
        duration: duration.map(str::to_owned),
        interval: None,
    };
    let now = w.clock.now_ms();
    for duration in [None, Some("10"), Some("13h"), Some("soon")] {
        let read = TournamentSpec::read(&typed(duration), now);
        assert_eq!(read.err().map(|m| m.id), Some("err-arena-duration"));
    }
    let read = TournamentSpec::read(&typed(Some("1h")), now).expect("an hour");
    assert_eq!(read.duration_secs, Some(3600));
    let spec = TournamentSpec {
        duration_secs: Some(30 * 60),
        ..TournamentSpec::new(GameKind::Loa, Format::Arena)
    };
    for clock in ["1h", "10+5"] {
        let wrong = TournamentSpec {
            clock: Some(clock.into()),
            ..spec.clone()
        };
        refused(
            t.create(&player(1), &hall(), wrong).await,
            "err-arena-clock",
        );
    }
    let spec = TournamentSpec {
        clock: Some("5+3".into()),
        ..spec
    };
    answered(
        t.create(&player(1), &hall(), spec).await,
        "tournament-card-title",
    );
    let id = t.here(&hall()).await.expect("open here");
    for i in 1..=5 {
        answered(t.join(&player(i), &hall()).await, "tournament-joined");
    }
    answered(t.add_bot(&player(1), &hall(), 2).await, "tournament-joined");
    refused(t.berserk(&player(1), &hall()).await, "err-arena-no-game");
    // TRF records rounds: an arena has none, so no file is made.
    refused(t.export(&hall()).await, "err-arena-export");
    answered(t.begin(&player(1), &hall()).await, "tournament-started");
    let e = event(&w, id).await;
    let a = arena(&e);
    assert_eq!(e.status, Status::Running);
    assert_eq!(a.ends_at, START_MS + 30 * 60 * 1000);
    assert_eq!(a.games.len(), 3, "every present player paired at the start");
    let ends_at = a.ends_at;

    // What the test did in each game: the result and whether the second player went berserk
    // with at least 7 moves of their own.
    let mut played: BTreeMap<usize, (ArenaResult, bool)> = BTreeMap::new();
    let mut started: HashSet<i64> = HashSet::new();
    let three = e.player_of(player(3).id).expect("A3");
    let mut paused_from = None;
    let mut back_at = None;
    let mut running_at_end = None;
    let mut crashed = false;
    for wave in 0.. {
        assert!(wave < 60, "the arena never ended");
        let t = t_of(&w);
        let e = event(&w, id).await;
        if e.status == Status::Over {
            break;
        }
        let a = arena(&e);
        let now = w.clock.now_ms();
        if now >= ends_at && running_at_end.is_none() {
            // The end time passed with games being played: they go on and count; no new one.
            let running = a.games.iter().filter(|g| g.result.is_none()).count();
            assert!(running > 0, "a game is being played at the end time");
            running_at_end = Some(a.games.len());
        }
        for (n, g) in a.games.iter().enumerate() {
            if g.result.is_some() {
                continue;
            }
            let m = *e.games.get(&n).expect("its match");
            let place = thread_of(m);
            if started.insert(m) {
                thread_started(&w, &actor_of(&e, g.white), m).await;
            }
            let (white, black) = (actor_of(&e, g.white), actor_of(&e, g.black));
            let result = if is_bot(&e, g.white) || is_bot(&e, g.black) {
                // A person against the bot resigns.
                let person = if is_bot(&e, g.white) { &black } else { &white };
                let end = w.run(person, place, Act::Resign).await;
                assert!(is_over(&end), "{}", end.text());
                if is_bot(&e, g.white) {
                    ArenaResult::WhiteWins
                } else {
                    ArenaResult::BlackWins
                }
            } else if n == 0 {
                // The first game: the second player goes berserk before moving (once), the
                // first may not after moving; seven moves each, then the first resigns.
                answered(t.berserk(&black, &place).await, "arena-berserk");
                refused(t.berserk(&black, &place).await, "err-arena-berserk-done");
                let times = w
                    .sql_i64(&format!(
                        "SELECT COUNT(*) FROM matches WHERE id = {m} AND remaining_ms = '300000 150000'"
                    ))
                    .await;
                assert_eq!(times, 1, "the berserk player's clock is halved");
                let mut mirror = AnyGame::new(GameKind::Loa, "").expect("the start");
                for i in 0..7 {
                    quiet_move(&w, &white, place, &mut mirror).await;
                    if i == 0 {
                        refused(t.berserk(&white, &place).await, "err-arena-berserk-moved");
                    }
                    quiet_move(&w, &black, place, &mut mirror).await;
                }
                let end = w.run(&white, place, Act::Resign).await;
                assert!(is_over(&end), "{}", end.text());
                played.insert(n, (ArenaResult::BlackWins, true));
                continue;
            } else {
                one_move(&w, &white, place).await;
                one_move(&w, &black, place).await;
                match n % 3 {
                    0 => {
                        let end = w.run(&black, place, Act::Resign).await;
                        assert!(is_over(&end), "{}", end.text());
                        ArenaResult::WhiteWins
                    }
                    1 => {
                        let end = w.run(&white, place, Act::Resign).await;
                        assert!(is_over(&end), "{}", end.text());
                        ArenaResult::BlackWins
                    }
                    _ => {
                        let offer = w.run(&white, place, Act::Draw).await;
                        assert!(!offer.private, "{}", offer.text());
                        let end = w.run(&black, place, Act::Draw).await;
                        assert!(is_over(&end), "{}", end.text());
                        ArenaResult::Draw
                    }
                }
            };
            played.insert(n, (result, false));
        }
        w.table.tournaments().tick().await;
        match wave {
            // A3 pauses (a game of theirs being played goes on), then comes back.
            1 => {
                answered(t_of(&w).leave(&player(3), &hall()).await, "arena-paused");
                refused(
                    t_of(&w).leave(&player(3), &hall()).await,
                    "err-arena-paused",
                );
                paused_from = Some(arena(&event(&w, id).await).games.len());
            }
            4 => {
                // Games from here on may have A3 (coming back pairs them if someone waits).
                back_at = Some(arena(&event(&w, id).await).games.len());
                answered(t_of(&w).join(&player(3), &hall()).await, "arena-back");
            }
            // Killed in the middle, with games being played: nothing lost, nothing twice.
            6 => {
                let before = event(&w, id).await;
                w.start_with_ai().await;
                let after = event(&w, id).await;
                assert_eq!(after.tournament, before.tournament, "kept through the kill");
                assert_eq!(after.games, before.games, "the same games, linked");
                crashed = true;
            }
            _ => {}
        }
        if w.clock.now_ms() < ends_at + 60_000 {
            w.clock.advance_secs(150);
        }
        w.table.tournaments().tick().await;
    }
    assert!(crashed, "the arena lasted past the kill");
    let e = event(&w, id).await;
    let a = arena(&e);
    assert_eq!(e.status, Status::Over);
    // No game started after the end time; those being played then were recorded.
    assert_eq!(Some(a.games.len()), running_at_end);
    assert!(a.games.iter().all(|g| g.result.is_some()));
    // The results are those played, and each game has one match, linked once.
    assert_eq!(played.len(), a.games.len());
    for (n, g) in a.games.iter().enumerate() {
        assert_eq!(g.result, Some(played[&n].0), "game {}", n + 1);
    }
    let links = w.count_tournament_games(id, "DISTINCT board").await;
    let all = w.count_tournament_games(id, "*").await;
    assert_eq!((links, all), (a.games.len() as i64, a.games.len() as i64));
    // Never two games at once, and never paired while paused.
    let (from, to) = (paused_from.expect("paused"), back_at.expect("back"));
    for (n, g) in a.games.iter().enumerate().skip(from).take(to - from) {
        assert!(
            g.white != three && g.black != three,
            "A3 paired while paused: {}",
            n + 1
        );
    }
    assert!(
        a.games
            .iter()
            .skip(to)
            .any(|g| g.white == three || g.black == three)
    );
    // The points by the rules, counted here from the games in order.
    let mut expected = vec![0u32; a.players.len()];
    let mut streak = vec![0u32; a.players.len()];
    for (n, g) in a.games.iter().enumerate() {
        let (result, berserk) = played[&n];
        for (p, white) in [(g.white, true), (g.black, false)] {
            let (gained, won) = points(result, white, streak[p], berserk && !white);
            expected[p] += gained;
            streak[p] = if won { streak[p] + 1 } else { 0 };
        }
    }
    let got: Vec<u32> = a.players.iter().map(|p| p.points).collect();
    assert_eq!(got, expected);
    assert!(
        a.games[0].berserk[1] && !a.games[0].berserk[0],
        "the berserk is recorded"
    );
    // The bot wins every game (its opponents resign): after two wins its points double.
    let bot = (0..a.players.len())
        .find(|&p| is_bot(&e, p))
        .expect("the bot");
    let bot = &a.players[bot];
    assert!(bot.games >= 3, "the bot played {} games", bot.games);
    assert_eq!(bot.points, 2 * 2 + 4 * (bot.games - 2));
    assert!(a.players.iter().all(|p| p.games > 0));
    // Standings: points, then performance.
    let order = a.standings();
    for pair in order.windows(2) {
        let (x, y) = (&a.players[pair[0]], &a.players[pair[1]]);
        let perf = parlor::tournament::arena::performance;
        assert!((x.points, perf(x)) >= (y.points, perf(y)));
    }
    let table = answered(t_of(&w).standings(&hall()).await, "arena-standings");
    assert!(table.picture.is_some());
    assert_eq!(
        said(&table)
            .iter()
            .filter(|s| s.starts_with("arena-standing"))
            .count(),
        7
    );
    w.assert_sql(
        &format!("SELECT COUNT(*) FROM tournaments WHERE id = {id} AND status = 'over'"),
        1,
    )
    .await;
    // Once over, nobody enters.
    refused(
        t_of(&w).join(&player(9), &hall()).await,
        "err-tournament-none",
    );
}

/// The tournament service of the process running now.
fn t_of(w: &World) -> parlor::table::tournaments::Tournaments {
    w.table.tournaments().clone()
}

/// An arena of four people in the hall, started at the wall clock's time (the pages count the
/// minutes left by it): two games finished (the first won by a berserk player), then two being
/// played. Its number.
pub(super) async fn club_arena(w: &mut World) -> i64 {
    w.clock.set_ms(parlor::table::SystemClock.now_ms());
    let t = t_of(w);
    let spec = TournamentSpec {
        duration_secs: Some(30 * 60),
        clock: Some("5+3".into()),
        ..TournamentSpec::new(GameKind::Loa, Format::Arena)
    };
    answered(
        t.create(&player(1), &hall(), spec).await,
        "tournament-card-title",
    );
    let id = t.here(&hall()).await.expect("open here");
    let long = Actor::new(20_010, "Maximilien-Alexandre de La Tour d'Auvergne 🏰");
    for who in [player(1), player(2), player(3), long] {
        answered(t.join(&who, &hall()).await, "tournament-joined");
    }
    answered(t.begin(&player(1), &hall()).await, "tournament-started");
    for finish in [true, false] {
        let e = event(w, id).await;
        let a = arena(&e);
        for (n, g) in a.games.iter().enumerate() {
            if g.result.is_some() {
                continue;
            }
            let m = *e.games.get(&n).expect("its match");
            let (white, black) = (actor_of(&e, g.white), actor_of(&e, g.black));
            let place = thread_started(w, &white, m).await;
            if !finish {
                continue;
            }
            if n == 0 {
                answered(t.berserk(&black, &place).await, "arena-berserk");
            }
            one_move(w, &white, place).await;
            let end = w.run(&white, place, Act::Resign).await;
            assert!(is_over(&end), "{}", end.text());
        }
        w.clock.advance_secs(60);
        t.tick().await;
    }
    let a = arena(&event(w, id).await);
    assert_eq!(a.games.len(), 4, "two games over, two more paired");
    id
}
