//! Standings and tie-breaks as FIDE's tie-break regulations of 2024 (Handbook C.07) define them,
//! unplayed rounds included: a round a player did not play over the board (a bye, a forfeit,
//! an absence) counts in Buchholz and Sonneborn-Berger as a game against a dummy opponent
//! with the player's own final score, and Cut-1 cuts such a round first.

use serde::{Deserialize, Serialize};

use super::{Outcome, Points, Swiss};

/// A tie-break; a tournament ranks by points, then by its list of tie-breaks in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TieBreak {
    /// Buchholz without the least significant value.
    BuchholzCut1,
    /// The sum of the opponents' scores.
    Buchholz,
    /// The opponents' scores weighted by the points made against them.
    SonnebornBerger,
    /// Points among the tied players, when they have all met.
    DirectEncounter,
    /// Rounds won, played or not.
    Wins,
}

/// The Swiss order of FIDE's recommendation: Buchholz Cut-1, Buchholz, Sonneborn-Berger,
/// direct encounter, wins.
pub const SWISS: [TieBreak; 5] = [
    TieBreak::BuchholzCut1,
    TieBreak::Buchholz,
    TieBreak::SonnebornBerger,
    TieBreak::DirectEncounter,
    TieBreak::Wins,
];

/// The round-robin order: direct encounter, Sonneborn-Berger, wins.
pub const ROUND_ROBIN: [TieBreak; 3] = [
    TieBreak::DirectEncounter,
    TieBreak::SonnebornBerger,
    TieBreak::Wins,
];

/// One line of the standings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// The player's index.
    pub player: usize,
    /// The place, from 1; players tied on everything share it.
    pub rank: usize,
    /// The points, in tenths.
    pub points: Points,
    /// The tie-break values in the order asked, in hundredths of a point (Wins: a count).
    pub tiebreaks: Vec<i64>,
}

/// The standings of `swiss` after the rounds played, ranked by points and then `order`.
pub fn standings(swiss: &Swiss, order: &[TieBreak]) -> Vec<Standing> {
    let players: Vec<usize> = (0..swiss.players.len())
        .filter(|&id| swiss.players[id].is_some())
        .collect();
    let mut values: Vec<Vec<i64>> = vec![Vec::new(); swiss.players.len()];
    let mut sorted = players.clone();
    sorted.sort_by(|&a, &b| swiss.score(b).cmp(&swiss.score(a)).then(a.cmp(&b)));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &id in &sorted {
        match groups.last_mut() {
            Some(group) if swiss.score(group[0]) == swiss.score(id) => group.push(id),
            _ => groups.push(vec![id]),
        }
    }
    for &tiebreak in order {
        let mut next = Vec::new();
        for group in groups {
            let scored: Vec<(usize, i64)> = group
                .iter()
                .map(|&id| (id, value(swiss, tiebreak, id, &group)))
                .collect();
            for &(id, v) in &scored {
                values[id].push(v);
            }
            let mut scored = scored;
            scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let mut current: Vec<usize> = Vec::new();
            let mut last = None;
            for (id, v) in scored {
                if last.is_some_and(|l| l != v) {
                    next.push(std::mem::take(&mut current));
                }
                current.push(id);
                last = Some(v);
            }
            next.push(current);
        }
        groups = next;
    }
    let mut out = Vec::new();
    for group in groups {
        let rank = out.len() + 1;
        for id in group {
            out.push(Standing {
                player: id,
                rank,
                points: swiss.score(id),
                tiebreaks: std::mem::take(&mut values[id]),
            });
        }
    }
    out
}

/// Hundredths of a point from tenths.
fn hundredths(points: Points) -> i64 {
    i64::from(points) * 10
}

/// The value of `tiebreak` for `id`, among the tied `group`.
fn value(swiss: &Swiss, tiebreak: TieBreak, id: usize, group: &[usize]) -> i64 {
    let Some(entrant) = swiss.players.get(id).and_then(|p| p.as_ref()) else {
        return 0;
    };
    let own = swiss.score(id);
    let rounds = || {
        (0..swiss.played_rounds).map(move |r| {
            entrant
                .games
                .get(r)
                .copied()
                .unwrap_or_else(super::Game::absent)
        })
    };
    // Each round's opponent score: the real one if played, the dummy's (own score) if not.
    let opponent_scores = || {
        rounds().map(move |g| match (g.played, g.opponent) {
            (true, Some(o)) => (swiss.score(o), true),
            _ => (own, false),
        })
    };
    match tiebreak {
        TieBreak::Buchholz => opponent_scores().map(|(s, _)| hundredths(s)).sum(),
        TieBreak::BuchholzCut1 => {
            let all: Vec<(Points, bool)> = opponent_scores().collect();
            let total: i64 = all.iter().map(|&(s, _)| hundredths(s)).sum();
            let cut = all
                .iter()
                .filter(|(_, played)| !played)
                .map(|&(s, _)| s)
                .min()
                .or_else(|| all.iter().map(|&(s, _)| s).min());
            total - cut.map_or(0, hundredths)
        }
        TieBreak::SonnebornBerger => {
            let win = i64::from(swiss.points.win.max(1));
            rounds()
                .zip(opponent_scores())
                .map(|(g, (s, _))| hundredths(s) * i64::from(swiss.points.of(id, &g)) / win)
                .sum()
        }
        TieBreak::DirectEncounter => {
            let all_met = group.iter().all(|&a| {
                group.iter().all(|&b| {
                    a == b
                        || swiss.players[a].as_ref().is_some_and(|e| {
                            e.games.iter().any(|g| g.played && g.opponent == Some(b))
                        })
                })
            });
            if group.len() < 2 || !all_met {
                return 0;
            }
            rounds()
                .filter(|g| g.played && g.opponent.is_some_and(|o| group.contains(&o)))
                .map(|g| hundredths(swiss.points.of(id, &g)))
                .sum()
        }
        TieBreak::Wins => rounds().filter(|g| g.outcome == Outcome::Win).count() as i64,
    }
}

/// An arena's standings: by points, then performance (both higher first), then index.
/// `rows` are (player, points, performance).
pub fn arena(rows: &[(usize, Points, i64)]) -> Vec<Standing> {
    let mut sorted = rows.to_vec();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    let mut out: Vec<Standing> = Vec::new();
    for (i, &(player, points, performance)) in sorted.iter().enumerate() {
        let rank = match out.last() {
            Some(last) if last.points == points && last.tiebreaks == [performance] => last.rank,
            _ => i + 1,
        };
        out.push(Standing {
            player,
            rank,
            points,
            tiebreaks: vec![performance],
        });
    }
    out
}

/// A performance rating: the opponents' mean rating plus 400 times the wins minus the losses
/// over the games (lichess's and FIDE's linear approximation). `games` are (opponent rating,
/// score as 1, 0.5 or 0 in tenths: 10, 5 or 0).
pub fn performance(games: &[(u32, Points)]) -> i64 {
    if games.is_empty() {
        return 0;
    }
    let n = games.len() as i64;
    let ratings: i64 = games.iter().map(|&(r, _)| i64::from(r)).sum();
    let balance: i64 = games.iter().map(|&(_, s)| (i64::from(s) - 5) * 80).sum();
    (ratings + balance) / n
}
