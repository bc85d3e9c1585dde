//! The HTTP adapter: what an operator's tools read on `PARLOR_HTTP`. `GET /healthz` says whether
//! the bot is connected and its database answers; `GET /metrics` gives the counters in
//! Prometheus's text format. Everything is one axum [`Router`] built by [`router`], so that more
//! pages can be merged into it and served on the same listener, with or without the bot.
//!
//! This module knows neither Discord nor the match service: the bot hands it a [`Probe`] that
//! checks its parts, and counts through the `metrics` facade wherever the thing counted happens.

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics::Unit;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use serde_json::{Map, Value};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// How long `/healthz` waits for all its checks together before it calls the bot unhealthy.
pub const HEALTH_TIMEOUT: Duration = Duration::from_secs(5);

/// The buckets of every duration histogram (`*_seconds`): from a fast answer to well past
/// Discord's 3 seconds.
const SECONDS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0,
];

/// How often the recorder drops what it no longer needs (histogram samples already counted).
const UPKEEP: Duration = Duration::from_secs(5);

/// Why the HTTP side cannot start, or `parlor health` cannot tell.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("PARLOR_HTTP must be ADDR:PORT (e.g. 127.0.0.1:9090), not {0:?}")]
    BadAddress(String),
    #[error(
        "cannot listen on PARLOR_HTTP={addr}: {source} (is another program, or another Parlor, using that port?)"
    )]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot collect metrics: {0}")]
    Metrics(String),
    #[error("PARLOR_HTTP is not set, so there is no /healthz to ask")]
    NotServed,
    #[error(
        "parlor web serves the pages on PARLOR_HTTP, which is not set: set it to ADDR:PORT (e.g. 0.0.0.0:8080)"
    )]
    NoPagesAddress,
    #[error("no answer from {url}: {detail}")]
    NoAnswer { url: String, detail: String },
}

/// The address of `PARLOR_HTTP`: `None` when unset or empty (nothing is served).
pub fn address(value: Option<&str>) -> Result<Option<SocketAddr>, HttpError> {
    let Some(text) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    // `localhost:9090` is common enough to be understood; other names would need a resolver.
    let parsed = match text.strip_prefix("localhost:") {
        Some(port) => port
            .parse::<u16>()
            .ok()
            .map(|port| SocketAddr::from((Ipv4Addr::LOCALHOST, port))),
        None => text.parse::<SocketAddr>().ok(),
    };
    parsed
        .map(Some)
        .ok_or_else(|| HttpError::BadAddress(text.to_owned()))
}

/// One part of a service's health: its name (`gateway`, `database`) and how it is, `Err` with
/// the reason when it is failing.
pub type Check = (&'static str, Result<String, String>);

/// What `/healthz` runs: the checks of every part.
pub type Probe = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Vec<Check>> + Send>> + Send + Sync>;

/// A [`Probe`] from an async function.
pub fn probe<F, Fut>(checks: F) -> Probe
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Vec<Check>> + Send + 'static,
{
    Arc::new(move || Box::pin(checks()))
}

/// The process's Prometheus recorder: every `metrics::counter!`, `gauge!` and `histogram!` of
/// Parlor reports to it once it is installed (before that they cost nothing and count nothing).
#[derive(Clone)]
pub struct Metrics(PrometheusHandle);

impl Metrics {
    /// Installs the recorder for the whole process (a second one is refused), with buckets for
    /// every duration and a description of every metric; then drops old samples every few
    /// seconds. Call it inside a tokio runtime.
    pub fn install() -> Result<Metrics, HttpError> {
        let failed = |e: &dyn std::fmt::Display| HttpError::Metrics(e.to_string());
        let handle = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
            .map_err(|e| failed(&e))?
            .install_recorder()
            .map_err(|e| failed(&e))?;
        describe();
        let upkeep = handle.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(UPKEEP);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                every.tick().await;
                upkeep.run_upkeep();
            }
        });
        Ok(Metrics(handle))
    }

    /// Every metric, in Prometheus's text format.
    pub fn render(&self) -> String {
        self.0.render()
    }
}

/// Says what each metric means (the `# HELP` lines), and shows the unlabelled counters and
/// gauges at zero before anything has happened, so that an operator sees them all at once.
fn describe() {
    use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge};
    describe_counter!(
        "parlor_interactions_total",
        "Interactions received from Discord, by kind: the slash command's name, button, menu or autocomplete"
    );
    describe_histogram!(
        "parlor_first_response_seconds",
        Unit::Seconds,
        "Time from an interaction's arrival to its first response (an answer or a deferral); Discord allows 3 s"
    );
    describe_histogram!(
        "parlor_render_seconds",
        Unit::Seconds,
        "Time to draw a picture, by picture: board (PNG) or replay (GIF)"
    );
    describe_gauge!(
        "parlor_live_matches",
        "Matches being played (started, not over) that this process serves"
    );
    describe_counter!(
        "parlor_moves_committed_total",
        "Moves written to the database"
    );
    describe_counter!(
        "parlor_database_errors_total",
        "Requests and deadlines that failed because the database did"
    );
    describe_counter!(
        "parlor_database_faults_total",
        "Those database failures by fault: unreachable, login-refused, disk-full, read-only, locked, damaged, io, closed, refused"
    );
    describe_gauge!(
        "parlor_database_up",
        "1 while the database answers; 0 during an outage, when requests are answered at once without asking it"
    );
    describe_counter!(
        "parlor_notices_failed_total",
        "Messages the bot posts on its own (the AI's moves, clock warnings, timeouts) that Discord refused"
    );
    describe_counter!(
        "parlor_notice_retries_total",
        "Tries of those messages that Discord failed (5xx, 429, no answer) and that are tried again after a wait"
    );
    describe_gauge!(
        "parlor_shards_connected",
        "Gateway shards of this process connected to Discord"
    );
    describe_counter!(
        "parlor_web_pages_total",
        "Web pages answered, by HTTP status (503: the database could not be read)"
    );
    describe_counter!(
        "parlor_web_pictures_total",
        "Web pictures asked for, by outcome: drawn, cached (found already drawn) or busy (503, too many being drawn)"
    );
    describe_gauge!(
        "parlor_tournaments",
        "Tournaments this process runs, by status: open (taking entries) or running"
    );
    describe_gauge!(
        "parlor_tournament_players",
        "Players (not withdrawn) in the open and running tournaments"
    );
    describe_counter!(
        "parlor_tournament_rounds_paired_total",
        "Tournament rounds paired"
    );
    describe_gauge!(
        "parlor_tournaments_unrestored",
        "Open tournaments whose stored state could not be read at start (left as they are)"
    );
    for name in [
        "parlor_tournament_rounds_paired_total",
        "parlor_moves_committed_total",
        "parlor_database_errors_total",
        "parlor_notices_failed_total",
        "parlor_notice_retries_total",
    ] {
        counter!(name).absolute(0);
    }
    for status in ["open", "running"] {
        gauge!("parlor_tournaments", "status" => status).set(0.0);
    }
    for name in [
        "parlor_live_matches",
        "parlor_shards_connected",
        "parlor_tournament_players",
        "parlor_tournaments_unrestored",
    ] {
        gauge!(name).set(0.0);
    }
}

/// What the router serves: the health checks and the metrics, each when there is one.
#[derive(Clone, Default)]
pub struct Site {
    /// Checked by `GET /healthz`; without one, `/healthz` says only that the process answers.
    pub probe: Option<Probe>,
    /// Rendered by `GET /metrics`; without them, `/metrics` is not found.
    pub metrics: Option<Metrics>,
}

/// `GET /healthz` and `GET /metrics`, ready to be merged with other routes.
pub fn router(site: Site) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(Arc::new(site))
}

/// Runs every check (within [`HEALTH_TIMEOUT`]); 200 when all pass, else 503, with each part's
/// state as JSON either way.
async fn healthz(State(site): State<Arc<Site>>) -> Response {
    let checks = match &site.probe {
        None => Vec::new(),
        Some(probe) => match tokio::time::timeout(HEALTH_TIMEOUT, probe()).await {
            Ok(checks) => checks,
            Err(_) => vec![(
                "checks",
                Err(format!(
                    "no answer within {} seconds",
                    HEALTH_TIMEOUT.as_secs()
                )),
            )],
        },
    };
    let (status, body) = report(&checks);
    (status, axum::Json(body)).into_response()
}

/// The status and JSON body of `/healthz` for these checks: `{"status": "healthy"}` or
/// `"unhealthy"`, and each part by name with its state or the reason it fails.
pub fn report(checks: &[Check]) -> (StatusCode, Value) {
    let healthy = checks.iter().all(|(_, state)| state.is_ok());
    let mut body = Map::new();
    let status = if healthy { "healthy" } else { "unhealthy" };
    body.insert("status".into(), status.into());
    for (name, state) in checks {
        let (Ok(text) | Err(text)) = state;
        body.insert((*name).into(), text.clone().into());
    }
    let code = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, Value::Object(body))
}

async fn metrics(State(site): State<Arc<Site>>) -> Response {
    match &site.metrics {
        Some(metrics) => (
            [(
                header::CONTENT_TYPE,
                "text/plain; version=0.0.4; charset=utf-8",
            )],
            metrics.render(),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Listens on `addr`; a port already taken is said at once, naming `PARLOR_HTTP`.
pub async fn bind(addr: SocketAddr) -> Result<TcpListener, HttpError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| HttpError::Bind { addr, source })
}

/// Serves `router` on `listener` in a task of its own, so that a slow client never holds up the
/// bot; runs until the runtime stops.
pub fn serve(listener: TcpListener, router: Router) -> JoinHandle<()> {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "serving HTTP");
    }
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the HTTP listener stopped");
        }
    })
}

/// Asks the `/healthz` of a Parlor listening on `addr` (`0.0.0.0` and `::` are asked on this
/// machine): its status code and body.
pub async fn ask_health(addr: SocketAddr) -> Result<(u16, String), HttpError> {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let url = format!("http://{}/healthz", SocketAddr::new(ip, addr.port()));
    let failed = |e: reqwest::Error| HttpError::NoAnswer {
        url: url.clone(),
        detail: e.to_string(),
    };
    let client = reqwest::Client::builder()
        .timeout(HEALTH_TIMEOUT + Duration::from_secs(1))
        .build()
        .map_err(failed)?;
    let response = client.get(&url).send().await.map_err(failed)?;
    let status = response.status().as_u16();
    let body = response.text().await.map_err(failed)?;
    Ok((status, body))
}
