//! One match's, tournament's or puzzle's page and its files (pictures, replays, exports), and
//! the drawing of pictures within the site's permits and cache.

use super::*;

pub(super) async fn match_page(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        let ctx = &asked.ctx;
        let Ok(ply) = asked.query.number("ply") else {
            return Err(Nothing::Missing);
        };
        let view = found(gallery.game(id).await)?;
        let ply = ply.map_or(view.plies.len(), |p| p as usize);
        if ply > view.plies.len() {
            return Err(Nothing::Missing);
        }
        // The pictures' words, said by the renderer from what it draws: their `alt` texts.
        let board = found(gallery.board(id, ply).await)?;
        let graph = match view.review {
            Some(_) => gallery.graph(id).await.ok().flatten(),
            None => None,
        };
        let words = pages::Words {
            board: board.describe(ctx.lang).full(),
            graph: graph.map(|g| g.describe(ctx.lang).full()),
        };
        let faces: Vec<_> = view.players.iter().map(|(who, _)| who.clone()).collect();
        let tag = names_tag(ctx, &faces);
        Ok(shown(&asked, pages::game(ctx, &view, ply, &words, &tag)))
    })
    .await
}

/// Changes whenever a name drawn on a match's pictures would (a player hiding, the language),
/// so that a picture's address is immutable.
fn names_tag(ctx: &Ctx, players: &[crate::table::gallery::Who]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    ctx.lang.code().hash(&mut hasher);
    for who in players {
        who.name.hash(&mut hasher);
    }
    format!("{:08x}", hasher.finish() as u32)
}

/// `/m/<id>/<ply>.png`, `replay.gif`, `analysis.png` and `match-<id>.txt`.
pub(super) async fn match_file(
    State(site): State<Arc<Site>>,
    Path((id, file)): Path<(String, String)>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        if file == format!("match-{id}.txt") {
            let view = found(gallery.game(id).await)?;
            let text = [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ];
            return Ok((text, view.export).into_response());
        }
        let ply = file.strip_suffix(".png").and_then(|p| p.parse().ok());
        let mime = match (ply, file.as_str()) {
            (Some(_), _) | (None, "analysis.png") => "image/png",
            (None, "replay.gif") => "image/gif",
            _ => return Err(Nothing::Missing),
        };
        // The names drawn are part of the key, so a player who hides is never drawn from the
        // cache; they are read without rebuilding the match, which only a miss needs.
        let faces = found(gallery.faces(id).await)?;
        let tag = names_tag(&asked.ctx, &faces);
        // Immutable only at the address that names the names drawn now.
        let cache = if asked.query.get("v") == Some(tag.as_str()) {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        let load = async {
            found(match ply {
                Some(ply) => gallery.board(id, ply).await,
                None if mime == "image/gif" => gallery.replay(id).await,
                None => gallery.graph(id).await,
            })
        };
        let key = format!("{id}/{file}/{tag}");
        picture(&site, &asked, &key, (mime, cache), load).await
    })
    .await
}

/// `/t/<id>`: a tournament of a server whose pages are on.
pub(super) async fn tournament_page(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        let lang = asked.ctx.lang;
        let view = found(gallery.tournament(id, lang).await)?;
        // The pictures' words, said by the renderer from what it draws: their `alt` texts.
        let words: pages::TournamentWords = view
            .pictures()
            .into_iter()
            .map(|(file, picture)| (file, picture.describe(lang).full()))
            .collect();
        Ok(shown(&asked, pages::tournament(&asked.ctx, &view, &words)))
    })
    .await
}

/// `/t/<id>/standings.png`, `podium.png`, `round-<n>.png` and `tournament-<id>.trf`.
pub(super) async fn tournament_file(
    State(site): State<Arc<Site>>,
    Path((id, file)): Path<(String, String)>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        let lang = asked.ctx.lang;
        if file == format!("tournament-{id}.trf") {
            let text = found(gallery.tournament_trf(id).await)?;
            let headers = [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ];
            return Ok((headers, text).into_response());
        }
        let drawn = found(gallery.tournament_picture(id, &file, lang).await)?;
        // What is drawn changes with the tournament: its words name every player and score, so
        // they key the cache and the ETag.
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        drawn.describe(lang).full().hash(&mut hasher);
        let key = format!("t{id}/{file}/{}/{:016x}", lang.code(), hasher.finish());
        let load = std::future::ready(Ok(drawn));
        picture(&site, &asked, &key, ("image/png", "no-cache"), load).await
    })
    .await
}

/// Now, for which daily puzzles are over.
pub(super) fn now_ms() -> i64 {
    SystemClock.now_ms()
}

/// `/puzzle/<id>?step=<n>`: a puzzle and its solution stepped through (a daily puzzle once its
/// day is over).
pub(super) async fn puzzle_page(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        let Ok(step) = asked.query.number("step") else {
            return Err(Nothing::Missing);
        };
        let now = now_ms();
        let view = found(gallery.puzzle(id, now).await)?;
        let step = step.map_or(0, |s| s as usize);
        // The picture's words, said by the renderer from what it draws: its `alt` text.
        let board = found(gallery.puzzle_board(id, step, now).await)?;
        let words = board.describe(asked.ctx.lang).full();
        let markup = pages::puzzle(&asked.ctx, &view, step, &words);
        Ok(shown(&asked, markup))
    })
    .await
}

/// `/puzzle/<id>/<step>.png`: the board after `step` moves of the solution.
pub(super) async fn puzzle_file(
    State(site): State<Arc<Site>>,
    Path((id, file)): Path<(String, String)>,
    asked: Asked,
) -> Response {
    numbered(&site, &asked, &id, async |gallery, id| {
        let step = file
            .strip_suffix(".png")
            .and_then(|p| p.parse::<usize>().ok());
        let Some(step) = step else {
            return Err(Nothing::Missing);
        };
        let drawn = found(gallery.puzzle_board(id, step, now_ms()).await)?;
        // A puzzle never changes: its picture depends on the step and the language only.
        let key = format!("puzzle{id}/{step}/{}", asked.ctx.lang.code());
        let load = std::future::ready(Ok(drawn));
        let kind = ("image/png", "public, max-age=3600");
        picture(&site, &asked, &key, kind, load).await
    })
    .await
}

/// What the match, tournament or puzzle numbered `id` in the address serves, made by `serve`
/// from the gallery; or the page that says why there is nothing (`id` not a number is a 404).
async fn numbered(
    site: &Site,
    asked: &Asked,
    id: &str,
    serve: impl AsyncFnOnce(Gallery, i64) -> Result<Response, Nothing>,
) -> Response {
    let served = async {
        let gallery = site.gallery()?;
        let id = id.parse::<i64>().map_err(|_| Nothing::Missing)?;
        serve(gallery, id).await
    };
    served
        .await
        .unwrap_or_else(|nothing| nothing.page(&asked.headers, &asked.ctx))
}

/// A page found and drawn, with its ETag.
fn shown(asked: &Asked, markup: Markup) -> Response {
    page(&asked.headers, StatusCode::OK, markup)
}

/// A picture under its ETag `key`, served as `kind` (its MIME type and `Cache-Control`): `304`
/// when the reader has it, else from the cache, or drawn once `load` finds it within the pages'
/// share of drawing (`503` when busy).
async fn picture(
    site: &Site,
    asked: &Asked,
    key: &str,
    (mime, cache): (&'static str, &'static str),
    load: impl Future<Output = Result<Picture, Nothing>>,
) -> Result<Response, Nothing> {
    let etag = format!("\"{key}\"");
    let not_modified =
        || matches(&asked.headers, &etag).then(|| StatusCode::NOT_MODIFIED.into_response());
    let cached = site
        .pictures
        .lock()
        .ok()
        .and_then(|mut c| c.get(key).cloned());
    let bytes = match cached {
        Some(bytes) => match not_modified() {
            Some(response) => return Ok(response),
            None => {
                metrics::counter!("parlor_web_pictures_total", "outcome" => "cached").increment(1);
                Some(bytes)
            }
        },
        None => {
            // Found first (one that does not exist is a 404 whatever the load and whatever
            // `If-None-Match` says); then a flood beyond the queue is turned away at once.
            let picture = load.await?;
            if let Some(response) = not_modified() {
                return Ok(response);
            }
            match site.drawing.queue.clone().try_acquire_owned() {
                Ok(_queued) => draw(site, key, picture, asked.ctx.lang).await,
                Err(_) => None,
            }
        }
    };
    let Some(bytes) = bytes else {
        metrics::counter!("parlor_web_pictures_total", "outcome" => "busy").increment(1);
        let retry = [(header::RETRY_AFTER, "2")];
        let busy = asked.ctx.w("web-busy");
        return Ok((StatusCode::SERVICE_UNAVAILABLE, retry, busy).into_response());
    };
    let mut response = (
        [(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, cache)],
        bytes,
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        response.headers_mut().insert(header::ETAG, v);
    }
    Ok(response)
}

/// The picture's bytes, drawn on a blocking thread when a permit of [`Drawing`] comes within
/// its wait (or found in the cache by then); `None` when none does (or drawing failed).
async fn draw(site: &Site, key: &str, picture: Picture, lang: Lang) -> Option<Bytes> {
    let _permit = tokio::time::timeout(site.drawing.wait, site.drawing.permits.acquire())
        .await
        .ok()?
        .ok()?;
    // Another request may have drawn it while this one waited.
    if let Some(bytes) = site.pictures.lock().ok()?.get(key) {
        metrics::counter!("parlor_web_pictures_total", "outcome" => "cached").increment(1);
        return Some(bytes.clone());
    }
    let image = tokio::task::spawn_blocking(move || picture.render(lang))
        .await
        .ok()?;
    match image {
        Ok(image) => {
            metrics::counter!("parlor_web_pictures_total", "outcome" => "drawn").increment(1);
            let bytes = Bytes::from(image.bytes);
            site.pictures
                .lock()
                .ok()?
                .put(key.to_owned(), bytes.clone());
            Some(bytes)
        }
        Err(e) => {
            tracing::warn!(error = %e, "a web picture could not be drawn");
            None
        }
    }
}
