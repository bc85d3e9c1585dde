//! One match as one value: its stored row and, once live, the position its log leads to.
//! [`Match::apply`] is the one way it changes, whether a change was just committed or is read
//! back from the log at a restart.

use crate::games::{AnyGame, AnyMove, GameKind};
use crate::store::change::ending;
use crate::store::{
    Bank, Change, EntryKind, LiveState, LogEntry, MatchRow, MatchStatus, PlayerRef,
};
use crate::table::presets::TimeControl;

use crate::table::act::Place;
use crate::table::act::Stamp;

/// A match: the row as stored (who, where, which game, the clock and the standing offers)
/// and, once live, its board. Guarded by its own async mutex in the table.
#[derive(Clone, Debug)]
pub struct Match {
    pub row: MatchRow,
    pub kind: GameKind,
    /// The position and the moves, from the start of play.
    pub board: Option<Board>,
    /// The seats' ratings as shown on pictures (`1523`, `1500?`): rated matches, from when the
    /// match went live or was restored.
    pub ratings: Vec<Option<String>>,
    /// The transport was asked to start the match's thread and has not said how it went: the
    /// bot waits before its first move (memory only; a restart does not wait).
    pub awaiting_thread: bool,
    /// The store may hold news of this match for its next public answer (a notice the
    /// transport could not post): set with the store's row and cleared when it is taken, so
    /// that the answers of every other match skip a round trip. True for a match read again
    /// from the store until it is known.
    pub news: bool,
}

/// The position of a live match, rebuilt from its log.
#[derive(Clone, Debug)]
pub struct Board {
    pub game: AnyGame,
    /// The position before the last move (for pictures that show it).
    pub before: Option<AnyGame>,
    /// The moves on the board with the seat that made each (a takeback pops them).
    pub moves: Vec<(AnyMove, usize)>,
    /// Entries in the log so far; control ids carry it to recognise stale boards.
    pub seq: u32,
    /// Every seat had moved at some point, even if a takeback undid it since: the chance to
    /// abort does not come back.
    pub both_moved_once: bool,
}

/// Why a log cannot be replayed (a damaged or foreign log).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unreplayable(pub String);

fn bad<T>(text: String) -> Result<T, Unreplayable> {
    Err(Unreplayable(text))
}

/// The bit of each seat in `seats`, for consent masks.
pub fn mask(seats: &[usize]) -> u8 {
    seats.iter().fold(0, |m, &s| m | (1 << s))
}

impl Board {
    /// The board before the first move of `start`.
    pub fn new(start: AnyGame) -> Board {
        Board {
            game: start,
            before: None,
            moves: Vec::new(),
            seq: 0,
            both_moved_once: false,
        }
    }

    /// The board a log leads to from `start`, entry by entry; `seats` are the players' ids by
    /// seat.
    pub fn replay(
        start: AnyGame,
        log: &[LogEntry],
        seats: &[Option<u64>],
    ) -> Result<Board, Unreplayable> {
        if start.seat_count() != seats.len() {
            return bad(format!(
                "{} seats for a game of {}",
                seats.len(),
                start.seat_count()
            ));
        }
        let mut board = Board::new(start.clone());
        for entry in log {
            board.apply_entry(entry, Some(&start), seats)?;
        }
        Ok(board)
    }

    /// Whether every seat has made a move, now or before a takeback (until then a player may
    /// abort).
    pub fn both_moved(&self) -> bool {
        self.both_moved_once || every_seat_in(&self.moves, self.game.seat_count())
    }

    /// The number of the last move played (0 at the start), counted over all players (see
    /// [`crate::games::notation::move_numbers`]).
    pub fn last_move_number(&self) -> usize {
        let seats: Vec<usize> = self.moves.iter().map(|(_, seat)| *seat).collect();
        crate::games::notation::move_numbers(&seats)
            .last()
            .copied()
            .unwrap_or(0)
    }

    /// The number of the move `seat` is to play now.
    pub fn next_move_number(&self, seat: usize) -> usize {
        let seats: Vec<usize> = self.moves.iter().map(|(_, seat)| *seat).collect();
        crate::games::notation::next_move_number(&seats, &seat)
    }

    /// Applies one log entry: a move by the seat to move (who must be `seats[seat]`), or a
    /// takeback to a ply (`start` is the position before the first move).
    fn apply_entry(
        &mut self,
        entry: &LogEntry,
        start: Option<&AnyGame>,
        seats: &[Option<u64>],
    ) -> Result<(), Unreplayable> {
        match entry.kind {
            EntryKind::Move => {
                let Some(seat) = self.game.seat_to_move() else {
                    return bad(format!("move {} after the end of the game", entry.seq));
                };
                if seats.get(seat).copied().flatten() != Some(entry.player_id) {
                    return bad(format!("move {} was made out of turn", entry.seq));
                }
                let text = entry.notation.as_deref().unwrap_or_default();
                let mut game = self.game.clone();
                let mv = game
                    .parse_move(text)
                    .and_then(|mv| game.play(&mv).map(|()| mv))
                    .map_err(|e| Unreplayable(format!("move {} `{text}`: {e}", entry.seq)))?;
                self.before = Some(std::mem::replace(&mut self.game, game));
                self.moves.push((mv, seat));
                self.both_moved_once |= every_seat_in(&self.moves, seats.len());
            }
            EntryKind::Takeback => {
                let keep = entry.ply as usize;
                let (true, Some(start)) = (keep <= self.moves.len(), start) else {
                    return bad(format!("takeback {} to a later ply", entry.seq));
                };
                self.both_moved_once = self.both_moved();
                self.moves.truncate(keep);
                (self.game, self.before) = position_after(start, &self.moves)?;
            }
        }
        if entry.ply as usize != self.moves.len() {
            return bad(format!("entry {} says ply {}", entry.seq, entry.ply));
        }
        self.seq = entry.seq;
        Ok(())
    }
}

fn every_seat_in(moves: &[(AnyMove, usize)], seats: usize) -> bool {
    (0..seats).all(|seat| moves.iter().any(|&(_, s)| s == seat))
}

/// The position after `moves` from `start`, and the one before the last of them.
pub fn position_after(
    start: &AnyGame,
    moves: &[(AnyMove, usize)],
) -> Result<(AnyGame, Option<AnyGame>), Unreplayable> {
    let mut game = start.clone();
    let mut before = None;
    for (mv, _) in moves {
        before = Some(game.clone());
        game.play(mv)
            .map_err(|e| Unreplayable(format!("replaying the log: {e}")))?;
    }
    Ok((game, before))
}

impl Match {
    /// A match as read from the database, its board rebuilt by applying its log, entry by
    /// entry, as each was applied when it was made.
    pub fn restore(row: MatchRow, log: &[LogEntry]) -> Result<Match, Unreplayable> {
        let kind = row.game;
        let seats = row.seats.len();
        let mut m = Match {
            row,
            kind,
            board: None,
            ratings: vec![None; seats],
            awaiting_thread: false,
            news: true,
        };
        if m.row.status != MatchStatus::Challenge {
            if m.row.seats.iter().any(Option::is_none) || seats < 2 {
                return bad("a started match with an empty seat".into());
            }
            m.board = Some(Board::replay(m.start_position()?, log, &m.seat_ids())?);
        }
        Ok(m)
    }

    /// The players' ids by seat.
    fn seat_ids(&self) -> Vec<Option<u64>> {
        let ids = self.row.seats.iter().map(|p| p.as_ref().map(|p| p.id));
        ids.collect()
    }

    /// The position before the first move: the variant's options (and Lightning's pile seed).
    pub fn start_position(&self) -> Result<AnyGame, Unreplayable> {
        AnyGame::start(self.kind, &self.row.options, self.row.seed)
            .map_err(|e| Unreplayable(e.to_string()))
    }

    fn apply_entry(&mut self, entry: &LogEntry) -> Result<(), Unreplayable> {
        // Only a takeback replays from the start.
        let start = match entry.kind {
            EntryKind::Takeback => Some(self.start_position()?),
            EntryKind::Move => None,
        };
        let seats = self.seat_ids();
        let Some(board) = &mut self.board else {
            return bad(format!("entry {} before the start", entry.seq));
        };
        board.apply_entry(entry, start.as_ref(), &seats)
    }

    /// Applies one committed change. Fails only for a change that contradicts the match (a
    /// move that is not legal here), which the table never makes.
    pub fn apply(&mut self, change: &Change) -> Result<(), Unreplayable> {
        match change {
            Change::Seat {
                seat,
                player,
                bot_level,
                ..
            } => {
                if let Some(level) = bot_level {
                    self.row.vs_bot = true;
                    self.row.rated = false;
                    self.row.level = Some(self.row.level.unwrap_or(*level));
                }
                if let Some(slot) = self.row.seats.get_mut(usize::from(*seat)) {
                    *slot = Some(player.clone());
                }
            }
            Change::Start {
                opponent,
                at,
                deadline,
            } => {
                if let Some(o) = opponent {
                    let seat = self.opponent_seat();
                    if let Some(slot) = self.row.seats.get_mut(seat) {
                        *slot = Some(o.clone());
                    }
                    self.row.opponent = Some(o.clone());
                }
                self.row.status = MatchStatus::Live;
                self.row.started_at = Some(*at);
                self.set_state(LiveState {
                    deadline_at: *deadline,
                    remaining: self.row.remaining,
                    ..LiveState::default()
                });
                self.board = Some(Board::new(self.start_position()?));
            }
            Change::Close { status, at } => {
                self.row.status = *status;
                self.row.finished_at = Some(*at);
            }
            Change::Update { entry, state } => {
                if let Some(entry) = entry {
                    self.apply_entry(entry)?;
                }
                self.set_state(*state);
            }
            Change::Finish {
                entry,
                aborted,
                winner,
                reason,
                at,
            } => {
                if let Some(entry) = entry {
                    self.apply_entry(entry)?;
                }
                // The times left stay as the last turn left them.
                self.set_state(LiveState {
                    remaining: self.row.remaining,
                    ..LiveState::default()
                });
                (self.row.status, self.row.winner_seat) = ending(*aborted, *winner);
                self.row.reason = Some(reason.name().to_string());
                self.row.finished_at = Some(*at);
            }
            Change::Relocate {
                channel,
                parent,
                card,
            } => {
                self.row.channel_id = *channel;
                self.row.parent_id = *parent;
                self.row.card = card.or(self.row.card);
            }
            Change::Card { channel, message } => self.row.card = Some((*channel, *message)),
        }
        Ok(())
    }

    fn set_state(&mut self, s: LiveState) {
        let r = &mut self.row;
        r.deadline_at = s.deadline_at;
        r.warned = s.warned;
        r.draw_offer_seat = s.draw_offer_seat;
        r.draw_consent = s.draw_consent;
        r.takeback_seat = s.takeback_seat;
        r.takeback_consent = s.takeback_consent;
        r.remaining = s.remaining;
    }

    /// The clock and the standing offers as they are.
    pub fn state(&self) -> LiveState {
        let r = &self.row;
        LiveState {
            deadline_at: r.deadline_at,
            warned: r.warned,
            draw_offer_seat: r.draw_offer_seat,
            draw_consent: r.draw_consent,
            takeback_seat: r.takeback_seat,
            takeback_consent: r.takeback_consent,
            remaining: r.remaining,
        }
    }

    pub fn id(&self) -> i64 {
        self.row.id
    }

    /// Where the match is played (a thread once it moved into one).
    pub fn place(&self) -> Place {
        Place {
            guild: self.row.guild_id,
            channel: self.row.channel_id,
            parent: self.row.parent_id,
            can_thread: false,
        }
    }

    /// A pending challenge (or lobby) waiting for its players.
    pub fn is_challenge(&self) -> bool {
        self.row.status == MatchStatus::Challenge
    }

    /// The board of a live match.
    pub fn live(&self) -> Option<&Board> {
        match self.row.status {
            MatchStatus::Live => self.board.as_ref(),
            _ => None,
        }
    }

    /// Over, declined, cancelled, expired: nothing more happens to it.
    pub fn is_closed(&self) -> bool {
        !matches!(self.row.status, MatchStatus::Challenge | MatchStatus::Live)
    }

    /// When a pending challenge expires.
    pub fn expires_at(&self) -> i64 {
        self.row.deadline_at.unwrap_or(self.row.created_at)
    }

    pub fn stamp(&self) -> Stamp {
        Stamp {
            match_id: self.row.id,
            seq: self.board.as_ref().map_or(0, |b| b.seq),
        }
    }

    /// The seat a two-seat challenge's opponent takes: the one the challenger does not hold.
    pub fn opponent_seat(&self) -> usize {
        let mine = usize::from(self.row.challenger_seat);
        (0..self.row.seats.len())
            .find(|&s| s != mine)
            .unwrap_or_default()
    }

    /// The players by seat in turn order, once every seat is taken.
    pub fn players(&self) -> Option<Vec<&PlayerRef>> {
        self.row.seats()
    }

    /// The seats `user` holds (one for a person; the bot may hold several).
    pub fn seats_of(&self, user: u64) -> Vec<usize> {
        (0..self.row.seats.len())
            .filter(|&s| self.player(s).is_some_and(|p| p.id == user))
            .collect()
    }

    /// The seat the bot takes when asked to sit (user id `bot`): once it is seated, only one
    /// on its own team, so that it never plays against itself; else the first empty seat of
    /// the team with the fewest people, so that it plays against them rather than beside them.
    pub fn seat_for_bot(&self, bot: u64) -> Option<usize> {
        let seating = crate::games::Seating::for_seats(self.row.seats.len());
        let sides: Vec<_> = self
            .seats_of(bot)
            .into_iter()
            .map(|s| seating.side(s))
            .collect();
        let people = |seat: usize| {
            seating
                .seats_of(seating.side(seat))
                .filter(|&s| self.player(s).is_some_and(|p| p.id != bot))
                .count()
        };
        (0..self.row.seats.len())
            .filter(|&seat| self.player(seat).is_none())
            .filter(|&seat| sides.iter().all(|side| *side == seating.side(seat)))
            .min_by_key(|&seat| (people(seat), seat))
    }

    pub fn player(&self, seat: usize) -> Option<&PlayerRef> {
        self.row.seats.get(seat).and_then(Option::as_ref)
    }

    /// Whether `user` is in this match in any way (challenger, named opponent or seated).
    pub fn involves(&self, user: u64) -> bool {
        self.row.challenger.id == user
            || self.row.opponent.as_ref().is_some_and(|o| o.id == user)
            || !self.seats_of(user).is_empty()
    }

    /// Whether the match holds its channel: a threaded one does only once in its thread.
    pub fn holds_channel(&self) -> bool {
        !self.row.threaded || self.row.parent_id.is_some()
    }

    /// Whether this is a match of more than two seats (it starts from a lobby).
    pub fn is_lobby_game(&self) -> bool {
        self.row.seats.len() > 2
    }

    /// Every seat as a bit, for consent masks.
    pub fn all_seats(&self) -> u8 {
        mask(&(0..self.row.seats.len()).collect::<Vec<_>>())
    }

    /// The players of the seats whose bit is not in `consent` (each person once).
    pub fn waiting_for(&self, consent: u8) -> Vec<&PlayerRef> {
        let mut out: Vec<&PlayerRef> = Vec::new();
        for (seat, p) in self.row.seats.iter().enumerate() {
            if let Some(p) = p
                && consent & (1 << seat) == 0
                && !out.iter().any(|o| o.id == p.id)
            {
                out.push(p);
            }
        }
        out
    }

    /// The next time the timer must look at this match (expiry, reminder or deadline).
    pub fn next_due(&self) -> Option<i64> {
        match self.row.status {
            MatchStatus::Challenge => Some(self.expires_at()),
            MatchStatus::Live => {
                let deadline = self.row.deadline_at?;
                match (self.row.warned, self.reminder_at()) {
                    (false, Some(at)) => Some(at.min(deadline)),
                    _ => Some(deadline),
                }
            }
            _ => None,
        }
    }

    /// How the match is timed.
    pub fn time_control(&self) -> TimeControl {
        TimeControl {
            secs: self.row.clock_secs,
            increment_secs: self.row.increment_secs,
        }
    }

    /// A game clock's times by seat, once the match has them.
    pub fn game_clock(&self) -> Option<Bank> {
        self.row.increment_secs?;
        self.row.remaining
    }

    /// Whether a game clock is running: the match is live and someone is to move.
    pub fn game_clock_running(&self) -> bool {
        self.game_clock().is_some()
            && self.row.deadline_at.is_some()
            && self.live().is_some_and(|b| b.game.seat_to_move().is_some())
    }

    /// When the player to move is reminded of their turn: a tenth of the time per move before
    /// the deadline; on a game clock, when a tenth of the player's whole time is left, if their
    /// turn began with more than that (a player already short of time is not reminded at every
    /// move). `None`: no reminder this turn.
    pub fn reminder_at(&self) -> Option<i64> {
        let deadline = self.row.deadline_at?;
        let secs = self.row.clock_secs?;
        let Some(bank) = self.game_clock() else {
            return Some(deadline - crate::table::clock::reminder_ms(secs));
        };
        let seat = self.live()?.game.seat_to_move()?;
        let low = secs * 1000 / 10;
        (bank.get(seat) > low).then_some(deadline - low)
    }

    /// Each seat's time left at `now` (ms) on a game clock: the player to move's counts down to
    /// their deadline.
    pub fn times_left(&self, now: i64) -> Option<Vec<i64>> {
        let bank = self.game_clock()?;
        let mut times = bank.times().to_vec();
        let running = self.live().and_then(|b| b.game.seat_to_move());
        if let (Some(seat), Some(deadline)) = (running, self.row.deadline_at)
            && let Some(t) = times.get_mut(seat)
        {
            *t = (deadline - now).max(0);
        }
        Some(times)
    }

    /// The clock when the turn passes from seat `from` to seat `to` (`None`: nobody) at `now`:
    /// a time per move starts again; a game clock banks what `from` had left (with the
    /// increment when `from` moved rather than had a move taken back) and counts `to`'s down.
    /// Returns the new deadline and times.
    pub fn pass_turn(
        &self,
        from: usize,
        to: Option<usize>,
        now: i64,
        moved: bool,
    ) -> (Option<i64>, Option<Bank>) {
        let Some(bank) = self.game_clock() else {
            return (self.row.clock_secs.map(|s| now + s * 1000), None);
        };
        let left = self
            .row
            .deadline_at
            .map_or(bank.get(from), |deadline| (deadline - now).max(0));
        let increment = if moved {
            self.row.increment_secs.unwrap_or(0) * 1000
        } else {
            0
        };
        let bank = bank.with(from, left + increment);
        (to.map(|seat| now + bank.get(seat)), Some(bank))
    }
}
