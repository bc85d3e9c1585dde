//! The public web pages: a server's ladders, a player's page and any finished match, read-only,
//! in French or English, served on `PARLOR_HTTP` beside `/healthz` (by the bot, or alone by
//! `parlor web`). What may be shown is decided by [`crate::table::gallery`]; this adapter only
//! turns it into HTML and pictures, with ETags, and draws at most one picture at a time so that
//! a burst of requests never takes the bot's own drawing from it.

#[doc(hidden)]
mod arena;
pub mod chart;
mod pages;
mod serve;

use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use lru::LruCache;
use maud::Markup;
use tokio::sync::Semaphore;

use crate::games::GameKind;
use crate::i18n::{Lang, Msg, Plain, Style};
use crate::store::Store;
use crate::table::gallery::{Gallery, LadderOf};
use crate::table::{Clock, Picture, SystemClock};
use serve::{
    match_file, match_page, now_ms, puzzle_file, puzzle_page, tournament_file, tournament_page,
};

/// How many drawn pictures are kept (a board is 20–60 KB).
const CACHE: usize = 512;
/// The stylesheet, one small file.
const STYLE: &str = include_str!("style.css");

/// Where the pages find the database: the bot opens it after its listener is up, so until then
/// the pages say they are not available yet.
pub type Source = Arc<dyn Fn() -> Option<Store> + Send + Sync>;

/// The database as `parlor web` holds it: open for reading, or the reason it is not yet.
#[derive(Clone)]
pub struct Reading {
    state: Arc<Mutex<Result<Store, String>>>,
}

impl Reading {
    /// Opens `url` for reading. A database that waiting may cure (not made or migrated by the bot
    /// yet, or unreachable) is tried again every `every` in the background, the pages answering
    /// 503 meanwhile; any other refusal is returned, for the process to stop with it.
    pub async fn open(url: String, every: Duration) -> Result<Reading, crate::store::StoreError> {
        let first = match Store::open_reader(&url).await {
            Ok(store) => Ok(store),
            Err(e) if e.may_pass() => Err(e.to_string()),
            Err(e) => return Err(e),
        };
        let waiting_for = first.as_ref().err().cloned();
        let reading = Reading {
            state: Arc::new(Mutex::new(first)),
        };
        if let Some(reason) = waiting_for {
            tracing::warn!(%reason, "the pages wait for their database");
            let waiting = reading.clone();
            tokio::spawn(async move {
                let mut said = reason;
                loop {
                    tokio::time::sleep(every).await;
                    let now = Store::open_reader(&url).await.map_err(|e| e.to_string());
                    match &now {
                        Ok(_) => tracing::info!("the database is ready: serving the pages"),
                        Err(reason) if *reason != said => {
                            tracing::warn!(%reason, "the pages wait for their database");
                            said = reason.clone();
                        }
                        Err(_) => {}
                    }
                    let ready = now.is_ok();
                    if let Ok(mut state) = waiting.state.lock() {
                        *state = now;
                    }
                    if ready {
                        break;
                    }
                }
            });
        }
        Ok(reading)
    }

    /// The open database, if it is.
    pub fn store(&self) -> Option<Store> {
        self.state.lock().ok()?.as_ref().ok().cloned()
    }

    /// Whether the database answers (for `/healthz`), or why not.
    pub async fn health(&self) -> Result<String, String> {
        let open = self
            .state
            .lock()
            .map_err(|_| "the database state is unreadable".to_string())?
            .clone();
        let store = open?;
        match store.ping().await {
            Ok(()) => Ok(format!("{} answers", store.backend())),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Closes the database, if it was opened.
    pub async fn close(&self) {
        if let Some(store) = self.store() {
            store.close().await;
        }
    }
}

/// What the handlers share.
struct Site {
    source: Source,
    /// Drawn pictures by (what, match, ply, language, names).
    pictures: Mutex<LruCache<String, Bytes>>,
    drawing: Drawing,
}

/// How much drawing the pages may do: a burst of picture requests waits for these permits (one
/// by default, on a blocking thread apart from the bot's own renderers), and after `wait` is told
/// to come back later (503), so the pages never take more than one core from the bot. A flood
/// beyond `queue` requests is told so at once.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// Pictures drawn at once for the pages.
    pub permits: Arc<Semaphore>,
    /// Picture requests that may be drawing or waiting to draw at once.
    pub queue: Arc<Semaphore>,
    /// How long a picture request waits for a permit.
    pub wait: Duration,
}

impl Default for Drawing {
    fn default() -> Self {
        Drawing {
            permits: Arc::new(Semaphore::new(1)),
            queue: Arc::new(Semaphore::new(16)),
            wait: Duration::from_secs(5),
        }
    }
}

/// The pages' routes, ready to be merged with `/healthz` and `/metrics`.
pub fn router(source: Source) -> Router {
    router_drawing(source, Drawing::default())
}

/// The pages' routes, drawing their pictures within `drawing`.
pub fn router_drawing(source: Source, drawing: Drawing) -> Router {
    let site = Arc::new(Site {
        source,
        pictures: Mutex::new(LruCache::new(
            NonZeroUsize::new(CACHE).unwrap_or(NonZeroUsize::MIN),
        )),
        drawing,
    });
    Router::new()
        .route("/", get(home))
        .route("/style.css", get(style))
        .route("/global/:game", get(global))
        .route("/s/:slug", get(server))
        .route("/s/:slug/:game", get(server_ladder))
        .route("/p/:key", get(player))
        .route("/m/:id", get(match_page))
        .route("/m/:id/:file", get(match_file))
        .route("/t/:id", get(tournament_page))
        .route("/t/:id/:file", get(tournament_file))
        .route("/puzzle/:id", get(puzzle_page))
        .route("/puzzle/:id/:file", get(puzzle_file))
        .fallback(not_found)
        .with_state(site)
}

impl Site {
    /// The gallery on the open database, or the page that says the pages cannot read yet (not
    /// an error: the process has said once why it waits).
    fn gallery(&self) -> Result<Gallery, Nothing> {
        (self.source)().map(Gallery::new).ok_or_else(|| {
            tracing::debug!("a web page asked for before the database is open");
            Nothing::Unreadable
        })
    }
}

/// Why a page has nothing to show.
enum Nothing {
    /// It does not exist, or is not public: 404.
    Missing,
    /// The database cannot be read (logged): 503.
    Unreadable,
}

impl Nothing {
    fn unreadable(error: &dyn std::fmt::Display) -> Nothing {
        tracing::error!(%error, "a web page could not be read from the database");
        Nothing::Unreadable
    }

    /// The page that says so, in the reader's language.
    fn page(self, headers: &HeaderMap, ctx: &Ctx) -> Response {
        match self {
            Nothing::Missing => missing(headers, ctx),
            Nothing::Unreadable => {
                let mut response = page(
                    headers,
                    StatusCode::SERVICE_UNAVAILABLE,
                    pages::unavailable(ctx),
                );
                // As the page says: try again in a minute.
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
                response
            }
        }
    }
}

/// What the gallery found, or why there is nothing.
fn found<T>(read: Result<Option<T>, crate::store::StoreError>) -> Result<T, Nothing> {
    match read {
        Ok(Some(value)) => Ok(value),
        Ok(None) => Err(Nothing::Missing),
        Err(e) => Err(Nothing::unreadable(&e)),
    }
}

/// What every page reads of its request: the headers, the query and the reader's [`Ctx`].
struct Asked {
    headers: HeaderMap,
    query: Query,
    ctx: Ctx,
}

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for Asked {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Asked, Self::Rejection> {
        let query = Query::parse(parts.uri.query().map(str::to_owned));
        let ctx = Ctx::new(&parts.headers, &query, parts.uri.path());
        Ok(Asked {
            headers: parts.headers.clone(),
            query,
            ctx,
        })
    }
}

/// The reader's language, whether they chose it in the address (then every link keeps it), and
/// the page's own address without it (for the link to the other language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ctx {
    pub lang: Lang,
    pub chosen: bool,
    here: String,
}

impl Ctx {
    #[doc(hidden)]
    pub fn new(headers: &HeaderMap, query: &Query, path: &str) -> Ctx {
        let mut kept = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in query.0.iter().filter(|(k, _)| k != "lang") {
            kept.append_pair(k, v);
        }
        let kept = kept.finish();
        let here = if kept.is_empty() {
            path.to_owned()
        } else {
            format!("{path}?{kept}")
        };
        if let Some(lang) = query.get("lang").and_then(Lang::from_locale) {
            return Ctx {
                lang,
                chosen: true,
                here,
            };
        }
        let accepted = headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        Ctx {
            lang: accept_language(accepted),
            chosen: false,
            here,
        }
    }

    /// This page in the other language.
    pub fn switch(&self) -> (Lang, String) {
        let other = match self.lang {
            Lang::En => Lang::Fr,
            Lang::Fr => Lang::En,
        };
        let sep = if self.here.contains('?') { '&' } else { '?' };
        (other, format!("{}{sep}lang={}", self.here, other.code()))
    }

    /// A message in the reader's language, names shown except those in `hidden`.
    pub fn say(&self, msg: &Msg, hidden: &BTreeSet<u64>) -> String {
        let style = WebStyle {
            hidden,
            lang: self.lang,
        };
        crate::i18n::render(self.lang, msg, &style)
    }

    /// A message with no names in it.
    pub fn t(&self, msg: &Msg) -> String {
        self.say(msg, &BTreeSet::new())
    }

    /// A catalogue word by id.
    pub fn w(&self, id: &'static str) -> String {
        self.t(&Msg::new(id))
    }

    /// A path of the site, with the chosen language kept.
    pub fn link(&self, path: &str) -> String {
        if !self.chosen {
            return path.to_owned();
        }
        let sep = if path.contains('?') { '&' } else { '?' };
        format!("{path}{sep}lang={}", self.lang.code())
    }
}

/// The best of English and French in an `Accept-Language` header (`fr-CA,fr;q=0.9,en;q=0.8`);
/// English when neither is asked for.
pub fn accept_language(header: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for part in header.split(',') {
        let mut fields = part.split(';');
        let tag = fields.next().unwrap_or("").trim();
        let q = fields
            .filter_map(|f| f.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let Some(lang) = Lang::from_locale(tag) else {
            continue;
        };
        if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
            best = Some((q, lang));
        }
    }
    best.map_or(Lang::En, |(_, lang)| lang)
}

/// How names, notation and times read on a page.
struct WebStyle<'a> {
    hidden: &'a BTreeSet<u64>,
    lang: Lang,
}

impl Style for WebStyle<'_> {
    fn player(&self, id: u64, name: &str) -> String {
        if self.hidden.contains(&id) {
            return crate::i18n::lookup(self.lang, "web-anonymous").unwrap_or_default();
        }
        name.to_owned()
    }

    fn time(&self, _lang: Lang, at_ms: i64) -> String {
        date(at_ms)
    }
}

/// A day as `2026-11-27` (UTC), understood in both languages.
pub fn date(at_ms: i64) -> String {
    let text = Plain.time(Lang::En, at_ms);
    text.split(' ').next().unwrap_or_default().to_owned()
}

/// The query string's parameters; one given twice is refused (the page does not exist).
pub struct Query(Vec<(String, String)>);

impl Query {
    #[doc(hidden)]
    pub fn parse(raw: Option<String>) -> Query {
        Query(
            url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes())
                .into_owned()
                .collect(),
        )
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A positive whole number (`page=2`, `ply=0`); `Err` when present but not one.
    #[doc(hidden)]
    #[expect(
        clippy::result_unit_err,
        reason = "the caller only needs to know the value is bad; public for its tests"
    )]
    pub fn number(&self, key: &str) -> Result<Option<u32>, ()> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.parse::<u32>().map(Some).map_err(|_| ()),
        }
    }
}

/// A page's HTML with its ETag: `304` when the reader has it already.
fn page(headers: &HeaderMap, status: StatusCode, markup: Markup) -> Response {
    metrics::counter!("parlor_web_pages_total", "status" => status.as_str().to_owned())
        .increment(1);
    let body = markup.into_string();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    let etag = format!("W/\"{:016x}\"", hasher.finish());
    let mut response = if status == StatusCode::OK && matches(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (status, body).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    response
}

/// The page made of what was read, or the page that says why there is nothing.
fn answer<T>(
    headers: &HeaderMap,
    ctx: &Ctx,
    read: Result<T, Nothing>,
    markup: impl FnOnce(&T) -> Markup,
) -> Response {
    match read {
        Ok(view) => page(headers, StatusCode::OK, markup(&view)),
        Err(nothing) => nothing.page(headers, ctx),
    }
}

/// Whether `If-None-Match` names this ETag.
fn matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// The page that does not exist (or is not public): 404, in the reader's language.
fn missing(headers: &HeaderMap, ctx: &Ctx) -> Response {
    page(headers, StatusCode::NOT_FOUND, pages::not_found(ctx))
}

/// The list of ladders; like every other page, unavailable while the database cannot be read.
async fn home(State(site): State<Arc<Site>>, asked: Asked) -> Response {
    if let Err(nothing) = site.gallery() {
        return nothing.page(&asked.headers, &asked.ctx);
    }
    let home = pages::home(&asked.ctx, &Gallery::ladders());
    page(&asked.headers, StatusCode::OK, home)
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
}

async fn not_found(asked: Asked) -> Response {
    missing(&asked.headers, &asked.ctx)
}

async fn global(State(site): State<Arc<Site>>, Path(game): Path<String>, asked: Asked) -> Response {
    ladder(site, LadderOf::Global, &game, asked).await
}

async fn server_ladder(
    State(site): State<Arc<Site>>,
    Path((slug, game)): Path<(String, String)>,
    asked: Asked,
) -> Response {
    ladder(site, LadderOf::Server(slug), &game, asked).await
}

async fn ladder(site: Arc<Site>, of: LadderOf, game: &str, asked: Asked) -> Response {
    let (headers, query, ctx) = (asked.headers, asked.query, asked.ctx);
    let view = async {
        let gallery = site.gallery()?;
        let (Ok(game), Ok(page_no)) = (game.parse::<GameKind>(), query.number("page")) else {
            return Err(Nothing::Missing);
        };
        let variant = query.get("variant");
        let read = gallery
            .ladder(of, game, variant, page_no.unwrap_or(1))
            .await;
        found(read)
    };
    answer(&headers, &ctx, view.await, |view| pages::ladder(&ctx, view))
}

async fn server(State(site): State<Arc<Site>>, Path(slug): Path<String>, asked: Asked) -> Response {
    let read = |gallery: Gallery| async move { gallery.server(&slug).await };
    keyed(&site, &asked, read, pages::server).await
}

async fn player(State(site): State<Arc<Site>>, Path(key): Path<String>, asked: Asked) -> Response {
    let read = |gallery: Gallery| async move { gallery.player(&key).await };
    keyed(&site, &asked, read, pages::player).await
}

/// A page found by the key in its address (a server's slug, a player's key): read, then drawn
/// with `markup`, or the page that says why there is nothing.
async fn keyed<T, Fut>(
    site: &Site,
    asked: &Asked,
    read: impl FnOnce(Gallery) -> Fut,
    markup: fn(&Ctx, &T) -> Markup,
) -> Response
where
    Fut: Future<Output = Result<Option<T>, crate::store::StoreError>>,
{
    let view = async { found(read(site.gallery()?).await) };
    answer(&asked.headers, &asked.ctx, view.await, |view| {
        markup(&asked.ctx, view)
    })
}
