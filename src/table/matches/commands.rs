//! What one request does to an open match: find it, lock it, decide, then commit, apply and
//! present through the shell ([`crate::table::shell`]), and keep the index in step.

use crate::i18n::Msg;
use crate::store::Change;
use crate::table::act::{Act, Actor, Place, Request};
use crate::table::api::{Reply, Undelivered};
use crate::table::shell::{self, Answer, Fail, refuse};

use crate::table::reads::sheet;

use super::decide;
use super::index::Slot;
use super::present;
use super::service::Matches;
use super::state::Match;
use super::verdict::{Decision, Facts, Say, id};

impl Matches {
    /// An act on an open match: the one its control names, or this channel's. `/board` with no
    /// match here brings back the requester's match whose channel is gone, if they have one.
    pub async fn act(&self, actor: &Actor, place: &Place, req: &Request) -> Answer {
        if matches!(req.act, Act::Board) {
            if self.slot_in_channel(place.channel).is_none()
                && let Some(reply) = self.bring_here(actor, place).await?
            {
                return Ok(reply);
            }
            let slot = self.target(place, req).await?;
            let m = slot.lock().await;
            return self.board(&m).await;
        }
        if matches!(req.act, Act::BoardText) {
            let slot = self.target(place, req).await?;
            let m = slot.lock().await;
            return self.board_in_words(&m);
        }
        let slot = self.target(place, req).await?;
        let mut m = slot.lock().await;
        self.act_on(&mut m, actor, req).await
    }

    /// `/moves` of an open match being played: the one named, or this channel's. `None` when
    /// there is none (the read model answers from the store); refused away from its channel.
    pub async fn moves_here(&self, place: &Place, match_id: Option<i64>) -> Option<Answer> {
        let slot = match match_id {
            None => self.slot_in_channel(place.channel),
            Some(id) => self.slot(id),
        }?;
        let m = slot.lock().await;
        let board = m.live()?;
        if m.row.channel_id != place.channel {
            return Some(refuse(sheet::elsewhere(m.id())));
        }
        Some(sheet::live_sheet(&m, board))
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
            let bot = self.inner.config.playing_bot();
            return Ok(present::lobby_reply(m, &start, bot, m.expires_at(), now));
        }
        let preview = self.preview(m).await?;
        Ok(present::challenge_reply(m, preview, m.expires_at(), now))
    }

    /// `/board text:true`: the position of a match in play, in words, to the requester only,
    /// with nothing to press.
    fn board_in_words(&self, m: &Match) -> Answer {
        if m.is_closed() {
            return refuse(Msg::new("err-match-over"));
        }
        if m.live().is_none() {
            return refuse(Msg::new("err-not-started"));
        }
        let board = present::board_reply(m, None, self.now());
        Ok(Reply {
            title: board.title,
            match_id: board.match_id,
            picture: board.picture,
            private: true,
            in_words: true,
            ..Reply::default()
        })
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
            shell::commit(self, &mut *m, &[relocate]).await?;
            {
                let mut index = self.lock_index();
                index.free_channel(old, id);
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

    /// Posts again, as notices, the news the transport kept because it could not deliver it for
    /// minutes ([`Undelivered::Unavailable`]): the board of each open match of this process,
    /// saying that news was missed. Called when the transport is connected again; each match's
    /// news is taken once, whoever else calls this meanwhile. Returns how many were posted.
    pub async fn post_kept(&self) -> usize {
        let store = &self.inner.store;
        let kept = match store
            .undelivered_because(&Undelivered::Unavailable.to_text())
            .await
        {
            Ok(kept) => kept,
            Err(error) => {
                tracing::warn!(%error, "cannot read the news kept while Discord failed");
                return 0;
            }
        };
        let mut posted = 0;
        for id in kept {
            let Some(slot) = self.slot(id) else {
                continue; // another process's match, or over
            };
            let m = slot.lock().await;
            if m.is_closed() || !matches!(store.take_undelivered(id).await, Ok(Some(_))) {
                continue;
            }
            let Ok(mut reply) = self.board(&m).await else {
                continue;
            };
            reply.undelivered = Some(Undelivered::Unavailable);
            self.inner.notices.send(m.place(), id, reply);
            posted += 1;
        }
        if posted > 0 {
            tracing::info!(posted, "news kept while Discord failed is posted");
        }
        posted
    }

    /// The open match a request is about: the one a control names, or this channel's.
    async fn target(&self, place: &Place, req: &Request) -> Result<Slot, Fail> {
        match req.at {
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

    pub(crate) fn facts(&self) -> Facts {
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
        let (mut say, mut ratings) = (d.say, shell::commit(self, m, &d.changes).await?);
        let started = d.changes.iter().any(|c| matches!(c, Change::Start { .. }));
        if matches!(req.act, Act::Move(_)) {
            // Four seats at most pass in a row before someone can move again.
            for _ in 0..4 {
                let Some((player, pass)) = forced_pass(m) else {
                    break;
                };
                let who = Actor::new(player.id, player.name.clone());
                let next = decide::decide(m, &Act::Move(pass).into(), &who, &self.facts())?;
                ratings = shell::commit(self, m, &next.changes).await?;
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
        let mut reply = shell::Keeper::present(self, m, say, &ratings).await?;
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

    /// Keeps the index in step with a match that just changed: where it is played, when the
    /// timer must look at it, and whether the bot is to move.
    pub(super) fn after(&self, m: &Match, act: Option<&Act>, bot_may_move: bool) {
        if m.is_closed() {
            self.lock_index().remove(m);
            self.ended(m.id());
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
        self.lock_index().reschedule(m);
        if bot_may_move {
            self.maybe_bot_turn(m);
        }
    }

    /// Applies what is due on one match: an expired challenge, a reminder, a timeout; true if
    /// something happened. Its notice goes to the receiver.
    pub(super) async fn apply_due(&self, m: &mut Match) -> Result<bool, Fail> {
        let Some(decision) = decide::due(m, &self.facts()) else {
            self.lock_index().reschedule(m);
            return Ok(false);
        };
        shell::on_its_own(self, m, decision).await?;
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
