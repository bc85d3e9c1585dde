//! What an arena says that a Swiss or a round robin does not: its games as they start, and
//! its standings by points, performance and streak.

use super::*;

/// A line about one arena player.
pub(super) fn arena_player_line(e: &Event, id: &'static str, key: &str) -> Reply {
    match e.tournament.find(key) {
        Some(index) => public(vec![with_player(the(e, id), "player", e, index)]),
        None => Reply::default(),
    }
}

/// An arena's new games (from number `from` on), one a line, each player pinged.
pub(super) fn arena_pairings(e: &Event, from: usize) -> Reply {
    let Some(arena) = e.arena() else {
        return Reply::default();
    };
    let mut lines = Vec::new();
    let mut mentions = Vec::new();
    // Asked for (from 0): the games being played.
    let shown = arena
        .games
        .iter()
        .enumerate()
        .skip(from)
        .filter(|(_, g)| from > 0 || g.result.is_none());
    for (i, g) in shown {
        for p in [g.white, g.black] {
            if let Some(seat) = e.seat(p).filter(|s| s.level.is_none()) {
                mentions.push(seat.id);
            }
        }
        let msg = Msg::new("arena-game").num("game", i as i64 + 1);
        let msg = with_player(msg, "white", e, g.white);
        lines.push(with_player(msg, "black", e, g.black));
    }
    Reply {
        picture: Some(pictures::arena_pairings(e, from)),
        mentions,
        ..public(lines)
    }
}

/// An arena's standings now, one player a line: points, performance, games, streak.
pub(super) fn arena_standings(e: &Event) -> Reply {
    let rows = pictures::rows(e, &pictures::Changes::new());
    let played = e
        .arena()
        .map_or(0, |a| a.games.iter().filter(|g| g.result.is_some()).count());
    let mut lines = vec![the(e, "arena-standings").num("games", played as i64)];
    for r in &rows {
        let msg = Msg::new(if r.tiebreaks.get(2).is_some_and(|s| !s.is_empty()) {
            "arena-standing-streak"
        } else {
            "arena-standing"
        })
        .num("rank", r.rank as i64)
        .plain("points", r.points.clone())
        .plain(
            "performance",
            r.tiebreaks.first().cloned().unwrap_or_default(),
        )
        .plain("games", r.tiebreaks.get(1).cloned().unwrap_or_default());
        lines.push(with_player(msg, "player", e, r.player));
    }
    Reply {
        picture: (played > 0).then(|| pictures::standings(e, &pictures::Changes::new())),
        ..public(lines)
    }
}
