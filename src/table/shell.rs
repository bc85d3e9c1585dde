//! The spine every long-lived thing of the table shares: a match today, a tournament or a puzzle
//! attempt tomorrow. Its lock is held while an act is decided by a pure function into changes;
//! each change is committed to the store, then applied to the thing in memory (the same
//! function replays its log at a restart); the answer is presented from the thing as it then
//! stands; news nobody asked for (a deadline passing) goes out as a [`Notice`].
//!
//! A new kind of thing implements [`Decides`] for its value and [`Keeper`] for its service, and
//! gets [`commit`], [`carry_out`] and [`on_its_own`] as they are.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::{Mutex, mpsc};

use crate::i18n::{Lang, Msg};
use crate::store::StoreError;

use super::act::Place;
use super::api::{Notice, Reply};

/// Why a request did nothing: a refusal for the requester, or a storage failure.
#[derive(Debug, thiserror::Error)]
pub enum Fail {
    #[error("{}", .0.text(Lang::En))]
    Refuse(Msg),
    /// A refusal of a control pressed on a board that is no longer current.
    #[error("{}", .0.text(Lang::En))]
    Stale(Msg),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Fail {
    /// Counts a failure of the database itself in `parlor_database_errors_total` (not a thing
    /// that another process changed first: that is a race, answered by reading it again).
    pub fn count(&self) {
        if let Fail::Store(e) = self
            && !matches!(e, StoreError::Conflict(_) | StoreError::NotLive(_))
        {
            metrics::counter!("parlor_database_errors_total").increment(1);
            if let Some(fault) = e.fault() {
                metrics::counter!("parlor_database_faults_total", "fault" => fault.key())
                    .increment(1);
            }
        }
    }

    /// What a storage failure tells the requester: that nothing was changed and, when the
    /// database is unavailable, to try again in a minute (the terminal, whose user runs it,
    /// also names the fault). A refused statement or a damaged file says only "our side".
    pub fn store_message(error: &StoreError) -> Msg {
        match error.fault() {
            Some(fault) if fault.is_outage() => Msg::new("err-db-down")
                .msg("fault", Msg::new("db-fault").plain("fault", fault.key())),
            _ => Msg::new("err-internal"),
        }
    }
}

/// The answer to a request, or why there is none.
pub type Answer = Result<Reply, Fail>;

/// A refusal, in the requester's words.
pub fn refuse<T>(msg: Msg) -> Result<T, Fail> {
    Err(Fail::Refuse(msg))
}

/// One open thing in memory, behind the lock its acts take one at a time.
pub type Slot<T> = Arc<Mutex<T>>;

/// A thing whose state changes only by committed changes.
pub trait Decides: Send + Sync {
    /// One change, as stored and as applied (a match's: [`crate::store::Change`]).
    type Change: Send + Sync;
    /// What a decision says, presented once its changes are applied.
    type Say: Send;
    /// Its number in the store.
    fn id(&self) -> i64;
    /// Where its news is posted.
    fn place(&self) -> Place;
    /// Applies one committed change. Fails only for a change that contradicts the thing,
    /// which its decisions never make.
    fn apply(&mut self, change: &Self::Change) -> Result<(), Fail>;
}

/// The changes an act makes, in order, and what to say once they are applied.
#[derive(Debug)]
pub struct Decision<C, S> {
    pub changes: Vec<C>,
    pub say: S,
}

/// The service that keeps one kind of thing: where its changes are written, how its answers
/// are shown, and where its news goes.
pub trait Keeper<T: Decides>: Sync {
    /// What committing a change gives back besides success (a match: the rating changes of
    /// its end).
    type Committed: Default + Send;
    /// Writes one change of `thing` to the store (before it is applied).
    fn write(
        &self,
        thing: &T,
        change: &T::Change,
    ) -> impl Future<Output = Result<Self::Committed, Fail>> + Send;
    /// Turns what a decision says into the reply, on the thing as it now stands.
    fn present(
        &self,
        thing: &T,
        say: T::Say,
        committed: &Self::Committed,
    ) -> impl Future<Output = Answer> + Send;
    /// Keeps the service's own records (its index, its timer) in step with a thing that a
    /// decision nobody asked for just changed, before its news goes out.
    fn settled(&self, thing: &T);
    /// Where notices are sent.
    fn notices(&self) -> &Notifier;
}

/// Commits each change in order and applies it to the thing (its lock held); returns what the
/// last commit gave back.
pub async fn commit<T: Decides, K: Keeper<T>>(
    keeper: &K,
    thing: &mut T,
    changes: &[T::Change],
) -> Result<K::Committed, Fail> {
    let mut committed = K::Committed::default();
    for change in changes {
        committed = keeper.write(thing, change).await?;
        thing.apply(change)?;
    }
    Ok(committed)
}

/// Commits a decision and presents its answer.
pub async fn carry_out<T: Decides, K: Keeper<T>>(
    keeper: &K,
    thing: &mut T,
    decision: Decision<T::Change, T::Say>,
) -> Answer {
    let committed = commit(keeper, thing, &decision.changes).await?;
    keeper.present(thing, decision.say, &committed).await
}

/// Carries out a decision nobody asked for (a deadline passed), lets the keeper settle, and
/// posts the answer, if it says anything, as a notice in the thing's place.
pub async fn on_its_own<T: Decides, K: Keeper<T>>(
    keeper: &K,
    thing: &mut T,
    decision: Decision<T::Change, T::Say>,
) -> Result<(), Fail> {
    let reply = carry_out(keeper, thing, decision).await?;
    keeper.settled(thing);
    if !reply.lines.is_empty() {
        keeper.notices().send(thing.place(), thing.id(), reply);
    }
    Ok(())
}

/// The sending end of the table's [`Notice`]s.
#[derive(Clone, Debug)]
pub struct Notifier(mpsc::UnboundedSender<Notice>);

/// The receiver of [`Notice`]s.
pub type Notices = mpsc::UnboundedReceiver<Notice>;

impl Notifier {
    /// A notifier and the receiver its notices arrive on.
    pub fn new() -> (Notifier, Notices) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Notifier(tx), rx)
    }

    /// Posts `reply` in `place` about thing `id`.
    pub fn send(&self, place: Place, id: i64, reply: Reply) {
        // Nobody listening is fine: the change is in the database already.
        let _ = self.0.send(Notice {
            place,
            match_id: id,
            reply,
        });
    }
}
