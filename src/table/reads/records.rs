//! Ladders and records: leaderboards, stats, head-to-head, history.

use crate::games::GameKind;
use crate::i18n::Msg;
use crate::store::{MatchStatus, RatingRow, Store};
use crate::table::act::{Actor, Place, Scope, UserRef};
use crate::table::api::Reply;
use crate::table::links::WebPage;
use crate::table::matches::rating;
use crate::table::presets::{self, Variant};
use crate::table::shell::{Answer, Fail};
use crate::table::{texts, words};

use super::published::WebLinks;

/// Rows per leaderboard page.
pub const PAGE_SIZE: u32 = 10;
/// Matches shown by `/history`.
pub const HISTORY_SIZE: u32 = 10;

/// Ladders and records, read from the store.
#[derive(Clone)]
pub struct Records {
    store: Store,
    web: WebLinks,
}

impl Records {
    pub fn new(store: Store, web: WebLinks) -> Records {
        Records { store, web }
    }

    /// `/leaderboard`: a page of a ladder, ranked ones first, provisional ones after the last.
    pub async fn leaderboard(
        &self,
        place: &Place,
        game: GameKind,
        variant: &Variant,
        scope: Scope,
        page: u32,
    ) -> Answer {
        let ladder = presets::ladder(game, variant.name);
        let (scope_id, where_) = match (scope, place.guild) {
            (Scope::Server, Some(g)) => (g as i64, "server"),
            // Outside a server (the terminal, direct messages) the global ladder is the one.
            (Scope::Server, None) => (0, "global"),
            (Scope::Global, _) => (0, "global"),
        };
        let page = page.max(1);
        let (rows, total) = self
            .store
            .leaderboard(
                ladder,
                scope_id,
                rating::PROVISIONAL_DEVIATION,
                PAGE_SIZE,
                (page - 1) * PAGE_SIZE,
            )
            .await?;
        let pages = total.div_ceil(PAGE_SIZE).max(1);
        if page > pages {
            return Err(Fail::Refuse(
                Msg::new("err-no-such-page")
                    .num("page", page)
                    .num("pages", pages),
            ));
        }
        let title = Msg::new("board-title")
            .msg(
                "game",
                words::ladder(game, variant.ladder.map(|_| variant.name)),
            )
            .plain("scope", where_)
            .num("page", page)
            .num("pages", pages);
        let mut lines = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            lines.push(
                Msg::new("board-row")
                    .num("rank", (page - 1) * PAGE_SIZE + i as u32 + 1)
                    .player("player", r.player.id, &r.player.name)
                    .msg("record", record(r)),
            );
        }
        // Players whose rating is still provisional come after the ranked ones, on the last page,
        // so that a server's first games show up at once without outranking settled ratings.
        if page >= pages {
            let (fresh, fresh_total) = self
                .store
                .provisional(ladder, scope_id, rating::PROVISIONAL_DEVIATION, PAGE_SIZE)
                .await?;
            if !fresh.is_empty() {
                lines.push(Msg::new("board-not-ranked"));
                for (i, r) in fresh.iter().enumerate() {
                    lines.push(
                        Msg::new("board-fresh-row")
                            .num("rank", total + i as u32 + 1)
                            .player("player", r.player.id, &r.player.name)
                            .msg("record", record(r)),
                    );
                }
                if fresh_total > fresh.len() as u32 {
                    lines.push(Msg::new("board-more").num("n", fresh_total - fresh.len() as u32));
                }
            }
            if rows.is_empty() && fresh.is_empty() {
                lines.push(Msg::new("board-empty"));
            }
        }
        let mut links = Vec::new();
        if let Some(web) = self.web.for_place(place).await? {
            let variant = variant.ladder.map(|_| variant.name.to_owned());
            let page = match (where_, web.slug()) {
                ("server", Some(slug)) => WebPage::ServerLadder {
                    slug: slug.to_owned(),
                    game,
                    variant,
                },
                _ => WebPage::Global { game, variant },
            };
            links.push(web.link(Msg::new("link-ladder"), &page));
        }
        Ok(Reply {
            title: Some(title),
            lines,
            links,
            ..Reply::default()
        })
    }

    /// `/stats`: a player's ratings and records, in this server and globally.
    pub async fn stats(
        &self,
        actor: &Actor,
        place: &Place,
        user: Option<UserRef>,
        game: Option<GameKind>,
    ) -> Answer {
        let (id, name) = match &user {
            Some(u) => (u.id, u.name.clone()),
            None => (actor.id, actor.name.clone()),
        };
        let all = self.store.ratings_of(id).await?;
        let title = Msg::new("stats-title").player("player", id, &name);
        let mut lines = Vec::new();
        let games: Vec<GameKind> = match game {
            Some(g) => vec![g],
            None => GameKind::ALL.to_vec(),
        };
        let mut any = false;
        let mut ladders = Vec::new();
        for g in games {
            for (ladder, variant) in presets::ladders(g) {
                ladders.push((g, ladder, variant));
            }
        }
        for (g, ladder, variant) in ladders {
            let mut parts = Vec::new();
            let scopes = place
                .guild
                .map(|x| (x as i64, "server"))
                .into_iter()
                .chain([(0, "global")]);
            for (scope, label) in scopes {
                let Some(r) = all.iter().find(|r| r.game == ladder && r.scope == scope) else {
                    continue;
                };
                parts.push(
                    Msg::new("stats-scope")
                        .msg("rating", self.describe(r).await?)
                        .plain("scope", label),
                );
            }
            if !parts.is_empty() {
                any = true;
                lines.push(
                    Msg::new("stats-game")
                        .msg("game", words::ladder(g, variant))
                        .list("parts", parts),
                );
            }
        }
        if !any {
            lines.push(Msg::new("stats-none"));
        }
        Ok(Reply {
            title: Some(title),
            lines,
            links: self.web.player_links(place, id).await?,
            ..Reply::default()
        })
    }

    /// `1623 (#3), 40 games: 25 W / 5 D / 10 L`
    async fn describe(&self, r: &RatingRow) -> Result<Msg, Fail> {
        let rank = if rating::is_provisional(&r.value) {
            Msg::new("rank-provisional")
        } else {
            let above = self
                .store
                .count_above(
                    &r.game,
                    r.scope,
                    r.value.rating,
                    rating::PROVISIONAL_DEVIATION,
                )
                .await?;
            Msg::new("rank").num("rank", above + 1)
        };
        Ok(Msg::new("stats-rating")
            .plain("rating", rating::show(&r.value))
            .msg("rank", rank)
            .num("games", r.games)
            .num("wins", r.wins)
            .num("draws", r.draws)
            .num("losses", r.losses))
    }

    /// `/h2h`: two players' results against each other, per game.
    pub async fn head_to_head(
        &self,
        actor: &Actor,
        user: UserRef,
        other: Option<UserRef>,
        game: Option<GameKind>,
    ) -> Answer {
        let me = other.unwrap_or_else(|| UserRef::new(actor.id, actor.name.clone()));
        if me.id == user.id {
            return Err(Fail::Refuse(Msg::new("err-same-person")));
        }
        let mut tallies = self.store.head_to_head(me.id, user.id).await?;
        if let Some(g) = game {
            tallies.retain(|t| t.game == g);
        }
        let title = Msg::new("h2h-title")
            .player("first", me.id, &me.name)
            .player("second", user.id, &user.name);
        let mut lines = Vec::new();
        if tallies.is_empty() {
            lines.push(Msg::new("h2h-none"));
        }
        for t in tallies {
            lines.push(
                Msg::new("h2h-game")
                    .msg("game", words::game(t.game))
                    .num("wins", t.wins)
                    .num("draws", t.draws)
                    .num("losses", t.losses)
                    .player("player", me.id, &me.name),
            );
        }
        Ok(Reply {
            title: Some(title),
            lines,
            ..Reply::default()
        })
    }

    /// `/history`: a player's last matches.
    pub async fn history(&self, actor: &Actor, place: &Place, user: Option<UserRef>) -> Answer {
        let (id, name) = match &user {
            Some(u) => (u.id, u.name.clone()),
            None => (actor.id, actor.name.clone()),
        };
        let rows = self.store.history(id, HISTORY_SIZE).await?;
        let title = Msg::new("history-title").player("player", id, &name);
        let mut lines = Vec::new();
        if rows.is_empty() {
            lines.push(Msg::new("history-none"));
        }
        for m in &rows {
            let Some(seats) = m.seats() else { continue };
            let mine = seats.iter().position(|p| p.id == id).unwrap_or(0);
            let seating = texts::stored_seating(m, seats.len());
            let reason = words::reason_named(m.reason.as_deref().unwrap_or(""));
            // With four seats the winner is a team.
            let result = match (m.status, seating.won(mine, texts::stored_winner(m))) {
                (MatchStatus::Aborted, _) => Msg::new("history-aborted"),
                (_, None) => Msg::new("history-draw").msg("reason", reason),
                (_, Some(true)) => Msg::new("history-won").msg("reason", reason),
                (_, Some(false)) => Msg::new("history-lost").msg("reason", reason),
            };
            lines.push(
                Msg::new(if m.rated {
                    "history-row"
                } else {
                    "history-row-casual"
                })
                .plain("id", m.id.to_string())
                .msg("game", words::game(m.game))
                .list(
                    "opponent",
                    seating
                        .team(&seats, seating.side(mine).opponent())
                        .map(|p| words::who(p))
                        .collect(),
                )
                .msg("result", result),
            );
        }
        Ok(Reply {
            title: Some(title),
            lines,
            links: self.web.player_links(place, id).await?,
            ..Reply::default()
        })
    }
}

/// `1700 — 30 games (20 W / 4 D / 6 L)`, or `1500? — 1 game (...)` while provisional.
fn record(r: &RatingRow) -> Msg {
    Msg::new("record")
        .plain("rating", rating::show(&r.value))
        .num("games", r.games)
        .num("wins", r.wins)
        .num("draws", r.draws)
        .num("losses", r.losses)
}
