//! Ladders and records: leaderboards, stats, head-to-head, history.

use crate::games::GameKind;
use crate::store::{MatchStatus, RatingRow};

use super::api::{Actor, Place, Reply, Scope, UserRef};
use super::commands::{Answer, Fail};
use super::{Table, rating};

/// Rows per leaderboard page.
pub const PAGE_SIZE: u32 = 10;
/// Matches shown by `/history`.
pub const HISTORY_SIZE: u32 = 10;

impl Table {
    pub(super) async fn leaderboard(
        &self,
        place: &Place,
        game: GameKind,
        scope: Scope,
        page: u32,
    ) -> Answer {
        let (scope_id, where_) = match (scope, place.guild) {
            (Scope::Server, Some(g)) => (g as i64, "this server"),
            (Scope::Server, None) => (0, "everyone (no server here)"),
            (Scope::Global, _) => (0, "everyone"),
        };
        let page = page.max(1);
        let (rows, total) = self
            .inner
            .store
            .leaderboard(
                game.name(),
                scope_id,
                rating::PROVISIONAL_DEVIATION,
                PAGE_SIZE,
                (page - 1) * PAGE_SIZE,
            )
            .await?;
        let pages = total.div_ceil(PAGE_SIZE).max(1);
        let mut lines = vec![format!(
            "**{} leaderboard** ({where_}), page {page} of {pages}",
            game.title()
        )];
        for (i, r) in rows.iter().enumerate() {
            lines.push(format!(
                "{}. @{} {}",
                (page - 1) * PAGE_SIZE + i as u32 + 1,
                r.player.name,
                record(r)
            ));
        }
        // Players whose rating is still provisional come after the ranked ones, on the last page,
        // so that a server's first games show up at once without outranking settled ratings.
        if page >= pages {
            let (fresh, fresh_total) = self
                .inner
                .store
                .provisional(
                    game.name(),
                    scope_id,
                    rating::PROVISIONAL_DEVIATION,
                    PAGE_SIZE,
                )
                .await?;
            if !fresh.is_empty() {
                lines.push(
                    "Not ranked yet (a rating settles after a few more rated games):".to_string(),
                );
                for r in &fresh {
                    lines.push(format!("· @{} {}", r.player.name, record(r)));
                }
                if fresh_total > fresh.len() as u32 {
                    lines.push(format!("…and {} more", fresh_total - fresh.len() as u32));
                }
            }
            if rows.is_empty() && fresh.is_empty() {
                lines.push("Nobody here yet: play a rated game to appear here.".to_string());
            }
        }
        Ok(Reply::public(lines.join("\n")))
    }

    pub(super) async fn stats(
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
        let store = &self.inner.store;
        let all = store.ratings_of(id).await?;
        let mut lines = vec![format!("**Stats of @{name}**")];
        let games: Vec<GameKind> = match game {
            Some(g) => vec![g],
            None => GameKind::ALL.to_vec(),
        };
        let mut any = false;
        for g in games {
            let mut parts = Vec::new();
            let scopes = place
                .guild
                .map(|x| (x as i64, "on this server"))
                .into_iter()
                .chain([(0, "global")]);
            for (scope, label) in scopes {
                let Some(r) = all.iter().find(|r| r.game == g.name() && r.scope == scope) else {
                    continue;
                };
                parts.push(format!("{} {label}", self.describe(r).await?));
            }
            if !parts.is_empty() {
                any = true;
                lines.push(format!("{}: {}", g.title(), parts.join("; ")));
            }
        }
        if !any {
            lines.push("No rated games yet.".to_string());
        }
        Ok(Reply::public(lines.join("\n")))
    }

    /// `1623 (#3), 40 games: 25 W / 5 D / 10 L`
    async fn describe(&self, r: &RatingRow) -> Result<String, Fail> {
        let rank = if rating::is_provisional(&r.value) {
            "provisional".to_string()
        } else {
            let above = self
                .inner
                .store
                .count_above(
                    &r.game,
                    r.scope,
                    r.value.rating,
                    rating::PROVISIONAL_DEVIATION,
                )
                .await?;
            format!("#{}", above + 1)
        };
        Ok(format!(
            "{} ({rank}), {} games: {} W / {} D / {} L",
            rating::show(&r.value),
            r.games,
            r.wins,
            r.draws,
            r.losses
        ))
    }

    pub(super) async fn head_to_head(
        &self,
        actor: &Actor,
        user: UserRef,
        other: Option<UserRef>,
        game: Option<GameKind>,
    ) -> Answer {
        let me = other.unwrap_or_else(|| UserRef::new(actor.id, actor.name.clone()));
        if me.id == user.id {
            return Err(Fail::Refuse(
                "Pick someone else to compare with.".to_string(),
            ));
        }
        let mut tallies = self.inner.store.head_to_head(me.id, user.id).await?;
        if let Some(g) = game {
            tallies.retain(|t| t.game == g.name());
        }
        let mut lines = vec![format!("**@{} vs @{}**", me.name, user.name)];
        if tallies.is_empty() {
            lines.push("They have not finished a match against each other yet.".to_string());
        }
        for t in tallies {
            let title = t
                .game
                .parse::<GameKind>()
                .map_or(t.game.clone(), |g| g.title().to_string());
            lines.push(format!(
                "{title}: {}, {}, {} for @{}",
                count(t.wins, "win", "wins"),
                count(t.draws, "draw", "draws"),
                count(t.losses, "loss", "losses"),
                me.name
            ));
        }
        Ok(Reply::public(lines.join("\n")))
    }

    pub(super) async fn history(&self, actor: &Actor, user: Option<UserRef>) -> Answer {
        let (id, name) = match &user {
            Some(u) => (u.id, u.name.clone()),
            None => (actor.id, actor.name.clone()),
        };
        let rows = self.inner.store.history(id, HISTORY_SIZE).await?;
        let mut lines = vec![format!("**Latest matches of @{name}**")];
        if rows.is_empty() {
            lines.push("No finished match yet.".to_string());
        }
        for m in &rows {
            let title = m
                .game
                .parse::<GameKind>()
                .map_or(m.game.clone(), |g| g.title().to_string());
            let Some(seats) = m.seats() else { continue };
            let mine = seats.iter().position(|p| p.id == id).unwrap_or(0);
            let opponent = &seats[1 - mine].name;
            let result = match (m.status, m.winner_seat) {
                (MatchStatus::Aborted, _) => "aborted".to_string(),
                (_, None) => format!("draw ({})", m.reason.as_deref().unwrap_or("")),
                (_, Some(w)) if usize::from(w) == mine => {
                    format!("won ({})", m.reason.as_deref().unwrap_or(""))
                }
                (_, Some(_)) => format!("lost ({})", m.reason.as_deref().unwrap_or("")),
            };
            lines.push(format!(
                "#{} {title} vs @{opponent}: {result}{}",
                m.id,
                if m.rated { "" } else { ", casual" }
            ));
        }
        Ok(Reply::public(lines.join("\n")))
    }
}

/// `1700 — 30 games (20 W / 4 D / 6 L)`, or `1500? — 1 game (...)` while provisional.
fn record(r: &RatingRow) -> String {
    let plural = if r.games == 1 { "" } else { "s" };
    format!(
        "{} — {} game{plural} ({} W / {} D / {} L)",
        rating::show(&r.value),
        r.games,
        r.wins,
        r.draws,
        r.losses
    )
}

/// `1 win`, `2 wins`.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
