//! What a tournament says: its announcements (entries, pairings, results, the end) and the
//! answers to its read requests (standings, pairings, the TRF file), as replies in no language.

use crate::i18n::Msg;
use crate::table::TournamentAct;
use crate::table::api::{Button, ButtonStyle, Reply, ReplyKind, Section, TextFile, TournamentNews};
use crate::tournament::event::{BoardResult, Format};
use crate::tournament::standings::{Standing, TieBreak};
use crate::tournament::{Points, trf};

use super::event::Event;
use super::pictures;

mod arena;

use arena::{arena_pairings, arena_player_line, arena_standings};

/// What a committed decision says, presented from the tournament as it then stands.
#[derive(Debug)]
pub enum Say {
    /// It was created.
    Created,
    /// A player entered (`late` once round 1 is paired).
    Joined { key: String, late: bool },
    /// A player withdrew.
    Left { key: String },
    /// A player will sit out the next round with half a point.
    Bye { key: String },
    /// The next round's time is set.
    Scheduled,
    /// A round was paired.
    Paired,
    /// A board of round `round` (0-based), `white` against `black`, has its result.
    Result {
        round: usize,
        white: usize,
        black: usize,
        result: BoardResult,
    },
    /// It is over.
    Over,
    /// It ended because the next round could not be paired.
    Unpairable,
    /// The organiser stopped it.
    Cancelled,
    /// It starts soon: its players are reminded.
    Reminder,
    /// A reply made before the step (of a player the step takes out).
    Made(Box<Reply>),
    /// An arena started.
    ArenaStarted,
    /// An arena paired its waiting players: its games from number `from` on.
    ArenaPaired { from: usize },
    /// Arena game `game` ended (`before`: both players' points before it).
    ArenaResult {
        game: usize,
        before: [u32; 2],
        result: BoardResult,
    },
    /// An arena player went berserk.
    Berserk { key: String },
    /// An arena player paused.
    Paused { key: String },
    /// An arena player came back.
    Back { key: String },
}

/// `12` tenths as `1.2`, `10` as `1`.
pub fn points(p: Points) -> String {
    if p.is_multiple_of(10) {
        (p / 10).to_string()
    } else {
        format!("{}.{}", p / 10, p % 10)
    }
}

/// A tie-break's value as written: a count of wins as it is, the others (in hundredths of a
/// point) as `6.25`.
pub(super) fn tiebreak_value(t: TieBreak, v: i64) -> String {
    match t {
        TieBreak::Wins => v.to_string(),
        _ => hundredths(v),
    }
}

/// A tie-break value in hundredths as `6.25` (whole numbers without decimals).
fn hundredths(v: i64) -> String {
    if v % 100 == 0 {
        (v / 100).to_string()
    } else if v % 10 == 0 {
        format!("{}.{}", v / 100, (v % 100).abs() / 10)
    } else {
        format!("{}.{:02}", v / 100, (v % 100).abs())
    }
}

/// `msg` with player `index` of `e` as its argument `arg`: a person by name (a mention where
/// the transport has them), a bot by its name and level.
fn with_player(msg: Msg, arg: &'static str, e: &Event, index: usize) -> Msg {
    match e.seat(index) {
        Some(seat) => match seat.level {
            Some(level) => msg.msg(
                arg,
                Msg::new("tournament-bot")
                    .plain("bot", seat.name.clone())
                    .num("level", level),
            ),
            None => msg.player(arg, seat.id, seat.name.clone()),
        },
        None => msg.plain(arg, "?"),
    }
}

fn the(e: &Event, id: &'static str) -> Msg {
    Msg::new(id).num("id", e.id)
}

/// A public announcement of `e` (match id none: it is no match's news).
fn public(lines: Vec<Msg>) -> Reply {
    Reply {
        lines,
        ..Reply::default()
    }
}

/// The score of a board as it is written under a crosstable: `1-0`, `½-½`, `+/-` for a forfeit.
pub(super) fn score(result: BoardResult) -> &'static str {
    match result {
        BoardResult::WhiteWins => "1-0",
        BoardResult::Draw => "½-½",
        BoardResult::BlackWins => "0-1",
        BoardResult::WhiteForfeits => "-/+",
        BoardResult::BlackForfeits => "+/-",
        BoardResult::BothForfeit => "-/-",
        BoardResult::Bye => "bye",
    }
}

/// The announcement card as it reads now: the game, format and clock, when it starts, its
/// status and the players so far, with Join and Leave while entries may come.
pub fn card(e: &Event) -> Reply {
    use super::event::Status;
    let game = e
        .rules
        .kind()
        .map_or(Msg::verbatim(&e.rules.game), |g| g.label());
    let mut lines = vec![rules_line(e)];
    lines.push(match (e.status, e.next_round_at) {
        (Status::Open, Some(at)) => Msg::new("tournament-card-starts").time("time", at),
        (Status::Open, None) => {
            Msg::new("tournament-card-when-started").code("start", "/tournament start")
        }
        (Status::Running, _) => match e.arena() {
            Some(a) => Msg::new("arena-card-ends").time("time", a.ends_at),
            None => Msg::new("tournament-card-round").num("round", e.round() as i64),
        },
        (Status::Over, _) => Msg::new("tournament-card-over"),
        (Status::Cancelled, _) => Msg::new("tournament-card-cancelled"),
    });
    let players: Vec<Msg> = (0..e.tournament.members.len())
        .filter(|&i| !e.tournament.members[i].withdrawn)
        .map(|i| with_player(Msg::new("tournament-name"), "player", e, i))
        .collect();
    lines.push(if players.is_empty() {
        Msg::new("tournament-card-no-players")
    } else {
        Msg::new("tournament-card-players")
            .num("count", players.len() as i64)
            .list("players", players)
    });
    let open = !e.status.is_closed();
    let button = |act: TournamentAct, id: &'static str, style| Button {
        id: act.custom_id(e.id).unwrap_or_default(),
        label: Msg::new(id),
        style,
        disabled: !open,
    };
    Reply {
        kind: ReplyKind::Info,
        title: Some(the(e, "tournament-card-title").msg("game", game)),
        lines,
        buttons: vec![vec![
            button(
                TournamentAct::Join(None),
                "button-tournament-join",
                ButtonStyle::Success,
            ),
            button(
                TournamentAct::Leave(None),
                "button-tournament-leave",
                ButtonStyle::Secondary,
            ),
        ]],
        ..Reply::default()
    }
}

/// The format, clock and rounds of `e`, as its card says them.
pub(super) fn rules_line(e: &Event) -> Msg {
    if e.arena().is_some() {
        return Msg::new("arena-card-rules")
            .msg("format", format(e.tournament.format))
            .msg(
                "clock",
                crate::table::words::time_control(e.rules.time_control()),
            )
            .duration("duration", e.duration_ms.unwrap_or(0) / 1000);
    }
    Msg::new("tournament-card-rules")
        .msg("format", format(e.tournament.format))
        .msg(
            "clock",
            crate::table::words::time_control(e.rules.time_control()),
        )
        .num("rounds", e.tournament.rounds() as i64)
}

/// What the transport needs to keep `e`'s card and thread.
pub fn news(e: &Event) -> TournamentNews {
    TournamentNews {
        id: e.id,
        card: e.card,
        card_now: Box::new(card(e)),
        thread: e.thread,
        thread_name: the(e, "tournament-thread"),
        calendar: e.calendar_news(),
        live: e
            .arena()
            .filter(|_| e.status != super::event::Status::Open)
            .map(|_| Box::new(arena_standings(e))),
        live_at: e.standings_message,
    }
}

/// The format's name.
pub fn format(f: Format) -> Msg {
    Msg::new(match f {
        Format::Swiss => "tournament-format-swiss",
        Format::RoundRobin { double: false } => "tournament-format-round-robin",
        Format::RoundRobin { double: true } => "tournament-format-double-round-robin",
        Format::Arena => "tournament-format-arena",
    })
}

/// The reply for what a decision said, on `e` as it now stands.
pub fn say(e: &Event, say: Say) -> Reply {
    let player_key = |key: &str| e.tournament.find(key);
    match say {
        Say::Created => {
            let game = e
                .rules
                .kind()
                .map_or(Msg::verbatim(&e.rules.game), |g| g.label());
            public(vec![
                the(e, "tournament-created")
                    .msg("game", game)
                    .msg("format", format(e.tournament.format)),
            ])
        }
        Say::Joined { key, late } => {
            let Some(index) = player_key(&key) else {
                return Reply::default();
            };
            let msg = if late && e.arena().is_none() {
                the(e, "tournament-late-entry").num("round", e.round() as i64 + 1)
            } else {
                the(e, "tournament-joined").num("count", e.tournament.members.len() as i64)
            };
            public(vec![with_player(msg, "player", e, index)])
        }
        Say::Left { key } => match player_key(&key) {
            Some(index) => public(vec![with_player(
                the(e, "tournament-left"),
                "player",
                e,
                index,
            )]),
            None => Reply::default(),
        },
        Say::Bye { key } => match player_key(&key) {
            Some(index) => public(vec![with_player(
                the(e, "tournament-bye-requested").num("round", e.round() as i64 + 1),
                "player",
                e,
                index,
            )]),
            None => Reply::default(),
        },
        Say::Scheduled => match e.next_round_at {
            Some(at) => public(vec![
                the(e, "tournament-next-round")
                    .num("round", e.round() as i64 + 1)
                    .time("time", at),
            ]),
            None => Reply::default(),
        },
        Say::Paired => pairings(e),
        Say::Result {
            round,
            white,
            black,
            result,
        } => {
            let msg = the(e, "tournament-result")
                .num("round", round as i64 + 1)
                .plain("score", score(result));
            let msg = with_player(msg, "white", e, white);
            let mut reply = public(vec![with_player(msg, "black", e, black)]);
            // The round's standings once it is over, unless it was the last: the end shows
            // them with the podium.
            let last = e.tournament.finished();
            if !last
                && e.tournament.current.is_none()
                && e.tournament.swiss.played_rounds == round + 1
            {
                let table = standings(e);
                reply.lines.extend(table.lines);
                reply.picture = table.picture;
            }
            reply
        }
        Say::Over if e.arena().is_some() => {
            let table = standings(e);
            let winners: Vec<Msg> = pictures::rows(e, &pictures::Changes::new())
                .iter()
                .filter(|r| r.rank == 1)
                .map(|r| with_player(Msg::new("tournament-name"), "player", e, r.player))
                .collect();
            let mut reply = public(vec![the(e, "tournament-over").list("winners", winners)]);
            reply.lines.extend(table.lines.into_iter().skip(1));
            reply.picture = Some(pictures::podium(e, &pictures::Changes::new()));
            reply.sections.push(Section {
                lines: Vec::new(),
                picture: table.picture,
            });
            reply
        }
        Say::Over => {
            let table = e.tournament.standings();
            let winners: Vec<Msg> = table
                .iter()
                .filter(|s| s.rank == 1)
                .map(|s| with_player(Msg::new("tournament-name"), "player", e, s.player))
                .collect();
            let mut reply = public(vec![the(e, "tournament-over").list("winners", winners)]);
            reply.lines.extend(standing_lines(e, &table));
            reply.picture = Some(pictures::podium(e, &pictures::Changes::new()));
            reply.sections.push(Section {
                lines: Vec::new(),
                picture: Some(pictures::standings(e, &pictures::Changes::new())),
            });
            reply
        }
        Say::Unpairable => public(vec![
            the(e, "tournament-unpairable").num("round", e.round() as i64 + 1),
        ]),
        Say::Cancelled => public(vec![the(e, "tournament-cancelled")]),
        Say::Reminder => {
            let people: Vec<usize> = (0..e.tournament.members.len())
                .filter(|&i| !e.tournament.members[i].withdrawn)
                .filter(|&i| e.seat(i).is_some_and(|s| s.level.is_none()))
                .collect();
            let names = people
                .iter()
                .map(|&i| with_player(Msg::new("tournament-name"), "player", e, i))
                .collect();
            let msg = the(e, "tournament-reminder")
                .time("time", e.next_round_at.unwrap_or_default())
                .list("players", names);
            Reply {
                mentions: people
                    .iter()
                    .filter_map(|&i| e.seat(i))
                    .map(|s| s.id)
                    .collect(),
                ..public(vec![msg])
            }
        }
        Say::Made(reply) => *reply,
        Say::ArenaStarted => {
            let ends = e.arena().map_or(0, |a| a.ends_at);
            public(vec![
                the(e, "arena-started")
                    .time("time", ends)
                    .code("berserk", "/tournament berserk")
                    .code("leave", "/tournament leave"),
            ])
        }
        Say::ArenaPaired { from } => arena_pairings(e, from),
        Say::ArenaResult {
            game,
            before,
            result,
        } => {
            let Some(g) = e.arena().and_then(|a| a.games.get(game)) else {
                return Reply::default();
            };
            let gained = |side: usize, player: usize| {
                let now = e.arena().map_or(0, |a| a.players[player].points);
                i64::from(now.saturating_sub(before[side]))
            };
            let msg = the(e, "arena-result")
                .num("game", game as i64 + 1)
                .plain("score", score(result))
                .num("white-points", gained(0, g.white))
                .num("black-points", gained(1, g.black));
            let msg = with_player(msg, "white", e, g.white);
            public(vec![with_player(msg, "black", e, g.black)])
        }
        Say::Berserk { key } => arena_player_line(e, "arena-berserk", &key),
        Say::Paused { key } => {
            let mut reply = arena_player_line(e, "arena-paused", &key);
            if let Some(line) = reply.lines.first_mut() {
                *line = line.clone().code("join", "/tournament join");
            }
            reply
        }
        Say::Back { key } => arena_player_line(e, "arena-back", &key),
    }
}

/// The pairings of the round being played (or the last one), one board a line.
pub fn pairings(e: &Event) -> Reply {
    if e.arena().is_some() {
        return arena_pairings(e, 0);
    }
    let t = &e.tournament;
    let round = e.round();
    let mut lines = vec![the(e, "tournament-round").num("round", round as i64)];
    let mut mentions = Vec::new();
    if let Some(current) = &t.current {
        // Each person of the round is pinged (the bot is not).
        for b in current {
            for player in std::iter::once(b.pairing.white).chain(b.pairing.black) {
                if let Some(seat) = e.seat(player).filter(|s| s.level.is_none()) {
                    mentions.push(seat.id);
                }
            }
        }
        for (i, b) in current.iter().enumerate() {
            let line = match b.pairing.black {
                Some(black) => {
                    let msg = Msg::new("tournament-board").num("board", i as i64 + 1);
                    let msg = with_player(msg, "white", e, b.pairing.white);
                    let msg = with_player(msg, "black", e, black);
                    match b.result {
                        Some(r) => Msg::new("tournament-board-done")
                            .msg("board", msg)
                            .plain("score", score(r)),
                        None => msg,
                    }
                }
                None => with_player(
                    Msg::new("tournament-board-bye").num("board", i as i64 + 1),
                    "player",
                    e,
                    b.pairing.white,
                ),
            };
            lines.push(line);
        }
    } else if round > 0 {
        for (i, (white, black, result)) in e.boards_of(round - 1).into_iter().enumerate() {
            let msg = Msg::new("tournament-board").num("board", i as i64 + 1);
            let msg = with_player(msg, "white", e, white);
            let msg = with_player(msg, "black", e, black);
            lines.push(
                Msg::new("tournament-board-done")
                    .msg("board", msg)
                    .plain("score", score(result)),
            );
        }
    }
    Reply {
        picture: (round > 0).then(|| pictures::pairings(e)),
        mentions,
        ..public(lines)
    }
}

fn standing_lines(e: &Event, table: &[Standing]) -> Vec<Msg> {
    table
        .iter()
        .map(|s| {
            let tiebreaks: Vec<String> = e
                .tournament
                .tiebreaks
                .iter()
                .zip(&s.tiebreaks)
                .map(|(&t, &v)| tiebreak_value(t, v))
                .collect();
            let msg = Msg::new("tournament-standing")
                .num("rank", s.rank as i64)
                .plain("points", points(s.points))
                .plain("tiebreaks", tiebreaks.join(" · "));
            with_player(msg, "player", e, s.player)
        })
        .collect()
}

/// The standings after the rounds played, one player a line.
pub fn standings(e: &Event) -> Reply {
    if e.arena().is_some() {
        return arena_standings(e);
    }
    let table = e.tournament.standings();
    let mut lines =
        vec![the(e, "tournament-standings").num("round", e.tournament.swiss.played_rounds as i64)];
    lines.extend(standing_lines(e, &table));
    Reply {
        picture: (e.tournament.swiss.played_rounds > 0)
            .then(|| pictures::standings(e, &pictures::Changes::new())),
        ..public(lines)
    }
}

/// The tournament as a FIDE TRF-2026 file.
pub fn export(e: &Event) -> Reply {
    let title = format!("Parlor tournament {}", e.id);
    Reply {
        file: Some(TextFile::plain(
            format!("tournament-{}.trf", e.id),
            trf::write(&e.tournament.swiss, &title),
        )),
        ..public(vec![the(e, "tournament-export")])
    }
}

impl Event {
    /// The boards of played round `round` (0-based) as its records say: white, black, result
    /// (byes and absences left out).
    pub fn boards_of(&self, round: usize) -> Vec<(usize, usize, BoardResult)> {
        use crate::tournament::{Color, Outcome};
        let mut out = Vec::new();
        for (me, entrant) in self.tournament.swiss.players.iter().enumerate() {
            let Some(g) = entrant.as_ref().and_then(|p| p.games.get(round)) else {
                continue;
            };
            let (Some(opponent), Some(Color::White)) = (g.opponent, g.color) else {
                continue;
            };
            let result = match (g.outcome, g.played) {
                (Outcome::Win, true) => BoardResult::WhiteWins,
                (Outcome::Draw, _) => BoardResult::Draw,
                (Outcome::Loss, true) => BoardResult::BlackWins,
                (Outcome::Win, false) => BoardResult::BlackForfeits,
                (Outcome::Loss, false) => {
                    let theirs = self.tournament.swiss.players[opponent]
                        .as_ref()
                        .and_then(|p| p.games.get(round))
                        .map(|g| g.outcome);
                    if theirs == Some(Outcome::Win) {
                        BoardResult::WhiteForfeits
                    } else {
                        BoardResult::BothForfeit
                    }
                }
            };
            out.push((me, opponent, result));
        }
        out
    }
}
