//! The pages' HTML (maud: compiled templates, every text escaped). One layout, the board
//! pictures' palette from `style.css`, links that work without JavaScript.

use std::collections::BTreeSet;

use maud::{DOCTYPE, Markup, html};

use super::chart::{Line, rating_chart};
use super::{Ctx, date};
use crate::games::{GameKind, Side};
use crate::i18n::{Lang, Msg};
use crate::table::gallery::{
    LadderOf, LadderView, MatchLine, MatchView, Place, PlayerView, PlyLine, PuzzleView, ServerView,
    TournamentLine, TournamentView, Who,
};
use crate::table::links::WebPage;
use crate::table::puzzles::date_of;
use crate::table::tournaments::{Status, format_name};
use crate::table::words;
use crate::tournament::event::Format;

/// Every page: the header with the way home and the other language, then `body`.
fn layout(ctx: &Ctx, title: &str, body: Markup) -> Markup {
    let (other, switch) = ctx.switch();
    html! {
        (DOCTYPE)
        html lang=(ctx.lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) " · Parlor" }
                link rel="stylesheet" href="/style.css";
            }
            body {
                header {
                    a.brand href=(ctx.link("/")) { "Parlor" }
                    a.lang href=(switch) hreflang=(other.code()) {
                        (language_name(other))
                    }
                }
                main { (body) }
                footer { (ctx.t(&Msg::new("web-footer").code("on", "/settings web:on").code("off", "/settings my-web:off"))) }
            }
        }
    }
}

/// A language named in itself, as a switch offers it.
fn language_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::Fr => "Français",
    }
}

/// A ladder's title: the game, and its variant if it has a ladder of its own.
fn ladder_name(ctx: &Ctx, game: GameKind, variant: Option<&str>) -> String {
    ctx.t(&words::ladder(game, variant))
}

/// A name, linked to its page when it has one.
fn who(ctx: &Ctx, w: &Who) -> Markup {
    match (&w.name, &w.key) {
        (Some(name), Some(key)) => html! {
            a href=(ctx.link(&WebPage::Player { key: key.clone() }.path())) { (name) }
        },
        (Some(name), None) => html! { (name) },
        (None, _) => html! { span.anonymous { (ctx.w("web-anonymous")) } },
    }
}

fn place(ctx: &Ctx, p: &Place) -> String {
    match p {
        Place::Local => ctx.w("web-local"),
        Place::Direct => ctx.w("web-direct"),
        Place::Server(Some(name)) => name.clone(),
        Place::Server(None) => ctx.w("web-a-server"),
    }
}

pub fn home(ctx: &Ctx, ladders: &[(GameKind, Option<&'static str>)]) -> Markup {
    let title = ctx.w("web-home-title");
    layout(
        ctx,
        &title,
        html! {
            h1 { (title) }
            p { (ctx.w("web-home-intro")) }
            h2 { (ctx.w("web-global-ladders")) }
            ul.ladders {
                @for (game, variant) in ladders {
                    li {
                        a href=(ctx.link(&WebPage::Global { game: *game, variant: variant.map(str::to_owned) }.path())) {
                            (ladder_name(ctx, *game, *variant))
                        }
                    }
                }
            }
        },
    )
}

pub fn ladder(ctx: &Ctx, view: &LadderView) -> Markup {
    let name = ladder_name(ctx, view.game, view.variant);
    let title = match (&view.of, &view.server) {
        (LadderOf::Global, _) => ctx.t(&Msg::new("web-global-title").plain("ladder", &name)),
        (LadderOf::Server(_), Some(server)) => ctx.t(&Msg::new("web-server-ladder-title")
            .plain("ladder", &name)
            .plain("server", server)),
        (LadderOf::Server(_), None) => {
            ctx.t(&Msg::new("web-this-server-ladder-title").plain("ladder", &name))
        }
    };
    let here = |page: u32| {
        let variant = view.variant.map(str::to_owned);
        let base = match &view.of {
            LadderOf::Global => WebPage::Global {
                game: view.game,
                variant,
            },
            LadderOf::Server(slug) => WebPage::ServerLadder {
                slug: slug.clone(),
                game: view.game,
                variant,
            },
        }
        .path();
        let sep = if base.contains('?') { '&' } else { '?' };
        ctx.link(&format!("{base}{sep}page={page}"))
    };
    let provisional = view.rows.iter().any(|r| r.provisional);
    layout(
        ctx,
        &title,
        html! {
            @if let LadderOf::Server(slug) = &view.of {
                nav.crumbs { a href=(ctx.link(&WebPage::Server { slug: slug.clone() }.path())) { (view.server.clone().unwrap_or_else(|| ctx.w("web-a-server"))) } }
            }
            h1 { (title) }
            @if view.rows.is_empty() {
                p { (ctx.w("web-no-ratings")) }
            } @else {
                table.ladder {
                    thead { tr {
                        th.num { "#" }
                        th { (ctx.w("web-col-player")) }
                        th.num { (ctx.w("web-col-rating")) }
                        th.num { (ctx.w("web-col-games")) }
                        th.num.wide { (ctx.w("web-col-record")) }
                    } }
                    tbody {
                        @for row in &view.rows {
                            tr.provisional[row.provisional] {
                                td.num { (row.rank) }
                                td.name { (who(ctx, &row.who)) }
                                td.num { (row.rating) @if row.provisional { abbr title=(ctx.w("web-provisional")) { "?" } } }
                                td.num { (row.games) }
                                td.num.wide { (row.wins) " / " (row.draws) " / " (row.losses) }
                            }
                        }
                    }
                }
                p.legend {
                    (ctx.w("web-record-legend"))
                    @if provisional { " " (ctx.w("web-provisional-legend")) }
                }
            }
            @if view.pages > 1 {
                nav.pages {
                    @if view.page > 1 { a rel="prev" href=(here(view.page - 1)) { "← " (ctx.w("web-previous")) } }
                    span { (ctx.t(&Msg::new("web-page-of").num("page", view.page).num("pages", view.pages))) }
                    @if view.page < view.pages { a rel="next" href=(here(view.page + 1)) { (ctx.w("web-next")) " →" } }
                }
            }
        },
    )
}

pub fn server(ctx: &Ctx, view: &ServerView) -> Markup {
    let name = view.name.clone().unwrap_or_else(|| ctx.w("web-a-server"));
    layout(
        ctx,
        &name,
        html! {
            h1 { (name) }
            h2 { (ctx.w("web-ladders")) }
            ul.ladders {
                @for (game, variant, n) in &view.ladders {
                    li {
                        a href=(ctx.link(&WebPage::ServerLadder { slug: view.slug.clone(), game: *game, variant: variant.map(str::to_owned) }.path())) {
                            (ladder_name(ctx, *game, *variant))
                        }
                        " " span.dim { (ctx.t(&Msg::new("web-players-count").num("n", *n))) }
                    }
                }
            }
            h2 { (ctx.w("web-tournaments")) }
            (tournament_list(ctx, &view.tournaments))
            h2 { (ctx.w("web-recent")) }
            (match_list(ctx, &view.recent, false))
        },
    )
}

/// Finished matches, newest first: date, game, players, result.
fn match_list(ctx: &Ctx, lines: &[MatchLine], with_place: bool) -> Markup {
    html! {
        @if lines.is_empty() {
            p { (ctx.w("web-no-matches")) }
        } @else {
            ul.matches {
                @for m in lines {
                    li {
                        a href=(ctx.link(&WebPage::Match { id: m.id }.path())) {
                            (ctx.t(&Msg::new("web-match-name").msg("game", words::game(m.game)).num("id", m.id)))
                        }
                        " · "
                        @for (i, p) in m.players.iter().enumerate() {
                            @if i > 0 { ", " }
                            (who(ctx, p))
                        }
                        br;
                        span.dim {
                            (ctx.say(&m.result, &m.hidden))
                            @if let Some(at) = m.finished_at { " · " (date(at)) }
                            @if with_place { " · " (place(ctx, &m.place)) }
                        }
                    }
                }
            }
        }
    }
}

pub fn player(ctx: &Ctx, view: &PlayerView) -> Markup {
    let lines: Vec<Line> = view
        .history
        .iter()
        .map(|s| Line {
            label: ladder_name(ctx, s.game, s.variant),
            points: s.points.clone(),
        })
        .collect();
    let chart_title = ctx.w("web-rating-chart");
    layout(
        ctx,
        &view.name,
        html! {
            h1 { (view.name) }
            h2 { (ctx.w("web-ratings")) }
            @if view.ratings.is_empty() {
                p { (ctx.w("web-no-ratings")) }
            } @else {
                table.ladder {
                    thead { tr {
                        th { (ctx.w("web-col-ladder")) }
                        th.num { (ctx.w("web-col-rating")) }
                        th.num { (ctx.w("web-col-games")) }
                        th.num.wide { (ctx.w("web-col-record")) }
                    } }
                    tbody {
                        @for r in &view.ratings {
                            tr {
                                td.name {
                                    (ladder_name(ctx, r.game, r.variant))
                                    br;
                                    span.dim { @match &r.server {
                                        None => (ctx.w("web-global")),
                                        Some(Some(name)) => (name),
                                        Some(None) => (ctx.w("web-a-server")),
                                    } }
                                }
                                td.num { (r.rating) @if r.provisional { abbr title=(ctx.w("web-provisional")) { "?" } } }
                                td.num { (r.games) }
                                td.num.wide { (r.wins) " / " (r.draws) " / " (r.losses) }
                            }
                        }
                    }
                }
                p.legend { (ctx.w("web-record-legend")) }
            }
            @if !lines.is_empty() {
                h2 { (chart_title) }
                (rating_chart(&chart_title, &lines, date))
            }
            h2 { (ctx.w("web-recent")) }
            (match_list(ctx, &view.recent, true))
            @if !view.h2h.is_empty() {
                h2 { (ctx.w("web-h2h")) }
                table.ladder {
                    thead { tr {
                        th { (ctx.w("web-col-opponent")) }
                        th { (ctx.w("web-col-game")) }
                        th.num { (ctx.w("web-col-record")) }
                    } }
                    tbody {
                        @for h in &view.h2h {
                            tr {
                                td.name { (who(ctx, &h.opponent)) }
                                td { (ctx.t(&words::game(h.game))) }
                                td.num { (h.wins) " / " (h.draws) " / " (h.losses) }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// What a match page's pictures show, in words: their `alt` texts.
pub struct Words {
    pub board: String,
    /// The coach's graph, when the match was analysed.
    pub graph: Option<String>,
}

/// A match page showing the board after `ply` plies; `tag` makes its pictures' addresses
/// immutable.
pub fn game(ctx: &Ctx, view: &MatchView, ply: usize, words: &Words, tag: &str) -> Markup {
    let title = ctx.t(&Msg::new("web-match-name")
        .msg("game", words::game(view.game))
        .num("id", view.id));
    let base = WebPage::Match { id: view.id }.path();
    let at = |p: usize| ctx.link(&format!("{base}?ply={p}"));
    let picture = |file: &str| format!("{base}/{file}?lang={}&v={tag}", ctx.lang.code());
    let n = view.plies.len();
    let hidden: &BTreeSet<u64> = &view.hidden;
    let moves = moves(view);
    let caption = match view.plies.get(ply.wrapping_sub(1)) {
        None => ctx.w("web-start-position"),
        Some(at) => {
            // The move's steps played so far (a Lightning move is one move of two steps).
            let steps: Vec<&str> = (view.plies[..ply].iter())
                .filter(|p| p.number == at.number)
                .map(|p| p.text.as_str())
                .collect();
            ctx.t(&Msg::new("web-after-move")
                .num("n", at.number as i64)
                .num("total", moves.len() as i64)
                .code("move", steps.join(" ")))
        }
    };
    layout(
        ctx,
        &title,
        html! {
            h1 { (title) }
            p.players {
                @for (i, (w, side)) in view.players.iter().enumerate() {
                    @if i > 0 { " · " }
                    (who(ctx, w)) " " span.dim { "(" (ctx.t(side)) ")" }
                }
            }
            p.result { strong { (ctx.say(&view.result, hidden)) } }
            p.dim {
                (ctx.t(&words::variant(&view.variant)))
                " · "
                @if view.rated { (ctx.w("web-rated")) } @else { (ctx.w("web-casual")) }
                " · " (ctx.t(&view.clock))
                " · " (place(ctx, &view.place))
                @if let Some(at) = view.finished_at { " · " (date(at)) }
            }
            section #board {
                figure.board {
                    img src=(picture(&format!("{ply}.png"))) alt=(words.board) width="800";
                    figcaption { (caption) }
                }
                (steps(ctx, ply, n, at))
            }
            h2 { (ctx.w("web-sheet")) }
            @if n == 0 {
                p { (ctx.w("web-no-moves")) }
            } @else {
                ol.sheet {
                    @for (number, plies) in &moves {
                        @let last = plies.last().map_or(0, |p| p.ply);
                        li.current[plies.iter().any(|p| p.ply == ply)] {
                            span.turn { (number) "." }
                            a href=(format!("{}#board", at(last))) { (plies.iter().map(|p| p.text.as_str()).collect::<Vec<_>>().join(" ")) }
                        }
                    }
                }
            }
            p.files {
                a href=(picture("replay.gif")) { (ctx.w("web-replay")) }
                " · "
                a href=(format!("{base}/match-{}.txt", view.id)) download { (ctx.t(&Msg::new("web-export").code("file", format!("match-{}.txt", view.id)))) }
            }
            @if let Some(review) = &view.review {
                h2 { (ctx.w("web-analysis")) }
                figure.graph {
                    img src=(picture("analysis.png")) alt=(words.graph.clone().unwrap_or_else(|| ctx.say(&review.summary, hidden))) width="800" loading="lazy";
                    figcaption { (ctx.say(&review.summary, hidden)) }
                }
                @if review.mistakes.is_empty() {
                    p { (ctx.w("web-no-mistakes")) }
                } @else {
                    ul.mistakes {
                        @for m in &review.mistakes {
                            li { a href=(format!("{}#board", at(m.ply.saturating_sub(1)))) { (ctx.say(&m.line, hidden)) } }
                        }
                    }
                }
            }
        },
    )
}

/// The links that step a board through its moves: to the first, the previous, the next and the
/// last of `n`, the board being at `ply`; `at` is a step's address.
fn steps(ctx: &Ctx, ply: usize, n: usize, at: impl Fn(usize) -> String) -> Markup {
    html! {
        nav.steps {
            @if ply > 0 {
                a.first href=(format!("{}#board", at(0))) title=(ctx.w("web-first")) { "«" }
                a.prev rel="prev" accesskey="p" href=(format!("{}#board", at(ply - 1))) { "← " (ctx.w("web-previous")) }
            } @else {
                span.off { "«" } span.off { "← " (ctx.w("web-previous")) }
            }
            @if ply < n {
                a.next rel="next" accesskey="n" href=(format!("{}#board", at(ply + 1))) { (ctx.w("web-next")) " →" }
                a.last href=(format!("{}#board", at(n))) title=(ctx.w("web-last")) { "»" }
            } @else {
                span.off { (ctx.w("web-next")) " →" } span.off { "»" }
            }
        }
    }
}

/// A puzzle's page: the board after `step` moves of the solution (the puzzle's position at 0),
/// the steps, and the solution as a sheet whose moves lead to their boards.
pub fn puzzle(ctx: &Ctx, view: &PuzzleView, step: usize, board: &str) -> Markup {
    let title = ctx.t(&Msg::new("puzzle-title")
        .num("id", view.id)
        .msg("game", words::game(view.game)));
    let base = WebPage::Puzzle { id: view.id }.path();
    let at = |s: usize| ctx.link(&format!("{base}?step={s}"));
    let n = view.solution.len();
    let caption = match step.checked_sub(1).and_then(|s| view.solution.get(s)) {
        None => ctx.t(&Msg::new("web-puzzle-start")
            .plain("side", view.side)
            .num("n", i64::from(view.own_moves))),
        Some(text) => ctx.t(&Msg::new("web-puzzle-step")
            .num("step", step as i64)
            .num("n", n as i64)
            .code("move", text.clone())),
    };
    layout(
        ctx,
        &title,
        html! {
            h1 { (title) }
            p.dim {
                (ctx.t(&view.variant))
                " · " (ctx.t(&Msg::new("web-puzzle-rating").num("rating", view.rating).num("n", view.plays)))
                @if let Some(day) = view.day { " · " (ctx.t(&Msg::new("web-puzzle-daily").plain("date", date_of(day)))) }
            }
            section #board {
                figure.board {
                    img src=(format!("{base}/{step}.png?lang={}", ctx.lang.code())) alt=(board) width="800";
                    figcaption { (caption) }
                }
                (steps(ctx, step, n, at))
            }
            h2 { (ctx.w("web-puzzle-solution")) }
            ol.sheet.solution {
                @for (i, text) in view.solution.iter().enumerate() {
                    li.current[i + 1 == step].reply[i % 2 == 1] {
                        a href=(format!("{}#board", at(i + 1))) { (text) }
                    }
                }
            }
            p.legend { (ctx.w("web-puzzle-legend")) }
        },
    )
}

/// A match's plies grouped into moves, each with its number: one chip on the score sheet.
fn moves(view: &MatchView) -> Vec<(usize, Vec<&PlyLine>)> {
    let mut moves: Vec<(usize, Vec<&PlyLine>)> = Vec::new();
    for p in &view.plies {
        match moves.last_mut() {
            Some((number, plies)) if *number == p.number => plies.push(p),
            _ => moves.push((p.number, vec![p])),
        }
    }
    moves
}

pub fn not_found(ctx: &Ctx) -> Markup {
    let title = ctx.w("web-not-found-title");
    layout(
        ctx,
        &title,
        html! {
            h1 { (title) }
            p { (ctx.w("web-not-found")) }
            p { a href=(ctx.link("/")) { (ctx.w("web-home-link")) } }
        },
    )
}

pub fn unavailable(ctx: &Ctx) -> Markup {
    let title = ctx.w("web-unavailable-title");
    layout(
        ctx,
        &title,
        html! {
            h1 { (title) }
            p { (ctx.w("web-unavailable")) }
        },
    )
}

/// A tournament's status as its page and the server's list say it.
fn tournament_status(ctx: &Ctx, status: Status, round: usize, rounds: usize) -> String {
    let status = match status {
        Status::Open => "open",
        Status::Running => "running",
        Status::Over => "over",
        Status::Cancelled => "cancelled",
    };
    ctx.t(&Msg::new("web-tournament-status")
        .plain("status", status)
        .num("round", round as i64)
        .num("rounds", rounds as i64))
}

/// The title of a tournament: its number, game and format.
fn tournament_title(ctx: &Ctx, id: i64, game: &Msg, format: &Msg) -> String {
    ctx.t(&Msg::new("pic-tournament-title")
        .num("id", id)
        .msg("game", game.clone())
        .msg("format", format.clone()))
}

/// The tournaments of a server's page, newest first.
fn tournament_list(ctx: &Ctx, lines: &[TournamentLine]) -> Markup {
    html! {
        @if lines.is_empty() {
            p { (ctx.w("web-no-tournaments")) }
        } @else {
            ul.matches.tournaments {
                @for t in lines {
                    li {
                        a href=(ctx.link(&WebPage::Tournament { id: t.id }.path())) {
                            (tournament_title(ctx, t.id, &t.game, &t.format))
                        }
                        br;
                        span.dim {
                            @if t.arena { (super::arena::status_word(ctx, t.status)) }
                            @else { (tournament_status(ctx, t.status, t.round, t.rounds)) }
                            " · " (ctx.t(&Msg::new("web-players-count").num("n", t.players as i64)))
                        }
                    }
                }
            }
        }
    }
}

/// The head row of a table of pairings: board, the two sides' words (when the game has them), result.
pub(super) fn pairings_head(ctx: &Ctx, sides: &Option<[String; 2]>) -> Markup {
    html! {
        thead { tr {
            th.num { "#" }
            @if let Some([first, _]) = sides { th { (first) } } @else { th {} }
            th.result { (ctx.w("web-col-result")) }
            @if let Some([_, second]) = sides { th { (second) } } @else { th {} }
        } }
    }
}

/// The names of a tournament game's two sides, first to move first, in the page's language.
pub(super) fn side_words(ctx: &Ctx, e: &crate::table::tournaments::Event) -> Option<[String; 2]> {
    e.rules
        .kind()
        .and_then(|k| crate::games::AnyGame::new(k, "").ok())
        .map(|g| Side::BOTH.map(|side| crate::render::side_word(g.side_name(side), ctx.lang)))
}

/// A tournament's player by name, linked to their page when they have one.
pub(super) fn tournament_player(
    ctx: &Ctx,
    view: &TournamentView,
    index: Option<usize>,
    name: &Msg,
) -> Markup {
    let text = ctx.t(name);
    match index.and_then(|i| view.links.get(&i)) {
        Some(key) => {
            html! { a href=(ctx.link(&WebPage::Player { key: key.clone() }.path())) { (text) } }
        }
        None => html! { (text) },
    }
}

/// What a tournament page's pictures show, in words: by file name, their `alt` texts.
pub type TournamentWords = Vec<(String, String)>;

/// A tournament's page: its standings (a crosstable for a round robin), every round's boards
/// with their results linked to their matches, its pictures and its TRF file.
pub fn tournament(ctx: &Ctx, view: &TournamentView, words: &TournamentWords) -> Markup {
    let e = &view.event;
    let game = e
        .rules
        .kind()
        .map_or_else(|| Msg::verbatim(&e.rules.game), words::game);
    let format = format_name(e.tournament.format);
    let title = tournament_title(ctx, e.id, &game, &format);
    let base = WebPage::Tournament { id: e.id }.path();
    let picture = |file: &str| format!("{base}/{file}?lang={}", ctx.lang.code());
    let named = |index: Option<usize>, name: &Msg| tournament_player(ctx, view, index, name);
    let rated = view.standings.iter().any(|r| r.rating_change.is_some());
    let crosstable = matches!(e.tournament.format, Format::RoundRobin { .. });
    let rounds_played = view
        .standings
        .iter()
        .map(|r| r.rounds.len())
        .max()
        .unwrap_or(0);
    let trf = format!("tournament-{}.trf", e.id);
    let sides = side_words(ctx, e);
    layout(
        ctx,
        &title,
        html! {
            nav.crumbs { a href=(ctx.link(&WebPage::Server { slug: view.server.slug.clone() }.path())) { (view.server.name.clone().unwrap_or_else(|| ctx.w("web-a-server"))) } }
            h1 { (title) }
            p.dim {
                @if let Some(a) = &view.arena { (super::arena::when(ctx, e.status, a)) }
                @else { (tournament_status(ctx, e.status, e.round(), e.tournament.rounds())) }
                " · " (ctx.t(&Msg::new("web-players-count").num("n", e.tournament.members.len() as i64)))
                " · " @if e.rules.rated { (ctx.w("web-rated")) } @else { (ctx.w("web-casual")) }
                " · " (ctx.t(&words::time_control(e.rules.time_control())))
            }
            @for (file, alt) in words {
                figure.board.tournament {
                    img src=(picture(file)) alt=(alt) width="512" loading="lazy";
                }
            }
            h2 { (ctx.w("web-standings")) }
            @if view.standings.is_empty() {
                p { (ctx.w(if view.arena.is_some() { "web-arena-no-players" } else { "web-no-standings" })) }
            } @else {
                div.scroll {
                    table.ladder.standings {
                        thead { tr {
                            th.num { "#" }
                            th { (ctx.w("pic-col-player")) }
                            th.num { (ctx.w("pic-col-points")) }
                            @for (short, long) in &view.tiebreaks {
                                th.num { abbr title=(ctx.t(long)) { (ctx.t(short)) } }
                            }
                            @if rated { th.num { (ctx.w("pic-col-rating")) } }
                        } }
                        tbody {
                            @for row in &view.standings {
                                tr.provisional[row.withdrawn] {
                                    td.num { (row.rank) }
                                    td.name { (named(Some(row.player), &row.name)) }
                                    td.num { strong { (row.points) } }
                                    @for value in &row.tiebreaks { td.num { (value) } }
                                    @if rated { td.num { (row.rating_change.map(crate::render::tournament::signed).unwrap_or_default()) } }
                                }
                            }
                        }
                    }
                }
                p.legend {
                    @for (i, (_, long)) in view.tiebreaks.iter().enumerate() {
                        @if i > 0 { " · " }
                        (ctx.t(long))
                    }
                }
            }
            @if crosstable && rounds_played > 0 {
                h2 { (ctx.w("pic-crosstable")) }
                div.scroll {
                    table.ladder.crosstable {
                        thead { tr {
                            th.num { "#" }
                            th { (ctx.w("pic-col-player")) }
                            @for r in 1..=rounds_played {
                                th.num { (ctx.t(&Msg::new("pic-round-short").num("round", r as i64))) }
                            }
                        } }
                        tbody {
                            @for (line, row) in view.standings.iter().enumerate() {
                                tr {
                                    td.num { (line + 1) }
                                    td.name { (ctx.t(&row.name)) }
                                    @for c in &row.rounds { td.num { (crate::render::tournament::cell_text(*c)) } }
                                }
                            }
                        }
                    }
                }
                p.legend { (ctx.w("pic-crosstable-legend")) }
            }
            @if let Some(a) = &view.arena { (super::arena::games(ctx, view, a)) }
            @else { h2 { (ctx.w("web-rounds")) } }
            @if view.rounds.is_empty() && view.arena.is_none() {
                p { (ctx.w("web-no-rounds")) }
            }
            @for round in view.rounds.iter().rev() {
                h3 #(format!("round-{}", round.round)) { (ctx.t(&Msg::new("web-round").num("round", round.round as i64))) }
                div.scroll {
                    table.ladder.pairings {
                        (pairings_head(ctx, &sides))
                        tbody {
                            @for (b, match_id) in &round.boards {
                                tr {
                                    td.num { (b.board) }
                                    td.name { (named(Some(b.players.0), &b.white)) }
                                    td.result {
                                        @match (&b.result, match_id) {
                                            (Some(score), Some(id)) => a href=(ctx.link(&WebPage::Match { id: *id }.path())) { (score) },
                                            (Some(score), None) => (score),
                                            (None, Some(_)) => span.dim { (ctx.w("web-playing")) },
                                            (None, None) => span.dim { "–" },
                                        }
                                    }
                                    td.name {
                                        @match &b.black {
                                            Some(black) => (named(b.players.1, black)),
                                            None => span.dim { (ctx.w("pic-bye")) },
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                p.files { a href=(picture(&format!("round-{}.png", round.round))) { (ctx.t(&Msg::new("web-round-picture").num("round", round.round as i64))) } }
            }
            // TRF records rounds; an arena has none, so no file.
            @if view.arena.is_none() { p.files {
                a href=(format!("{base}/{trf}")) download { (ctx.t(&Msg::new("web-tournament-export").code("file", trf.clone()))) }
            } }
        },
    )
}
