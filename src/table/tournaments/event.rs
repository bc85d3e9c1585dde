//! A tournament as the service keeps it: the engine's [`Tournament`] with who each player is,
//! the game its boards are played in and when its next round starts. It changes only by
//! committed [`Step`]s, each applied the same way when it is written and in memory; the whole
//! value is what the store keeps.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::games::{GameKind, Reason};
use crate::i18n::Msg;
use crate::store::{EntryKind, LogEntry, MatchRow, MatchStatus, TournamentRow};
use crate::table::act::Place;
use crate::table::presets::{self, Variant};
use crate::table::shell::{Decides, Fail};
use crate::tournament::arena::{Arena, ArenaResult};
use crate::tournament::event::{BoardResult, Format, Tournament, TournamentError};

/// Where a tournament is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Status {
    /// Taking entries; no round paired yet.
    Open,
    /// Round 1 has been paired.
    Running,
    /// Every round has been played (or the next could not be paired).
    Over,
    /// Stopped by its organiser.
    Cancelled,
}

impl Status {
    /// The name stored in the `status` column.
    pub fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Over => "over",
            Status::Cancelled => "cancelled",
        }
    }

    /// Whether nothing more happens to it.
    pub fn is_closed(self) -> bool {
        matches!(self, Status::Over | Status::Cancelled)
    }
}

/// Who a player of the tournament is: a person, or the bot at a level.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seat {
    /// The person's id (the bot's own id for a bot).
    pub id: u64,
    pub name: String,
    /// The AI's level, for a bot.
    pub level: Option<u8>,
}

/// What the organiser chose, fixed at creation.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Rules {
    /// The game's short name ([`GameKind::name`]).
    pub game: String,
    /// The variant's name.
    pub variant: String,
    /// The time per move of each game (each player's time on a game clock), or `None` for no
    /// clock.
    pub clock_secs: Option<i64>,
    /// A game clock's seconds added per move; `None` for a time per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_secs: Option<i64>,
    /// Whether the games between people are rated.
    pub rated: bool,
    /// Rounds start at this interval after the first (or when the previous ends, if later);
    /// `None`: each as soon as the previous is over.
    pub interval_ms: Option<i64>,
}

impl Rules {
    /// How each game is timed.
    pub fn time_control(&self) -> presets::TimeControl {
        presets::TimeControl {
            secs: self.clock_secs,
            increment_secs: self.increment_secs,
        }
    }

    /// The game.
    pub fn kind(&self) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == self.game)
    }

    /// The game and its variant, if both are still known to this version.
    pub fn variant(&self) -> Option<(GameKind, &'static Variant)> {
        let game = self.kind()?;
        let variant = presets::variant(game, Some(&self.variant)).ok()?;
        Some((game, variant))
    }
}

/// An open or finished tournament of the service.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Event {
    /// Its number in the store (kept in its row, not in its state).
    #[serde(skip)]
    pub id: i64,
    /// Transitions committed so far (kept in its row).
    #[serde(skip)]
    pub seq: i64,
    pub guild: Option<u64>,
    pub channel: u64,
    pub parent: Option<u64>,
    pub organiser: u64,
    pub rules: Rules,
    pub status: Status,
    /// Players, rounds, pairings and results.
    pub tournament: Tournament,
    /// Who each player is, by the engine's key.
    pub seats: BTreeMap<String, Seat>,
    /// When the next round is paired, once known.
    pub next_round_at: Option<i64>,
    /// When round 1 was paired (the fixed interval counts from it).
    pub first_round_at: Option<i64>,
    /// When the latest round was paired: the expected end moves with it when rounds slip.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_paired_at: Option<i64>,
    /// Bots added so far (their keys are numbered).
    pub bots: u32,
    /// Its announcement card (channel, message), once the transport posted it.
    #[serde(default)]
    pub card: Option<(u64, u64)>,
    /// Its own thread, started from the card, where its news goes.
    #[serde(default)]
    pub thread: Option<u64>,
    /// Whether its players were reminded that it starts soon.
    #[serde(default)]
    pub reminded: bool,
    /// The start time it was announced with, if any (unix ms).
    #[serde(default)]
    pub starts_at: Option<i64>,
    /// An arena's length from its start (ms), fixed at creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,
    /// An arena's live standings message (channel, message), once the transport posted it:
    /// edited from then on, after a restart too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings_message: Option<(u64, u64)>,
    /// The matches of the round being played, by board (from the store's links, not from the
    /// state).
    #[serde(skip)]
    pub games: BTreeMap<usize, i64>,
}

/// One transition of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// A player enters (a late entry once round 1 is paired).
    Register {
        key: String,
        seat: Seat,
        rating: u32,
    },
    /// A player leaves: not paired any more.
    Withdraw { key: String },
    /// A player asks for a half-point bye in the next round.
    Bye { key: String },
    /// The next round is paired at `at`.
    Schedule { at: i64 },
    /// The next round is paired: the tournament as it stands after pairing it.
    Pair { after: Box<Tournament>, at: i64 },
    /// A board of round `round` (0-based) ended.
    Result {
        round: usize,
        board: usize,
        result: BoardResult,
    },
    /// Every round is played, or the next cannot be paired.
    Finish,
    /// The organiser stops it.
    Cancel,
    /// Its players were reminded that it starts soon.
    Remind,
    /// The transport posted its card here and started its thread.
    Located {
        card: (u64, u64),
        thread: Option<u64>,
    },
    /// The transport posted the arena's live standings message here.
    StandingsPosted { at: (u64, u64) },
    /// An arena starts at `at` and takes no new game from `ends_at` on.
    ArenaStart { at: i64, ends_at: i64 },
    /// The arena pairs its waiting players at `at` (as [`Arena::pair`] does, so that writing
    /// and applying it give the same games).
    ArenaPair { at: i64 },
    /// Arena game `game` ended; `moves` made by each side; the players in `pause` never moved
    /// (they are paused, as lichess does with a player who lets their clock run out).
    ArenaResult {
        game: usize,
        result: ArenaResult,
        moves: [u32; 2],
        pause: Vec<usize>,
    },
    /// A player of arena game `game` went berserk (their clock was halved).
    Berserk { game: usize, player: usize },
    /// An arena player pauses (`true`) or comes back.
    Pause { key: String, paused: bool },
}

/// The words of a refusal by the engine.
pub fn refusal(e: &TournamentError) -> Msg {
    Msg::new(match e {
        TournamentError::AlreadyRegistered => "err-tournament-registered",
        TournamentError::EntriesClosed => "err-tournament-closed",
        TournamentError::UnknownPlayer => "err-tournament-not-registered",
        TournamentError::Withdrawn => "err-tournament-withdrawn",
        TournamentError::NoByes => "err-tournament-no-byes",
        TournamentError::ByeLimit => "err-tournament-bye-limit",
        TournamentError::RoundInProgress => "err-tournament-round",
        TournamentError::Finished | TournamentError::NoRound | TournamentError::BadResult => {
            "err-tournament-over"
        }
        TournamentError::NotEnoughPlayers | TournamentError::Berger(_) => "err-tournament-players",
        TournamentError::Pair(_) => "err-tournament-unpairable",
    })
}

/// An arena's refusal, in the words of the engine's.
fn arena_refusal(e: crate::tournament::arena::ArenaError) -> Fail {
    use crate::tournament::arena::ArenaError;
    Fail::Refuse(Msg::new(match e {
        ArenaError::Unknown => "err-tournament-not-registered",
        ArenaError::Over => "err-arena-game-over",
        ArenaError::Registered => "err-tournament-registered",
    }))
}

impl From<TournamentError> for Fail {
    fn from(e: TournamentError) -> Fail {
        Fail::Refuse(refusal(&e))
    }
}

impl Event {
    /// A tournament just created: open, with no player.
    pub fn new(place: &Place, organiser: u64, rules: Rules, format: Format, rounds: usize) -> Self {
        Event {
            id: 0,
            seq: 0,
            guild: place.guild,
            channel: place.channel,
            parent: place.parent,
            organiser,
            rules,
            status: Status::Open,
            tournament: Tournament::new(format, rounds),
            seats: BTreeMap::new(),
            next_round_at: None,
            first_round_at: None,
            round_paired_at: None,
            bots: 0,
            card: None,
            thread: None,
            reminded: false,
            starts_at: None,
            duration_ms: None,
            standings_message: None,
            games: BTreeMap::new(),
        }
    }

    /// The tournament stored in `row`.
    pub fn restore(row: &TournamentRow) -> Result<Self, serde_json::Error> {
        let mut e: Event = serde_json::from_str(&row.state)?;
        e.id = row.id;
        e.seq = row.seq;
        Ok(e)
    }

    /// The state to store.
    pub fn to_json(&self) -> Result<String, Fail> {
        serde_json::to_string(self)
            .map_err(|e| Fail::Refuse(Msg::new("err-rebuild").plain("why", e.to_string())))
    }

    /// The place where it was created, where its news goes.
    pub fn place(&self) -> Place {
        Place {
            parent: self.parent,
            ..Place::new(self.guild, self.channel)
        }
    }

    /// Where its news goes: its own thread once started, else where it was created.
    pub fn news_place(&self) -> Place {
        match self.thread {
            Some(thread) => Place {
                parent: Some(self.channel),
                ..Place::new(self.guild, thread)
            },
            None => self.place(),
        }
    }

    /// Whether a request in `place` is about this tournament: in its channel or in a thread
    /// of it.
    pub fn is_at(&self, place: &Place) -> bool {
        place.channel == self.channel || place.parent == Some(self.channel)
    }

    /// The round being played or last played, from 1.
    pub fn round(&self) -> usize {
        self.tournament.swiss.played_rounds + usize::from(self.tournament.current.is_some())
    }

    /// The arena, for an arena.
    pub fn arena(&self) -> Option<&Arena> {
        self.tournament.arena.as_ref()
    }

    /// The arena, refusing if this is no arena.
    fn arena_mut(&mut self) -> Result<&mut Arena, Fail> {
        self.tournament
            .arena
            .as_mut()
            .ok_or_else(|| Fail::Refuse(Msg::new("err-arena-only")))
    }

    /// Who the engine's player `index` is.
    pub fn seat(&self, index: usize) -> Option<&Seat> {
        let key = &self.tournament.members.get(index)?.key;
        self.seats.get(key)
    }

    /// The engine's index of a person's entry.
    pub fn player_of(&self, person: u64) -> Option<usize> {
        self.tournament.find(&person_key(person))
    }

    /// When round `round` (0-based) may be paired, by the fixed interval (if any) after round 1.
    pub fn due_at(&self, round: usize, now: i64) -> i64 {
        match (self.rules.interval_ms, self.first_round_at) {
            (Some(every), Some(first)) => (first + every * round as i64).max(now),
            _ => now,
        }
    }
}

/// The engine's key of a person.
pub fn person_key(id: u64) -> String {
    format!("u{id}")
}

/// The engine's key of the `n`th bot added.
pub fn bot_key(n: u32) -> String {
    format!("bot{n}")
}

impl Decides for Event {
    type Change = Step;
    type Say = super::present::Say;

    fn id(&self) -> i64 {
        self.id
    }

    fn place(&self) -> Place {
        Event::place(self)
    }

    fn apply(&mut self, step: &Step) -> Result<(), Fail> {
        let t = &mut self.tournament;
        match step {
            Step::Register { key, seat, rating } => {
                t.register(key, &seat.name, *rating)?;
                self.seats.insert(key.clone(), seat.clone());
                if seat.level.is_some() {
                    self.bots += 1;
                }
            }
            Step::Withdraw { key } => {
                let player = t.find(key).ok_or(TournamentError::UnknownPlayer)?;
                if t.started {
                    t.withdraw(player)?;
                } else {
                    t.unregister(player)?;
                    self.seats.remove(key);
                }
            }
            Step::Bye { key } => {
                let player = t.find(key).ok_or(TournamentError::UnknownPlayer)?;
                t.request_bye(player)?;
            }
            Step::Schedule { at } => self.next_round_at = Some(*at),
            Step::Pair { after, at } => {
                *t = (**after).clone();
                self.status = Status::Running;
                self.next_round_at = None;
                self.first_round_at.get_or_insert(*at);
                self.round_paired_at = Some(*at);
                self.games.clear();
            }
            Step::Result {
                round,
                board,
                result,
            } => {
                if *round != t.swiss.played_rounds {
                    return Err(TournamentError::NoRound.into());
                }
                t.record_result(*board, *result)?;
                if t.current.is_none() {
                    self.games.clear();
                }
            }
            Step::Finish => {
                self.status = Status::Over;
                self.next_round_at = None;
            }
            Step::Cancel => {
                self.status = Status::Cancelled;
                self.next_round_at = None;
            }
            Step::Remind => self.reminded = true,
            Step::Located { card, thread } => {
                self.card = Some(*card);
                self.thread = thread.or(self.thread);
            }
            Step::StandingsPosted { at } => self.standings_message = Some(*at),
            Step::ArenaStart { at, ends_at } => {
                self.arena_mut()?.ends_at = *ends_at;
                self.tournament.started = true;
                self.status = Status::Running;
                self.next_round_at = None;
                self.first_round_at = Some(*at);
            }
            Step::ArenaPair { at } => {
                self.arena_mut()?.pair(*at);
            }
            Step::ArenaResult {
                game,
                result,
                moves,
                pause,
            } => {
                let arena = self.arena_mut()?;
                arena
                    .finish(*game, *result, *moves)
                    .map_err(arena_refusal)?;
                for &p in pause {
                    arena.set_paused(p, true).map_err(arena_refusal)?;
                }
            }
            Step::Berserk { game, player } => {
                self.arena_mut()?
                    .berserk(*game, *player)
                    .map_err(arena_refusal)?;
            }
            Step::Pause { key, paused } => {
                let player = t.find(key).ok_or(TournamentError::UnknownPlayer)?;
                self.arena_mut()?
                    .set_paused(player, *paused)
                    .map_err(arena_refusal)?;
            }
        }
        self.seq += 1;
        Ok(())
    }
}

/// How a tournament's game ended, for the tournament: a player who never moved and ran out of
/// time (or whose game was called off) loses by forfeit, which is no game played for the
/// pairing rules. `None` while the game goes on.
pub fn board_result(row: &MatchRow, log: &[LogEntry]) -> Option<BoardResult> {
    let seat_id = |seat: usize| row.seats.get(seat).cloned().flatten().map(|p| p.id);
    let (white, black) = (seat_id(0), seat_id(1));
    let moved = |seat: usize| {
        // The bot playing itself never forfeits.
        white == black
            || log
                .iter()
                .any(|e| e.kind == EntryKind::Move && Some(e.player_id) == seat_id(seat))
    };
    // An aborted match is stored as an abort: it ran out of time if it ended a whole turn's
    // time after the last thing that happened in it.
    let last = log.iter().map(|e| e.at).chain(row.started_at).max();
    let ran_out = match (row.status, row.clock_secs, last, row.finished_at) {
        (MatchStatus::Aborted, Some(secs), Some(last), Some(end)) => end >= last + secs * 1000,
        _ => false,
    };
    let timeout = ran_out || row.reason.as_deref() == Some(Reason::Timeout.name());
    Some(match row.status {
        MatchStatus::Challenge | MatchStatus::Live => return None,
        MatchStatus::Finished => match row.winner_seat {
            Some(0) if timeout && !moved(1) => BoardResult::BlackForfeits,
            Some(0) => BoardResult::WhiteWins,
            Some(_) if timeout && !moved(0) => BoardResult::WhiteForfeits,
            Some(_) => BoardResult::BlackWins,
            None => BoardResult::Draw,
        },
        // Out of time before both moved (the match is aborted, unrated): the player who ran
        // out forfeits; the first player moves first.
        _ if timeout => match (row.winner_seat, moved(0)) {
            (Some(0), _) | (None, true) => BoardResult::BlackForfeits,
            _ => BoardResult::WhiteForfeits,
        },
        // Called off by a player: whoever never moved forfeits.
        _ => match (moved(0), moved(1)) {
            (false, false) => BoardResult::BothForfeit,
            (true, false) => BoardResult::BlackForfeits,
            (false, true) => BoardResult::WhiteForfeits,
            (true, true) => BoardResult::Draw,
        },
    })
}
