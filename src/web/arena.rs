//! An arena's own parts of its tournament page: when it starts or ends (a `<time>` in the
//! page's language, with the minutes left when the page was made), and every game it paired,
//! newest first, each finished one linked to its match page.

use maud::{Markup, html};

use super::Ctx;
use super::pages::{side_words, tournament_player};
use crate::i18n::{Lang, Msg, Plain, Style};
use crate::table::gallery::{ArenaView, TournamentView};
use crate::table::links::WebPage;
use crate::table::tournaments::Status;

/// Stands for the time in a sentence, to be replaced by its `<time>` element.
const MARK: &str = "\u{E000}";

/// A moment as a `<time>`: `2026-11-28 10:30 UTC`, read the same in both languages.
fn moment(at_ms: i64) -> Markup {
    let text = Plain.time(Lang::En, at_ms);
    let mut parts = text.split(' ');
    let (day, hour) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    html! { time datetime=(format!("{day}T{hour}:00Z")) { (text) } }
}

/// `msg` in the page's language with its `$time` as a `<time>` element.
fn sentence(ctx: &Ctx, msg: Msg, at_ms: i64) -> Markup {
    let text = ctx.t(&msg.plain("time", MARK));
    let (before, after) = text.split_once(MARK).unwrap_or((&text, ""));
    html! { (before) (moment(at_ms)) (after) }
}

/// Whole minutes of `ms`, rounded up.
fn minutes(ms: i64) -> i64 {
    (ms.max(0) + 59_999) / 60_000
}

/// Where the arena is in its time: when it starts and how long it lasts, when it ends and the
/// minutes left, or that it is over.
pub fn when(ctx: &Ctx, status: Status, a: &ArenaView) -> Markup {
    let length = minutes(a.duration_ms.unwrap_or(0));
    match (status, a.starts_at, a.ends_at) {
        (Status::Open, Some(at), _) => {
            sentence(ctx, Msg::new("web-arena-starts").num("minutes", length), at)
        }
        (Status::Open, None, _) => {
            html! { (ctx.t(&Msg::new("web-arena-open").num("minutes", length))) }
        }
        (Status::Running, _, Some(end)) => {
            let left = end - super::now_ms();
            let msg = if left > 0 {
                Msg::new("web-arena-ends").num("minutes", minutes(left))
            } else {
                Msg::new("web-arena-ending")
            };
            sentence(ctx, msg, end)
        }
        (Status::Over, _, Some(end)) => sentence(ctx, Msg::new("web-arena-over"), end),
        (status, _, _) => html! { (status_word(ctx, status)) },
    }
}

/// An arena's status in the server's list of tournaments (it has no rounds to count).
pub fn status_word(ctx: &Ctx, status: Status) -> String {
    ctx.t(&Msg::new("web-arena-status").plain("status", status.name()))
}

/// Every game of the arena, newest first: its number, players (a mark for a berserk one) and
/// result, linked to its match page once finished (the match pages show finished matches).
pub fn games(ctx: &Ctx, view: &TournamentView, a: &ArenaView) -> Markup {
    let playing = a.games.iter().filter(|g| g.board.result.is_none()).count();
    let count = Msg::new("web-arena-games-count")
        .num("finished", (a.games.len() - playing) as i64)
        .num("playing", playing as i64);
    let sides = side_words(ctx, &view.event);
    let berserk = ctx.w("web-arena-berserk");
    let player = |index: Option<usize>, name: &Msg, went: bool| {
        html! {
            (tournament_player(ctx, view, index, name))
            @if went { " " abbr.berserk title=(berserk) { "⚡" } }
        }
    };
    html! {
        h2 #games { (ctx.w("web-arena-games")) }
        @if a.games.is_empty() {
            p { (ctx.w("web-arena-no-games")) }
        } @else {
            p.dim { (ctx.t(&count)) }
            div.scroll {
                table.ladder.pairings.arena {
                    (super::pages::pairings_head(ctx, &sides))
                    tbody {
                        @for g in &a.games {
                            @let b = &g.board;
                            tr {
                                td.num { (b.board) }
                                td.name { (player(Some(b.players.0), &b.white, g.berserk[0])) }
                                td.result {
                                    @match (&b.result, g.match_id) {
                                        (Some(score), Some(id)) => a href=(ctx.link(&WebPage::Match { id }.path())) { (score) },
                                        (Some(score), None) => (score),
                                        (None, _) => span.dim { (ctx.w("web-playing")) },
                                    }
                                }
                                td.name {
                                    @if let Some(black) = &b.black {
                                        (player(b.players.1, black, g.berserk[1]))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            p.legend { "⚡ " (berserk) }
        }
    }
}
