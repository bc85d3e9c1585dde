//! One open match in memory (a pending challenge or a live game) and how it is shown.

use crate::games::{AnyGame, AnyMove, GameKind, OptionsError, Outcome, Reason, Side, Status};
use crate::store::{EntryKind, LogEntry, MatchRow, PlayerRef, RatingChange};

use super::api::{Button, ButtonStyle, Place, Reply, Stamp};
use super::hints;
use super::ids::{Action, ButtonId};
use super::picture::Picture;
use super::presets::{show_clock, show_duration};
use super::rating;

/// An open match. Guarded by its own async mutex, so that its changes apply one at a time.
#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub place: Place,
    pub kind: GameKind,
    pub variant: String,
    /// The preset's engine options, without the seed.
    pub options: String,
    pub seed: i64,
    pub rated: bool,
    pub clock_secs: Option<i64>,
    pub level: Option<u8>,
    pub vs_bot: bool,
    pub challenger: PlayerRef,
    pub opponent: Option<PlayerRef>,
    pub challenger_seat: u8,
    pub rematch_of: Option<i64>,
    pub phase: Phase,
    /// The seats' ratings as shown on pictures (`1523`, `1500?`): rated matches, from when the
    /// match went live or was restored.
    pub ratings: [Option<String>; 2],
}

#[derive(Debug)]
pub enum Phase {
    Challenge {
        expires_at: i64,
    },
    Live(Box<Live>),
    /// Finished, aborted, declined ...: kept only until every holder lets go.
    Closed,
}

/// The state of a game in progress.
#[derive(Debug)]
pub struct Live {
    pub game: AnyGame,
    /// The position before the last move (for pictures that show it).
    pub before: Option<AnyGame>,
    /// The moves on the board with who made each (a takeback pops them).
    pub moves: Vec<(AnyMove, Side)>,
    /// Entries in the log so far; button ids carry it to recognise stale boards.
    pub seq: u32,
    pub deadline: Option<i64>,
    pub warned: bool,
    pub draw_offer: Option<Side>,
    pub takeback: Option<Side>,
}

impl Live {
    /// Whether each side has made a move (until then a player may abort).
    pub fn both_moved(&self) -> bool {
        Side::BOTH
            .iter()
            .all(|side| self.moves.iter().any(|(_, s)| s == side))
    }
}

/// The start position of a match: the preset's options plus, for Lightning, the seed.
pub fn start_position(kind: GameKind, options: &str, seed: i64) -> Result<AnyGame, OptionsError> {
    match kind {
        GameKind::Lightning => AnyGame::new(kind, &format!("{options} seed={seed}")),
        _ => AnyGame::new(kind, options),
    }
}

/// Replays a log (moves and takebacks) from the start position.
pub fn replay_log(
    kind: GameKind,
    options: &str,
    seed: i64,
    log: &[LogEntry],
    seats: [u64; 2],
) -> Result<Replayed, String> {
    let start = start_position(kind, options, seed).map_err(|e| e.to_string())?;
    let mut moves: Vec<(AnyMove, Side)> = Vec::new();
    let mut game = start.clone();
    let mut before = None;
    for entry in log {
        match entry.kind {
            EntryKind::Move => {
                let Status::ToMove(side) = game.status() else {
                    return Err(format!("move {} after the end of the game", entry.seq));
                };
                let text = entry.notation.as_deref().unwrap_or_default();
                let mv = game
                    .parse_move(text)
                    .map_err(|e| format!("move {} `{text}`: {e}", entry.seq))?;
                before = Some(game.clone());
                game.play(&mv)
                    .map_err(|e| format!("move {} `{text}`: {e}", entry.seq))?;
                if seats[side.index()] != entry.player_id {
                    return Err(format!("move {} was made out of turn", entry.seq));
                }
                moves.push((mv, side));
            }
            EntryKind::Takeback => {
                let keep = entry.ply as usize;
                if keep > moves.len() {
                    return Err(format!("takeback {} to a later ply", entry.seq));
                }
                moves.truncate(keep);
                (game, before) = position_after(&start, &moves)?;
            }
        }
        if entry.ply as usize != moves.len() {
            return Err(format!("entry {} says ply {}", entry.seq, entry.ply));
        }
    }
    Ok(Replayed {
        game,
        before,
        moves,
    })
}

/// A match's position rebuilt from its log.
pub struct Replayed {
    pub game: AnyGame,
    pub before: Option<AnyGame>,
    pub moves: Vec<(AnyMove, Side)>,
}

/// The position after `moves` from `start`, and the one before the last of them.
pub fn position_after(
    start: &AnyGame,
    moves: &[(AnyMove, Side)],
) -> Result<(AnyGame, Option<AnyGame>), String> {
    let mut game = start.clone();
    let mut before = None;
    for (mv, _) in moves {
        before = Some(game.clone());
        game.play(mv)
            .map_err(|e| format!("replaying the log: {e}"))?;
    }
    Ok((game, before))
}

impl Entry {
    /// Rebuilds an entry from its row (the log is applied by the caller for live matches).
    pub fn from_row(row: &MatchRow, kind: GameKind, phase: Phase) -> Entry {
        Entry {
            id: row.id,
            place: Place {
                guild: row.guild_id,
                channel: row.channel_id,
                parent: row.parent_id,
            },
            kind,
            variant: row.variant.clone(),
            options: row.options.clone(),
            seed: row.seed,
            rated: row.rated,
            clock_secs: row.clock_secs,
            level: row.level,
            vs_bot: row.vs_bot,
            challenger: row.challenger.clone(),
            opponent: row.opponent.clone(),
            challenger_seat: row.challenger_seat,
            rematch_of: row.rematch_of,
            phase,
            ratings: [None, None],
        }
    }

    /// The players by seat, once there is an opponent.
    pub fn seats(&self) -> Option<[&PlayerRef; 2]> {
        let opponent = self.opponent.as_ref()?;
        Some(if self.challenger_seat == 0 {
            [&self.challenger, opponent]
        } else {
            [opponent, &self.challenger]
        })
    }

    pub fn seat_of(&self, user: u64) -> Option<Side> {
        let seats = self.seats()?;
        Side::BOTH.into_iter().find(|s| seats[s.index()].id == user)
    }

    pub fn player(&self, side: Side) -> Option<&PlayerRef> {
        self.seats().map(|s| s[side.index()])
    }

    pub fn live(&self) -> Option<&Live> {
        match &self.phase {
            Phase::Live(live) => Some(live),
            _ => None,
        }
    }

    pub fn stamp(&self) -> Stamp {
        Stamp {
            match_id: self.id,
            seq: self.live().map_or(0, |l| l.seq),
        }
    }

    fn names(&self) -> [String; 2] {
        match self.seats() {
            Some(s) => [s[0].name.clone(), s[1].name.clone()],
            None => [self.challenger.name.clone(), String::new()],
        }
    }

    /// `Lines of Action #12 (olympiad, rated, 1 day per move)`
    pub fn title(&self) -> String {
        let mut details = Vec::new();
        if self.variant != "standard" {
            details.push(self.variant.clone());
        }
        details.push(if self.rated { "rated" } else { "casual" }.to_string());
        details.push(show_clock(self.clock_secs));
        if let (true, Some(level)) = (self.vs_bot, self.level) {
            details.push(format!("AI level {level}"));
        }
        format!(
            "{} #{} ({})",
            self.kind.title(),
            self.id,
            details.join(", ")
        )
    }

    /// `@Alice (white) vs @Bob (black)`
    pub fn lineup(&self, game: &AnyGame) -> String {
        match self.seats() {
            Some(s) => format!(
                "@{} ({}) vs @{} ({})",
                s[0].name,
                game.side_name(Side::First),
                s[1].name,
                game.side_name(Side::Second)
            ),
            None => String::new(),
        }
    }

    /// The board message: position, last move, whose turn, deadline, and the controls.
    pub fn board_reply(&self, headline: Option<String>, now: i64) -> Reply {
        let Some(live) = self.live() else {
            return Reply::private("This match has not started.");
        };
        let mut lines = vec![format!("**{}**", self.title()), self.lineup(&live.game)];
        if let Some(h) = headline {
            lines.push(h);
        }
        let mut reply = Reply::default();
        if let Status::ToMove(side) = live.game.status() {
            if let Some(p) = self.player(side) {
                let mut turn = format!(
                    "Move {}: @{} to play ({}).",
                    live.moves.len() + 1,
                    p.name,
                    live.game.side_name(side)
                );
                if let Some(deadline) = live.deadline {
                    turn.push_str(&format!(
                        " Time left: {}.",
                        show_duration((deadline - now).max(0) / 1000)
                    ));
                }
                lines.push(turn);
                reply.mentions.push(p.id);
            }
            if let Some(offerer) = live.draw_offer.and_then(|s| self.player(s)) {
                lines.push(format!("@{} offers a draw: /draw to accept.", offerer.name));
            }
            if let Some(asker) = live.takeback.and_then(|s| self.player(s)) {
                lines.push(format!(
                    "@{} asks to take back their last move: /takeback to accept.",
                    asker.name
                ));
            }
            reply.deadline = live.deadline;
            reply.buttons = self.controls(live);
            let legal = hints::visible_moves(&live.game);
            let rows = hints::MAX_ROWS.saturating_sub(reply.buttons.len());
            reply.menus = hints::source_menus(&legal, self.stamp(), rows);
        }
        reply.text = lines.join("\n");
        reply.picture = Some(self.picture(live));
        reply
    }

    pub fn picture(&self, live: &Live) -> Picture {
        let last_move = live
            .moves
            .last()
            .zip(live.before.as_ref())
            .map(|((mv, _), before)| Box::new((before.clone(), *mv)));
        Picture::Board {
            match_id: Some(self.id),
            seq: live.seq,
            game: live.game.clone(),
            last_move,
            players: self.names(),
            ratings: self.ratings.clone(),
            move_number: live.moves.len() as u32,
        }
    }

    fn controls(&self, live: &Live) -> Vec<Vec<Button>> {
        let stamp = self.stamp();
        let b = |action, label: &str, style| Button {
            id: ButtonId::new(action, stamp).to_string(),
            label: label.to_string(),
            style,
            disabled: false,
        };
        let mut row = vec![
            b(Action::Resign, "Resign", ButtonStyle::Danger),
            b(Action::Draw, "Offer draw", ButtonStyle::Secondary),
        ];
        if self.kind != GameKind::Lightning {
            row.push(b(Action::Takeback, "Takeback", ButtonStyle::Secondary));
        }
        if !live.both_moved() {
            row.push(b(Action::Abort, "Abort", ButtonStyle::Secondary));
        }
        let mut rows = vec![row];
        let mut answers = Vec::new();
        if live.draw_offer.is_some() {
            answers.push(b(Action::Draw, "Accept draw", ButtonStyle::Success));
            answers.push(b(Action::RefuseDraw, "Refuse draw", ButtonStyle::Secondary));
        }
        if live.takeback.is_some() {
            answers.push(b(Action::Takeback, "Accept takeback", ButtonStyle::Success));
            answers.push(b(
                Action::RefuseTakeback,
                "Refuse takeback",
                ButtonStyle::Secondary,
            ));
        }
        if !answers.is_empty() {
            rows.push(answers);
        }
        rows
    }

    /// The challenge card; `preview` is the rating line for a rated challenge.
    pub fn challenge_reply(&self, preview: Option<String>, expires_at: i64, now: i64) -> Reply {
        let whom = match (&self.opponent, self.vs_bot) {
            (_, true) => "the bot".to_string(),
            (Some(o), false) => format!("@{}", o.name),
            (None, false) => "anyone".to_string(),
        };
        let seat = if self.challenger_seat == 0 {
            "moves first"
        } else {
            "moves second"
        };
        let mut lines = vec![
            format!("**{}**", self.title()),
            format!(
                "@{} challenges {whom}; the challenger {seat}.",
                self.challenger.name
            ),
        ];
        if let Some(p) = preview {
            lines.push(p);
        }
        lines.push(format!(
            "The challenge expires in {}.",
            show_duration((expires_at - now).max(0) / 1000)
        ));
        let stamp = self.stamp();
        let b = |action, label: &str, style| Button {
            id: ButtonId::new(action, stamp).to_string(),
            label: label.to_string(),
            style,
            disabled: false,
        };
        let mut reply = Reply::public(lines.join("\n"));
        reply.buttons = vec![vec![
            b(Action::Accept, "Accept", ButtonStyle::Success),
            b(Action::Decline, "Decline", ButtonStyle::Danger),
            b(Action::Cancel, "Cancel", ButtonStyle::Secondary),
        ]];
        reply.deadline = Some(expires_at);
        if let Some(o) = &self.opponent {
            reply.mentions.push(o.id);
        }
        reply
    }

    /// The final message: result, reason, rating changes, and a Rematch button.
    pub fn result_reply(
        &self,
        headline: Option<String>,
        outcome: Outcome,
        aborted: bool,
        changes: &[RatingChange],
    ) -> Reply {
        let mut reply = Reply::default();
        let live = self.live();
        let mut lines = vec![format!("**{}**", self.title())];
        if let Some(live) = live {
            lines.push(self.lineup(&live.game));
        }
        lines.extend(headline);
        lines.push(result_line(self, outcome, aborted));
        let global: Vec<&RatingChange> = changes.iter().filter(|c| c.scope == 0).collect();
        let shown = if self.place.guild.is_some() {
            changes.iter().filter(|c| c.scope != 0).collect()
        } else {
            global
        };
        for c in shown {
            let name = self
                .seats()
                .and_then(|s| s.into_iter().find(|p| p.id == c.player_id))
                .map_or("?", |p| p.name.as_str());
            lines.push(format!(
                "@{name}: {} -> {} ({})",
                rating::show(&crate::store::Glicko {
                    rating: c.rating_before,
                    deviation: c.deviation_before,
                    volatility: c.after.volatility,
                }),
                rating::show(&c.after),
                rating::show_delta(c.after.rating - c.rating_before)
            ));
        }
        reply.text = lines.join("\n");
        if let Some(live) = live {
            reply.picture = Some(self.picture(live));
        }
        let stamp = self.stamp();
        reply.buttons = vec![vec![Button {
            id: ButtonId::new(Action::Rematch, stamp).to_string(),
            label: "Rematch".to_string(),
            style: ButtonStyle::Primary,
            disabled: false,
        }]];
        if let Some(seats) = self.seats() {
            reply.mentions = seats.iter().map(|p| p.id).collect();
        }
        reply
    }
}

/// `@Alice wins by connection.`, `Draw by agreement.`, `Aborted: ...`.
pub fn result_line(entry: &Entry, outcome: Outcome, aborted: bool) -> String {
    if aborted {
        return match outcome.reason {
            Reason::Timeout => {
                "Aborted: the time ran out before both players had moved, so there is no result."
                    .to_string()
            }
            _ => "Aborted: no result.".to_string(),
        };
    }
    match outcome.winner.and_then(|s| entry.player(s)) {
        Some(winner) => {
            let how = match outcome.reason {
                Reason::Resignation => "by resignation".to_string(),
                Reason::Timeout => "on time".to_string(),
                Reason::Blocked => "(the opponent has no move)".to_string(),
                r => format!("by {r}"),
            };
            format!("@{} wins {how}.", winner.name)
        }
        None => format!("Draw by {}.", outcome.reason),
    }
}
