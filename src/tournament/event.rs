//! A tournament as one value with pure transitions (register, withdraw, request a bye, pair a
//! round, record a result), for a service to hold, store and restore: every transition checks
//! everything first and changes nothing when it refuses.

use serde::{Deserialize, Serialize};

use super::arena::Arena;
use super::dutch::{self, PairError};
use super::standings::{self, Standing, TieBreak};
use super::{Color, Entrant, Game, Outcome, Pairing, Swiss, berger};

/// The kind of tournament.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Format {
    /// A Swiss by FIDE's Dutch system.
    Swiss,
    /// A round robin by the Berger tables; `double` plays it twice.
    RoundRobin {
        /// Whether everyone meets everyone twice, colours swapped.
        double: bool,
    },
    /// An arena (lichess's format): no rounds; players are paired again as soon as they are
    /// free, until the end time ([`Tournament::arena`]).
    Arena,
}

/// How a board ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum BoardResult {
    /// The first player won.
    WhiteWins,
    /// A draw.
    Draw,
    /// The second player won.
    BlackWins,
    /// The first player never moved: the second wins by forfeit.
    WhiteForfeits,
    /// The second player never moved: the first wins by forfeit.
    BlackForfeits,
    /// Neither moved: both lose by forfeit.
    BothForfeit,
    /// The pairing-allocated bye (a board without a second player).
    Bye,
}

/// One board of the round being played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Board {
    /// Who plays whom (indices of the tournament's players).
    pub pairing: Pairing,
    /// The result, once known.
    pub result: Option<BoardResult>,
}

/// A registered player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Member {
    /// The service's identity of the player (a user, a bot seat).
    pub key: String,
    /// Whether the player has left: not paired any more.
    pub withdrawn: bool,
}

/// Why a transition was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// That player is already registered.
    #[error("already registered")]
    AlreadyRegistered,
    /// Entries are closed (a round robin has started; a Swiss has paired half its rounds).
    #[error("entries are closed")]
    EntriesClosed,
    /// No such player.
    #[error("no such player")]
    UnknownPlayer,
    /// The player has withdrawn.
    #[error("the player has withdrawn")]
    Withdrawn,
    /// Half-point byes are for Swiss tournaments.
    #[error("byes cannot be requested in this format")]
    NoByes,
    /// The player has already asked for a bye for the next round, or had as many as allowed.
    #[error("no more half-point byes for this player")]
    ByeLimit,
    /// A round is being played.
    #[error("a round is in progress")]
    RoundInProgress,
    /// No round is being played.
    #[error("no round is in progress")]
    NoRound,
    /// No such board, or it already has its result, or the result does not fit it.
    #[error("that board cannot take this result")]
    BadResult,
    /// Every round has been played.
    #[error("the tournament is over")]
    Finished,
    /// Too few players to pair.
    #[error("not enough players")]
    NotEnoughPlayers,
    /// The round robin's table could not be made.
    #[error(transparent)]
    Berger(#[from] berger::BergerError),
    /// The Swiss round could not be paired.
    #[error(transparent)]
    Pair(#[from] PairError),
}

/// A tournament: its players, their records, the round being played.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Tournament {
    /// Swiss or round robin.
    pub format: Format,
    /// The players' records, as a TRF file holds them.
    pub swiss: Swiss,
    /// Who each player is, by index.
    pub members: Vec<Member>,
    /// The round being played, if any.
    pub current: Option<Vec<Board>>,
    /// The players who asked for a half-point bye in the next round.
    pub bye_requests: Vec<usize>,
    /// The most half-point byes a player may ask for.
    pub max_half_byes: usize,
    /// The tie-breaks after points, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// Whether round 1 has been paired (pairing numbers are then fixed).
    pub started: bool,
    /// An arena's players and games (by the same indices as `members`); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<Arena>,
}

/// The default number of Swiss rounds for `players`: enough to find a single winner,
/// ceil(log2 n) + 1, at most n - 1.
pub fn default_rounds(players: usize) -> usize {
    let log = usize::BITS - players.saturating_sub(1).leading_zeros();
    (log as usize + 1).min(players.saturating_sub(1)).max(1)
}

impl Tournament {
    /// A tournament of `format`, `rounds` long for a Swiss (a round robin's length follows
    /// from its players).
    pub fn new(format: Format, rounds: usize) -> Self {
        let tiebreaks = match format {
            Format::Swiss => standings::SWISS.to_vec(),
            Format::RoundRobin { .. } => standings::ROUND_ROBIN.to_vec(),
            Format::Arena => Vec::new(),
        };
        Self {
            format,
            swiss: Swiss::new(rounds),
            members: Vec::new(),
            current: None,
            bye_requests: Vec::new(),
            max_half_byes: 1,
            tiebreaks,
            started: false,
            arena: (format == Format::Arena).then(|| Arena::new(0)),
        }
    }

    /// The index of the player known as `key`.
    pub fn find(&self, key: &str) -> Option<usize> {
        self.members.iter().position(|m| m.key == key)
    }

    /// Registers a player; a late entry in a Swiss (before half its rounds are paired) has
    /// the rounds before as absences.
    pub fn register(
        &mut self,
        key: &str,
        name: &str,
        rating: u32,
    ) -> Result<usize, TournamentError> {
        if self.find(key).is_some() {
            return Err(TournamentError::AlreadyRegistered);
        }
        let paired = self.swiss.played_rounds + usize::from(self.current.is_some());
        let open = match self.format {
            Format::Swiss => !self.started || paired * 2 < self.swiss.total_rounds,
            Format::RoundRobin { .. } => !self.started,
            // The service closes an arena's entries at its end.
            Format::Arena => true,
        };
        if !open {
            return Err(TournamentError::EntriesClosed);
        }
        if let Some(arena) = self.arena.as_mut() {
            arena
                .join(key, rating)
                .map_err(|_| TournamentError::AlreadyRegistered)?;
        }
        let games = vec![Game::absent(); self.swiss.played_rounds];
        self.swiss.players.push(Some(Entrant {
            name: name.to_string(),
            rating,
            games,
            accelerations: Vec::new(),
        }));
        self.swiss.order.push(self.swiss.players.len() - 1);
        self.members.push(Member {
            key: key.to_string(),
            withdrawn: false,
        });
        Ok(self.members.len() - 1)
    }

    /// Takes back an entry before round 1 is paired: the player leaves no trace.
    pub fn unregister(&mut self, player: usize) -> Result<(), TournamentError> {
        if self.started {
            return Err(TournamentError::EntriesClosed);
        }
        if player >= self.members.len() {
            return Err(TournamentError::UnknownPlayer);
        }
        self.members.remove(player);
        self.swiss.players.remove(player);
        if let Some(arena) = self.arena.as_mut()
            && player < arena.players.len()
        {
            arena.players.remove(player);
        }
        self.swiss.order = (0..self.members.len()).collect();
        self.bye_requests = self
            .bye_requests
            .iter()
            .filter(|&&p| p != player)
            .map(|&p| if p > player { p - 1 } else { p })
            .collect();
        Ok(())
    }

    /// Refuses a player who is not entered, or who withdrew.
    fn still_in(&self, player: usize) -> Result<(), TournamentError> {
        match self.members.get(player) {
            None => Err(TournamentError::UnknownPlayer),
            Some(member) if member.withdrawn => Err(TournamentError::Withdrawn),
            Some(_) => Ok(()),
        }
    }

    /// Withdraws a player: not paired in the rounds to come (a round robin forfeits their games).
    pub fn withdraw(&mut self, player: usize) -> Result<(), TournamentError> {
        self.still_in(player)?;
        self.members[player].withdrawn = true;
        self.bye_requests.retain(|&p| p != player);
        Ok(())
    }

    /// Asks a half-point bye for the next round to be paired (Swiss only).
    pub fn request_bye(&mut self, player: usize) -> Result<(), TournamentError> {
        if self.format != Format::Swiss {
            return Err(TournamentError::NoByes);
        }
        self.still_in(player)?;
        if self.swiss.played_rounds + usize::from(self.current.is_some()) >= self.swiss.total_rounds
        {
            return Err(TournamentError::Finished);
        }
        let taken = self.swiss.players[player].as_ref().map_or(0, |e| {
            e.games
                .iter()
                .filter(|g| !g.paired && g.outcome == Outcome::Draw)
                .count()
        });
        if self.bye_requests.contains(&player) || taken >= self.max_half_byes {
            return Err(TournamentError::ByeLimit);
        }
        self.bye_requests.push(player);
        Ok(())
    }

    /// The number of rounds the tournament has.
    pub fn rounds(&self) -> usize {
        match self.format {
            Format::Swiss => self.swiss.total_rounds,
            Format::RoundRobin { double } => {
                let n = self.members.len();
                (n.saturating_sub(1) + n % 2) * if double { 2 } else { 1 }
            }
            Format::Arena => 0,
        }
    }

    /// Whether every round has been played.
    pub fn finished(&self) -> bool {
        self.arena.is_none()
            && self.started
            && self.current.is_none()
            && self.swiss.played_rounds >= self.rounds()
    }

    /// Pairs the next round: its boards (a bye is already decided).
    pub fn pair_round(&mut self) -> Result<Vec<Board>, TournamentError> {
        if self.current.is_some() {
            return Err(TournamentError::RoundInProgress);
        }
        if self.finished() {
            return Err(TournamentError::Finished);
        }
        let mut next = self.clone();
        if !next.started {
            next.start()?;
        }
        let round = next.swiss.played_rounds;
        let boards = match next.format {
            Format::Arena => return Err(TournamentError::Finished),
            Format::Swiss => {
                for player in 0..next.members.len() {
                    let declared = if next.members[player].withdrawn {
                        Some(Game::absent())
                    } else if next.bye_requests.contains(&player) {
                        Some(Game::half_point_bye())
                    } else {
                        None
                    };
                    if let (Some(game), Some(e)) = (declared, next.swiss.players[player].as_mut()) {
                        e.games.truncate(round);
                        e.games.push(game);
                    }
                }
                dutch::pair(&next.swiss)?
                    .into_iter()
                    .map(|pairing| Board {
                        pairing,
                        result: pairing.black.is_none().then_some(BoardResult::Bye),
                    })
                    .collect::<Vec<_>>()
            }
            Format::RoundRobin { double } => {
                let table = berger::schedule(next.members.len(), double)?;
                let pairings = table.get(round).cloned().ok_or(TournamentError::Finished)?;
                pairings
                    .into_iter()
                    .map(|pairing| {
                        let gone = |p: usize| next.members[p].withdrawn;
                        let result = match pairing.black {
                            None => Some(BoardResult::Bye),
                            Some(b) => match (gone(pairing.white), gone(b)) {
                                (true, true) => Some(BoardResult::BothForfeit),
                                (true, false) => Some(BoardResult::WhiteForfeits),
                                (false, true) => Some(BoardResult::BlackForfeits),
                                (false, false) => None,
                            },
                        };
                        Board { pairing, result }
                    })
                    .collect()
            }
        };
        next.current = Some(boards.clone());
        next.bye_requests.clear();
        next.complete_if_done();
        *self = next;
        Ok(boards)
    }

    /// Fixes the pairing numbers at the start: by rating, highest first (then registration).
    fn start(&mut self) -> Result<(), TournamentError> {
        let active = self.members.iter().filter(|m| !m.withdrawn).count();
        if active < 2 {
            return Err(TournamentError::NotEnoughPlayers);
        }
        let mut order: Vec<usize> = (0..self.members.len()).collect();
        let rating = |i: usize| self.swiss.players[i].as_ref().map_or(0, |e| e.rating);
        order.sort_by(|&a, &b| rating(b).cmp(&rating(a)).then(a.cmp(&b)));
        let players = order
            .iter()
            .map(|&i| self.swiss.players[i].clone())
            .collect();
        let members = order.iter().map(|&i| self.members[i].clone()).collect();
        self.bye_requests = self
            .bye_requests
            .iter()
            .filter_map(|&p| order.iter().position(|&i| i == p))
            .collect();
        self.swiss.players = players;
        self.members = members;
        self.swiss.order = (0..self.members.len()).collect();
        self.started = true;
        Ok(())
    }

    /// Records the result of board `board` of the round being played; the last result closes
    /// the round.
    pub fn record_result(
        &mut self,
        board: usize,
        result: BoardResult,
    ) -> Result<(), TournamentError> {
        let boards = self.current.as_mut().ok_or(TournamentError::NoRound)?;
        let slot = boards.get_mut(board).ok_or(TournamentError::BadResult)?;
        if slot.result.is_some() || result == BoardResult::Bye || slot.pairing.black.is_none() {
            return Err(TournamentError::BadResult);
        }
        slot.result = Some(result);
        self.complete_if_done();
        Ok(())
    }

    /// Closes the round when every board has its result: the records grow by one round.
    fn complete_if_done(&mut self) {
        let Some(boards) = &self.current else { return };
        if boards.iter().any(|b| b.result.is_none()) {
            return;
        }
        let round = self.swiss.played_rounds;
        let mut records: Vec<Option<Game>> = vec![None; self.swiss.players.len()];
        for board in boards {
            let white = board.pairing.white;
            let Some(black) = board.pairing.black else {
                records[white] = Some(Game::pairing_bye());
                continue;
            };
            use Outcome::{Loss, Win};
            let (w, b, played) = match board.result {
                Some(BoardResult::WhiteWins) => (Win, Loss, true),
                Some(BoardResult::Draw) => (Outcome::Draw, Outcome::Draw, true),
                Some(BoardResult::BlackWins) => (Loss, Win, true),
                Some(BoardResult::WhiteForfeits) => (Loss, Win, false),
                Some(BoardResult::BlackForfeits) => (Win, Loss, false),
                _ => (Loss, Loss, false),
            };
            records[white] = Some(Game::against(black, Color::White, w, played));
            records[black] = Some(Game::against(white, Color::Black, b, played));
        }
        for (player, entrant) in self.swiss.players.iter_mut().enumerate() {
            let Some(e) = entrant else { continue };
            let declared = e.games.get(round).copied();
            e.games.truncate(round);
            e.games
                .push(records[player].or(declared).unwrap_or_else(Game::absent));
        }
        self.swiss.played_rounds += 1;
        self.current = None;
    }

    /// The standings after the rounds played.
    pub fn standings(&self) -> Vec<Standing> {
        standings::standings(&self.swiss, &self.tiebreaks)
    }
}
