//! `/analyze`: the coach's review of a finished match (see [`crate::ai::analysis`]).
//!
//! An analysis is computed once and stored; asking again shows it from the store. It runs off
//! the async runtime, on threads of its own bounded by a semaphore (`PARLOR_ANALYSIS_THREADS`,
//! one by default; further requests wait their turn), so live matches never wait for it. The request is answered at
//! once with a [`Progress`] to follow ("Analysing… 40 %"), which ends with the analysis. A
//! 'pending' row is written before it starts, so one cut short by a restart starts again at
//! boot; its answer then comes as a [`Notice`] in the match's place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use tokio::sync::{Semaphore, watch};

use crate::ai::analysis::{self, Analysis, Depth};
use crate::games::{AnyGame, AnyMove, GameKind};
use crate::i18n::Msg;
use crate::store::{LogEntry, MatchRow, MatchStatus, Store};
use crate::table::act::{Actor, Place};
use crate::table::api::{Coaching, Progress, Reply, ReplyKind, Section};
use crate::table::clock::Clock;
use crate::table::matches::state::Match;
use crate::table::picture::Picture;
use crate::table::shell::{Answer, Fail, Notifier, refuse};
use crate::table::{texts, words};

use super::{named_or_last, none_found};

/// The coach: the analyses of one process, the pool's permits and the jobs under way. Cheap to
/// clone; clones share the pool.
#[derive(Clone)]
pub struct Coach {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    notices: Notifier,
    clock: Arc<dyn Clock>,
    permits: Arc<Semaphore>,
    /// Match id -> the job analysing it.
    jobs: StdMutex<HashMap<i64, watch::Receiver<Coaching>>>,
    /// Search steps per position; `None`: each game's default depth.
    nodes: Option<u64>,
}

impl Coach {
    /// A coach running `threads` analyses at once, each of `nodes` search steps per position
    /// (`None`: each game's default depth).
    pub fn new(
        store: Store,
        notices: Notifier,
        clock: Arc<dyn Clock>,
        threads: usize,
        nodes: Option<u64>,
    ) -> Coach {
        Coach {
            inner: Arc::new(Inner {
                store,
                notices,
                clock,
                permits: Arc::new(Semaphore::new(threads.max(1))),
                jobs: StdMutex::new(HashMap::new()),
                nodes,
            }),
        }
    }

    fn depth(&self, kind: GameKind) -> Depth {
        self.inner
            .nodes
            .map_or_else(|| Depth::default_for(kind), Depth::nodes)
    }

    fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<i64, watch::Receiver<Coaching>>> {
        // The map holds no invariant that a panic elsewhere could break half-way.
        self.inner.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn now(&self) -> i64 {
        self.inner.clock.now_ms()
    }
}

/// A finished match ready to analyse: its row, its game, its start position and its moves.
struct Reviewable {
    row: MatchRow,
    kind: GameKind,
    start: AnyGame,
    moves: Vec<AnyMove>,
}

/// What to do with a request, from the match and what the store and the pool hold.
enum Plan {
    /// Shown from the store.
    Stored(Box<Analysis>),
    /// Already running here: follow it.
    Follow(watch::Receiver<Coaching>),
    /// Start it (and follow it).
    Start,
}

impl Coach {
    /// `/analyze` (or the Analyse button): the stored analysis of a finished match, else the
    /// progress of one started now (or already under way). `live`: the match being played in
    /// this channel, named when there is no finished one to review.
    pub async fn analyse(
        &self,
        actor: &Actor,
        place: &Place,
        match_id: Option<i64>,
        live: Option<i64>,
    ) -> Answer {
        let store = &self.inner.store;
        let row = match (named_or_last(store, actor, place, match_id).await?, live) {
            (Some(row), _) => row,
            (None, Some(live)) => return refuse(id_msg("coach-not-over", live)),
            (None, None) => return Err(none_found(match_id)),
        };
        let log = store.log(row.id).await?;
        let match_ = reviewable(row, &log)?;
        let plan = self.plan(&match_).await?;
        let id = match_.row.id;
        Ok(match plan {
            Plan::Stored(analysis) => analysis_reply(&match_, *analysis),
            Plan::Follow(rx) => progress_reply(&match_, rx),
            Plan::Start => {
                let (rx, fresh) = self.job(&match_, false);
                if fresh {
                    tracing::info!(match_id = id, "analysis started");
                }
                progress_reply(&match_, rx)
            }
        })
    }

    /// Decides between the store, a job under way and a new job.
    async fn plan(&self, r: &Reviewable) -> Result<Plan, Fail> {
        let store = &self.inner.store;
        let id = r.row.id;
        if let Some(stored) = store.analysis(id).await?
            && stored.done
        {
            match load(r, &stored.result) {
                Ok(analysis) => return Ok(Plan::Stored(Box::new(analysis))),
                Err(error) => {
                    tracing::warn!(match_id = id, %error, "stored analysis unreadable; analysed again");
                    store.drop_analysis(id).await?;
                }
            }
        }
        if let Some(rx) = self.jobs().get(&id).cloned() {
            return Ok(Plan::Follow(rx));
        }
        let nodes = self.depth(r.start.kind()).nodes;
        store.begin_analysis(id, nodes, self.now()).await?;
        Ok(Plan::Start)
    }

    /// The job analysing this match: the one under way, or a new one on the pool. `announce`:
    /// if nobody follows it when it ends (a restart started it), its answer is posted as a
    /// notice. Returns whether it was started now.
    fn job(&self, r: &Reviewable, announce: bool) -> (watch::Receiver<Coaching>, bool) {
        let id = r.row.id;
        let (tx, rx) = {
            let mut jobs = self.jobs();
            if let Some(rx) = jobs.get(&id) {
                return (rx.clone(), false);
            }
            // It waits only if every thread of the pool is busy.
            let first = if self.inner.permits.available_permits() > 0 {
                Coaching::Running {
                    done: 0,
                    total: r.moves.len(),
                }
            } else {
                Coaching::Queued
            };
            let (tx, rx) = watch::channel(first);
            jobs.insert(id, rx.clone());
            (tx, rx)
        };
        let coach = self.clone();
        let review = Reviewable {
            row: r.row.clone(),
            kind: r.kind,
            start: r.start.clone(),
            moves: r.moves.clone(),
        };
        tokio::spawn(async move { coach.run_job(review, tx, announce).await });
        (rx, true)
    }

    /// Waits for a thread of the pool, analyses, stores, and says it is done.
    async fn run_job(self, r: Reviewable, tx: watch::Sender<Coaching>, announce: bool) {
        let id = r.row.id;
        let depth = self.depth(r.start.kind());
        let outcome = match self.inner.permits.clone().acquire_owned().await {
            Ok(permit) => {
                let (start, moves, progress) = (r.start.clone(), r.moves.clone(), tx.clone());
                let (done_tx, done_rx) = tokio::sync::oneshot::channel();
                // A thread of its own rather than the runtime's blocking pool: a shutdown does
                // not wait for it (the pending row starts it again at the next boot).
                let spawned = std::thread::Builder::new()
                    .name(format!("analysis-{id}"))
                    .spawn(move || {
                        let _permit = permit;
                        let result = analysis::analyse(&start, &moves, depth, |done, total| {
                            progress.send_replace(Coaching::Running { done, total });
                        });
                        let _ = done_tx.send(result);
                    });
                match spawned {
                    Err(error) => Err(error.to_string()),
                    Ok(_) => match done_rx.await {
                        Ok(Ok(mut analysis)) => {
                            analysis.set_winner(texts::stored_winner(&r.row));
                            Ok(analysis)
                        }
                        Ok(Err(error)) => Err(error.to_string()),
                        Err(_) => Err("the analysis thread stopped".to_string()),
                    },
                }
            }
            Err(error) => Err(error.to_string()),
        };
        let store = &self.inner.store;
        let state = match outcome {
            Ok(analysis) => match store
                .finish_analysis(id, &analysis.to_text(), self.now())
                .await
            {
                Ok(()) => {
                    tracing::info!(match_id = id, plies = analysis.plies.len(), "analysis done");
                    Coaching::Done(Box::new(analysis_reply(&r, analysis)))
                }
                Err(error) => {
                    tracing::error!(match_id = id, %error, "cannot store the analysis");
                    Coaching::Failed(Msg::new("err-internal"))
                }
            },
            Err(error) => {
                tracing::error!(match_id = id, %error, "analysis failed");
                if let Err(error) = store.drop_analysis(id).await {
                    tracing::error!(match_id = id, %error, "cannot forget the failed analysis");
                }
                Coaching::Failed(id_msg("coach-failed", id))
            }
        };
        self.jobs().remove(&id);
        if announce
            && tx.receiver_count() == 0
            && let Coaching::Done(reply) = &state
        {
            // Started again after a restart, and nobody asked since: post it where the match
            // was played.
            let place = Place::new(r.row.guild_id, r.row.channel_id);
            self.inner.notices.send(place, id, (**reply).clone());
        }
        tx.send_replace(state);
    }

    /// Starts again the analyses a restart cut short (those of the matches this process serves,
    /// as `owns` says by their server and channel).
    pub async fn resume(&self, owns: impl Fn(Option<u64>, u64) -> bool) {
        let store = &self.inner.store;
        let pending = match store.pending_analyses().await {
            Ok(pending) => pending,
            Err(error) => {
                tracing::error!(%error, "cannot read the analyses under way");
                return;
            }
        };
        let mut resumed = 0usize;
        for id in pending {
            let found = async {
                let Some(row) = store.match_by_id(id).await? else {
                    return Ok::<_, Fail>(None);
                };
                if !owns(row.guild_id, row.channel_id) {
                    return Ok(None);
                }
                let log = store.log(id).await?;
                Ok(Some(reviewable(row, &log)?))
            };
            match found.await {
                Ok(Some(r)) => {
                    self.job(&r, true);
                    resumed += 1;
                }
                Ok(None) => {}
                Err(error) => {
                    tracing::warn!(match_id = id, %error, "analysis not resumed");
                }
            }
        }
        if resumed > 0 {
            tracing::info!(resumed, "analyses started again");
        }
    }

    /// The stored analysis of a finished match, if there is one to show (for `/moves`).
    pub async fn stored_analysis(&self, row: &MatchRow, log: &[LogEntry]) -> Option<Analysis> {
        let stored = match self.inner.store.analysis(row.id).await {
            Ok(Some(stored)) if stored.done => stored,
            Ok(_) => return None,
            Err(error) => {
                tracing::warn!(match_id = row.id, %error, "analysis not read");
                return None;
            }
        };
        let r = reviewable(row.clone(), log).ok()?;
        load(&r, &stored.result).ok()
    }
}

fn id_msg(key: &'static str, match_id: i64) -> Msg {
    Msg::new(key).plain("id", match_id.to_string())
}

/// A finished match with at least one move, rebuilt from its log; a refusal that says why not.
fn reviewable(row: MatchRow, log: &[LogEntry]) -> Result<Reviewable, Fail> {
    let n = row.id;
    match row.status {
        MatchStatus::Finished => {}
        MatchStatus::Live => return refuse(id_msg("coach-not-over", n)),
        MatchStatus::Aborted => return refuse(id_msg("coach-aborted", n)),
        _ => return refuse(id_msg("err-never-played", n)),
    }
    let why = |e: String| Fail::Refuse(id_msg("err-cannot-replay-why", n).plain("why", e));
    let m = Match::restore(row.clone(), log).map_err(|e| why(e.0))?;
    let start = m.start_position().map_err(|e| why(e.0))?;
    let moves: Vec<AnyMove> = m
        .board
        .as_ref()
        .map(|b| b.moves.iter().map(|(mv, _)| *mv).collect())
        .unwrap_or_default();
    if moves.is_empty() {
        return refuse(id_msg("coach-no-moves", n));
    }
    Ok(Reviewable {
        row,
        kind: m.kind,
        start,
        moves,
    })
}

/// A stored analysis read back, with the match's result.
fn load(r: &Reviewable, text: &str) -> Result<Analysis, analysis::AnalysisError> {
    let mut analysis = Analysis::from_text(&r.start, &r.moves, text)?;
    analysis.set_winner(texts::stored_winner(&r.row));
    Ok(analysis)
}

/// `Analysis of Lines of Action #12`
fn title(r: &Reviewable) -> Msg {
    id_msg("coach-title", r.row.id).msg("game", words::game(r.kind))
}

/// The answer while the analysis runs: its state now, and the progress to follow.
fn progress_reply(r: &Reviewable, rx: watch::Receiver<Coaching>) -> Reply {
    let progress = Progress(rx);
    Reply {
        kind: ReplyKind::Analysis,
        match_id: Some(r.row.id),
        title: Some(title(r)),
        lines: progress.now().line().into_iter().collect(),
        progress: Some(progress),
        ..Reply::default()
    }
}

/// A chance of winning as a whole percentage.
fn percent(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

/// The analysis as an answer: the summary under the graph, then each of the biggest mistakes
/// with its board (the move played and the better move as arrows).
fn analysis_reply(r: &Reviewable, analysis: Analysis) -> Reply {
    let players: Vec<Msg> = r
        .row
        .seats
        .iter()
        .map(|p| Msg::verbatim(p.as_ref().map_or_else(String::new, |p| p.name.clone())))
        .collect();
    let mut sections = Vec::new();
    for (n, &i) in analysis.mistakes.iter().enumerate() {
        let Some(p) = analysis.plies.get(i) else {
            continue;
        };
        let mut before = r.start.clone();
        let mut last_move = None;
        let replayed = r.moves[..p.ply - 1].iter().all(|mv| {
            last_move = Some(Box::new((before.clone(), *mv)));
            before.play(mv).is_ok()
        });
        if !replayed {
            continue;
        }
        let number = analysis.move_number(p.ply);
        let mark = p.mark.map_or("", |m| m.symbol());
        let who = r
            .row
            .seats
            .get(p.seat)
            .and_then(Option::as_ref)
            .map_or_else(|| Msg::verbatim("?"), words::who);
        let line = Msg::new("coach-mistake")
            .num("rank", n as i64 + 1)
            .num("n", number as i64)
            .msg("player", who)
            .code("played", format!("{}{mark}", p.played_text))
            .code("better", &p.best_text)
            .num("before", percent(p.kept + p.drop))
            .num("after", percent(p.kept));
        sections.push(Section {
            lines: vec![line],
            picture: Some(Picture::Mistake {
                match_id: r.row.id,
                number,
                game: before,
                last_move,
                played: p.played,
                better: p.best,
                players: players.clone(),
            }),
        });
    }
    let mut lines = vec![crate::render::summary(&analysis, &r.start)];
    if sections.is_empty() {
        lines.push(Msg::new("coach-no-mistakes"));
    }
    Reply {
        kind: ReplyKind::Analysis,
        match_id: Some(r.row.id),
        title: Some(title(r)),
        lines,
        picture: Some(Picture::Evaluation {
            match_id: r.row.id,
            analysis: Arc::new(analysis),
            game: r.start.clone(),
        }),
        sections,
        ..Reply::default()
    }
}
