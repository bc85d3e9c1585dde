//! A tournament's pictures (standings, a round's pairings, the podium) described from its state,
//! for the replies and the web pages; the drawing is [`crate::render::tournament`]'s.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::games::{AnyGame, Side};
use crate::i18n::Msg;
use crate::render::tournament::{self as pic, Cell, Heading, Row};
use crate::store::Store;
use crate::table::Picture;
use crate::table::api::Reply;
use crate::table::presets;
use crate::tournament::arena::{self, Arena, ArenaGame, ArenaResult};
use crate::tournament::event::Format;
use crate::tournament::standings::TieBreak;
use crate::tournament::{Game, Outcome};

use super::event::Event;
use super::present::{format, score, tiebreak_value};

/// Rating points gained or lost in the tournament, by player index.
pub type Changes = BTreeMap<usize, i64>;

/// The heading of `e`'s pictures, about round `round` (from 1).
fn heading(e: &Event, round: usize) -> Heading {
    let game = e
        .rules
        .kind()
        .map_or_else(|| Msg::verbatim(&e.rules.game), crate::table::words::game);
    Heading {
        id: e.id,
        game,
        format: format(e.tournament.format),
        round,
        rounds: e.tournament.rounds(),
        over: e.status.is_closed(),
        subtitle: e.arena().map(|a| {
            let games = a.games.iter().filter(|g| g.result.is_some()).count() as i64;
            if e.status.is_closed() {
                Msg::new("pic-arena-final").num("games", games)
            } else {
                Msg::new("pic-arena-live").num("games", games)
            }
        }),
    }
}

/// Player `index`'s name as the pictures show it: a person's display name, a bot's name and
/// level.
pub fn name(e: &Event, index: usize) -> Msg {
    match e.seat(index) {
        Some(seat) => match seat.level {
            Some(level) => Msg::new("tournament-bot")
                .plain("bot", seat.name.clone())
                .num("level", level),
            None => Msg::verbatim(seat.name.clone()),
        },
        None => Msg::verbatim("?"),
    }
}

/// A tie-break's short and full names.
fn tiebreak_names(t: TieBreak) -> (Msg, Msg) {
    let (short, long) = match t {
        TieBreak::BuchholzCut1 => ("tiebreak-short-buchholz-cut1", "tiebreak-buchholz-cut1"),
        TieBreak::Buchholz => ("tiebreak-short-buchholz", "tiebreak-buchholz"),
        TieBreak::SonnebornBerger => (
            "tiebreak-short-sonneborn-berger",
            "tiebreak-sonneborn-berger",
        ),
        TieBreak::DirectEncounter => (
            "tiebreak-short-direct-encounter",
            "tiebreak-direct-encounter",
        ),
        TieBreak::Wins => ("tiebreak-short-wins", "tiebreak-wins"),
    };
    (Msg::new(short), Msg::new(long))
}

/// The standings' lines after the rounds played, in order, with each player's played rounds for
/// a crosstable (cells name opponents by their line number) and their rating change.
pub fn rows(e: &Event, changes: &Changes) -> Vec<Row> {
    if let Some(arena) = e.arena() {
        return arena_rows(e, arena, changes);
    }
    let t = &e.tournament;
    let table = t.standings();
    let line_of: BTreeMap<usize, usize> = table
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player, i + 1))
        .collect();
    let rounds = t.swiss.played_rounds;
    table
        .iter()
        .map(|s| {
            let entrant = t.swiss.players.get(s.player).and_then(|p| p.as_ref());
            let cells = (0..rounds)
                .map(|r| match entrant {
                    Some(p) if r < t.swiss.played_rounds => {
                        let g = p.games.get(r).copied().unwrap_or_else(Game::absent);
                        cell(&g, t.swiss.points.of(s.player, &g), &line_of)
                    }
                    _ => Cell::Later,
                })
                .collect();
            Row {
                player: s.player,
                rank: s.rank,
                name: name(e, s.player),
                points: super::points(s.points),
                tiebreaks: t
                    .tiebreaks
                    .iter()
                    .zip(&s.tiebreaks)
                    .map(|(&tb, &v)| tiebreak_value(tb, v))
                    .collect(),
                rating_change: changes.get(&s.player).copied(),
                withdrawn: t.members.get(s.player).is_some_and(|m| m.withdrawn),
                rounds: cells,
            }
        })
        .collect()
}

/// An arena's standings lines: rank, name, points, then performance, games played and the
/// streak mark (`×2` while two wins in a row double the points).
fn arena_rows(e: &Event, arena: &Arena, changes: &Changes) -> Vec<Row> {
    let order = arena.standings();
    let mut rank = 0;
    let mut last = None;
    order
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let player = &arena.players[p];
            let key = (player.points, arena::performance(player));
            if last != Some(key) {
                rank = i + 1;
                last = Some(key);
            }
            let streak = if player.wins_in_row >= arena::STREAK {
                "×2"
            } else {
                ""
            };
            Row {
                player: p,
                rank,
                name: name(e, p),
                points: player.points.to_string(),
                tiebreaks: vec![
                    arena::performance(player).to_string(),
                    player.games.to_string(),
                    streak.to_string(),
                ],
                rating_change: changes.get(&p).copied(),
                withdrawn: player.paused,
                rounds: Vec::new(),
            }
        })
        .collect()
}

/// The short and full names of an arena's columns after its points.
fn arena_columns() -> Vec<(Msg, Msg)> {
    [
        ("arena-short-performance", "arena-performance"),
        ("arena-short-games", "arena-games"),
        ("arena-short-streak", "arena-streak"),
    ]
    .into_iter()
    .map(|(short, long)| (Msg::new(short), Msg::new(long)))
    .collect()
}

/// One played round of a player as a crosstable cell.
fn cell(g: &Game, points: u32, line_of: &BTreeMap<usize, usize>) -> Cell {
    let line = |o: usize| line_of.get(&o).copied().unwrap_or(0);
    match (g.opponent, g.played, g.outcome) {
        (Some(o), true, Outcome::Win) => Cell::Won(line(o)),
        (Some(o), true, Outcome::Draw) => Cell::Drew(line(o)),
        (Some(o), true, Outcome::Loss) => Cell::Lost(line(o)),
        (Some(_), false, Outcome::Win) => Cell::ForfeitWon,
        (Some(_), false, _) => Cell::ForfeitLost,
        (None, _, _) => Cell::Bye(points),
    }
}

/// The standings picture after the rounds played.
pub fn standings(e: &Event, changes: &Changes) -> Picture {
    Picture::Standings(Arc::new(pic::Standings {
        heading: heading(e, e.tournament.swiss.played_rounds),
        tiebreaks: match e.arena() {
            Some(_) => arena_columns(),
            None => e
                .tournament
                .tiebreaks
                .iter()
                .map(|&t| tiebreak_names(t))
                .collect(),
        },
        rows: rows(e, changes),
        crosstable: matches!(e.tournament.format, Format::RoundRobin { .. }),
    }))
}

/// The boards of round `round` (from 1): the one being played, or one played.
pub fn boards(e: &Event, round: usize) -> Vec<pic::Board> {
    if let Some(arena) = e.arena() {
        return arena_boards(e, arena, 0);
    }
    let t = &e.tournament;
    match &t.current {
        Some(current) if round == e.round() => current
            .iter()
            .enumerate()
            .map(|(i, b)| pic::Board {
                board: i + 1,
                white: name(e, b.pairing.white),
                black: b.pairing.black.map(|black| name(e, black)),
                players: (b.pairing.white, b.pairing.black),
                result: b
                    .result
                    .filter(|_| b.pairing.black.is_some())
                    .map(|r| score(r).to_string()),
            })
            .collect(),
        _ => round
            .checked_sub(1)
            .map(|r| e.boards_of(r))
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, (white, black, result))| pic::Board {
                board: i + 1,
                white: name(e, white),
                black: Some(name(e, black)),
                players: (white, Some(black)),
                result: Some(score(result).to_string()),
            })
            .collect(),
    }
}

/// An arena's games from number `from` on that are still being played (all games if none is
/// and `from` is 0: the last picture of an arena shows its results), numbered from 1.
pub fn arena_boards(e: &Event, arena: &Arena, from: usize) -> Vec<pic::Board> {
    let running = arena.games.iter().skip(from).any(|g| g.result.is_none());
    arena
        .games
        .iter()
        .enumerate()
        .skip(from)
        .filter(|(_, g)| !running || g.result.is_none())
        .map(|(i, g)| arena_board(e, i, g))
        .collect()
}

/// Arena game `number` (from 0) as a board numbered from 1.
pub fn arena_board(e: &Event, number: usize, g: &ArenaGame) -> pic::Board {
    pic::Board {
        board: number + 1,
        white: name(e, g.white),
        black: Some(name(e, g.black)),
        players: (g.white, Some(g.black)),
        result: g.result.map(|r| arena_score(r).to_string()),
    }
}

/// An arena game's score as written.
pub fn arena_score(r: ArenaResult) -> &'static str {
    match r {
        ArenaResult::WhiteWins => "1-0",
        ArenaResult::BlackWins => "0-1",
        ArenaResult::Draw => "½-½",
        ArenaResult::BothLose => "-/-",
    }
}

/// The picture of an arena's games from number `from` on (the pairings just made).
pub fn arena_pairings(e: &Event, from: usize) -> Picture {
    let mut p = pairings_of(e, 0);
    if let (Picture::Pairings(p), Some(arena)) = (&mut p, e.arena()) {
        Arc::make_mut(p).boards = arena_boards(e, arena, from);
    }
    p
}

/// The pairings picture of the round being played (or the last one played).
pub fn pairings(e: &Event) -> Picture {
    pairings_of(e, e.round())
}

/// The pairings picture of round `round` (from 1).
pub fn pairings_of(e: &Event, round: usize) -> Picture {
    let sides = e
        .rules
        .kind()
        .and_then(|kind| AnyGame::new(kind, "").ok())
        .map_or(["white".to_string(), "black".to_string()], |g| {
            Side::BOTH.map(|s| g.side_name(s).to_string())
        });
    Picture::Pairings(Arc::new(pic::Pairings {
        heading: heading(e, round),
        sides,
        boards: boards(e, round),
    }))
}

/// The final podium: the first three lines of the standings.
pub fn podium(e: &Event, changes: &Changes) -> Picture {
    let mut places = rows(e, changes);
    places.truncate(3);
    Picture::Podium(Arc::new(pic::Podium {
        heading: heading(e, e.tournament.swiss.played_rounds),
        places,
    }))
}

/// The rating each person gained or lost since entering, in a rated tournament: their rating
/// in its game on this server now, less the rating they entered with (none for bots and for
/// players unrated when they entered). Empty when it is not rated or the store cannot say.
pub async fn rating_changes(store: &Store, e: &Event) -> Changes {
    let mut out = Changes::new();
    let Some((game, variant)) = e.rules.variant().filter(|_| e.rules.rated) else {
        return out;
    };
    let ladder = presets::ladder(game, variant.name);
    let scope = e.guild.map_or(0, |g| g as i64);
    for (index, entrant) in e.tournament.swiss.players.iter().enumerate() {
        let (Some(entrant), Some(seat)) = (entrant, e.seat(index)) else {
            continue;
        };
        if seat.level.is_some() || entrant.rating == 0 {
            continue;
        }
        match store.rating(seat.id, ladder, scope).await {
            Ok(Some(row)) => {
                let now = row.value.rating.round() as i64;
                out.insert(index, now - i64::from(entrant.rating));
            }
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(tournament = e.id, %error, "cannot read a rating for the standings");
                return Changes::new();
            }
        }
    }
    out
}

/// `reply`'s standings and podium pictures drawn again with the rating changes.
pub fn with_changes(mut reply: Reply, e: &Event, changes: &Changes) -> Reply {
    if changes.is_empty() {
        return reply;
    }
    let redo = |p: &mut Option<Picture>| match p {
        Some(Picture::Standings(_)) => *p = Some(standings(e, changes)),
        Some(Picture::Podium(_)) => *p = Some(podium(e, changes)),
        _ => {}
    };
    redo(&mut reply.picture);
    for section in &mut reply.sections {
        redo(&mut section.picture);
    }
    reply
}
