//! `parlor local`: the bot's commands typed in a terminal, on the same match service, database
//! and pictures. Only the transport differs: lines in, text and picture files out.

mod input;
pub mod parse;
mod text;

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};

use crate::games::barrier::MOVE_LIMIT;
use crate::games::lightning::{Design, Source};
use crate::games::{AnyGame, Outcome, Side, Status};
use crate::i18n::{Lang, Msg, Terminal};
use crate::store::Store;
use crate::table::{
    Act, Actor, Clock, Coaching, Config, Notice, Notices, Picture, Place, Reply, Request, Table,
    TextFile, TournamentAct, words,
};
use parse::Input;
use text::{extras, halves, is_grid_line, legend, listed, result_msg, show_pieces, wants_colour};
pub use text::{grouped, square_prefix};

/// How long piped input waits for the AI's answer before reading the next line.
const BOT_WAIT: Duration = Duration::from_secs(60);

/// The terminal's one channel: a local session is one table by the fire.
const PLACE: Place = Place {
    guild: None,
    channel: crate::table::TERMINAL_CHANNEL,
    parent: None,
    can_thread: false,
};

/// What `parlor local` was started with.
pub struct Options {
    /// Who speaks first.
    pub name: String,
    /// Where pictures are written.
    pub out: PathBuf,
    pub database_url: String,
    /// The language of every reply and picture.
    pub lang: Lang,
    /// Where `/rules` links the full rules (`PARLOR_DOCS_URL`); else the repository path.
    pub docs_url: Option<String>,
    /// The public address of the web pages (`PARLOR_PUBLIC_URL`), for links to them.
    pub public_url: Option<String>,
    /// `--manual-clock`: time stands still but for `/wait`, so a test or a demo can reach an
    /// arena's end (20 minutes at least) or a game clock's in no time.
    pub manual_clock: bool,
}

/// The service's settings for the terminal: the bot's own defaults (the real AI included), but
/// one keyboard has no spam to slow down, so no cooldown between challenges. It serves the
/// terminal's matches only: a bot sharing the database keeps its own.
pub fn config() -> Config {
    Config {
        challenge_cooldown_ms: 0,
        owns: Some(std::sync::Arc::new(crate::table::at_terminal)),
        ..Config::default()
    }
}

/// Runs a session until `/quit` or the end of input, then closes the database cleanly (its
/// log folded into the main file) whatever happened.
pub async fn run(options: Options) -> Result<()> {
    // The store's errors name the database and say what is wrong with it.
    let store = Store::open(&options.database_url).await?;
    let now = crate::table::Clock::now_ms(&crate::table::SystemClock);
    if let Err(e) = crate::table::puzzles::load_starter(&store, now).await {
        tracing::warn!(error = %e, "the starter puzzles could not be loaded");
    }
    let result = session(store.clone(), options).await;
    store.close().await;
    result
}

async fn session(store: Store, options: Options) -> Result<()> {
    let clock = options
        .manual_clock
        .then(|| crate::table::ManualClock::new(crate::table::SystemClock.now_ms()));
    let mut config = Config {
        docs_url: options.docs_url.clone(),
        public_url: options.public_url.clone(),
        ..config()
    };
    if let Some(clock) = &clock {
        config.clock = std::sync::Arc::new(clock.clone());
    }
    let bot_id = config.bot.id;
    let (table, mut notices) = Table::start(store, config)
        .await
        .context("cannot start the match service")?;
    let timer = table.matches().spawn_timer();
    let tournament_timer = table.tournaments().spawn_timer();
    std::fs::create_dir_all(&options.out)
        .with_context(|| format!("cannot create {}", options.out.display()))?;
    let mut lines = input::start(table.clone(), PLACE, tokio::runtime::Handle::current());
    let mut session = Session {
        table,
        me: actor(&options.name),
        out: options.out,
        color: wants_colour(std::io::stdout().is_terminal()),
        controls: HashMap::new(),
        confirm: None,
        bot_to_move: false,
        bot_id,
        printer: lines.printer.take(),
        lang: options.lang,
        games: HashMap::new(),
        clock,
        live: HashMap::new(),
        live_due: HashMap::new(),
    };
    let greeting = session.tr(Msg::new("local-greeting")
        .plain("name", &session.me.name)
        .code("help", "/help")
        .code(
            "as",
            format!("/as {}", parse::syntax("{name}", options.lang)),
        ));
    session.say(greeting);
    loop {
        // Piped input: let the AI answer before the next scripted line.
        if session.bot_to_move && !lines.interactive {
            if let Ok(Some(n)) = tokio::time::timeout(BOT_WAIT, notices.recv()).await {
                session.notice(n).await;
            }
            session.bot_to_move = false;
        }
        drain(&mut session, &mut notices).await;
        let prompt = format!("{}> ", session.me.name);
        if lines.ask.send(prompt).is_err() {
            break;
        }
        let line = loop {
            tokio::select! {
                line = lines.lines.recv() => break line.flatten(),
                Some(n) = notices.recv() => {
                    session.notice(n).await;
                    drain(&mut session, &mut notices).await;
                }
            }
        };
        let Some(line) = line else { break };
        // Scripts echo what they typed, so the transcript reads like a session.
        if !lines.interactive && !line.trim().is_empty() {
            println!("{}> {}", session.me.name, parse::shorten(line.trim()));
        }
        match parse::parse(&line) {
            Ok(Input::Quit) => break,
            Ok(input) => {
                session.input(input).await;
                session.settle(&mut notices).await;
            }
            Err(message) => {
                let text = session.tr(message);
                session.say(text);
            }
        }
    }
    drain(&mut session, &mut notices).await;
    finish_bot_turns(&mut session, &mut notices, lines.interactive).await;
    timer.abort();
    tournament_timer.abort();
    Ok(())
}

/// At the end of a script, lets the bot play the moves it owes (at a table for four it may owe
/// several in a row); on a terminal, or when it takes too long, says calmly that the bot will
/// play at the next start instead of cutting it off with an error.
async fn finish_bot_turns(session: &mut Session, notices: &mut Notices, interactive: bool) {
    while session.table.matches().bot_to_move(&PLACE).await {
        let next = if interactive {
            None
        } else {
            tokio::time::timeout(BOT_WAIT, notices.recv())
                .await
                .ok()
                .flatten()
        };
        match next {
            Some(n) => session.notice(n).await,
            None => {
                let text = session.tr(Msg::new("local-bot-later"));
                session.say(text);
                return;
            }
        }
    }
}

/// Shows the notices waiting, then the arena standings they changed.
async fn drain(session: &mut Session, notices: &mut Notices) {
    while let Ok(n) = notices.try_recv() {
        session.notice(n).await;
    }
    session.flush_live().await;
}

/// A local player: the id is derived from the name, so it is the same in every session. At
/// the terminal anyone may organise a tournament (there are no server permissions).
/// The command typed for a button that is no control of a match (a tournament card's Join and
/// Leave), if it is one.
fn typed_as_is(act: &Act) -> Option<&'static str> {
    match act {
        Act::Tournament(TournamentAct::Join(_)) => Some("/tournament join"),
        Act::Tournament(TournamentAct::Leave(_)) => Some("/tournament leave"),
        _ => None,
    }
}

fn actor(name: &str) -> Actor {
    let u = parse::user_ref(name);
    Actor::new(u.id, u.name).events_manager()
}

struct Session {
    table: Table,
    me: Actor,
    out: PathBuf,
    color: bool,
    /// The last button (or menu) shown for each action: `/accept` presses it.
    /// The live controls last offered, by their typed command (`accept`, `sit 2`).
    controls: HashMap<&'static str, String>,
    /// The confirm button of the last question a button asked: `/confirm` presses it.
    confirm: Option<String>,
    /// The last board said the bot is to move.
    bot_to_move: bool,
    bot_id: u64,
    /// Output above the prompt on a terminal; plain stdout otherwise.
    printer: Option<Box<dyn rustyline::ExternalPrinter + Send>>,
    lang: Lang,
    /// Each player's game of a tournament round: its match and its thread, where their
    /// commands act while it is open (several games of a round go on at once).
    games: HashMap<u64, (i64, Place)>,
    /// The manual clock `/wait` moves, when the session was started with one.
    clock: Option<crate::table::ManualClock>,
    /// Each arena's live standings as last printed: printed again only when they change.
    live: HashMap<i64, String>,
    /// Each arena's latest live standings, not printed yet.
    live_due: HashMap<i64, Box<Reply>>,
}

impl Session {
    /// A message in the session's language.
    fn tr(&self, msg: Msg) -> String {
        msg.terminal_text(self.lang)
    }

    /// Prints one block of output (a line or several).
    fn say(&mut self, text: impl Into<String>) {
        let mut text = text.into();
        text.push('\n');
        match &mut self.printer {
            Some(printer) => {
                if let Err(e) = printer.print(text.clone()) {
                    tracing::debug!("terminal printer failed ({e}); printing directly");
                    print!("{text}");
                }
            }
            None => print!("{text}"),
        }
    }

    /// Where the current player's commands act: the thread of their tournament game while it
    /// is open, else the terminal's one table.
    fn place(&self) -> Place {
        match self.games.get(&self.me.id) {
            Some((id, place)) if self.table.matches().is_open(*id) => *place,
            _ => PLACE,
        }
    }

    /// A tournament's game starting (its reply asks for a thread): it gets a thread of its own
    /// at the terminal, the match service is told, and its players' commands act there.
    async fn move_into_thread(&mut self, reply: &Reply) {
        let Some(thread) = &reply.thread else { return };
        let place = Place {
            parent: Some(PLACE.channel),
            ..Place::new(None, crate::table::terminal_thread(thread.match_id))
        };
        let stamp = crate::table::Stamp {
            match_id: thread.match_id,
            seq: 0,
        };
        let act = Act::ThreadStarted {
            thread: place,
            card: None,
        };
        let told = self
            .table
            .handle(&Actor::new(0, "terminal"), &PLACE, act.at(stamp))
            .await;
        if told.kind == crate::table::ReplyKind::Refusal {
            tracing::warn!(
                match_id = thread.match_id,
                "the match service refused its thread"
            );
            return;
        }
        for &player in &thread.members {
            self.games.insert(player, (thread.match_id, place));
        }
    }

    /// After each line, what a tournament owes now (results, the next round, its games) is done
    /// before the next line is read, so a script reads like a club night.
    async fn settle(&mut self, notices: &mut Notices) {
        if self.table.tournaments().open_count() > 0 {
            self.table.tournaments().tick().await;
        }
        while let Ok(n) = notices.try_recv() {
            self.notice(n).await;
        }
        self.flush_live().await;
    }

    async fn input(&mut self, input: Input) {
        match input {
            Input::Nothing | Input::Quit => {}
            Input::Help => self.say(help(self.lang)),
            Input::As(name) => {
                self.me = actor(&name);
                let text = self.tr(Msg::new("local-now-speaking").plain("name", &self.me.name));
                self.say(text);
            }
            Input::Legal => self.legal().await,
            Input::Wait(minutes) => self.wait(minutes).await,
            Input::Confirm => match self
                .confirm
                .take()
                .and_then(|id| Request::from_custom_id(&id, &[]))
            {
                Some(request) => self.send(request).await,
                None => self.say(self.tr(Msg::new("local-nothing-to-confirm"))),
            },
            Input::Service(act) => self.send(act.into()).await,
            Input::Press(act) => {
                // One rule, whatever was printed before: a typed control is pressed on the
                // current board (so /resign always asks first); only what no board offers
                // goes as the slash command.
                // A player with a tournament game presses on that game's board: the boards
                // of the round's other games were printed too.
                let shown = act
                    .typed()
                    .and_then(|typed| self.controls.get(typed))
                    .and_then(|id| crate::table::stamp_of_custom_id(id))
                    .filter(|_| self.place() == PLACE);
                let stamp = match shown {
                    Some(stamp) => Some(stamp),
                    None => self.current_control(&act).await,
                };
                let request = match stamp {
                    Some(stamp) => act.at(stamp),
                    None => act.into(),
                };
                self.send(request).await;
            }
        }
    }

    /// Lets `minutes` pass on the manual clock, then does what fell due meanwhile (game
    /// clocks run out; an arena's end comes with its next look). With the real clock, says
    /// how to start a session whose time `/wait` moves.
    async fn wait(&mut self, minutes: u32) {
        let Some(clock) = self.clock.clone() else {
            let text = Msg::new("local-wait-real-clock").code("flag", "--manual-clock");
            return self.say(self.tr(text));
        };
        clock.advance_ms(i64::from(minutes) * 60_000);
        let text = Msg::new("local-waited")
            .num("minutes", i64::from(minutes))
            .time("time", clock.now_ms());
        self.say(self.tr(text));
        self.table.matches().tick().await;
    }

    /// Where `act` is a button of this place's current board (not printed since the session
    /// started, or printed for someone else): the stamp to press it at.
    async fn current_control(&self, act: &Act) -> Option<crate::table::Stamp> {
        let board = self.table.handle(&self.me, &self.place(), Act::Board).await;
        let button = board.button(act).filter(|b| !b.disabled)?;
        crate::table::stamp_of_custom_id(&button.id)
    }

    async fn send(&mut self, request: Request) {
        let reply = self.table.handle(&self.me, &self.place(), request).await;
        let news = reply.tournament.clone();
        self.show(reply).await;
        self.show_live(news).await;
    }

    async fn notice(&mut self, notice: Notice) {
        self.move_into_thread(&notice.reply).await;
        let news = notice.reply.tournament.clone();
        self.show(notice.reply).await;
        self.show_live(news).await;
    }

    /// Keeps an arena's live standings as the latest news says them, for [`Self::flush_live`].
    async fn show_live(&mut self, news: Option<crate::table::TournamentNews>) {
        if let Some((id, standings)) = news.and_then(|n| Some((n.id, n.live?))) {
            self.live_due.insert(id, standings);
        }
    }

    /// Prints each arena's live standings (Discord keeps them in one message it edits) with
    /// their picture, once the news of a line or a tick has been shown: when they read
    /// differently from the last printed and a game has been played. The final ones come
    /// with the podium at the end, not again here.
    async fn flush_live(&mut self) {
        let mut due: Vec<(i64, Box<Reply>)> = self.live_due.drain().collect();
        due.sort_by_key(|(id, _)| *id);
        for (id, standings) in due {
            let Some(picture) = standings.picture.clone() else {
                continue;
            };
            if matches!(&picture, Picture::Standings(s) if s.heading.over) {
                continue;
            }
            let text = standings.text_in(self.lang, &Terminal);
            if self.live.get(&id) == Some(&text) {
                continue;
            }
            self.live.insert(id, text.clone());
            self.say(text);
            self.write_picture(picture).await;
        }
    }

    /// Lists every legal move of the current position (the service's board; the service's
    /// hints decide which moves a player may see).
    async fn legal(&mut self) {
        let place = self.place();
        let reply = self.table.handle(&self.me, &place, Act::Board).await;
        let Some(Picture::Board { game, .. }) = reply.picture else {
            // No match here: the moves of the puzzle under way, if any.
            let puzzle = self.table.puzzles().move_hints(self.me.id, "").await;
            if puzzle.is_empty() {
                self.say(reply.text_in(self.lang, &Terminal));
            } else {
                let text = Msg::new("local-legal-moves")
                    .num("n", puzzle.len() as i64)
                    .plain("moves", listed(&puzzle));
                self.say(self.tr(text));
            }
            return;
        };
        let mut shown = Vec::new();
        for m in game.legal_move_texts() {
            if self
                .table
                .matches()
                .move_hints(&place, &m)
                .await
                .contains(&m)
            {
                shown.push(m);
            }
        }
        if shown.is_empty() {
            self.say(self.tr(Msg::new("local-no-moves")));
        } else {
            let text = Msg::new("local-legal-moves")
                .num("n", shown.len() as i64)
                .plain("moves", listed(&shown));
            self.say(self.tr(text));
        }
    }

    /// Prints a reply: its text, the board as text, the picture's file, the commands its
    /// buttons stand for.
    async fn show(&mut self, reply: Reply) {
        let reply = self.follow(reply).await;
        let text = reply.text_in(self.lang, &Terminal);
        if reply.private {
            self.say(self.tr(Msg::new("local-to-you").plain("text", text)));
        } else {
            self.say(text);
        }
        for link in &reply.links {
            let line = self.tr(Msg::new("local-on-the-web").plain("url", link.url.clone()));
            self.say(line);
        }
        if let Some(file) = &reply.file {
            self.write_file(file);
        }
        if reply.in_words
            && let Some(picture) = &reply.picture
        {
            self.say(picture.describe(self.lang).full());
        } else if let Some(picture) = &reply.picture {
            if let Picture::Board {
                game,
                players,
                result,
                ..
            } = picture
            {
                let board = self.board(game, players, *result);
                self.say(board);
            }
            if let Picture::Puzzle { game, .. } = picture {
                let board = self.board(game, &[], None);
                self.say(board);
            }
            self.write_picture(picture.clone()).await;
            for section in &reply.sections {
                let lines: Vec<String> = section.lines.iter().map(|m| self.tr(m.clone())).collect();
                self.say(lines.join("\n"));
                if let Some(picture) = &section.picture {
                    self.write_picture(picture.clone()).await;
                }
            }
            // A live board (one that can still be resigned) on which the bot is to move.
            self.bot_to_move = reply.mentions.first() == Some(&self.bot_id)
                && reply.button(&Act::Resign).is_some_and(|b| !b.disabled);
        }
        let mut buttons: Vec<(Act, String, &Msg)> = reply
            .all_buttons()
            .filter(|b| !b.disabled)
            .filter_map(|b| {
                Request::from_custom_id(&b.id, &[]).map(|r| (r.act, b.id.clone(), &b.label))
            })
            .collect();
        // A tournament card's buttons stand for commands typed as they are, not for controls
        // of a match: they change none of the commands offered.
        let mut offered: Vec<String> = Vec::new();
        buttons.retain(|(act, _, _)| match typed_as_is(act) {
            Some(typed) => {
                offered.push(typed.to_string());
                false
            }
            None => true,
        });
        let menus: Vec<(Act, String, Vec<String>)> = reply
            .menus
            .iter()
            .filter_map(|m| {
                let request = Request::from_custom_id(&m.id, &[])?;
                Some((
                    request.act,
                    m.id.clone(),
                    m.options.iter().map(|o| o.value.clone()).collect(),
                ))
            })
            .collect();
        // A public answer about a match replaces the commands offered, even with none (a
        // cancelled challenge's buttons are gone); a private one (a question, the moves of one
        // piece) adds to the board's.
        if !reply.private && (reply.match_id.is_some() || !buttons.is_empty() || !menus.is_empty())
        {
            self.controls.clear();
        }
        for (act, id, label) in buttons {
            let Some(typed) = act.typed() else { continue };
            // A seat's number says nothing of the seat: its button's words name it (`Black 1`).
            match act {
                Act::Sit(_) => {
                    let seat = label.args.iter().find_map(|(name, arg)| match arg {
                        crate::i18n::Arg::Msg(seat) if *name == "seat" => Some(seat.as_ref()),
                        _ => None,
                    });
                    let seat = self.tr(seat.unwrap_or(label).clone());
                    offered.push(format!("/{typed} ({seat})"));
                }
                _ => offered.push(format!("/{typed}")),
            }
            if matches!(act, Act::ConfirmResign | Act::ConfirmDraw) {
                self.confirm = Some(id);
            } else {
                self.controls.insert(typed, id);
            }
        }
        // The pieces to pick are the mover's: not offered to whoever just moved.
        let to_move = reply.mentions.first().copied();
        for (act, id, values) in menus {
            let Some(typed) = act.typed() else { continue };
            let theirs =
                matches!(act, Act::PickSource(_)) && to_move.is_some_and(|p| p != self.me.id);
            if !theirs {
                offered.push(format!("/{typed} <{}>", values.join("|")));
            }
            self.controls.insert(typed, id);
        }
        if offered.is_empty() {
            return;
        }
        let text = Msg::new("local-commands-here").plain("commands", offered.join("  "));
        self.say(self.tr(text));
    }

    /// Waits for work under way (an analysis), printing how far it has got at most once a
    /// second, and returns the reply it ends with; any other reply as it is.
    async fn follow(&mut self, mut reply: Reply) -> Reply {
        let Some(mut progress) = reply.progress.take() else {
            return reply;
        };
        if let Some(title) = reply.title.clone() {
            let title = self.tr(title);
            self.say(title);
        }
        let mut shown: Option<String> = None;
        let mut last: Option<std::time::Instant> = None;
        let mut state = progress.now();
        loop {
            match state {
                Coaching::Done(done) => return *done,
                Coaching::Failed(msg) => return Reply::private(msg),
                ref running => {
                    let due = last.is_none_or(|at| at.elapsed() >= Duration::from_secs(1));
                    let text = running.line().map(|line| self.tr(line));
                    if let Some(text) = text.filter(|t| due && shown.as_ref() != Some(t)) {
                        self.say(text.clone());
                        shown = Some(text);
                        last = Some(std::time::Instant::now());
                    }
                }
            }
            state = progress.next().await;
        }
    }

    /// Writes an attached text under `--out` and prints it too: a terminal has room for it.
    fn write_file(&mut self, file: &TextFile) {
        let body = file.body(self.lang);
        let text = self.save(&file.name, body.as_bytes(), "local-export");
        self.say(text);
        self.say(body.trim_end());
    }

    /// The grid, what the game needs besides it, and at the end the result: the rules' or,
    /// when the match ended otherwise (resignation, agreement, timeout, abort), the match's.
    fn board(&self, game: &AnyGame, players: &[Msg], result: Option<Outcome>) -> String {
        // The engine's drawing also says whose turn it is and more, in the engine's English:
        // keep its grid and say the rest in the session's language.
        let mut lines: Vec<String> = halves(game, players, self.lang)
            .into_iter()
            .map(|m| self.tr(m))
            .collect();
        lines.extend(
            game.draw_text()
                .lines()
                .filter(|l| is_grid_line(l))
                .map(|l| l.replace('.', "·"))
                .map(|l| show_pieces(game, &l, self.lang, self.color)),
        );
        lines.extend(legend(game).into_iter().map(|m| self.tr(m)));
        lines.extend(extras(game).into_iter().map(|m| self.tr(m)));
        let ended = match game.status() {
            Status::Over(outcome) => Some(outcome),
            Status::ToMove(_) => result,
        };
        if let Some(outcome) = ended {
            lines.push(self.tr(result_msg(game, players, outcome, self.lang)));
        }
        lines.join("\n")
    }

    /// Draws the picture off the async thread and writes it under `--out`.
    async fn write_picture(&mut self, picture: Picture) {
        let lang = self.lang;
        let drawn = tokio::task::spawn_blocking(move || picture.render(lang)).await;
        let image = match drawn {
            Ok(Ok(image)) => image,
            Ok(Err(e)) => {
                let text = self.tr(Msg::new("local-no-picture").plain("why", e.to_string()));
                return self.say(text);
            }
            Err(_) => {
                let text = self.tr(Msg::new("local-no-picture").plain("why", "-"));
                return self.say(text);
            }
        };
        let text = self.save(&image.file_name, &image.bytes, "local-picture");
        self.say(text);
    }

    /// Writes `bytes` as `name` under `--out`; says where (`written`, a catalogue id taking
    /// the path), or why it could not.
    fn save(&self, name: &str, bytes: &[u8], written: &'static str) -> String {
        let path = self.out.join(name);
        let shown = path.display().to_string();
        let text = match std::fs::write(&path, bytes) {
            Ok(()) => Msg::new(written).plain("path", shown),
            Err(e) => Msg::new("local-cannot-write")
                .plain("path", shown)
                .plain("why", e.to_string()),
        };
        self.tr(text)
    }
}

/// How many legal moves `/legal` lists on one line (a standard Lines of Action start has 36).
const FLAT_MOVES: usize = 40;

/// The `/help` text: every command with what it does.
fn help(lang: Lang) -> String {
    let mut text = Msg::new("local-help").text(lang);
    for (name, syntax) in parse::commands() {
        let about = crate::i18n::lookup(lang, &parse::help_id(&name)).unwrap_or_default();
        let syntax = parse::syntax(&syntax, lang);
        text.push_str(&format!("\n  {name} {syntax}   {about}"));
    }
    text
}
