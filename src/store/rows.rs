//! Plain data read from and written to the database.

use crate::games::{GameKind, Variant};

/// A player as stored: Discord user id and the display name last seen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerRef {
    pub id: u64,
    pub name: String,
}

/// Where a match is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchStatus {
    Challenge,
    Declined,
    Cancelled,
    Expired,
    Live,
    Finished,
    Aborted,
}

impl MatchStatus {
    const ALL: [MatchStatus; 7] = [
        MatchStatus::Challenge,
        MatchStatus::Declined,
        MatchStatus::Cancelled,
        MatchStatus::Expired,
        MatchStatus::Live,
        MatchStatus::Finished,
        MatchStatus::Aborted,
    ];

    /// The word stored in `matches.status`.
    pub fn name(self) -> &'static str {
        match self {
            MatchStatus::Challenge => "challenge",
            MatchStatus::Declined => "declined",
            MatchStatus::Cancelled => "cancelled",
            MatchStatus::Expired => "expired",
            MatchStatus::Live => "live",
            MatchStatus::Finished => "finished",
            MatchStatus::Aborted => "aborted",
        }
    }

    pub fn from_name(name: &str) -> Option<MatchStatus> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A row of `matches`, with the players' names joined in.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    pub id: i64,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub parent_id: Option<u64>,
    pub game: GameKind,
    /// The named preset the match was created with (its options are in `options`).
    pub variant: &'static Variant,
    pub options: String,
    pub seed: i64,
    pub rated: bool,
    /// The time per move, or each player's time for the whole game on a game clock.
    pub clock_secs: Option<i64>,
    /// A game clock's seconds added after each move; `None` for a time per move.
    pub increment_secs: Option<i64>,
    /// A game clock's time left by seat (see [`Bank`]).
    pub remaining: Option<Bank>,
    /// When a running game clock was last known to be timed by a live process (a restart
    /// does not charge the player to move for the time after it).
    pub clock_seen_at: Option<i64>,
    pub level: Option<u8>,
    pub challenger: PlayerRef,
    pub opponent: Option<PlayerRef>,
    pub vs_bot: bool,
    pub challenger_seat: u8,
    /// Every seat in turn order (`match_seats`), `None` while empty.
    pub seats: Vec<Option<PlayerRef>>,
    /// Played in a thread of its own once accepted (the channel stays free).
    pub threaded: bool,
    /// The challenge card's channel and message, once known.
    pub card: Option<(u64, u64)>,
    pub status: MatchStatus,
    pub winner_seat: Option<u8>,
    pub reason: Option<String>,
    pub deadline_at: Option<i64>,
    pub warned: bool,
    pub draw_offer_seat: Option<u8>,
    pub takeback_seat: Option<u8>,
    /// The seats agreeing to the standing draw offer / takeback request, a bit each.
    pub draw_consent: u8,
    pub takeback_consent: u8,
    pub rematch_of: Option<i64>,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
}

impl MatchRow {
    /// The players by seat in turn order, once every seat is taken.
    pub fn seats(&self) -> Option<Vec<&PlayerRef>> {
        if self.seats.len() < 2 {
            return None;
        }
        self.seats.iter().map(Option::as_ref).collect()
    }
}

/// What a new challenge records.
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub parent_id: Option<u64>,
    pub game: GameKind,
    /// The named preset the match was created with (its options are in `options`).
    pub variant: &'static Variant,
    pub options: String,
    pub seed: i64,
    pub rated: bool,
    pub clock_secs: Option<i64>,
    /// `Some` for a game clock: the seconds added after each move.
    pub increment_secs: Option<i64>,
    pub level: Option<u8>,
    pub challenger: PlayerRef,
    pub opponent: Option<PlayerRef>,
    pub vs_bot: bool,
    pub challenger_seat: u8,
    /// Every seat in turn order (two, or four for four-player LOA), `None` where empty; the
    /// challenger's and the opponent's seats agree with the fields above.
    pub seats: Vec<Option<PlayerRef>>,
    /// Played in a thread of its own once accepted.
    pub threaded: bool,
    pub deadline_at: Option<i64>,
    pub rematch_of: Option<i64>,
    pub created_at: i64,
}

/// The most seats a game has (four-player Lines of Action).
pub const MAX_SEATS: usize = 4;

/// Each seat's time on a game clock, in ms: what it had left when its last turn ended, its
/// increment added (the seat to move: what it had when its turn began, its deadline counting
/// down from there). Stored as the numbers separated by spaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bank {
    ms: [i64; MAX_SEATS],
    seats: u8,
}

impl Bank {
    /// `ms` for each of `seats` seats (at most [`MAX_SEATS`]).
    pub fn full(seats: usize, ms: i64) -> Bank {
        let seats = seats.min(MAX_SEATS);
        let mut bank = Bank {
            ms: [0; MAX_SEATS],
            seats: seats as u8,
        };
        bank.ms[..seats].fill(ms);
        bank
    }

    /// The time of `seat` (0 for a seat it has not).
    pub fn get(&self, seat: usize) -> i64 {
        self.times().get(seat).copied().unwrap_or(0)
    }

    /// The same bank with `seat`'s time set to `ms` (unchanged for a seat it has not).
    pub fn with(mut self, seat: usize, ms: i64) -> Bank {
        if seat < usize::from(self.seats) {
            self.ms[seat] = ms;
        }
        self
    }

    /// The times by seat.
    pub fn times(&self) -> &[i64] {
        &self.ms[..usize::from(self.seats)]
    }

    /// `300000 297000`, as stored.
    pub fn to_text(&self) -> String {
        let times: Vec<String> = self.times().iter().map(i64::to_string).collect();
        times.join(" ")
    }

    /// A bank as [`Bank::to_text`] wrote it; `None` for anything else.
    pub fn from_text(text: &str) -> Option<Bank> {
        let times: Vec<i64> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        if times.is_empty() || times.len() > MAX_SEATS {
            return None;
        }
        let mut bank = Bank::full(times.len(), 0);
        bank.ms[..times.len()].copy_from_slice(&times);
        Some(bank)
    }
}

impl NewMatch {
    /// A game clock's times at the start: each seat's whole time.
    pub fn starting_bank(&self) -> Option<Bank> {
        self.increment_secs?;
        Some(Bank::full(self.seats.len(), self.clock_secs? * 1000))
    }
}

/// A kind of log entry: a move, or a takeback that undoes the plies above `ply`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Move,
    Takeback,
}

impl EntryKind {
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Move => "move",
            EntryKind::Takeback => "takeback",
        }
    }

    pub fn from_name(name: &str) -> Option<EntryKind> {
        match name {
            "move" => Some(EntryKind::Move),
            "takeback" => Some(EntryKind::Takeback),
            _ => None,
        }
    }
}

/// One entry of the append-only move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// 1, 2, 3 ... within the match; never reused.
    pub seq: u32,
    pub kind: EntryKind,
    /// Plies on the board after this entry.
    pub ply: u32,
    /// The canonical move text (moves only).
    pub notation: Option<String>,
    pub player_id: u64,
    pub at: i64,
}

/// A Glicko-2 rating on the usual (1500-centred) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A row of `ratings`, with the player's name.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: PlayerRef,
    pub game: String,
    /// A guild id, or 0 for the global ladder.
    pub scope: i64,
    pub value: Glicko,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub last_played: i64,
}

/// How one player's rating moved in one scope because of one match.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub player_id: u64,
    pub scope: i64,
    pub rating_before: f64,
    pub deviation_before: f64,
    pub after: Glicko,
}

/// A head-to-head tally in one game, from the first player's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub game: GameKind,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// One change to a live match, written in one transaction by [`super::Store::update_match`].
#[derive(Debug)]
pub struct MatchUpdate<'a> {
    pub match_id: i64,
    /// The number of the last log entry the writer knows: the change is made only if the
    /// database agrees (else [`super::StoreError::Conflict`]).
    pub known_seq: u32,
    pub entry: Option<LogEntry>,
    pub deadline_at: Option<i64>,
    pub warned: bool,
    pub draw_offer_seat: Option<u8>,
    pub takeback_seat: Option<u8>,
    pub draw_consent: u8,
    pub takeback_consent: u8,
    /// A game clock's times by seat.
    pub remaining: Option<Bank>,
    pub finish: Option<Finish<'a>>,
}

/// The end of a match.
#[derive(Debug)]
pub struct Finish<'a> {
    /// `Finished` with a result, or `Aborted`.
    pub status: MatchStatus,
    /// The winning side (with four seats, the team: 0 for seats 0 and 2).
    pub winner_seat: Option<u8>,
    pub reason: &'a str,
    pub at: i64,
    /// Set for rated matches: the ratings to update.
    pub rating: Option<RatingJob<'a>>,
}

/// The rating update of a finished rated match; the arithmetic is the caller's.
#[derive(Debug)]
pub struct RatingJob<'a> {
    pub game: &'a str,
    /// Guild id and/or 0 (global).
    pub scopes: Vec<i64>,
    /// The players by seat, in turn order.
    pub players: Vec<u64>,
    /// 1 if the first side won, 0.5 for a draw, 0 if it lost (what `rate` takes).
    pub score_first: f64,
    /// Each seat's own score, in the order of `players`: 1 for a win, 0.5 for a draw, 0 for a
    /// loss (counted in the player's wins, draws and losses).
    pub scores: Vec<f64>,
    /// The rating of a player with no rated game yet.
    pub initial: Glicko,
    pub at: i64,
    /// New ratings of every seat from their old ones and the first side's score.
    pub rate: fn(&[Glicko], f64) -> Vec<Glicko>,
    /// A stored rating as it stands after this many ms without a game (before `rate`).
    pub decay: fn(Glicko, i64) -> Glicko,
}

/// A row of `analyses`: the coach's analysis of a match, done or under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRow {
    pub match_id: i64,
    /// False while it runs ('pending'): a restart starts it again.
    pub done: bool,
    /// Search steps per position.
    pub nodes: u64,
    /// The analysis as text (see `ai::analysis::Analysis::to_text`), empty while pending.
    pub result: String,
}
