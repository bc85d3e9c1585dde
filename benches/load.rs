//! The bot under load: many live matches restored at start, then a steady open-loop stream of
//! interactions through the fake Discord, on SQLite and on PostgreSQL in the same run.
//!
//! `cargo bench --bench load` writes `PARLOR_LOAD_MATCHES` live matches (default 10,000) across a
//! tenth as many servers through the match service (all four games, every LOA variant, a mix of
//! clocks, some running out during the run), starts the real `parlor bot` binary (the release
//! build cargo makes for this benchmark) on that database against the fake Discord, and measures:
//! - the restore: from process start to the shard connected, commands registered and the log
//!   line "match service ready" (every match restored and timed), and the RSS 1.5 s later
//!   (once the allocator has handed back what the restore freed);
//! - `PARLOR_LOAD_SECS` seconds (default 60) of interactions sent at `PARLOR_LOAD_RATE` a second
//!   (default 500) on schedule whether or not earlier ones were answered: 60 % moves (typed and
//!   by menus), 20 % autocomplete, 10 % `/board`, 10 % buttons (draw offers, takebacks, presses
//!   on an out-of-date board); per kind the first response p50/p99/max, the time until the board
//!   picture is posted, interactions not answered within 3 s, moves committed a second, the RSS
//!   at the end, and the CPU time of this process (the fake and the load) per interaction.
//!
//! It also prints the bot's CPU time, per interaction and as a share of the machine's cores.
//!
//! Halfway through, the organiser of a Swiss of [`SWISS_PLAYERS`] players (registered at the
//! set-up in a server of its own) starts it: round 1 is paired, its games opened in threads of
//! their own and its pairings posted while the stream goes on. The run prints how long that took
//! and the first responses' p99 of the interactions sent meanwhile beside the rest of the run's.
//! `PARLOR_LOAD_BOT` runs another bot binary (today's `main`, to compare side by side) or a
//! script that `exec`s one under a profiler.
//!
//! PostgreSQL is started by `scripts/pg-test.sh` (or taken from `PARLOR_TEST_POSTGRES`);
//! `PARLOR_BENCH_SQLITE_ONLY=1` skips it. Everything stays on 127.0.0.1, and every loop is
//! bounded in count and in time.

#[path = "../tests/support/db.rs"]
mod db;
#[path = "../tests/discord/fake/mod.rs"]
mod fake;

use std::collections::{HashMap, VecDeque};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fake::{FakeDiscord, FakeState, Msg, User};
use parlor::games::{AnyGame, GameKind};
use parlor::store::{EntryKind, MatchStatus, Store};
use parlor::table::{
    Act, Actor, ChallengeSpec, Clock, Config, ManualClock, Opponent, Place, SystemClock, Table,
    TournamentSpec, UserRef, variants,
};
use parlor::tournament::event::Format;
use serde_json::{Value, json};

/// How long anything is waited for before the run gives up.
const PATIENCE: Duration = Duration::from_secs(300);
/// Discord's window for a first response.
const WINDOW: Duration = Duration::from_secs(3);
/// The goal for a first response (p99): later ones are counted per second of the run.
const SLOW: Duration = Duration::from_millis(10);
/// One match in this many is on a short clock that runs out around the load.
const NEAR_EVERY: usize = 25;
/// The short clock of those matches.
const NEAR_CLOCK_MS: i64 = 5 * 60 * 1000;

/// The players of the Swiss started halfway through the run.
const SWISS_PLAYERS: u64 = 100;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

#[derive(Clone, Copy, PartialEq)]
enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// The `n`th server (from 0), spread over shards as Discord's ids are.
fn guild(n: u64) -> u64 {
    ((fake::GUILD_ID >> 22) + 1 + n) << 22 | 7
}

fn channel(i: usize) -> u64 {
    940_000_000_000_000_000 + i as u64
}

fn user_id(i: usize, seat: usize) -> u64 {
    200_000_000_000_000_000 + 4 * i as u64 + seat as u64
}

/// The server and channel of the Swiss, after those of the `n` matches.
fn swiss_place(n: usize) -> Place {
    Place::new(Some(guild((n as u64).div_ceil(10))), channel(n))
}

/// The `k`th player of the Swiss (0 organises it).
fn swiss_player(k: u64) -> Actor {
    let id = 300_000_000_000_000_000 + k;
    Actor::new(id, format!("s{k}"))
}

fn user(id: u64) -> User {
    User::new(id, &format!("p{}", id % 1_000_000))
}

/// The game, variant and clock of the `i`th match: every game and every variant in turn, and
/// a mix of clocks.
fn plan(i: usize) -> (GameKind, &'static str, &'static str) {
    let combos: Vec<(GameKind, &'static str)> = GameKind::ALL
        .iter()
        .flat_map(|&g| variants(g).iter().map(move |v| (g, v.name)))
        .collect();
    let (game, variant) = combos[i % combos.len()];
    let clocks = ["1d", "none", "1h", "7d", "30m", "3d"];
    (game, variant, clocks[(i / combos.len()) % clocks.len()])
}

/// Opens and fills a match in place `i` and plays up to `plies` moves; false if it is not live.
async fn open_match(table: &Table, i: usize, clock: &str, plies: usize) -> bool {
    let (game, variant, _) = plan(i);
    let place = Place::new(Some(guild(i as u64 / 10)), channel(i));
    let actor = |seat: usize| {
        Actor::new(
            user_id(i, seat),
            format!("p{}", user_id(i, seat) % 1_000_000),
        )
    };
    let mut spec = ChallengeSpec::new(
        game,
        Opponent::User(UserRef::new(user_id(i, 1), actor(1).name)),
    );
    spec.variant = Some(variant.to_owned());
    spec.clock = Some(clock.to_owned());
    let card = table.handle(&actor(0), &place, Act::Challenge(spec)).await;
    if card.private {
        eprintln!("set-up: match {i} refused: {}", card.text());
        return false;
    }
    let accept = table.handle(&actor(1), &place, Act::Accept).await;
    if accept.private {
        // A lobby: the others take the empty seats.
        for seat in 2..4 {
            for n in 0..4u8 {
                if !table
                    .handle(&actor(seat), &place, Act::Sit(n))
                    .await
                    .private
                {
                    break;
                }
            }
        }
    }
    for ply in 0..plies {
        let hints = table.matches().move_hints(&place, "").await;
        let Some(mv) = hints.get((i * 7 + ply) % hints.len().max(1)) else {
            break;
        };
        let mut played = false;
        for seat in 0..4 {
            if !table
                .handle(&actor(seat), &place, Act::Move(mv.clone()))
                .await
                .private
            {
                played = true;
                break;
            }
        }
        if !played {
            break;
        }
    }
    true
}

/// Writes `n` live matches through the match service: most on ordinary clocks, one in
/// [`NEAR_EVERY`] on a short clock whose deadline falls from just before the bot starts to the
/// end of the load (so some time out at the restore, some during the run).
async fn set_up(url: &str, n: usize, secs: u64) {
    let started = Instant::now();
    let config = |clock: Arc<dyn Clock>| Config {
        clock,
        challenge_cooldown_ms: 0,
        ai: None,
        ..Config::default()
    };
    let store = Store::open(url).await.expect("open the store");
    let (table, _notices) = Table::start(store.clone(), config(Arc::new(SystemClock)))
        .await
        .expect("start the service");
    let workers = 8;
    let mut tasks = Vec::new();
    for w in 0..workers {
        let table = table.clone();
        tasks.push(tokio::spawn(async move {
            for i in (w..n).step_by(workers).filter(|i| i % NEAR_EVERY != 0) {
                let (_, _, clock) = plan(i);
                open_match(&table, i, clock, i % 9).await;
            }
        }));
    }
    for t in tasks {
        t.await.expect("a set-up task");
    }
    let swiss = table.tournaments();
    let place = swiss_place(n);
    let spec = TournamentSpec {
        clock: Some("1d".into()),
        ..TournamentSpec::new(GameKind::Loa, Format::Swiss)
    };
    let card = swiss.create(&swiss_player(0), &place, spec).await;
    assert!(card.is_ok(), "set-up: the Swiss refused: {card:?}");
    for k in 0..SWISS_PLAYERS {
        let joined = swiss.join(&swiss_player(k), &place).await;
        assert!(joined.is_ok(), "set-up: player {k} refused: {joined:?}");
    }
    drop(table);
    // The short clocks, one at a time on a clock of their own.
    let manual = ManualClock::new(0);
    let (table, _notices) = Table::start(store.clone(), config(Arc::new(manual.clone())))
        .await
        .expect("start the service");
    let near: Vec<usize> = (0..n).filter(|i| i % NEAR_EVERY == 0).collect();
    let span_ms = (secs as i64 + 40) * 1000;
    for (k, &i) in near.iter().enumerate() {
        let now = SystemClock.now_ms();
        let due_in = -10_000 + span_ms * k as i64 / near.len().max(1) as i64;
        manual.set_ms(now + due_in - NEAR_CLOCK_MS);
        open_match(&table, i, "5m", i % 5).await;
    }
    drop(table);
    store.close().await;
    println!(
        "set-up: {n} matches written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// One live match as the load sees it: its place, players, position and newest board.
struct Live {
    channel: u64,
    seats: Vec<u64>,
    game: AnyGame,
    /// On a short clock: left to the timer.
    near: bool,
    /// The newest public message with its controls.
    board: Option<u64>,
    /// Its controls as the bot posted them, before it greys them out for a newer board.
    board_rows: Option<Vec<Value>>,
    /// The controls of the board of the position before (for out-of-date presses).
    old_rows: Option<Vec<Value>>,
}

impl Live {
    fn to_move(&self) -> Option<u64> {
        let seat = self.game.seat_to_move()?;
        self.seats.get(seat).copied()
    }

    /// Someone seated who is not to move.
    fn waiting(&self) -> Option<u64> {
        let mover = self.to_move()?;
        self.seats.iter().copied().find(|&s| s != mover)
    }

    fn over(&self) -> bool {
        self.game.status().is_over()
    }
}

/// Reads every live match back from the database, replaying its log into a position.
async fn live_matches(url: &str) -> Vec<Live> {
    let store = Store::open(url).await.expect("open the store");
    let open = store
        .open_matches(&|_, _| true)
        .await
        .expect("read the open matches");
    store.close().await;
    let mut out = Vec::new();
    for (row, log) in open {
        if row.status != MatchStatus::Live {
            continue;
        }
        let Ok(mut game) = AnyGame::start(row.game, &row.options, row.seed) else {
            continue;
        };
        for entry in &log {
            if entry.kind == EntryKind::Move
                && let Some(text) = &entry.notation
            {
                game.play_text(text).expect("a logged move replays");
            }
        }
        let seats = row.seats.iter().flatten().map(|p| p.id).collect();
        let near = row.clock_secs == Some(NEAR_CLOCK_MS / 1000);
        out.push(Live {
            channel: row.channel_id,
            seats,
            game,
            near,
            board: None,
            board_rows: None,
            old_rows: None,
        });
    }
    out
}

/// The kinds of interaction sent, as reported.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum Kind {
    MoveTyped,
    MoveMenu,
    Autocomplete,
    Board,
    DrawOffer,
    Takeback,
    Stale,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::MoveTyped => "move (/move)",
            Kind::MoveMenu => "move (menus)",
            Kind::Autocomplete => "autocomplete",
            Kind::Board => "/board",
            Kind::DrawOffer => "button: draw offer",
            Kind::Takeback => "button: takeback",
            Kind::Stale => "button: out of date",
        }
    }

    const ALL: [Kind; 7] = [
        Kind::MoveTyped,
        Kind::MoveMenu,
        Kind::Autocomplete,
        Kind::Board,
        Kind::DrawOffer,
        Kind::Takeback,
        Kind::Stale,
    ];
}

/// What the `n`th arrival asks for: 6 in 10 moves (typed and menus alternately), 2 in 10
/// autocomplete, 1 in 10 `/board`, 1 in 10 a button (draw offer, takeback, out-of-date press).
fn kind_of(n: u64) -> Kind {
    match n % 10 {
        0 | 2 | 4 => Kind::MoveTyped,
        1 | 3 | 5 => Kind::MoveMenu,
        6 | 7 => Kind::Autocomplete,
        8 => Kind::Board,
        _ => match (n / 10) % 3 {
            0 => Kind::DrawOffer,
            1 => Kind::Takeback,
            _ => Kind::Stale,
        },
    }
}

/// An interaction sent and not yet settled.
struct Flight {
    ix: u64,
    kind: Kind,
    /// The match (index in the list), `None` for autocomplete (the match is not held).
    m: Option<usize>,
    /// A typed move, or a menu's move, to apply when the board shows it.
    mv: Option<String>,
    /// The first step of a move by menus (the piece picked).
    first_step: bool,
}

/// What one settled interaction measured.
#[derive(Default)]
struct Samples {
    first: Vec<Duration>,
    picture: Vec<Duration>,
    unanswered: usize,
    refused: usize,
}

/// The message an interaction produced last (its response, or a follow-up), once final.
fn outcome<'a>(s: &'a FakeState, ix: &fake::Interaction) -> Option<&'a Msg> {
    ix.original
        .iter()
        .chain(ix.followups.iter())
        .filter_map(|id| s.message(*id))
        .filter(|m| m.touched_by.contains(&ix.id) && !m.thinking && !m.deleted)
        .max_by_key(|m| m.id)
}

/// The first enabled control of a message whose custom_id starts with `prefix`.
fn control(msg: &Msg, prefix: &str) -> Option<(String, u64)> {
    msg.controls()
        .into_iter()
        .find(|(id, _, disabled)| id.starts_with(prefix) && !disabled)
        .map(|(id, kind, _)| (id, kind))
}

struct Load {
    discord: Arc<FakeDiscord>,
    matches: Vec<Live>,
    /// Idle matches without a known board, and with one.
    bare: VecDeque<usize>,
    boarded: VecDeque<usize>,
    flights: Vec<Flight>,
    samples: HashMap<Kind, Samples>,
    moves_applied: u64,
    sent: HashMap<Kind, u64>,
    n: u64,
    /// When the stream started, and per second of it the interactions answered later than
    /// [`SLOW`]: a stall shows as a few bad seconds, a saturated machine as many.
    t0: Instant,
    slow_by_second: Vec<u32>,
    /// Every first response: when its interaction was sent (from `t0`) and how long it took.
    firsts: Vec<(Duration, Duration)>,
}

impl Load {
    fn idle(&mut self, m: usize) {
        let live = &self.matches[m];
        if live.near || live.over() {
            return;
        }
        if live.board.is_some() {
            self.boarded.push_back(m);
        } else {
            self.bare.push_back(m);
        }
    }

    fn take(&mut self, boarded_first: bool) -> Option<usize> {
        if boarded_first {
            self.boarded.pop_front().or_else(|| self.bare.pop_front())
        } else {
            self.bare.pop_front().or_else(|| self.boarded.pop_front())
        }
    }

    /// An idle match with a board of an earlier position known, looked for among the first
    /// few with a board.
    fn take_stale(&mut self) -> Option<usize> {
        let at = self
            .boarded
            .iter()
            .take(256)
            .position(|&m| self.matches[m].old_rows.is_some())?;
        self.boarded.remove(at)
    }

    /// A typed `/move` in match `m`.
    fn send_typed(&mut self, m: usize) {
        let live = &self.matches[m];
        let (Some(mover), moves) = (live.to_move(), live.game.visible_move_texts()) else {
            return self.idle(m);
        };
        let Some(mv) = moves.get(self.n as usize % moves.len().max(1)).cloned() else {
            return self.idle(m);
        };
        let ix = self.discord.slash_in(
            &user(mover),
            live.channel,
            "move",
            json!({ "move": mv }),
            &[],
        );
        self.fly(ix, Kind::MoveTyped, Some(m), Some(mv), false);
    }

    fn fly(&mut self, ix: u64, kind: Kind, m: Option<usize>, mv: Option<String>, first: bool) {
        *self.sent.entry(kind).or_default() += 1;
        self.flights.push(Flight {
            ix,
            kind,
            m,
            mv,
            first_step: first,
        });
    }

    /// Sends the `n`th arrival.
    fn send(&mut self) {
        self.n += 1;
        let kind = kind_of(self.n);
        match kind {
            Kind::Autocomplete => {
                let live = &self.matches[(self.n as usize * 7919) % self.matches.len()];
                let Some(mover) = live.to_move() else { return };
                let typed = if self.n.is_multiple_of(2) {
                    String::new()
                } else {
                    let moves = live.game.visible_move_texts();
                    moves
                        .first()
                        .map(|m| m.chars().take(1).collect())
                        .unwrap_or_default()
                };
                let ix = self.discord.send_autocomplete(
                    &user(mover),
                    live.channel,
                    "move",
                    "move",
                    &typed,
                );
                self.fly(ix, kind, None, None, false);
            }
            Kind::MoveTyped => {
                if let Some(m) = self.take(false) {
                    self.send_typed(m);
                }
            }
            Kind::Board => {
                let Some(m) = self.take(false) else { return };
                let live = &self.matches[m];
                let who = live.waiting().unwrap_or(live.seats[0]);
                let ix = self
                    .discord
                    .slash_in(&user(who), live.channel, "board", json!({}), &[]);
                self.fly(ix, kind, Some(m), None, false);
            }
            Kind::MoveMenu | Kind::DrawOffer | Kind::Takeback | Kind::Stale => {
                let m = if kind == Kind::Stale {
                    self.take_stale().or_else(|| self.take(true))
                } else {
                    self.take(true)
                };
                let Some(m) = m else { return };
                let Some(board_id) = self.matches[m].board else {
                    // No board seen yet: a typed move instead.
                    return self.send_typed(m);
                };
                let board = self.discord.state().message(board_id).cloned();
                let Some(board) = board else {
                    return self.send_typed(m);
                };
                let live = &self.matches[m];
                let (Some(mover), Some(waiting)) = (live.to_move(), live.waiting()) else {
                    return self.idle(m);
                };
                match kind {
                    Kind::MoveMenu => {
                        let menu = board.menus().into_iter().next();
                        let Some(menu) = menu else {
                            return self.send_typed(m);
                        };
                        let values = board.menu_values(&menu);
                        let Some(value) = values.get(self.n as usize % values.len().max(1)) else {
                            return self.send_typed(m);
                        };
                        let first = menu.starts_with("pl:src:");
                        let ix = self.discord.select(&user(mover), board_id, &menu, &[value]);
                        let mv = (!first).then(|| value.clone());
                        self.fly(ix, kind, Some(m), mv, first);
                    }
                    Kind::DrawOffer | Kind::Takeback => {
                        let prefix = if kind == Kind::DrawOffer {
                            "pl:drw:"
                        } else {
                            "pl:tkb:"
                        };
                        let Some((id, _)) = control(&board, prefix) else {
                            return self.send_typed(m);
                        };
                        let ix = self.discord.press(&user(waiting), board_id, &id);
                        self.fly(ix, kind, Some(m), None, false);
                    }
                    _ => {
                        let Some(rows) = live.old_rows.clone() else {
                            return self.send_typed(m);
                        };
                        let copy = self.discord.inject_message(live.channel, "", rows);
                        let old = self.discord.state().message(copy).cloned();
                        let Some((id, 2)) = old.as_ref().and_then(|o| control(o, "pl:drw:")) else {
                            return self.send_typed(m);
                        };
                        let ix = self.discord.press(&user(mover), copy, &id);
                        self.fly(ix, kind, Some(m), None, false);
                    }
                }
            }
        }
    }

    /// Settles the interactions that are done; returns follow-up steps to send (menus).
    fn settle(&mut self, all: bool) {
        let mut next = Vec::new();
        let mut done = Vec::new();
        {
            let state = self.discord.state();
            let flights = std::mem::take(&mut self.flights);
            for f in flights {
                let Some(ix) = state.interactions.get(&f.ix) else {
                    continue;
                };
                let first = ix.callbacks.iter().find(|c| c.accepted).map(|c| c.after);
                let late = ix.sent_at.elapsed() > WINDOW;
                let result = if f.kind == Kind::Autocomplete {
                    first.map(|_| None)
                } else {
                    first.and(outcome(&state, ix)).map(Some)
                };
                let sent = ix.sent_at.saturating_duration_since(self.t0);
                if let (Some(after), Some(_)) = (first, &result) {
                    self.firsts.push((sent, after));
                }
                let second = sent.as_secs() as usize;
                match result {
                    Some(msg) => done.push((f, first, ix.picture_after, msg.cloned(), second)),
                    None if all || (late && first.is_none()) => {
                        done.push((f, first, None, None, second))
                    }
                    None => self.flights.push(f),
                }
            }
        }
        for (f, first, picture, msg, second) in done {
            if first.is_none_or(|after| after > SLOW) {
                if self.slow_by_second.len() <= second {
                    self.slow_by_second.resize(second + 1, 0);
                }
                self.slow_by_second[second] += 1;
            }
            let samples = self.samples.entry(f.kind).or_default();
            match first {
                Some(after) if after <= WINDOW => samples.first.push(after),
                _ => samples.unanswered += 1,
            }
            if let Some(p) = picture {
                samples.picture.push(p);
            }
            let Some(m) = f.m else { continue };
            let Some(msg) = msg else {
                // Unanswered: the match is left alone from now on.
                continue;
            };
            if msg.ephemeral {
                if f.first_step {
                    // The moves from the piece picked (or, for a move and a drop, the moves
                    // before the drop, picked first): choose one.
                    if let Some(menu) = msg.menus().into_iter().next()
                        && let Some(value) = msg.menu_values(&menu).first().cloned()
                        && let Some(mover) = self.matches[m].to_move()
                    {
                        next.push((m, msg.id, menu, value, mover));
                        continue;
                    }
                }
                if f.kind != Kind::Stale {
                    let samples = self.samples.entry(f.kind).or_default();
                    samples.refused += 1;
                    if samples.refused <= 3 {
                        eprintln!("{} refused: {}", f.kind.label(), msg.text());
                    }
                }
                self.idle(m);
                continue;
            }
            let live = &mut self.matches[m];
            if let Some(mv) = &f.mv {
                // The board as posted: by now the bot may have greyed it out on the fake.
                let before = live.board_rows.clone();
                match live.game.play_text(mv) {
                    Ok(_) => {
                        self.moves_applied += 1;
                        live.old_rows = before;
                    }
                    Err(e) => panic!("the bot took {mv} that the engine refuses: {e}"),
                }
            }
            if !msg.controls().is_empty() {
                live.board = Some(msg.id);
                live.board_rows = Some(msg.components.clone());
            }
            self.idle(m);
        }
        for (m, message, menu, value, mover) in next {
            let ix = self
                .discord
                .select(&user(mover), message, &menu, &[value.as_str()]);
            let first = menu.starts_with("pl:src:");
            let mv = (!first).then_some(value);
            self.fly(ix, Kind::MoveMenu, Some(m), mv, first);
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// How long after the bot is ready its memory is measured: past mimalloc's purge delay (1 s).
const SETTLE: Duration = Duration::from_millis(1500);

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// User + system CPU time of a process so far (from `/proc`, in clock ticks of 10 ms).
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) close with ')'.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name and state.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// The machine's cores, as the bot sees them.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The bot process, stopped when dropped: asked to stop (SIGTERM, as a supervisor does, so that
/// a profiler wrapped around it writes its data), killed if it is still there a while later.
struct Bot {
    child: Child,
    log: std::path::PathBuf,
}

impl Drop for Bot {
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        let until = Instant::now() + Duration::from_secs(60);
        while asked && Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bot's binary: `PARLOR_LOAD_BOT` if set (another build to compare, or a script that runs
/// the bot under a profiler and `exec`s it, so that its pid is the bot's), else the release
/// build cargo made for this benchmark.
fn bot_binary() -> std::ffi::OsString {
    std::env::var_os("PARLOR_LOAD_BOT").unwrap_or_else(|| env!("CARGO_BIN_EXE_parlor").into())
}

/// A row of the final table.
struct Row {
    backend: &'static str,
    matches: usize,
    restore: Duration,
    rss_ready_kib: u64,
    rss_end_kib: u64,
    kinds: Vec<(Kind, u64, Samples)>,
    moves_per_sec: f64,
    sent_per_sec: f64,
    fake_cpu_per_ix: Duration,
    bot_cpu: Duration,
    /// The bot's CPU time per interaction sent.
    bot_cpu_per_ix: Duration,
    /// The share of the machine's cores the bot used while the interactions were sent and
    /// answered (1.0 is every core busy all along).
    bot_cores: f64,
    violations: usize,
    max_lag: Duration,
    /// First responses later than [`SLOW`] (or none), by second of the run.
    slow_by_second: Vec<u32>,
    /// What the Swiss started halfway cost, in words.
    swiss: String,
}

async fn database(backend: Backend, dir: &tempfile::TempDir) -> db::Database {
    match backend {
        Backend::Sqlite => {
            db::Database::sqlite(format!("sqlite://{}", dir.path().join("load.db").display()))
        }
        Backend::Postgres => {
            let server = db::postgres_server().expect("a PostgreSQL server");
            db::fresh_postgres(&server).await
        }
    }
}

async fn run(backend: Backend, n: usize, rate: u64, secs: u64) -> Row {
    println!("== {} ==", backend.name());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = database(backend, &dir).await;
    set_up(&url, n, secs).await;
    let matches = live_matches(&url).await;
    let live = matches.len();
    let near = matches.iter().filter(|m| m.near).count();
    println!("set-up: {live} live matches ({near} on a short clock)");
    let moves_before = db::sql_i64(&url, "SELECT COUNT(*) FROM moves").await;

    let discord = Arc::new(FakeDiscord::start().await);
    let guilds = (n as u64).div_ceil(10).max(1);
    for g in 0..guilds {
        discord.add_guild(guild(g), channel(g as usize * 10));
    }
    for i in 0..n {
        discord.add_channel(guild(i as u64 / 10), channel(i));
    }
    let swiss_at = swiss_place(n);
    let swiss_guild = swiss_at.guild.unwrap_or_default();
    discord.add_guild(swiss_guild, swiss_at.channel);
    discord.add_channel(swiss_guild, swiss_at.channel);
    discord.grant_threads();
    let log = dir.path().join("bot.log");
    let log_file = std::fs::File::create(&log).expect("a log file");
    let started = Instant::now();
    let child = Command::new(bot_binary())
        .arg("bot")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", fake::TOKEN)
        .env("DISCORD_API_BASE", &discord.api_base)
        .env("DATABASE_URL", &url.url)
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .env_remove("DISCORD_GUILD_ID")
        .env_remove("PARLOR_HTTP")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log_file)
        .spawn()
        .expect("start parlor bot");
    let bot = Bot { child, log };
    let pid = bot.child.id();
    // Ready: the shard connected, the commands registered, every match restored and timed.
    loop {
        let logged = std::fs::read_to_string(&bot.log).unwrap_or_default();
        let connected = {
            let s = discord.state();
            !s.registrations.is_empty() && !s.connected_shards().is_empty()
        };
        if connected && logged.contains("match service ready") {
            break;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "the bot did not get ready:\n{logged}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let restore = started.elapsed();
    let rss_at_once_kib = rss_kib(pid);
    // What the matches hold, once the allocator has handed back what the restore read and
    // freed: mimalloc does so after a delay (a second), so a sample at once varied by a
    // quarter from run to run.
    tokio::time::sleep(SETTLE).await;
    let rss_ready_kib = rss_kib(pid);
    println!(
        "restore: {:.2} s, RSS {} MiB ({:.1} KiB per live match; {} MiB at once); bot pid {pid}",
        restore.as_secs_f64(),
        rss_ready_kib / 1024,
        rss_ready_kib as f64 / live as f64,
        rss_at_once_kib / 1024,
    );

    let mut load = Load {
        discord: discord.clone(),
        matches,
        bare: VecDeque::new(),
        boarded: VecDeque::new(),
        flights: Vec::new(),
        samples: HashMap::new(),
        moves_applied: 0,
        sent: HashMap::new(),
        n: 0,
        t0: Instant::now(),
        slow_by_second: Vec::new(),
        firsts: Vec::new(),
    };
    for m in 0..load.matches.len() {
        load.idle(m);
    }
    let me = std::process::id();
    let (cpu_me, cpu_bot) = (cpu_time(me), cpu_time(pid));
    let cpu_since = Instant::now();
    let total = rate * secs;
    let period = Duration::from_secs_f64(1.0 / rate as f64);
    let t0 = tokio::time::Instant::now();
    load.t0 = t0.into_std();
    let mut max_lag = Duration::ZERO;
    let mut last_settle = t0;
    let mut swiss = Swiss::default();
    for k in 0..total {
        let at = t0 + period * k as u32;
        tokio::time::sleep_until(at).await;
        max_lag = max_lag.max(at.elapsed());
        if k == total / 2 {
            swiss.start(&discord, swiss_at.channel, t0.into_std());
        }
        load.send();
        if last_settle.elapsed() >= Duration::from_millis(5) {
            load.settle(false);
            swiss.watch(&discord, t0.into_std());
            last_settle = tokio::time::Instant::now();
        }
        if t0.elapsed() > Duration::from_secs(secs) + PATIENCE {
            break;
        }
    }
    let sent_for = t0.elapsed();
    // What is still on its way, for at most Discord's window and a little more.
    let drain = tokio::time::Instant::now();
    while !load.flights.is_empty() && drain.elapsed() < WINDOW + Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(5)).await;
        load.settle(false);
    }
    load.settle(true);
    swiss.watch(&discord, t0.into_std());
    let swiss = swiss.report(&discord, &load.firsts, sent_for);
    println!("{swiss}");
    let bot_cpu = cpu_time(pid).saturating_sub(cpu_bot);
    let bot_cores = bot_cpu.as_secs_f64() / (cpu_since.elapsed().as_secs_f64() * cores() as f64);
    let rss_end_kib = rss_kib(pid);
    let moves_after = db::sql_i64(&url, "SELECT COUNT(*) FROM moves").await;
    let committed = (moves_after - moves_before).max(0) as f64;
    let violations = discord.state().violations.len();
    let sent_total: u64 = load.sent.values().sum();
    let kinds = Kind::ALL
        .iter()
        .map(|&k| {
            let mut s = load.samples.remove(&k).unwrap_or_default();
            s.first.sort();
            s.picture.sort();
            (k, load.sent.get(&k).copied().unwrap_or(0), s)
        })
        .collect();
    drop(bot);
    let bot_cpu_per_ix = bot_cpu / sent_total.max(1) as u32;
    println!(
        "load: {sent_total} interactions in {:.1} s, {} moves applied, bot CPU {:.1} s \
         ({:.0} µs per interaction, {:.0} % of {} cores)",
        sent_for.as_secs_f64(),
        load.moves_applied,
        bot_cpu.as_secs_f64(),
        bot_cpu_per_ix.as_secs_f64() * 1e6,
        bot_cores * 100.0,
        cores()
    );
    Row {
        backend: backend.name(),
        matches: live,
        restore,
        rss_ready_kib,
        rss_end_kib,
        kinds,
        moves_per_sec: committed / sent_for.as_secs_f64(),
        sent_per_sec: sent_total as f64 / sent_for.as_secs_f64(),
        fake_cpu_per_ix: cpu_me / sent_total.max(1) as u32,
        bot_cpu,
        bot_cpu_per_ix,
        bot_cores,
        violations,
        max_lag,
        slow_by_second: std::mem::take(&mut load.slow_by_second),
        swiss,
    }
}

/// The Swiss started halfway through the run, as the load follows it.
#[derive(Default)]
struct Swiss {
    /// The `/tournament start` interaction, and when it was sent (from the stream's start).
    start: Option<(u64, Duration)>,
    /// When every game of round 1 had its thread.
    paired: Option<Duration>,
    /// When the games' threads were last counted.
    counted: Option<Instant>,
}

impl Swiss {
    /// Its organiser starts it.
    fn start(&mut self, discord: &FakeDiscord, channel: u64, t0: Instant) {
        let organiser = swiss_player(0);
        let who = User::new(organiser.id, &organiser.name).with_manage_events();
        let ix = discord.slash_sub_in(&who, channel, "tournament", "start", json!({}));
        self.start = Some((ix, t0.elapsed()));
    }

    /// Counts round 1's game threads (every tenth of a second at most) until all are there.
    fn watch(&mut self, discord: &FakeDiscord, t0: Instant) {
        if self.start.is_none()
            || self.paired.is_some()
            || self
                .counted
                .is_some_and(|at| at.elapsed() < Duration::from_millis(100))
        {
            return;
        }
        self.counted = Some(Instant::now());
        let games = discord
            .state()
            .threads
            .values()
            .filter(|t| t.name.contains(" · Round 1 · "))
            .count() as u64;
        if games >= SWISS_PLAYERS / 2 {
            self.paired = Some(t0.elapsed());
        }
    }

    /// What it cost: its own first response, how long until its games were all open, and the
    /// p99 of the first responses to the interactions sent meanwhile beside the rest's.
    fn report(
        &self,
        discord: &FakeDiscord,
        firsts: &[(Duration, Duration)],
        run: Duration,
    ) -> String {
        let Some((ix, sent)) = self.start else {
            return "swiss: not started".into();
        };
        let answered = discord
            .state()
            .interactions
            .get(&ix)
            .and_then(|i| i.callbacks.iter().find(|c| c.accepted).map(|c| c.after));
        let until = self
            .paired
            .unwrap_or(run)
            .max(sent + Duration::from_secs(1));
        let (mut during, mut rest): (Vec<Duration>, Vec<Duration>) = (Vec::new(), Vec::new());
        for &(at, first) in firsts {
            if (sent..until).contains(&at) {
                during.push(first);
            } else {
                rest.push(first);
            }
        }
        during.sort();
        rest.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        format!(
            "swiss of {SWISS_PLAYERS}: started at {:.1} s (first response {}), round 1's {} games open {}; \
             first response p99 of the {} interactions sent meanwhile {:.1} ms, of the {} others {:.1} ms",
            sent.as_secs_f64(),
            answered.map_or("none".into(), |d| format!("{:.1} ms", ms(d))),
            SWISS_PLAYERS / 2,
            self.paired.map_or("not by the end".into(), |p| format!(
                "after {:.2} s",
                (p - sent).as_secs_f64()
            )),
            during.len(),
            ms(percentile(&during, 0.99)),
            rest.len(),
            ms(percentile(&rest, 0.99)),
        )
    }
}

fn print(rows: &[Row], rate: u64, secs: u64) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!();
    println!(
        "{rate} interactions/s for {secs} s (open loop); first response and board picture in ms"
    );
    println!(
        "backend  | kind                 |  sent | first p50 |   p99 |    max | picture p50 |   p99 |    max | >3 s | refused"
    );
    println!(
        "---------|----------------------|-------|-----------|-------|--------|-------------|-------|--------|------|--------"
    );
    for row in rows {
        for (kind, sent, s) in &row.kinds {
            let max = |v: &[Duration]| v.last().copied().unwrap_or_default();
            let pic = if s.picture.is_empty() {
                format!("{:>11} | {:>5} | {:>6}", "-", "-", "-")
            } else {
                format!(
                    "{:>11.1} | {:>5.1} | {:>6.1}",
                    ms(percentile(&s.picture, 0.5)),
                    ms(percentile(&s.picture, 0.99)),
                    ms(max(&s.picture))
                )
            };
            println!(
                "{:<8} | {:<20} | {:>5} | {:>9.1} | {:>5.1} | {:>6.1} | {pic} | {:>4} | {:>7}",
                row.backend,
                kind.label(),
                sent,
                ms(percentile(&s.first, 0.5)),
                ms(percentile(&s.first, 0.99)),
                ms(max(&s.first)),
                s.unanswered,
                s.refused
            );
        }
    }
    println!();
    println!(
        "backend  | live matches | restore s | RSS ready MiB | KiB/match | RSS end MiB | moves/s | sent/s | bot CPU s | bot CPU/ix | bot's cores  | fake+load CPU/ix | send lag max | violations"
    );
    println!(
        "---------|--------------|-----------|---------------|-----------|-------------|---------|--------|-----------|------------|--------------|------------------|--------------|-----------"
    );
    for r in rows {
        println!(
            "{:<8} | {:>12} | {:>9.2} | {:>13.0} | {:>9.1} | {:>11.0} | {:>7.0} | {:>6.0} | {:>9.1} | {:>7.0} µs | {:>5.0} % of {} | {:>13.0} µs | {:>9.1} ms | {:>10}",
            r.backend,
            r.matches,
            r.restore.as_secs_f64(),
            r.rss_ready_kib as f64 / 1024.0,
            r.rss_ready_kib as f64 / r.matches.max(1) as f64,
            r.rss_end_kib as f64 / 1024.0,
            r.moves_per_sec,
            r.sent_per_sec,
            r.bot_cpu.as_secs_f64(),
            r.bot_cpu_per_ix.as_secs_f64() * 1e6,
            r.bot_cores * 100.0,
            cores(),
            r.fake_cpu_per_ix.as_secs_f64() * 1e6,
            ms(r.max_lag),
            r.violations
        );
    }
    println!();
    println!(
        "first responses over {} ms (or none), by second of the run:",
        SLOW.as_millis()
    );
    for r in rows {
        let seconds: Vec<String> = r.slow_by_second.iter().map(u32::to_string).collect();
        println!("{:<8} | {}", r.backend, seconds.join(" "));
    }
    println!();
    for r in rows {
        println!("{:<8} | {}", r.backend, r.swiss);
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at the end: {}", load.trim());
}

/// Runs this benchmark again inside `scripts/pg-test.sh`, which starts a throwaway PostgreSQL
/// and sets `PARLOR_TEST_POSTGRES`. Returns false when that cannot be done.
fn rerun_with_postgres() -> bool {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pg-test.sh");
    let Ok(me) = std::env::current_exe() else {
        return false;
    };
    let status = Command::new(script)
        .arg(me)
        .args(std::env::args_os().skip(1))
        .status();
    match status {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(e) => {
            eprintln!("cannot start PostgreSQL with {script} ({e}): SQLite only");
            false
        }
    }
}

fn main() {
    let with_postgres = db::postgres_server().is_some()
        || (std::env::var_os("PARLOR_BENCH_SQLITE_ONLY").is_none() && rerun_with_postgres());
    let backends: &[Backend] = if with_postgres {
        &[Backend::Sqlite, Backend::Postgres]
    } else {
        &[Backend::Sqlite]
    };
    let n = env_or("PARLOR_LOAD_MATCHES", 10_000) as usize;
    let rate = env_or("PARLOR_LOAD_RATE", 500).max(1);
    let secs = env_or("PARLOR_LOAD_SECS", 60).max(1);
    println!(
        "{n} matches, {rate} interactions/s for {secs} s; load average before: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    // Two threads, like the machine: the fake and the load share them.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let mut rows = Vec::new();
    runtime.block_on(async {
        for &backend in backends {
            rows.push(run(backend, n, rate, secs).await);
        }
    });
    print(&rows, rate, secs);
}
