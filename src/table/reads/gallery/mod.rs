//! What the public web pages may show, as data: ladders, players and finished matches, with the
//! privacy rules applied here once. A server's pages exist only while it has opted in (its
//! slug), a match is shown only when finished in such a server, at the terminal ("local"), or in
//! direct messages when none of its players hid themself ("Direct messages"), and a player who
//! hid themself is anonymous everywhere (their page does not exist). Works on
//! the store alone, so `parlor web` serves it without the match service running.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::ai::analysis::Analysis;
use crate::games::{AnyGame, AnyMove, GameKind, Side, notation};
use crate::i18n::Msg;
use crate::store::web::{LadderQuery, Shown, WebPlayer, WebRating};
use crate::store::{MatchRow, MatchStatus, PlayerRef, Store, StoreError};

use crate::table::config::TERMINAL_CHANNEL;
use crate::table::matches::rating;
use crate::table::matches::state::Match;
use crate::table::picture::Picture;
use crate::table::{presets, texts, words};

use crate::table::reads::sheet;

mod puzzles;
mod tournaments;
mod views;
pub use puzzles::PuzzleView;
pub use tournaments::{ArenaGameView, ArenaView, RoundView, TournamentLine, TournamentView};
pub use views::{
    HeadToHead, LadderOf, LadderRow, LadderView, MatchLine, MatchView, MistakeLine, Place,
    PlayerView, PlyLine, RatingLine, Review, Series, ServerView, Who,
};

/// Rows per ladder page.
pub const LADDER_PAGE: u32 = 25;
/// Matches listed on a server's or a player's page.
pub const RECENT: u32 = 20;
/// Matches a player's head-to-head table is counted over.
const H2H_MATCHES: u32 = 500;

/// A finished public match rebuilt: its row, who sat where, its start and moves.
struct Shownable {
    row: MatchRow,
    place: Place,
    seats: Vec<WebPlayer>,
    kind: GameKind,
    start: AnyGame,
    moves: Vec<(AnyMove, usize)>,
}

impl Shownable {
    fn hidden(&self) -> BTreeSet<u64> {
        self.seats
            .iter()
            .filter(|p| p.hidden)
            .map(|p| p.id)
            .collect()
    }

    fn names(&self) -> Vec<Msg> {
        self.seats.iter().map(|p| Who::of(p).msg()).collect()
    }
}

/// The pages' source: the store, read only.
#[derive(Clone)]
pub struct Gallery {
    store: Store,
}

impl Gallery {
    pub fn new(store: Store) -> Gallery {
        Gallery { store }
    }

    /// Every ladder, for the front page: each game's own, then its variants' own.
    pub fn ladders() -> Vec<(GameKind, Option<&'static str>)> {
        GameKind::ALL
            .into_iter()
            .flat_map(|g| presets::ladders(g).into_iter().map(move |(_, v)| (g, v)))
            .collect()
    }

    /// A server's front page, if its pages are on.
    pub async fn server(&self, slug: &str) -> Result<Option<ServerView>, StoreError> {
        let Some(server) = self.store.web_server(slug).await? else {
            return Ok(None);
        };
        let counts: BTreeMap<String, u32> = self
            .store
            .web_ladders_of(server.guild_id as i64)
            .await?
            .into_iter()
            .collect();
        let ladders = Self::ladders()
            .into_iter()
            .map(|(g, v)| {
                let ladder = presets::ladder(g, v.unwrap_or("standard"));
                (g, v, counts.get(ladder).copied().unwrap_or(0))
            })
            .collect();
        let rows = self
            .store
            .web_matches(Shown::Server(server.guild_id), TERMINAL_CHANNEL, RECENT)
            .await?;
        let recent = self.lines(rows).await?;
        let tournaments = self.tournaments_of(server.guild_id).await?;
        Ok(Some(ServerView {
            slug: server.slug,
            name: server.name,
            ladders,
            recent,
            tournaments,
        }))
    }

    /// A page of a ladder; `None` when the server's pages are off, the variant has no ladder
    /// of the game, or the page is past the last.
    pub async fn ladder(
        &self,
        of: LadderOf,
        game: GameKind,
        variant: Option<&str>,
        page: u32,
    ) -> Result<Option<LadderView>, StoreError> {
        let variant = match variant {
            None => None,
            Some(name) => match presets::ladders(game)
                .into_iter()
                .find_map(|(_, v)| v.filter(|v| *v == name))
            {
                Some(v) => Some(v),
                None => return Ok(None),
            },
        };
        let ladder = presets::ladder(game, variant.unwrap_or("standard"));
        let (scope, server) = match &of {
            LadderOf::Global => (0, None),
            LadderOf::Server(slug) => match self.store.web_server(slug).await? {
                Some(s) => (s.guild_id as i64, Some(s.name)),
                None => return Ok(None),
            },
        };
        if page == 0 {
            return Ok(None);
        }
        let query = LadderQuery {
            ladder,
            scope,
            public_game: matches!(of, LadderOf::Global).then_some(game.name()),
            terminal: TERMINAL_CHANNEL,
            max_deviation: rating::PROVISIONAL_DEVIATION,
            limit: LADDER_PAGE,
            offset: (page - 1).saturating_mul(LADDER_PAGE),
        };
        let (rows, total) = self.store.web_ladder(&query).await?;
        let pages = total.div_ceil(LADDER_PAGE).max(1);
        if page > pages {
            return Ok(None);
        }
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, r)| LadderRow {
                rank: query.offset + i as u32 + 1,
                provisional: r.value.deviation > rating::PROVISIONAL_DEVIATION,
                who: Who::of(&r.player),
                rating: r.value.rating.round() as i64,
                games: r.games,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
            })
            .collect();
        Ok(Some(LadderView {
            of,
            server: server.flatten(),
            game,
            variant,
            rows,
            page,
            pages,
        }))
    }

    /// A player's page; `None` if they hid themself or the pages may show none of their
    /// matches.
    pub async fn player(&self, key: &str) -> Result<Option<PlayerView>, StoreError> {
        let Some(player) = self.store.web_player(key).await? else {
            return Ok(None);
        };
        if player.hidden {
            return Ok(None);
        }
        let matches = self
            .store
            .web_matches(Shown::Player(player.id), TERMINAL_CHANNEL, H2H_MATCHES)
            .await?;
        if matches.is_empty() {
            return Ok(None);
        }
        let ratings = self
            .store
            .web_ratings_of(player.id)
            .await?
            .iter()
            .filter_map(rating_line)
            .collect();
        let mut series: Vec<Series> = Vec::new();
        for point in self.store.web_rating_history(player.id).await? {
            let game = point.game;
            let variant = ladder_variant(game, point.variant.name);
            match series
                .iter_mut()
                .find(|s| s.game == game && s.variant == variant)
            {
                Some(s) => s.points.push((point.at, point.rating)),
                // A ladder's line starts from the rating its first match began with.
                None => series.push(Series {
                    game,
                    variant,
                    points: vec![
                        (point.started_at.unwrap_or(point.at), point.before),
                        (point.at, point.rating),
                    ],
                }),
            }
        }
        let h2h = self.head_to_head(player.id, &matches).await?;
        let recent = self
            .lines(matches.into_iter().take(RECENT as usize).collect())
            .await?;
        Ok(Some(PlayerView {
            name: player.name,
            ratings,
            history: series,
            recent,
            h2h,
        }))
    }

    /// A finished match the pages may show.
    pub async fn game(&self, id: i64) -> Result<Option<MatchView>, StoreError> {
        let Some(m) = self.shownable(id).await? else {
            return Ok(None);
        };
        let hidden = m.hidden();
        let plies = sheet::ply_texts(&m.start, &m.moves, true).unwrap_or_default();
        let canonical = sheet::ply_texts(&m.start, &m.moves, false).unwrap_or_default();
        let review = self.review(&m).await?;
        let marks: Vec<&str> = match &review {
            Some((analysis, _)) => analysis
                .plies
                .iter()
                .map(|p| p.mark.map_or("", |m| m.symbol()))
                .collect(),
            None => Vec::new(),
        };
        let sides: Vec<Side> = plies.iter().map(|(_, side)| *side).collect();
        let plies: Vec<PlyLine> = (plies.into_iter().enumerate())
            .zip(notation::move_numbers(&sides))
            .map(|((i, (text, side)), number)| PlyLine {
                ply: i + 1,
                number,
                text: format!("{text}{}", marks.get(i).copied().unwrap_or("")),
                side,
            })
            .collect();
        let sheet_rows = notation::score_sheet(
            &plies
                .iter()
                .map(|p| (p.text.clone(), p.side))
                .collect::<Vec<_>>(),
            m.start.seat_count(),
        );
        let texts: Vec<String> = canonical.into_iter().map(|(t, _)| t).collect();
        let players = m
            .seats
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let label = if m.seats.len() == 2 {
                    Side::from_index(seat)
                        .map(|s| words::side(m.start.side_name(s)))
                        .unwrap_or_else(|| Msg::verbatim(""))
                } else {
                    words::four_seat(m.start.seat_name(seat), false)
                };
                (Who::of(p), label)
            })
            .collect();
        Ok(Some(MatchView {
            id,
            game: m.kind,
            variant: m.row.variant.name.to_string(),
            players,
            result: texts::stored_result(&m.row),
            rated: m.row.rated,
            clock: words::time_control(crate::table::presets::TimeControl {
                secs: m.row.clock_secs,
                increment_secs: m.row.increment_secs,
            }),
            place: m.place.clone(),
            started_at: m.row.started_at,
            finished_at: m.row.finished_at,
            plies,
            sheet: sheet_rows,
            export: crate::protocol::replay_script(&m.start, &texts),
            review: review.map(|(_, r)| r),
            hidden,
        }))
    }

    /// The number of plies of a match the pages may show.
    pub async fn plies(&self, id: i64) -> Result<Option<usize>, StoreError> {
        Ok(self.shownable(id).await?.map(|m| m.moves.len()))
    }

    /// The board after `ply` plies (0: the start), as its picture; `None` past the end.
    pub async fn board(&self, id: i64, ply: usize) -> Result<Option<Picture>, StoreError> {
        let Some(m) = self.shownable(id).await? else {
            return Ok(None);
        };
        if ply > m.moves.len() {
            return Ok(None);
        }
        let mut game = m.start.clone();
        let mut last_move = None;
        let moves: Vec<AnyMove> = m.moves[..ply].iter().map(|(mv, _)| *mv).collect();
        for mv in &moves {
            let before = game.clone();
            if game.play(mv).is_err() {
                return Ok(None);
            }
            last_move = Some(Box::new((before, *mv)));
        }
        let last = ply == m.moves.len();
        Ok(Some(Picture::Board {
            match_id: Some(id),
            seq: ply as u32,
            game,
            last_move,
            players: m.names(),
            ratings: Vec::new(),
            move_number: m.start.move_numbers(&moves).last().map_or(0, |&n| n as u32),
            result: last.then(|| texts::stored_outcome(&m.row)).flatten(),
            time_left: None,
            clocks: Vec::new(),
        }))
    }

    /// The whole match as an animation.
    pub async fn replay(&self, id: i64) -> Result<Option<Picture>, StoreError> {
        let Some(m) = self.shownable(id).await? else {
            return Ok(None);
        };
        Ok(Some(Picture::Replay {
            match_id: id,
            players: m
                .seats
                .iter()
                .map(|p| Who::of(p).name.unwrap_or_default())
                .collect(),
            result: texts::stored_outcome(&m.row),
            moves: m.moves.iter().map(|(mv, _)| *mv).collect(),
            start: m.start,
        }))
    }

    /// The coach's graph, once the match is analysed.
    pub async fn graph(&self, id: i64) -> Result<Option<Picture>, StoreError> {
        let Some(m) = self.shownable(id).await? else {
            return Ok(None);
        };
        Ok(self
            .review(&m)
            .await?
            .map(|(analysis, _)| Picture::Evaluation {
                match_id: id,
                analysis: Arc::new(analysis),
                game: m.start.clone(),
            }))
    }

    /// Names hidden in a list of matches are hidden in its messages too.
    async fn lines(&self, rows: Vec<MatchRow>) -> Result<Vec<MatchLine>, StoreError> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let game = row.game;
            let seats = self.seats(&row).await?;
            out.push(MatchLine {
                id: row.id,
                game,
                players: seats.iter().map(Who::of).collect(),
                result: texts::stored_result(&row),
                place: self.place(&row).await?.unwrap_or(Place::Local),
                finished_at: row.finished_at,
                hidden: seats.iter().filter(|p| p.hidden).map(|p| p.id).collect(),
            });
        }
        Ok(out)
    }

    /// Finished two-player matches against each opponent, per game, most played first.
    async fn head_to_head(
        &self,
        player: u64,
        matches: &[MatchRow],
    ) -> Result<Vec<HeadToHead>, StoreError> {
        // By opponent, then game name: the order of ties in the list below.
        let mut tally: BTreeMap<(u64, &str, GameKind), (u32, u32, u32)> = BTreeMap::new();
        for m in matches {
            let Some(seats) = m.seats() else { continue };
            if seats.len() != 2 {
                continue;
            }
            let Some(mine) = seats.iter().position(|p| p.id == player) else {
                continue;
            };
            let other = seats[1 - mine].id;
            let t = tally.entry((other, m.game.name(), m.game)).or_default();
            match texts::stored_winner(m).map(Side::index) {
                None => t.1 += 1,
                Some(w) if w == mine => t.0 += 1,
                Some(_) => t.2 += 1,
            }
        }
        let mut out = Vec::new();
        for ((other, _, game), (wins, draws, losses)) in tally {
            let Some(p) = self.store.web_player_by_id(other).await? else {
                continue;
            };
            out.push(HeadToHead {
                opponent: Who::of(&p),
                game,
                wins,
                draws,
                losses,
            });
        }
        out.sort_by_key(|h| std::cmp::Reverse(h.wins + h.draws + h.losses));
        Ok(out)
    }

    /// Where a match was played, if the pages may show it.
    async fn place(&self, row: &MatchRow) -> Result<Option<Place>, StoreError> {
        Ok(match row.guild_id {
            Some(g) => self
                .store
                .web_server_of(g)
                .await?
                .map(|s| Place::Server(s.name)),
            None if row.channel_id == TERMINAL_CHANNEL => Some(Place::Local),
            // Outside servers, only with every player's leave.
            None => {
                let seats = self.seats(row).await?;
                seats.iter().all(|p| !p.hidden).then_some(Place::Direct)
            }
        })
    }

    async fn seats(&self, row: &MatchRow) -> Result<Vec<WebPlayer>, StoreError> {
        let mut out = Vec::with_capacity(row.seats.len());
        for p in row.seats.iter().flatten() {
            out.push(match self.store.web_player_by_id(p.id).await? {
                Some(w) => w,
                None => unnamed(p),
            });
        }
        Ok(out)
    }

    /// Who played a match the pages may show, as the pages name them, read without rebuilding
    /// the match: enough to find its pictures in a cache.
    pub async fn faces(&self, id: i64) -> Result<Option<Vec<Who>>, StoreError> {
        Ok(self
            .public(id)
            .await?
            .map(|(_, _, seats)| seats.iter().map(Who::of).collect()))
    }

    /// A finished match whose place the pages may show: its row, place and players.
    async fn public(
        &self,
        id: i64,
    ) -> Result<Option<(MatchRow, Place, Vec<WebPlayer>)>, StoreError> {
        let Some(row) = self.store.match_by_id(id).await? else {
            return Ok(None);
        };
        if row.status != MatchStatus::Finished || row.seats().is_none() {
            return Ok(None);
        }
        let Some(place) = self.place(&row).await? else {
            return Ok(None);
        };
        let seats = self.seats(&row).await?;
        Ok(Some((row, place, seats)))
    }

    /// A finished match the pages may show, rebuilt from its log.
    async fn shownable(&self, id: i64) -> Result<Option<Shownable>, StoreError> {
        let Some((row, place, seats)) = self.public(id).await? else {
            return Ok(None);
        };
        let log = self.store.log(id).await?;
        let Ok(m) = Match::restore(row.clone(), &log) else {
            return Ok(None);
        };
        let Ok(start) = m.start_position() else {
            return Ok(None);
        };
        let moves = m
            .board
            .as_ref()
            .map(|b| b.moves.clone())
            .unwrap_or_default();
        Ok(Some(Shownable {
            kind: m.kind,
            row,
            place,
            seats,
            start,
            moves,
        }))
    }

    /// The stored analysis of a match and what the page says of it.
    async fn review(&self, m: &Shownable) -> Result<Option<(Analysis, Review)>, StoreError> {
        let Some(row) = self.store.analysis(m.row.id).await? else {
            return Ok(None);
        };
        if !row.done {
            return Ok(None);
        }
        let moves: Vec<AnyMove> = m.moves.iter().map(|(mv, _)| *mv).collect();
        let Ok(mut analysis) = Analysis::from_text(&m.start, &moves, &row.result) else {
            return Ok(None);
        };
        analysis.set_winner(texts::stored_winner(&m.row));
        let mistakes = analysis
            .mistakes
            .iter()
            .filter_map(|&i| analysis.plies.get(i))
            .map(|p| {
                let who = m
                    .seats
                    .get(p.seat)
                    .map_or_else(|| Msg::verbatim("?"), |s| Who::of(s).msg());
                let mark = p.mark.map_or("", |m| m.symbol());
                MistakeLine {
                    ply: p.ply,
                    line: Msg::new("web-mistake")
                        .num("n", analysis.move_number(p.ply) as i64)
                        .msg("player", who)
                        .code("played", format!("{}{mark}", p.played_text))
                        .code("better", &p.best_text)
                        .num("before", ((p.kept + p.drop) * 100.0).round() as i64)
                        .num("after", (p.kept * 100.0).round() as i64),
                }
            })
            .collect();
        let summary = crate::render::summary(&analysis, &m.start);
        Ok(Some((analysis, Review { summary, mistakes })))
    }
}

/// A seat whose player row cannot be read: shown without a page.
fn unnamed(p: &PlayerRef) -> WebPlayer {
    WebPlayer {
        id: p.id,
        name: p.name.clone(),
        key: String::new(),
        hidden: true,
    }
}

/// The variant of a stored match that has a ladder of its own (`None`: the game's ladder).
fn ladder_variant(game: GameKind, variant: &str) -> Option<&'static str> {
    presets::ladders(game)
        .into_iter()
        .find_map(|(ladder, v)| v.filter(|_| ladder == presets::ladder(game, variant)))
}

fn rating_line(r: &WebRating) -> Option<RatingLine> {
    let (game, variant) = Gallery::ladders()
        .into_iter()
        .find(|(g, v)| presets::ladder(*g, v.unwrap_or("standard")) == r.ladder)?;
    Some(RatingLine {
        game,
        variant,
        server: (r.scope != 0).then(|| r.server.clone()),
        rating: r.value.rating.round() as i64,
        provisional: r.value.deviation > rating::PROVISIONAL_DEVIATION,
        games: r.games,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
    })
}
