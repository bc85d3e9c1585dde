//! A tournament's event in its server's calendar (Discord's guild scheduled events): what it
//! should show as the tournament goes (scheduled, active, then completed or canceled), and
//! what the transport made of it, kept in the store so that a restart neither creates a
//! second one nor says twice that it cannot. The transport does the talking; this keeps the
//! record and decides the next step.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::i18n::Msg;
use crate::store::{Store, StoreError};

use super::event::{Event, Status};
use super::service::Tournaments;

/// How long a round is expected to take when nothing says: no clock, or rounds sized by the
/// entries. A calendar event needs an end.
const ROUND_MS: i64 = 30 * 60 * 1000;
/// Rounds expected when their number is not known yet (a Swiss sized by its entries, a round
/// robin without players so far).
const ROUNDS_UNKNOWN: usize = 3;
/// Moves a player is expected to make in a game, for a round's length with a clock per move.
const MOVES_PER_GAME: i64 = 20;
/// How far the expected end may move before the event is given the new one.
const END_SLIP_MS: i64 = 5 * 60 * 1000;
/// The longest a round is expected to take.
const LONGEST_ROUND_MS: i64 = 7 * 24 * 3600 * 1000;

/// Where a tournament's calendar event is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CalendarStatus {
    /// None created yet.
    None,
    /// The server does not let the bot create one; it said so.
    Refused,
    Scheduled,
    Active,
    Completed,
    Canceled,
    /// It was deleted on the server's side: left alone.
    Gone,
}

impl CalendarStatus {
    /// Its name in the store.
    pub fn name(self) -> &'static str {
        match self {
            CalendarStatus::None => "none",
            CalendarStatus::Refused => "refused",
            CalendarStatus::Scheduled => "scheduled",
            CalendarStatus::Active => "active",
            CalendarStatus::Completed => "completed",
            CalendarStatus::Canceled => "canceled",
            CalendarStatus::Gone => "gone",
        }
    }

    pub fn from_name(name: &str) -> CalendarStatus {
        [
            CalendarStatus::Refused,
            CalendarStatus::Scheduled,
            CalendarStatus::Active,
            CalendarStatus::Completed,
            CalendarStatus::Canceled,
            CalendarStatus::Gone,
        ]
        .into_iter()
        .find(|s| s.name() == name)
        .unwrap_or(CalendarStatus::None)
    }

    /// What it should show while the tournament is `status`.
    pub fn of(status: Status) -> CalendarStatus {
        match status {
            Status::Open => CalendarStatus::Scheduled,
            Status::Running => CalendarStatus::Active,
            Status::Over => CalendarStatus::Completed,
            Status::Cancelled => CalendarStatus::Canceled,
        }
    }
}

/// A tournament's calendar event as last recorded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Calendar {
    /// The transport's id of the event, once created.
    pub event: Option<u64>,
    pub status: CalendarStatus,
    /// The end time (unix ms) last given to the event by this process: not stored, so a
    /// restart gives it once more.
    pub end: Option<i64>,
}

impl Calendar {
    /// The next status to give the event on the way to `wanted`, as the calendar allows it
    /// (scheduled, then active, then completed; or scheduled, then canceled): creating it
    /// (`Scheduled` from `None`) only while the tournament has not started. A tournament
    /// cancelled once running completes its event (an active event cannot be canceled).
    pub fn next(&self, wanted: CalendarStatus) -> Option<CalendarStatus> {
        use CalendarStatus as C;
        match (self.status, wanted) {
            (C::None, C::Scheduled) => Some(C::Scheduled),
            (C::Scheduled, C::Active | C::Completed) => Some(C::Active),
            (C::Scheduled, C::Canceled) => Some(C::Canceled),
            (C::Active, C::Completed | C::Canceled) => Some(C::Completed),
            _ => None,
        }
    }

    /// The same event, now showing `status`.
    pub fn with(self, status: CalendarStatus) -> Calendar {
        Calendar { status, ..self }
    }

    /// Whether the event, still to come or under way, should be given end time `end`: it has
    /// none from this process yet, or one that many minutes away.
    pub fn needs_end(&self, end: i64) -> bool {
        self.event.is_some()
            && matches!(
                self.status,
                CalendarStatus::Scheduled | CalendarStatus::Active
            )
            && self
                .end
                .is_none_or(|given| (given - end).abs() >= END_SLIP_MS)
    }
}

/// What a transport is told about a tournament's calendar event with each of its news: only
/// for a tournament of a server announced with a start time.
#[derive(Clone, Debug)]
pub struct CalendarNews {
    pub guild: u64,
    pub name: Msg,
    pub description: Msg,
    /// When round 1 is due (unix ms).
    pub starts_at: i64,
    /// When it is expected to be over (unix ms).
    pub ends_at: i64,
    /// What the event should show now.
    pub wanted: CalendarStatus,
}

impl Event {
    /// When a tournament starting at `start` is expected to end: its rounds at their interval,
    /// or each as long as a game is expected to take at its clock. Once running, counted from
    /// when its latest round was paired (or when the next one is due), so that the end moves
    /// when rounds run late, or early when the organiser starts before the announced time.
    pub fn expected_end(&self, start: i64) -> i64 {
        // An arena ends at its end time once started, else its length after the start.
        if let Some(duration) = self.duration_ms {
            return match self.arena().filter(|a| a.ends_at > 0) {
                Some(a) => a.ends_at,
                None => start + duration,
            };
        }
        let round = self.round_ms();
        let t = &self.tournament;
        let rounds = match t.rounds() {
            0 => ROUNDS_UNKNOWN,
            n => n,
        } as i64;
        let played = t.swiss.played_rounds as i64;
        match (self.status, self.next_round_at, self.round_paired_at) {
            (Status::Running, Some(next), _) => next + (rounds - played).max(0) * round,
            // The latest round is under way, or over with the next one about to be paired.
            (Status::Running, None, Some(paired)) => {
                let paired_rounds = played + i64::from(t.current.is_some());
                paired + (rounds - paired_rounds + 1).max(0) * round
            }
            _ => start + rounds * round,
        }
    }

    /// How long a round is expected to take: its interval, or a game at its clock.
    fn round_ms(&self) -> i64 {
        match (
            self.rules.interval_ms,
            self.rules.clock_secs,
            self.rules.increment_secs,
        ) {
            (Some(every), _, _) => every,
            // A game clock: both players' whole time, and the increments of their moves.
            (None, Some(secs), Some(inc)) => {
                ((2 * secs + 2 * inc * MOVES_PER_GAME) * 1000).clamp(ROUND_MS, LONGEST_ROUND_MS)
            }
            (None, Some(secs), None) => {
                (secs * 1000 * MOVES_PER_GAME).clamp(ROUND_MS, LONGEST_ROUND_MS)
            }
            (None, None, _) => ROUND_MS,
        }
    }

    /// Its calendar event as the transport should keep it, for one of a server announced with
    /// a start time.
    pub fn calendar_news(&self) -> Option<CalendarNews> {
        let (guild, starts_at) = (self.guild?, self.starts_at?);
        let game = self
            .rules
            .kind()
            .map_or(Msg::verbatim(&self.rules.game), |g| g.label());
        Some(CalendarNews {
            guild,
            name: Msg::new("tournament-card-title")
                .num("id", self.id)
                .msg("game", game),
            description: super::present::rules_line(self),
            starts_at,
            ends_at: self.expected_end(starts_at),
            wanted: CalendarStatus::of(self.status),
        })
    }
}

/// Each tournament's calendar record, behind a lock of its own: one transport request at a
/// time changes it.
#[derive(Default)]
pub(super) struct Calendars(std::sync::Mutex<HashMap<i64, Arc<Mutex<Option<Calendar>>>>>);

/// A tournament's calendar record, held: nobody else changes it until this is dropped.
pub struct CalendarEntry {
    id: i64,
    store: Store,
    held: OwnedMutexGuard<Option<Calendar>>,
}

impl CalendarEntry {
    /// The record as it stands.
    pub fn get(&self) -> Calendar {
        self.held.unwrap_or(Calendar {
            event: None,
            status: CalendarStatus::None,
            end: None,
        })
    }

    /// Records what the transport did (written to the store first).
    pub async fn set(&mut self, calendar: Calendar) -> Result<(), StoreError> {
        self.store
            .set_tournament_calendar(self.id, calendar.event, calendar.status.name())
            .await?;
        *self.held = Some(calendar);
        Ok(())
    }
}

impl Tournaments {
    /// Tournament `id`'s calendar record, held until the entry is dropped (read from the store
    /// the first time).
    pub async fn calendar(&self, id: i64) -> Result<CalendarEntry, StoreError> {
        let lock = {
            let mut all = self
                .inner
                .calendars
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            all.entry(id).or_default().clone()
        };
        let mut held = lock.lock_owned().await;
        if held.is_none() {
            let found = self.inner.store.tournament_calendar(id).await?;
            *held = Some(match found {
                Some((event, status)) => Calendar {
                    event,
                    status: CalendarStatus::from_name(&status),
                    end: None,
                },
                None => Calendar {
                    event: None,
                    status: CalendarStatus::None,
                    end: None,
                },
            });
        }
        Ok(CalendarEntry {
            id,
            store: self.inner.store.clone(),
            held,
        })
    }
}
