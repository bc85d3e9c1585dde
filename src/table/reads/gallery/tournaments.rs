//! Tournaments on the web pages: shown only while their server's pages are on, every player who
//! hid themself anonymous (in the tables, the pictures and the TRF file alike).

use std::collections::BTreeMap;

use crate::i18n::{Lang, Msg};
use crate::render::tournament::{Board, Row};
use crate::store::StoreError;
use crate::store::web::WebServer;
use crate::table::picture::Picture;
use crate::table::tournaments::{Event, Status, pictures};
use crate::tournament::trf;

use super::{Gallery, Who};

/// Tournaments listed on a server's page.
pub const LISTED: u32 = 20;

/// A tournament as its page shows it.
#[derive(Clone, Debug)]
pub struct TournamentView {
    /// The tournament, hidden players' names taken out.
    pub event: Event,
    /// The server it was played in.
    pub server: WebServer,
    pub standings: Vec<Row>,
    /// Short and full names of the tie-breaks, in order.
    pub tiebreaks: Vec<(Msg, Msg)>,
    /// Every round paired so far, first to last: its boards with the match of each (when it
    /// has one).
    pub rounds: Vec<RoundView>,
    /// Each player's page, by the engine's index, when it may be linked.
    pub links: BTreeMap<usize, String>,
    /// An arena's times and games (an arena has no rounds: `rounds` is empty).
    pub arena: Option<ArenaView>,
}

/// What an arena's page shows besides its standings: when it starts or ends, and its games.
#[derive(Clone, Debug)]
pub struct ArenaView {
    /// When it starts (unix ms), while open, if a time was given.
    pub starts_at: Option<i64>,
    /// Its length from the start (ms).
    pub duration_ms: Option<i64>,
    /// Once started: the time after which no game starts (unix ms).
    pub ends_at: Option<i64>,
    /// Every game, newest first.
    pub games: Vec<ArenaGameView>,
}

/// One game of an arena.
#[derive(Clone, Debug)]
pub struct ArenaGameView {
    /// The players (by the engine's index) and names, numbered from 1, the result once over.
    pub board: Board,
    /// Which side went berserk (first, second).
    pub berserk: [bool; 2],
    /// Its match, once opened.
    pub match_id: Option<i64>,
}

/// One round of a tournament's page.
#[derive(Clone, Debug)]
pub struct RoundView {
    /// From 1.
    pub round: usize,
    pub boards: Vec<(Board, Option<i64>)>,
}

/// A line of a server's list of tournaments.
#[derive(Clone, Debug)]
pub struct TournamentLine {
    pub id: i64,
    pub game: Msg,
    pub format: Msg,
    pub status: Status,
    /// The round being played or last played, and how many there are.
    pub round: usize,
    pub rounds: usize,
    pub players: usize,
    /// An arena: no rounds to count.
    pub arena: bool,
}

impl TournamentView {
    /// The page's pictures by their file names under `/t/<id>/`: the podium once it is over,
    /// the standings once a round is played.
    pub fn pictures(&self) -> Vec<(String, Picture)> {
        let changes: pictures::Changes = self
            .standings
            .iter()
            .filter_map(|r| r.rating_change.map(|c| (r.player, c)))
            .collect();
        let mut out = Vec::new();
        if self.event.status == Status::Over {
            out.push((
                "podium.png".to_string(),
                pictures::podium(&self.event, &changes),
            ));
        }
        if has_standings(&self.event) {
            out.push((
                "standings.png".to_string(),
                pictures::standings(&self.event, &changes),
            ));
        }
        out
    }
}

/// Whether `e` has standings to draw: a round played, or an arena game finished.
fn has_standings(e: &Event) -> bool {
    match e.arena() {
        Some(a) => a.games.iter().any(|g| g.result.is_some()),
        None => e.tournament.swiss.played_rounds > 0,
    }
}

/// An arena's page data from its state and its games' matches (by game number).
fn arena_view(e: &Event, matches: &BTreeMap<(usize, usize), i64>) -> Option<ArenaView> {
    let arena = e.arena()?;
    let started = !matches!(e.status, Status::Open) && arena.ends_at > 0;
    let games = arena
        .games
        .iter()
        .enumerate()
        .rev()
        .map(|(number, g)| ArenaGameView {
            board: pictures::arena_board(e, number, g),
            berserk: g.berserk,
            match_id: matches.get(&(0, number)).copied(),
        })
        .collect();
    Some(ArenaView {
        starts_at: (e.status == Status::Open)
            .then_some(e.next_round_at.or(e.starts_at))
            .flatten(),
        duration_ms: e.duration_ms,
        ends_at: started.then_some(arena.ends_at),
        games,
    })
}

impl Gallery {
    /// Tournament `id` with its server, if that server's pages are on; hidden players anonymous
    /// (named `anonymous` in `lang`), with the pages of the others.
    async fn shown_tournament(
        &self,
        id: i64,
        lang: Lang,
    ) -> Result<Option<(Event, WebServer, BTreeMap<usize, String>)>, StoreError> {
        let Some(row) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let Some(guild) = row.guild_id else {
            return Ok(None);
        };
        let Some(server) = self.store.web_server_of(guild).await? else {
            return Ok(None);
        };
        let mut e = Event::restore(&row).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let anonymous = Msg::new("web-anonymous").text(lang);
        let mut links = BTreeMap::new();
        for index in 0..e.tournament.members.len() {
            let Some(seat) = e.seat(index).filter(|s| s.level.is_none()).cloned() else {
                continue;
            };
            let who = match self.store.web_player_by_id(seat.id).await? {
                Some(p) => Who::of(&p),
                None => Who {
                    name: Some(seat.name.clone()),
                    key: None,
                },
            };
            if let Some(key) = who.key {
                links.insert(index, key);
            }
            if who.name.is_none() {
                let key = e.tournament.members[index].key.clone();
                if let Some(seat) = e.seats.get_mut(&key) {
                    seat.name = anonymous.clone();
                }
                if let Some(Some(entrant)) = e.tournament.swiss.players.get_mut(index) {
                    entrant.name = anonymous.clone();
                }
            }
        }
        Ok(Some((e, server, links)))
    }

    /// A tournament's page, in `lang` (the word for anonymous players).
    pub async fn tournament(
        &self,
        id: i64,
        lang: Lang,
    ) -> Result<Option<TournamentView>, StoreError> {
        let Some((event, server, links)) = self.shown_tournament(id, lang).await? else {
            return Ok(None);
        };
        let changes = pictures::rating_changes(&self.store, &event).await;
        let mut matches: BTreeMap<(usize, usize), i64> = BTreeMap::new();
        for (round, board, match_id) in self.store.tournament_matches(id).await? {
            matches.insert((round, board), match_id);
        }
        let arena = arena_view(&event, &matches);
        // An arena has no rounds.
        let rounds = (1..=event.round())
            .filter(|_| arena.is_none())
            .map(|round| RoundView {
                round,
                boards: pictures::boards(&event, round)
                    .into_iter()
                    .map(|b| {
                        let m = matches.get(&(round - 1, b.board - 1)).copied();
                        (b, m)
                    })
                    .collect(),
            })
            .collect();
        let Picture::Standings(table) = pictures::standings(&event, &changes) else {
            return Ok(None);
        };
        Ok(Some(TournamentView {
            standings: table.rows.clone(),
            tiebreaks: table.tiebreaks.clone(),
            rounds,
            links,
            event,
            server,
            arena,
        }))
    }

    /// One of a tournament's pictures by its file name (`standings.png`, `podium.png`,
    /// `round-2.png`), in `lang`.
    pub async fn tournament_picture(
        &self,
        id: i64,
        file: &str,
        lang: Lang,
    ) -> Result<Option<Picture>, StoreError> {
        let Some((event, _, _)) = self.shown_tournament(id, lang).await? else {
            return Ok(None);
        };
        let picture = match file {
            "standings.png" if has_standings(&event) => {
                let changes = pictures::rating_changes(&self.store, &event).await;
                pictures::standings(&event, &changes)
            }
            "podium.png" if event.status == Status::Over => {
                let changes = pictures::rating_changes(&self.store, &event).await;
                pictures::podium(&event, &changes)
            }
            _ => {
                let round = file
                    .strip_prefix("round-")
                    .and_then(|r| r.strip_suffix(".png"))
                    .and_then(|r| r.parse::<usize>().ok());
                match round {
                    Some(round)
                        if event.arena().is_none() && (1..=event.round()).contains(&round) =>
                    {
                        pictures::pairings_of(&event, round)
                    }
                    _ => return Ok(None),
                }
            }
        };
        Ok(Some(picture))
    }

    /// A tournament's TRF file, hidden players anonymous. None for an arena: TRF records
    /// rounds, and an arena has none (its games, points and streaks have no place in it).
    pub async fn tournament_trf(&self, id: i64) -> Result<Option<String>, StoreError> {
        let Some((event, _, _)) = self.shown_tournament(id, Lang::En).await? else {
            return Ok(None);
        };
        if event.arena().is_some() {
            return Ok(None);
        }
        let title = format!("Parlor tournament {id}");
        Ok(Some(trf::write(&event.tournament.swiss, &title)))
    }

    /// The latest tournaments of a server whose pages are on, newest first.
    pub async fn tournaments_of(&self, guild: u64) -> Result<Vec<TournamentLine>, StoreError> {
        let rows = self.store.tournaments_of(guild, LISTED).await?;
        let mut out = Vec::new();
        for row in rows {
            let Ok(e) = Event::restore(&row) else {
                tracing::warn!(tournament = row.id, "a tournament's state cannot be read");
                continue;
            };
            out.push(TournamentLine {
                id: e.id,
                game: e
                    .rules
                    .kind()
                    .map_or_else(|| Msg::verbatim(&e.rules.game), crate::table::words::game),
                format: crate::table::tournaments::format_name(e.tournament.format),
                status: e.status,
                round: e.round(),
                rounds: e.tournament.rounds(),
                players: e.tournament.members.len(),
                arena: e.arena().is_some(),
            });
        }
        Ok(out)
    }
}
