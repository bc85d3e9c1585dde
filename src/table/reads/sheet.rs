//! `/moves`: a match's move list as a score sheet, and for a finished match its export, the
//! input that replays it in `parlor engine`.
//!
//! A live match shows only what both players have seen: the moves played. Lightning's seed
//! (the order of the draw pile) is in the export only, and the export comes only once the match
//! is over.

use crate::ai::analysis::{self, Analysis};
use crate::games::{AnyGame, AnyMove, GameKind, Side, notation};
use crate::i18n::Msg;
use crate::store::{MatchRow, MatchStatus, Store};
use crate::table::act::{Actor, Place};
use crate::table::api::{Reply, TextFile};
use crate::table::matches::present;
use crate::table::matches::state::{Board, Match};
use crate::table::picture::Picture;
use crate::table::shell::{Answer, Fail};
use crate::table::{texts, words};

use super::coach::Coach;
use super::named_or_last_closed;

/// The most characters of score sheet in one message: with the title, the players and the
/// result it stays within Discord's 2000, in either language.
pub const SHEET_BUDGET: usize = 1400;

fn refuse<T>(msg: Msg) -> Result<T, Fail> {
    Err(Fail::Refuse(msg))
}

fn with_id(msg: Msg, id: i64) -> Msg {
    msg.plain("id", id.to_string())
}

/// A live match's moves are listed in its own channel.
pub fn elsewhere(id: i64) -> Msg {
    with_id(Msg::new("err-moves-elsewhere"), id).code("moves", "/moves")
}

/// Score sheets and replays of stored matches (a live match's sheet comes from the match
/// service, which holds it).
#[derive(Clone)]
pub struct Sheets {
    store: Store,
    /// Whose stored analyses mark the moves.
    coach: Coach,
}

impl Sheets {
    pub fn new(store: Store, coach: Coach) -> Sheets {
        Sheets { store, coach }
    }

    /// The move list of the match named, or of the requester's last finished match in this
    /// channel (when it is not being played here).
    pub async fn moves(&self, actor: &Actor, place: &Place, match_id: Option<i64>) -> Answer {
        let store = &self.store;
        let m = named_or_last_closed(store, actor, place, match_id).await?;
        match m.status {
            MatchStatus::Finished | MatchStatus::Aborted => {}
            MatchStatus::Live => return refuse(elsewhere(m.id)),
            _ => return refuse(with_id(Msg::new("err-never-played"), m.id)),
        }
        let log = store.log(m.id).await?;
        let analysis = match m.status {
            MatchStatus::Finished => self.coach.stored_analysis(&m, &log).await,
            _ => None,
        };
        finished_sheet(&m, &log, analysis.as_ref())
    }

    /// A finished match as an animation, with its players and result.
    pub async fn replay(&self, match_id: i64) -> Answer {
        let store = &self.store;
        let Some(row) = store.match_by_id(match_id).await? else {
            return refuse(with_id(Msg::new("err-no-such-match"), match_id));
        };
        match row.status {
            MatchStatus::Finished | MatchStatus::Aborted => {}
            MatchStatus::Live => return refuse(with_id(Msg::new("err-replay-live"), match_id)),
            _ => return refuse(with_id(Msg::new("err-never-played"), match_id)),
        }
        let log = store.log(match_id).await?;
        let (m, start) = replayed(&row, &log)?;
        let (Some(board), Some(seats)) = (&m.board, m.players()) else {
            return refuse(with_id(Msg::new("err-cannot-replay"), match_id));
        };
        // With four seats, each side is its team (seats alternate in turn order).
        let team = |side: Side| -> Vec<Msg> {
            present::team(&seats, side).map(|p| words::who(p)).collect()
        };
        let caption = with_id(Msg::new("replay-caption"), match_id)
            .msg("game", words::game(m.kind))
            .list("first", team(Side::First))
            .list("second", team(Side::Second))
            .num("n", board.last_move_number() as i64)
            .msg("result", texts::stored_result(&row));
        let mut reply = Reply::public(caption);
        reply.picture = Some(Picture::Replay {
            match_id,
            start,
            moves: board.moves.iter().map(|(mv, _)| *mv).collect(),
            players: seats.iter().map(|p| p.name.clone()).collect(),
            result: texts::stored_outcome(&row),
        });
        Ok(reply)
    }
}

/// A finished match rebuilt from its log, and its start position.
fn replayed(row: &MatchRow, log: &[crate::store::LogEntry]) -> Result<(Match, AnyGame), Fail> {
    let m = Match::restore(row.clone(), log).map_err(|err| cannot(row.id, err.0))?;
    let start = m.start_position().map_err(|err| cannot(row.id, err.0))?;
    Ok((m, start))
}

/// The sheet of a live match: its moves so far, nothing else.
pub fn live_sheet(m: &Match, board: &Board) -> Answer {
    let start = m.start_position().map_err(|err| cannot(m.id(), err.0))?;
    let plies = ply_texts(&start, &board.moves, true).map_err(|err| cannot(m.id(), err))?;
    let mut lines: Vec<Msg> = present::lineup(m, &board.game).into_iter().collect();
    lines.extend(sheet_lines(&plies, start.seat_count(), true));
    lines.push(Msg::new("moves-export-later").code("engine", "parlor engine"));
    Ok(Reply {
        title: Some(title(m.kind, m.id())),
        lines,
        ..Reply::default()
    })
}

/// The sheet of a finished (or aborted) match, its result, and its export attached. Once the
/// coach has analysed it, its moves carry their marks (`?!`, `?`, `??`); the export does not.
fn finished_sheet(
    m: &MatchRow,
    log: &[crate::store::LogEntry],
    analysis: Option<&Analysis>,
) -> Answer {
    let (kind, Some(seats)) = (m.game, m.seats()) else {
        return refuse(with_id(Msg::new("err-cannot-replay"), m.id));
    };
    let (replayed, start) = replayed(m, log)?;
    let moves = replayed.board.map(|b| b.moves).unwrap_or_default();
    let plies = ply_texts(&start, &moves, false).map_err(|err| cannot(m.id, err))?;
    let shown = ply_texts(&start, &moves, true).map_err(|err| cannot(m.id, err))?;
    let name = format!("match-{}.txt", m.id);
    let mut lines = vec![present::lineup_of(&start, &seats)];
    match analysis {
        Some(analysis) => {
            let marked: Vec<(String, Side)> = shown
                .iter()
                .zip(&analysis.plies)
                .map(|((text, side), review)| {
                    let mark = review.mark.map_or("", |m| m.symbol());
                    (format!("{text}{mark}"), *side)
                })
                .collect();
            lines.extend(sheet_lines(&marked, start.seat_count(), false));
            lines.push(marks_line());
        }
        None => lines.extend(sheet_lines(&shown, start.seat_count(), false)),
    }
    lines.push(texts::stored_result(m));
    lines.push(
        Msg::new("moves-export")
            .code("file", &name)
            .code("engine", format!("parlor engine < {name}")),
    );
    let texts: Vec<String> = plies.into_iter().map(|(text, _)| text).collect();
    Ok(Reply {
        title: Some(title(kind, m.id)),
        lines,
        file: Some(TextFile::plain(
            name,
            crate::protocol::replay_script(&start, &texts),
        )),
        ..Reply::default()
    })
}

/// What the marks mean, with the thresholds of [`crate::ai::analysis`].
fn marks_line() -> Msg {
    let pct = |x: f64| (x * 100.0).round() as i64;
    Msg::new("moves-marks")
        .code("dubious", analysis::Mark::Inaccuracy.symbol())
        .code("bad", analysis::Mark::Mistake.symbol())
        .code("worst", analysis::Mark::Blunder.symbol())
        .num("inaccuracy", pct(analysis::INACCURACY))
        .num("mistake", pct(analysis::MISTAKE))
        .num("blunder", pct(analysis::BLUNDER))
}

/// `Moves of Lines of Action #12`
fn title(kind: GameKind, id: i64) -> Msg {
    with_id(Msg::new("moves-title"), id).msg("game", words::game(kind))
}

fn cannot(id: i64, why: String) -> Fail {
    Fail::Refuse(with_id(Msg::new("err-cannot-replay-why"), id).plain("why", why))
}

/// Each move in canonical notation (read in the position it was played in), with its side;
/// `public`: as a score sheet shows it (Lightning's draws name the tile, see
/// [`AnyGame::public_text`]).
pub fn ply_texts(
    start: &AnyGame,
    moves: &[(AnyMove, usize)],
    public: bool,
) -> Result<Vec<(String, Side)>, String> {
    let mut game = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (mv, seat) in moves {
        let before = game.clone();
        game.play(mv).map_err(|e| e.to_string())?;
        let text = if public {
            before.public_text(mv, &game)
        } else {
            before.format_move(mv)
        }
        .map_err(|e| e.to_string())?;
        // With four seats the sides alternate too, so a change of side starts a move.
        out.push((text, start.seat_side(*seat)));
    }
    Ok(out)
}

/// The score sheet as message lines, a round of `seats` moves a row (see
/// [`notation::score_sheet`]): its last rows within [`SHEET_BUDGET`], after a line that says
/// how many earlier moves are left out; "no moves yet" for an empty one.
pub fn sheet_lines(plies: &[(String, Side)], seats: usize, live: bool) -> Vec<Msg> {
    let rows = notation::score_sheet(plies, seats);
    if rows.is_empty() {
        return vec![Msg::new("moves-none")];
    }
    let mut used = 0;
    let mut first = rows.len();
    for (i, row) in rows.iter().enumerate().rev() {
        // The row, the code marks around it and the line break.
        used += row.chars().count() + 3;
        if used > SHEET_BUDGET {
            break;
        }
        first = i;
    }
    let mut lines = Vec::with_capacity(rows.len() - first + 1);
    if first > 0 {
        // Where the whole sheet is: in the export attached, or in the one to come.
        let id = if live {
            "moves-earlier-live"
        } else {
            "moves-earlier"
        };
        // Every row left out holds a whole round.
        lines.push(Msg::new(id).num("n", (first * seats.max(1)) as i64));
    }
    lines.extend(
        rows[first..]
            .iter()
            .map(|row| Msg::new("moves-row").code("row", row)),
    );
    lines
}
