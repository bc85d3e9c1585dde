//! The shell around the pure decisions (`decide.rs`): find the match, lock it, decide, commit,
//! apply, present, notify.

use crate::i18n::{Lang, Msg};
use crate::store::{Change, EntryKind, RatingChange, RatingJob, StoreError};

use super::act::{Act, Request, Stamp};
use super::act::{Actor, Place};
use super::api::{CardEdit, Reply, ReplyKind, Undelivered};
use super::decide;
use super::links::WebPage;
use super::state::{Match, Unreplayable};
use super::verdict::{Decision, Facts, Refusal, Say, id};
use super::{Slot, Table, present, rating, texts, words};

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
    /// Counts a failure of the database itself in `parlor_database_errors_total` (not a match
    /// that another process changed first: that is a race, answered by reading it again).
    pub(super) fn count(&self) {
        if let Fail::Store(e) = self
            && !matches!(e, StoreError::Conflict(_) | StoreError::NotLive(_))
        {
            metrics::counter!("parlor_database_errors_total").increment(1);
        }
    }
}

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Fail {
        match r {
            Refusal::Refuse(msg) => Fail::Refuse(msg),
            Refusal::Stale(msg) => Fail::Stale(msg),
        }
    }
}

impl From<Unreplayable> for Fail {
    fn from(e: Unreplayable) -> Fail {
        Fail::Refuse(Msg::new("err-rebuild").plain("why", e.0))
    }
}

pub type Answer = Result<Reply, Fail>;

pub fn refuse<T>(msg: Msg) -> Result<T, Fail> {
    Err(Fail::Refuse(msg))
}

impl Table {
    pub(super) async fn dispatch(&self, actor: &Actor, place: &Place, req: Request) -> Answer {
        let Request { act, at } = req;
        let docs = self.inner.config.docs_url.as_deref();
        match act {
            Act::Challenge(spec) => self.challenge(actor, place, spec, None).await,
            Act::Rematch => self.rematch(actor, place, at).await,
            Act::Rules(game) => Ok(texts::rules(game, docs)),
            Act::Help => Ok(texts::help(docs)),
            Act::Settings(change) => self.settings(actor, place, change).await,
            Act::Leaderboard {
                game,
                scope,
                page,
                variant,
            } => {
                let variant = super::variant(game, variant.as_deref()).map_err(Fail::Refuse)?;
                self.leaderboard(place, game, variant, scope, page).await
            }
            Act::Stats { user, game } => self.stats(actor, place, user, game).await,
            Act::HeadToHead { user, other, game } => {
                self.head_to_head(actor, user, other, game).await
            }
            Act::History { user } => self.history(actor, place, user).await,
            Act::Replay(match_id) => self.replay(match_id).await,
            Act::Moves(match_id) => self.moves(actor, place, match_id).await,
            // A press names the match in its stamp.
            Act::Analyse(match_id) => {
                let match_id = match_id.or(at.map(|s| s.match_id));
                self.analyse(actor, place, match_id).await
            }
            Act::Board => {
                if self.slot_in_channel(place.channel).is_none()
                    && let Some(reply) = self.bring_here(actor, place).await?
                {
                    return Ok(reply);
                }
                let slot = self.target(place, None).await?;
                let m = slot.lock().await;
                self.board(&m).await
            }
            act => {
                let slot = self.target(place, at).await?;
                let mut m = slot.lock().await;
                self.act_on(&mut m, actor, &Request { act, at }).await
            }
        }
    }

    /// The current card or board of an open match.
    async fn board(&self, m: &Match) -> Answer {
        let now = self.now();
        if m.is_closed() {
            return refuse(Msg::new("err-match-over"));
        }
        if !m.is_challenge() {
            return Ok(present::board_reply(m, None, now));
        }
        if m.is_lobby_game() {
            let start = m.start_position()?;
            let ai = self.inner.config.ai.is_some();
            return Ok(present::lobby_reply(m, &start, ai, m.expires_at(), now));
        }
        let preview = self.preview(m).await?;
        Ok(present::challenge_reply(m, preview, m.expires_at(), now))
    }

    /// Moves into this channel the requester's open match of this server whose channel is gone
    /// (the transport said so when it could not post there), and shows it, saying why. `None`
    /// when they have no such match.
    async fn bring_here(&self, actor: &Actor, place: &Place) -> Result<Option<Reply>, Fail> {
        for (id, why) in self.inner.store.undelivered_of(actor.id).await? {
            if Undelivered::from_text(&why) != Undelivered::Gone {
                continue;
            }
            let Some(slot) = self.slot(id) else {
                continue;
            };
            let mut m = slot.lock().await;
            if m.row.guild_id != place.guild || m.is_closed() || !m.involves(actor.id) {
                continue;
            }
            let old = m.row.channel_id;
            let relocate = Change::Relocate {
                channel: place.channel,
                parent: place.parent,
                card: None,
            };
            self.commit(&mut m, &[relocate]).await?;
            {
                let mut index = self.lock_index();
                if index.by_channel.get(&old) == Some(&id) {
                    index.by_channel.remove(&old);
                }
                index.by_channel.insert(place.channel, id);
            }
            self.inner.store.take_undelivered(id).await?;
            tracing::info!(
                match_id = id,
                from = old,
                to = place.channel,
                "match moved out of its deleted channel"
            );
            let mut reply = self.board(&m).await?;
            reply.undelivered = Some(Undelivered::Gone);
            return Ok(Some(reply));
        }
        Ok(None)
    }

    /// The open match a request is about: the one a control names, or this channel's.
    async fn target(&self, place: &Place, at: Option<Stamp>) -> Result<Slot, Fail> {
        match at {
            Some(stamp) => match self.slot(stamp.match_id) {
                Some(slot) => Ok(slot),
                None => match self.inner.store.match_by_id(stamp.match_id).await? {
                    Some(_) => Err(Fail::Stale(id(
                        Msg::new("err-match-over-id"),
                        stamp.match_id,
                    ))),
                    None => refuse(id(Msg::new("err-no-such-match"), stamp.match_id)),
                },
            },
            None => self
                .slot_in_channel(place.channel)
                .ok_or_else(|| Fail::Refuse(Msg::new("err-no-match-here").code("play", "/play"))),
        }
    }

    pub(super) fn facts(&self) -> Facts {
        Facts {
            now: self.now(),
            bot: self.inner.config.bot.id,
            ai: self.inner.config.ai.is_some(),
        }
    }

    /// Decides a request on an open match (its lock held), commits and applies what it
    /// changes, and presents the answer. A move leaving the next seat with nothing but a pass
    /// passes for it at once (nobody has to type it), and the answer says so.
    pub(super) async fn act_on(&self, m: &mut Match, actor: &Actor, req: &Request) -> Answer {
        let d = decide::decide(m, req, actor, &self.facts())?;
        self.decided(m, req, d).await
    }

    /// Commits and applies a decision on `m` (its lock held), then presents the answer.
    pub(super) async fn decided(&self, m: &mut Match, req: &Request, d: Decision) -> Answer {
        let (mut say, mut ratings) = (d.say, self.commit(m, &d.changes).await?);
        let started = d.changes.iter().any(|c| matches!(c, Change::Start { .. }));
        if matches!(req.act, Act::Move(_)) {
            // Four seats at most pass in a row before someone can move again.
            for _ in 0..4 {
                let Some((player, pass)) = forced_pass(m) else {
                    break;
                };
                let who = Actor::new(player.id, player.name.clone());
                let next = decide::decide(m, &Act::Move(pass).into(), &who, &self.facts())?;
                ratings = self.commit(m, &next.changes).await?;
                let passes = Msg::new("head-passes").player("player", player.id, &player.name);
                let first = say.headline();
                say = next.say.retitled(|second| match first {
                    Some(first) => Msg::new("head-then")
                        .msg("first", first)
                        .msg("second", passes),
                    None => second,
                });
            }
        }
        if started {
            m.ratings = self.seat_ratings(m).await?;
        }
        let mut reply = self.present(m, say, &ratings).await?;
        if started && m.row.threaded && !m.holds_channel() {
            // The bot's first move waits until the transport says where the match is.
            let mut thread = present::thread_request(m);
            thread.members.retain(|&p| p != self.inner.config.bot.id);
            reply.thread = Some(thread);
            m.awaiting_thread = true;
        }
        if matches!(req.act, Act::ThreadStarted { .. } | Act::NoThread) {
            m.awaiting_thread = false;
        }
        self.after(m, Some(&req.act), !m.awaiting_thread);
        Ok(reply)
    }

    /// Commits each change in order and applies it to the match; returns the rating changes
    /// of a rated match that has just ended.
    pub(super) async fn commit(
        &self,
        m: &mut Match,
        changes: &[Change],
    ) -> Result<Vec<RatingChange>, Fail> {
        let mut ratings = Vec::new();
        for change in changes {
            let job = self.rating_job(m, change);
            ratings = self
                .inner
                .store
                .commit(m.id(), m.stamp().seq, change, job)
                .await?;
            if let Change::Update { entry: Some(e), .. } | Change::Finish { entry: Some(e), .. } =
                change
                && e.kind == EntryKind::Move
            {
                metrics::counter!("parlor_moves_committed_total").increment(1);
            }
            m.apply(change)?;
        }
        Ok(ratings)
    }

    /// The rating update of a rated match this change ends (not an abort, not with the bot).
    fn rating_job(&self, m: &Match, change: &Change) -> Option<RatingJob<'static>> {
        let Change::Finish {
            aborted: false,
            winner,
            at,
            ..
        } = change
        else {
            return None;
        };
        let players: Vec<u64> = m.players()?.iter().map(|p| p.id).collect();
        let (true, false) = (m.row.rated, m.row.vs_bot) else {
            return None;
        };
        let count = players.len();
        let game = &m.board.as_ref()?.game;
        let scores = (0..count)
            .map(|seat| match winner {
                Some(w) if game.seat_side(seat) == *w => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            })
            .collect();
        Some(RatingJob {
            game: super::presets::ladder(m.kind, m.row.variant.name),
            scopes: m
                .row
                .guild_id
                .map(|g| g as i64)
                .into_iter()
                .chain([0])
                .collect(),
            players,
            score_first: match winner.map(|w| w.index()) {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            scores,
            initial: rating::initial(count),
            at: *at,
            rate: if count > 2 {
                rating::rate_teams
            } else {
                rating::rate
            },
            decay: rating::decay_for(count),
        })
    }

    /// Turns what a decision says into the reply, on the match as it now stands.
    pub(super) async fn present(&self, m: &Match, say: Say, ratings: &[RatingChange]) -> Answer {
        let now = self.now();
        Ok(match say {
            Say::Board(headline) => present::board_reply(m, Some(headline), now),
            Say::Offer(headline) => {
                let mut reply = present::board_reply(m, Some(headline), now);
                reply.kind = ReplyKind::Offer;
                reply.picture = None;
                reply.menus.clear();
                reply
            }
            Say::Lobby(headline) => {
                let start = m.start_position()?;
                let ai = self.inner.config.ai.is_some();
                let mut reply = present::lobby_reply(m, &start, ai, m.expires_at(), now);
                reply.lines.insert(0, headline);
                reply.mentions.clear();
                reply
            }
            Say::Result {
                headline,
                outcome,
                aborted,
            } => {
                tracing::info!(
                    match_id = m.id(),
                    reason = outcome.reason.name(),
                    "match over"
                );
                let mut reply = present::result_reply(m, Some(headline), outcome, aborted, ratings);
                // An aborted match is no result to show on the web.
                if !aborted && let Some(web) = self.published(&m.place()).await? {
                    let page = WebPage::Match { id: m.id() };
                    reply.links.push(web.link(Msg::new("link-match"), &page));
                }
                if let Some((channel, message)) = m.row.card {
                    reply.card = Some(CardEdit {
                        channel,
                        message,
                        line: id(Msg::new("card-over"), m.id())
                            .msg("result", present::result_line(m, outcome, aborted)),
                    });
                }
                reply
            }
            Say::Public(msg, mentions) => Reply {
                mentions,
                match_id: Some(m.id()),
                ..Reply::public(msg)
            },
            Say::Private(reply) => *reply,
            Say::Reminder { seat } => {
                let Some(p) = m.player(seat).filter(|p| p.id != self.inner.config.bot.id) else {
                    return Ok(Reply::default());
                };
                if !self.inner.store.reminders(p.id).await? {
                    return Ok(Reply::default());
                }
                let deadline = m.row.deadline_at.unwrap_or(now);
                let msg = Msg::new("notice-your-move")
                    .player("player", p.id, &p.name)
                    .msg("game", words::game(m.kind))
                    .duration("time", super::secs_left(deadline, now));
                Reply {
                    kind: ReplyKind::Reminder,
                    match_id: Some(m.id()),
                    mentions: vec![p.id],
                    deadline: Some(deadline),
                    ..Reply::public(id(msg, m.id()))
                }
            }
            Say::Nothing => Reply::default(),
        })
    }

    /// Keeps the index in step with a match that just changed: where it is played, when the
    /// timer must look at it, and whether the bot is to move.
    pub(super) fn after(&self, m: &Match, act: Option<&Act>, bot_may_move: bool) {
        if m.is_closed() {
            self.unregister(m);
            return;
        }
        match act {
            Some(Act::ThreadStarted { thread, .. }) => {
                tracing::info!(
                    match_id = m.id(),
                    thread = thread.channel,
                    "match moved into its thread"
                );
                self.lock_index().by_channel.insert(thread.channel, m.id());
            }
            // Played in the channel it was challenged in, if that channel has no other match
            // (else by its buttons only).
            Some(Act::NoThread) => {
                self.lock_index()
                    .by_channel
                    .entry(m.row.channel_id)
                    .or_insert(m.id());
            }
            _ => {}
        }
        self.reschedule(m);
        if bot_may_move {
            self.maybe_bot_turn(m);
        }
    }

    /// Applies what is due on one match: an expired challenge, a reminder, a timeout; true if
    /// something happened. Its notice goes to the receiver.
    pub(super) async fn apply_due(&self, m: &mut Match) -> Result<bool, Fail> {
        let Some(Decision { changes, say }) = decide::due(m, &self.facts()) else {
            self.reschedule(m);
            return Ok(false);
        };
        let ratings = self.commit(m, &changes).await?;
        let reply = self.present(m, say, &ratings).await?;
        self.after(m, None, false);
        if !reply.lines.is_empty() {
            self.notify(m, reply);
        }
        Ok(true)
    }
}

/// The player of the seat to move and its pass, when a pass is all it can play.
fn forced_pass(m: &Match) -> Option<(crate::store::PlayerRef, String)> {
    let board = m.live()?;
    let pass = board.game.forced_pass()?;
    let text = board.game.format_move(&pass).ok()?;
    let player = m.player(board.game.seat_to_move()?)?.clone();
    Some((player, text))
}

impl Say {
    /// The headline of a board or a result.
    fn headline(&self) -> Option<Msg> {
        match self {
            Say::Board(h) | Say::Result { headline: h, .. } => Some(h.clone()),
            _ => None,
        }
    }

    /// The same answer under a headline made from its own (a move followed by a pass).
    fn retitled(self, f: impl FnOnce(Msg) -> Msg) -> Say {
        match self {
            Say::Board(h) => Say::Board(f(h)),
            Say::Result {
                headline,
                outcome,
                aborted,
            } => Say::Result {
                headline: f(headline),
                outcome,
                aborted,
            },
            other => other,
        }
    }
}
