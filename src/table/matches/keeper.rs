//! How the shell ([`crate::table::shell`]) keeps matches: a match applies committed
//! [`Change`]s, the store writes them (with the rating update of a rated match's end), and what
//! a decision says becomes the reply.

use crate::i18n::Msg;
use crate::store::{Change, EntryKind, RatingChange, RatingJob};
use crate::table::act::Place;
use crate::table::api::{CardEdit, Reply, ReplyKind};
use crate::table::links::WebPage;
use crate::table::shell::{Answer, Decides, Fail, Keeper, Notifier};
use crate::table::{presets, words};

use super::present;
use super::rating;
use super::service::Matches;
use super::state::{Match, Unreplayable};
use super::verdict::{Refusal, Say, id};

impl Decides for Match {
    type Change = Change;
    type Say = Say;

    fn id(&self) -> i64 {
        Match::id(self)
    }

    fn place(&self) -> Place {
        Match::place(self)
    }

    fn apply(&mut self, change: &Change) -> Result<(), Fail> {
        Ok(Match::apply(self, change)?)
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

impl Keeper<Match> for Matches {
    /// The rating changes of a rated match that has just ended.
    type Committed = Vec<RatingChange>;

    async fn write(&self, m: &Match, change: &Change) -> Result<Vec<RatingChange>, Fail> {
        let job = rating_job(m, change);
        let ratings = self
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
        Ok(ratings)
    }

    /// Turns what a decision says into the reply, on the match as it now stands.
    async fn present(&self, m: &Match, say: Say, ratings: &Vec<RatingChange>) -> Answer {
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
                let bot = self.inner.config.playing_bot();
                let mut reply = present::lobby_reply(m, &start, bot, m.expires_at(), now);
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
                if !aborted && let Some(web) = self.inner.web.for_place(&m.place()).await? {
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
                    .duration("time", crate::table::clock::secs_left(deadline, now));
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

    /// The timer's own decisions neither move a match nor let the bot play.
    fn settled(&self, m: &Match) {
        self.after(m, None, false);
    }

    fn notices(&self) -> &Notifier {
        &self.inner.notices
    }
}

/// The rating update of a rated match this change ends (not an abort, not with the bot).
fn rating_job(m: &Match, change: &Change) -> Option<RatingJob<'static>> {
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
        game: presets::ladder(m.kind, m.row.variant.name),
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
