//! The front door: [`Table`], the one thing adapters hold. It starts the services, hands each
//! request to the one that answers it (the match service, a read model, the settings), and
//! turns failures into answers for the requester.

use std::sync::Arc;

use crate::i18n::Msg;
use crate::store::{Fault, Store, StoreError};

use super::act::{Act, Actor, Place, PuzzleAct, Request, TournamentAct};
use super::api::Reply;
use super::config::Config;
use super::matches::Matches;
use super::picture::Pictures;
use super::puzzles::Puzzles;
use super::reads::{Coach, Records, Sheets, WebLinks};
use super::settings::Settings;
use super::shell::{Answer, Fail, Notices, Notifier};
use super::tournaments::{TournamentSpec, Tournaments};
use super::{presets, texts};

/// The table: every service of the game room. Cheap to clone; all clones share the same state.
#[derive(Clone)]
pub struct Table {
    inner: Arc<Services>,
}

struct Services {
    store: Store,
    /// Where `/rules` and `/help` send readers.
    docs_url: Option<String>,
    matches: Matches,
    tournaments: Tournaments,
    settings: Settings,
    records: Records,
    sheets: Sheets,
    coach: Coach,
    pictures: Pictures,
    puzzles: Puzzles,
}

impl Table {
    /// Starts the services on an opened store: rebuilds every open match it owns (see
    /// [`Config::owns`]) from its log, applies deadlines that passed while it was down (their
    /// notices wait in the receiver), starts again the analyses a restart cut short, and
    /// returns the table with the receiver of its notices.
    pub async fn start(store: Store, config: Config) -> Result<(Table, Notices), StoreError> {
        let (notices, rx) = Notifier::new();
        let clock = config.clock.clone();
        let web = WebLinks::new(store.clone(), config.public_url.clone());
        let puzzles = Puzzles::new(store.clone(), clock.clone(), web.clone());
        let settings = Settings::new(store.clone(), web.clone(), clock.clone());
        let coach = Coach::new(
            store.clone(),
            notices.clone(),
            clock,
            config.analysis_threads,
            config.analysis_nodes,
        );
        let docs_url = config.docs_url.clone();
        let records = Records::new(store.clone(), web.clone());
        let sheets = Sheets::new(store.clone(), coach.clone());
        let matches = Matches::start(
            store.clone(),
            config.clone(),
            notices.clone(),
            settings.clone(),
            web,
        )
        .await?;
        let tournaments =
            Tournaments::start(store.clone(), config, matches.clone(), notices).await?;
        coach
            .resume(|guild, channel| matches.owns(guild, channel))
            .await;
        let services = Services {
            store,
            docs_url,
            matches,
            tournaments,
            settings,
            records,
            sheets,
            coach,
            pictures: Pictures::default(),
            puzzles,
        };
        Ok((
            Table {
                inner: Arc::new(services),
            },
            rx,
        ))
    }

    /// Handles one request and returns the answer to show. Never fails: refusals and errors
    /// are replies for the requester.
    pub async fn handle(&self, actor: &Actor, place: &Place, req: impl Into<Request>) -> Reply {
        let started = std::time::Instant::now();
        let req = req.into();
        let what = req.act.name();
        let answer = self.dispatch(actor, place, &req).await;
        if let Err(fail) = &answer {
            fail.count();
        }
        let mut reply = match answer {
            Ok(reply) => reply,
            Err(Fail::Refuse(text)) => Reply::private(text),
            Err(Fail::Stale(text)) => Reply {
                stale: true,
                ..Reply::private(text)
            },
            Err(Fail::Store(StoreError::Conflict(id) | StoreError::NotLive(id))) => {
                // Another process changed this match: nothing was done here; catch up.
                tracing::warn!(match_id = id, command = what, "match changed elsewhere");
                self.inner.matches.changed_elsewhere(id).await
            }
            Err(Fail::Store(e)) => {
                self.inner.store.noticed(&e);
                let fault = e.fault().map(Fault::key);
                tracing::error!(error = %e, fault, command = what, "storage failed");
                Reply::private(Fail::store_message(&e))
            }
        };
        if let (Some(id), false, None) = (reply.match_id, reply.private, &reply.undelivered) {
            match self.inner.matches.take_news(id).await {
                Ok(found) => reply.undelivered = found,
                Err(error) => {
                    self.inner.store.noticed(&error);
                    tracing::warn!(match_id = id, %error, "cannot read undelivered news");
                }
            }
        }
        tracing::debug!(
            user = actor.id,
            command = what,
            ms = started.elapsed().as_millis() as u64,
            "handled"
        );
        reply
    }

    /// Hands a request to the service that answers it.
    async fn dispatch(&self, actor: &Actor, place: &Place, req: &Request) -> Answer {
        let s = &*self.inner;
        let docs = s.docs_url.as_deref();
        match &req.act {
            Act::Challenge(spec) => s.matches.challenge(actor, place, spec.clone(), None).await,
            Act::Rematch => s.matches.rematch(actor, place, req).await,
            Act::Rules(game) => Ok(texts::rules(*game, docs)),
            Act::Help => Ok(texts::help(docs)),
            Act::Settings(change) => s.settings.change(actor, place, change.clone()).await,
            Act::Leaderboard {
                game,
                scope,
                page,
                variant,
            } => {
                let variant = presets::variant(*game, variant.as_deref()).map_err(Fail::Refuse)?;
                s.records
                    .leaderboard(place, *game, variant, *scope, *page)
                    .await
            }
            Act::Stats { user, game } => {
                let mut reply = s.records.stats(actor, place, user.clone(), *game).await?;
                let id = user.as_ref().map_or(actor.id, |u| u.id);
                reply.lines.extend(s.puzzles.stats_lines(id, *game).await?);
                Ok(reply)
            }
            Act::Puzzle(act) => s.puzzles.act(actor, act, req.at).await,
            // A move typed with no match here plays the person's puzzle, if one is under way.
            Act::Move(text) if self.puzzle_here(actor, place, req).await? => {
                let act = PuzzleAct::Move(text.clone());
                s.puzzles.act(actor, &act, None).await
            }
            Act::PickSource(source) if self.puzzle_here(actor, place, req).await? => {
                let act = PuzzleAct::Pick(source.clone());
                s.puzzles.act(actor, &act, None).await
            }
            Act::HeadToHead { user, other, game } => {
                let (user, other) = (user.clone(), other.clone());
                s.records.head_to_head(actor, user, other, *game).await
            }
            Act::History { user } => s.records.history(actor, place, user.clone()).await,
            Act::Replay(match_id) => s.sheets.replay(*match_id).await,
            Act::Tournament(t) => self.tournament(actor, place, t).await,
            Act::Moves(match_id) => match s.matches.moves_here(place, *match_id).await {
                Some(answer) => answer,
                None => s.sheets.moves(actor, place, *match_id).await,
            },
            // A press names the match in its stamp.
            Act::Analyse(match_id) => {
                let match_id = match_id.or(req.at.map(|s| s.match_id));
                let live = match match_id {
                    None => s.matches.live_here(place).await,
                    Some(_) => None,
                };
                s.coach.analyse(actor, place, match_id, live).await
            }
            _ => s.matches.act(actor, place, req).await,
        }
    }

    /// Whether a typed act goes to the requester's puzzle: no match is live here and they have
    /// one under way.
    async fn puzzle_here(&self, actor: &Actor, place: &Place, req: &Request) -> Result<bool, Fail> {
        let s = &*self.inner;
        Ok(req.at.is_none()
            && s.matches.live_here(place).await.is_none()
            && s.puzzles.under_way(actor.id).await?)
    }

    /// Hands `/tournament` to the tournament service; what organises one needs Manage Events
    /// or Manage Server (the service checks the organiser).
    async fn tournament(&self, actor: &Actor, place: &Place, act: &TournamentAct) -> Answer {
        let t = &self.inner.tournaments;
        if act.organises() && !actor.may_organise() {
            return Err(Fail::Refuse(Msg::new("err-tournament-permission")));
        }
        match act {
            TournamentAct::Create(c) => {
                let spec = TournamentSpec::read(c, t.clock_now()).map_err(Fail::Refuse)?;
                t.create(actor, place, spec).await
            }
            TournamentAct::Join(id) => t.join(actor, &t.place_of(*id, place).await?).await,
            TournamentAct::Leave(id) => t.leave(actor, &t.place_of(*id, place).await?).await,
            TournamentAct::Start => t.begin(actor, place).await,
            TournamentAct::Standings => t.standings(place).await,
            TournamentAct::Pairings => t.pairings(place).await,
            TournamentAct::Bye => t.bye(actor, place).await,
            TournamentAct::AddBot(level) => t.add_bot(actor, place, *level).await,
            TournamentAct::Cancel => t.cancel(actor, place).await,
            TournamentAct::Export => t.export(place).await,
            TournamentAct::Berserk => t.berserk(actor, place).await,
            TournamentAct::Located { id, card, thread } => t.located(*id, *card, *thread).await,
        }
    }

    /// The match service (its timer, `/move`'s completion, news that could not be posted).
    pub fn matches(&self) -> &Matches {
        &self.inner.matches
    }

    /// The puzzle desk (`/move`'s completion during a puzzle, the daily post).
    pub fn puzzles(&self) -> &Puzzles {
        &self.inner.puzzles
    }

    /// The tournament service.
    pub fn tournaments(&self) -> &Tournaments {
        &self.inner.tournaments
    }

    /// The settings service (the languages an answer is written in).
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// Where adapters draw the pictures of replies (bounded, and boards kept per position).
    pub fn pictures(&self) -> &Pictures {
        &self.inner.pictures
    }

    /// The store underneath (for adapters that need more than the commands).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }
}
