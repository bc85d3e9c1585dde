//! What goes into the table: one [`Act`] (a typed command, a pressed button or menu, the timer,
//! or news from the transport), with the board it was pressed on carried once in a [`Request`].
//! A control's `custom_id` (`pl:mv:42:17`) names its act, the match and the log position, so a
//! press survives restarts and an old board is recognised.

use crate::games::GameKind;
use crate::i18n::Lang;

/// Everything a person, the timer or the transport can ask of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    Challenge(ChallengeSpec),
    Accept,
    Decline,
    Cancel,
    /// Play a move (typed, or chosen in a menu of whole moves).
    Move(String),
    /// The first step of moving with menus: the piece (or source) chosen; answers with the
    /// moves from there.
    PickSource(String),
    Board,
    /// The board in words, only to the requester (`/board text:true`).
    BoardText,
    /// Give up. Typed, it resigns at once; a press of the board's button only asks the presser
    /// to confirm, privately.
    Resign,
    /// Resign for good: the confirmation asked by a Resign button.
    ConfirmResign,
    /// Offer a draw, or accept the standing offer. Typed, it accepts at once; a press that
    /// would accept only asks the presser to confirm.
    Draw,
    /// Accept the standing draw offer for good: the confirmation asked by a button.
    ConfirmDraw,
    RefuseDraw,
    /// Ask to take back your last move, or accept the opponent's request.
    Takeback,
    RefuseTakeback,
    Abort,
    /// Take an empty seat of a lobby (a match of more than two seats); 0-based, in turn order.
    Sit(u8),
    /// Seat the bot on the lobby's first empty seat.
    SitBot,
    /// Challenge the opponent of a finished match again, with seats swapped.
    Rematch,
    Rules(GameKind),
    /// The commands in short, and where the rules are.
    Help,
    /// Shows the settings, or changes them: the server's (`threads`, `language`, `web`, Manage
    /// Server only) and the requester's own (`reminders`, `my_language`, `my_web`).
    Settings(SettingsChange),
    Leaderboard {
        game: GameKind,
        scope: Scope,
        page: u32,
        /// A variant with a ladder of its own (ambidextrous, cylinder); `None`: the game's.
        variant: Option<String>,
    },
    /// A player's ratings (default: the requester), for one game or all.
    Stats {
        user: Option<UserRef>,
        game: Option<GameKind>,
    },
    /// Results between the requester (or `other`) and `user`, for one game or all.
    HeadToHead {
        user: UserRef,
        other: Option<UserRef>,
        game: Option<GameKind>,
    },
    History {
        user: Option<UserRef>,
    },
    Replay(i64),
    /// The move list of this channel's match (or of the requester's last match here once it is
    /// over), or of the match given; a finished match comes with its export.
    Moves(Option<i64>),
    /// The AI's review of a finished match (`/analyze`, or the button on its final board): the
    /// match given, else the requester's last finished match in this channel.
    Analyse(Option<i64>),
    /// The transport started the match's thread (`thread.parent` is the channel it was
    /// challenged in), from its challenge card when there was one.
    ThreadStarted {
        thread: Place,
        card: Option<(u64, u64)>,
    },
    /// The transport could not start the match's thread: it is played where it was challenged.
    NoThread,
    /// The transport posted the match's challenge card here (to edit it later).
    CardPosted {
        channel: u64,
        message: u64,
    },
    /// `/tournament ...`, or a press of a tournament card's Join or Leave button.
    Tournament(TournamentAct),
    /// `/puzzle ...`, or a press of a puzzle's menu or button (its stamp names the attempt and
    /// its step).
    Puzzle(PuzzleAct),
}

/// What `/puzzle` asks, and what a puzzle's controls do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAct {
    /// A puzzle near the requester's puzzle rating, of this game and variant (default: a game
    /// they play, or Lines of Action).
    New {
        game: Option<GameKind>,
        variant: Option<String>,
    },
    /// The day's puzzle, the same for everyone.
    Daily,
    /// A move of the attempt under way.
    Move(String),
    /// The first step of moving with menus: the piece chosen.
    Pick(String),
    /// The piece to move (the attempt is then unrated).
    Hint,
}

const PUZZLE_MOVE: &str = "pzm";
const PUZZLE_PICK: &str = "pzp";
const PUZZLE_HINT: &str = "pzh";
const PUZZLE_DAILY: &str = "pzd";

impl PuzzleAct {
    /// A short name for logs.
    pub fn name(&self) -> &'static str {
        match self {
            PuzzleAct::New { .. } => "puzzle",
            PuzzleAct::Daily => "puzzle-daily",
            PuzzleAct::Move(_) => "puzzle-move",
            PuzzleAct::Pick(_) => "puzzle-pick",
            PuzzleAct::Hint => "puzzle-hint",
        }
    }

    /// The `custom_id` of this act's control on the attempt's board at `stamp` (the attempt and
    /// its step): `pl:pzm:12:2`. The daily post's Solve button is `pl:pzd:<day>:0`; `None`
    /// for `New`, which no control carries.
    pub fn custom_id(&self, stamp: Stamp) -> Option<String> {
        let code = match self {
            PuzzleAct::New { .. } => return None,
            PuzzleAct::Move(_) => PUZZLE_MOVE,
            PuzzleAct::Pick(_) => PUZZLE_PICK,
            PuzzleAct::Hint => PUZZLE_HINT,
            PuzzleAct::Daily => PUZZLE_DAILY,
        };
        Some(format!("{PREFIX}:{code}:{}:{}", stamp.match_id, stamp.seq))
    }
}

/// The puzzle act of a control made by [`PuzzleAct::custom_id`], with a menu's chosen value.
fn puzzle_press(text: &str, values: &[String]) -> Option<Request> {
    let (code, stamp) = parse_custom_id(text)?;
    let value = values.first().cloned().unwrap_or_default();
    let act = match code {
        PUZZLE_MOVE => PuzzleAct::Move(value),
        PUZZLE_PICK => PuzzleAct::Pick(value),
        PUZZLE_HINT => PuzzleAct::Hint,
        // Any day's post gives the puzzle of the day it is pressed.
        PUZZLE_DAILY => return Some(Act::Puzzle(PuzzleAct::Daily).into()),
        _ => return None,
    };
    Some(Act::Puzzle(act).at(stamp))
}

/// What `/tournament` asks: each subcommand, about the open tournament of this place (a press
/// names its tournament).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAct {
    Create(TournamentCreate),
    /// Enter it (typed: the tournament here; pressed: the one its card names).
    Join(Option<i64>),
    /// Leave it (typed: the tournament here; pressed: the one its card names).
    Leave(Option<i64>),
    /// The organiser pairs round 1 now.
    Start,
    Standings,
    Pairings,
    /// A half-point bye in the next round.
    Bye,
    /// The organiser adds the bot at this level (1 to 5).
    AddBot(u8),
    Cancel,
    /// The TRF file.
    Export,
    /// In an arena game, before one's first move: half one's clock for a point more on a win.
    Berserk,
    /// The transport posted tournament `id`'s card at `card` (channel, message) and started
    /// its thread (if it could).
    Located {
        id: i64,
        card: (u64, u64),
        thread: Option<u64>,
    },
}

/// `/tournament create`'s options as typed; the table reads the times against its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentCreate {
    pub game: GameKind,
    pub variant: Option<String>,
    /// `swiss`, `round-robin` or `arena`.
    pub format: String,
    pub rounds: Option<usize>,
    pub clock: Option<String>,
    pub rated: Option<bool>,
    /// When round 1 starts: in a while (`30m`, `2h`) or at a time of day, UTC (`20:30`).
    pub starts: Option<String>,
    /// An arena's length.
    pub duration: Option<String>,
    /// Rounds at this interval (`1h`) instead of each when the previous ends.
    pub interval: Option<String>,
}

impl TournamentAct {
    /// A short name for logs.
    pub fn name(&self) -> &'static str {
        match self {
            TournamentAct::Create(_) => "tournament-create",
            TournamentAct::Join(_) => "tournament-join",
            TournamentAct::Leave(_) => "tournament-leave",
            TournamentAct::Start => "tournament-start",
            TournamentAct::Standings => "tournament-standings",
            TournamentAct::Pairings => "tournament-pairings",
            TournamentAct::Bye => "tournament-bye",
            TournamentAct::AddBot(_) => "tournament-add-bot",
            TournamentAct::Cancel => "tournament-cancel",
            TournamentAct::Export => "tournament-export",
            TournamentAct::Berserk => "tournament-berserk",
            TournamentAct::Located { .. } => "tournament-located",
        }
    }

    /// Whether only an organiser (Manage Events or Manage Server) may ask it.
    pub fn organises(&self) -> bool {
        matches!(
            self,
            TournamentAct::Create(_)
                | TournamentAct::Start
                | TournamentAct::AddBot(_)
                | TournamentAct::Cancel
        )
    }

    /// The `custom_id` of a tournament card's Join or Leave button (`pl:tj:7`); `None` for
    /// any other act.
    pub fn custom_id(&self, tournament: i64) -> Option<String> {
        let code = match self {
            TournamentAct::Join(_) => TOURNAMENT_JOIN,
            TournamentAct::Leave(_) => TOURNAMENT_LEAVE,
            _ => return None,
        };
        Some(format!("{PREFIX}:{code}:{tournament}"))
    }
}

const TOURNAMENT_JOIN: &str = "tj";
const TOURNAMENT_LEAVE: &str = "tl";

/// The tournament act of a card's button made by [`TournamentAct::custom_id`].
fn tournament_press(text: &str) -> Option<Request> {
    let mut parts = text.split(':');
    if parts.next()? != PREFIX {
        return None;
    }
    let code = parts.next()?;
    let id: i64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    let act = match code {
        TOURNAMENT_JOIN => TournamentAct::Join(Some(id)),
        TOURNAMENT_LEAVE => TournamentAct::Leave(Some(id)),
        _ => return None,
    };
    Some(Act::Tournament(act).into())
}

/// What `/settings` changes: `None` leaves a setting as it is; a language is `Some(None)` for
/// `auto`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub threads: Option<bool>,
    pub reminders: Option<bool>,
    pub language: Option<Option<Lang>>,
    pub my_language: Option<Option<Lang>>,
    /// The server's web pages on (a link to share) or off (every old link dies).
    pub web: Option<bool>,
    /// The requester's name on the web pages: shown, or hidden ("anonymous").
    pub my_web: Option<bool>,
    /// The server's channel where the daily puzzle is posted.
    pub puzzle_channel: Option<u64>,
    /// The server's name as the transport knows it: kept, when a manager asks, for the web
    /// pages' titles (a server is renamed now and then).
    pub server_name: Option<String>,
}

/// An act and the board it was pressed on: `None` for a typed command (it acts on this
/// channel's match), `Some` for a control (it acts on that match and is refused if stale).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub act: Act,
    pub at: Option<Stamp>,
}

impl From<Act> for Request {
    fn from(act: Act) -> Request {
        Request { act, at: None }
    }
}

/// A match and the log position a control was drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub match_id: i64,
    /// Entries in the match's log when the board was drawn (the ply, until a takeback).
    pub seq: u32,
}

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub id: u64,
    pub name: String,
    /// May abort any match here (Discord: Manage Messages).
    pub is_moderator: bool,
    /// May change the server's settings (Discord: Manage Server).
    pub manages_server: bool,
    /// May organise the server's events (Discord: Manage Events): tournaments.
    pub manages_events: bool,
}

impl Actor {
    pub fn new(id: u64, name: impl Into<String>) -> Actor {
        Actor {
            id,
            name: name.into(),
            is_moderator: false,
            manages_server: false,
            manages_events: false,
        }
    }

    pub fn moderator(mut self) -> Actor {
        self.is_moderator = true;
        self
    }

    pub fn manager(mut self) -> Actor {
        self.manages_server = true;
        self
    }

    pub fn events_manager(mut self) -> Actor {
        self.manages_events = true;
        self
    }

    /// Whether they may organise a tournament here (Manage Events or Manage Server).
    pub fn may_organise(&self) -> bool {
        self.manages_events || self.manages_server
    }
}

/// Where a request was made. A thread is just a channel (its parent is kept for reference).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The server, or `None` in direct messages and in the terminal.
    pub guild: Option<u64>,
    pub channel: u64,
    /// The channel a thread belongs to.
    pub parent: Option<u64>,
    /// The transport can start a thread of its own here (Discord: a server's text channel
    /// where the bot may create public threads and write in them).
    pub can_thread: bool,
}

impl Place {
    pub fn new(guild: Option<u64>, channel: u64) -> Place {
        Place {
            guild,
            channel,
            parent: None,
            can_thread: false,
        }
    }

    /// The same place, where the transport can start threads.
    pub fn with_threads(mut self) -> Place {
        self.can_thread = true;
        self
    }
}

/// Another user named in a command (an opponent, whose stats to show ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    pub id: u64,
    pub name: String,
}

impl UserRef {
    pub fn new(id: u64, name: impl Into<String>) -> UserRef {
        UserRef {
            id,
            name: name.into(),
        }
    }
}

/// Whom a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Anyone in the channel may accept.
    Anyone,
    /// The bot itself (the AI).
    Bot,
    User(UserRef),
}

/// `/play`: everything but the game is optional and takes the documented default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeSpec {
    pub game: GameKind,
    pub opponent: Opponent,
    /// A preset name of [`super::variants`]; default `standard`.
    pub variant: Option<String>,
    /// Default: rated, except against the bot.
    pub rated: Option<bool>,
    /// `none`, `30m`, `1h`, `1d` ...; default one day per move.
    pub clock: Option<String>,
    /// AI level 1-5 (against the bot); default 2.
    pub level: Option<u8>,
}

impl ChallengeSpec {
    pub fn new(game: GameKind, opponent: Opponent) -> ChallengeSpec {
        ChallengeSpec {
            game,
            opponent,
            variant: None,
            rated: None,
            clock: None,
            level: None,
        }
    }
}

/// The ladder of one server, or everyone's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Server,
    Global,
}

/// The acts a control can carry: each with its code in a `custom_id` and the command a person
/// types for it where there are no buttons (the terminal). The one list of them.
pub static CONTROLS: [(&str, &str, Act); 20] = [
    ("acc", "accept", Act::Accept),
    ("dec", "decline", Act::Decline),
    ("can", "cancel", Act::Cancel),
    ("src", "pick", Act::PickSource(String::new())),
    ("mv", "move", Act::Move(String::new())),
    ("res", "resign", Act::Resign),
    ("drw", "draw", Act::Draw),
    ("ndr", "refuse-draw", Act::RefuseDraw),
    ("tkb", "takeback", Act::Takeback),
    ("ntk", "refuse-takeback", Act::RefuseTakeback),
    ("abt", "abort", Act::Abort),
    ("rem", "rematch", Act::Rematch),
    ("cres", "confirm", Act::ConfirmResign),
    ("cdrw", "confirm", Act::ConfirmDraw),
    ("st1", "sit 1", Act::Sit(0)),
    ("st2", "sit 2", Act::Sit(1)),
    ("st3", "sit 3", Act::Sit(2)),
    ("st4", "sit 4", Act::Sit(3)),
    ("stb", "sit-bot", Act::SitBot),
    ("ana", "analyze", Act::Analyse(None)),
];

const PREFIX: &str = "pl";

impl Act {
    /// Whether two acts are the same control (a menu's chosen value aside).
    pub fn same_control(&self, other: &Act) -> bool {
        match (self, other) {
            (Act::Sit(a), Act::Sit(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    fn control(&self) -> Option<&'static (&'static str, &'static str, Act)> {
        CONTROLS.iter().find(|(_, _, act)| act.same_control(self))
    }

    /// Whether a button or menu can carry this act.
    pub fn is_control(&self) -> bool {
        self.control().is_some()
    }

    /// The command typed for this control where there are no buttons (`accept`, `sit 2`);
    /// `None` for acts that are no control.
    pub fn typed(&self) -> Option<&'static str> {
        self.control().map(|(_, typed, _)| *typed)
    }

    /// The control's `custom_id` on the board drawn at `stamp` (`None`: not a control).
    pub fn custom_id(&self, stamp: Stamp) -> Option<String> {
        let (code, _, _) = self.control()?;
        Some(format!("{PREFIX}:{code}:{}:{}", stamp.match_id, stamp.seq))
    }

    /// A short name for logs.
    pub fn name(&self) -> &'static str {
        if let Some((_, typed, _)) = self.control() {
            return match self {
                Act::ConfirmResign => "confirm-resign",
                Act::ConfirmDraw => "confirm-draw",
                Act::Sit(_) => "sit",
                _ => typed,
            };
        }
        match self {
            Act::Challenge(_) => "challenge",
            Act::Board => "board",
            Act::BoardText => "board-text",
            Act::Rules(_) => "rules",
            Act::Help => "help",
            Act::Settings(_) => "settings",
            Act::Leaderboard { .. } => "leaderboard",
            Act::Stats { .. } => "stats",
            Act::HeadToHead { .. } => "head-to-head",
            Act::History { .. } => "history",
            Act::Replay(_) => "replay",
            Act::Moves(_) => "moves",
            Act::ThreadStarted { .. } => "thread-started",
            Act::NoThread => "no-thread",
            Act::CardPosted { .. } => "card-posted",
            Act::Tournament(t) => t.name(),
            Act::Puzzle(p) => p.name(),
            _ => "control",
        }
    }

    /// This act pressed on the board drawn at `stamp`.
    pub fn at(self, stamp: Stamp) -> Request {
        Request {
            act: self,
            at: Some(stamp),
        }
    }
}

impl Request {
    /// Reads a `custom_id` made by [`Act::custom_id`], with a select menu's chosen values;
    /// anything else is `None`.
    pub fn from_custom_id(custom_id: &str, values: &[String]) -> Option<Request> {
        if let Some(press) = tournament_press(custom_id) {
            return Some(press);
        }
        if let Some(press) = puzzle_press(custom_id, values) {
            return Some(press);
        }
        let (code, stamp) = parse_custom_id(custom_id)?;
        let (_, _, act) = CONTROLS.iter().find(|(c, _, _)| *c == code)?;
        let value = values.first().cloned().unwrap_or_default();
        let act = match act {
            Act::Move(_) => Act::Move(value),
            Act::PickSource(_) => Act::PickSource(value),
            Act::Analyse(_) => Act::Analyse(Some(stamp.match_id)),
            other => other.clone(),
        };
        Some(act.at(stamp))
    }
}

/// The control's code and stamp of a `custom_id`.
fn parse_custom_id(text: &str) -> Option<(&str, Stamp)> {
    let mut parts = text.split(':');
    if parts.next()? != PREFIX {
        return None;
    }
    let code = parts.next()?;
    let match_id = parts.next()?.parse().ok()?;
    let seq = parts.next()?.parse().ok()?;
    // An optional index keeps several menus of one message distinct; it means nothing.
    if let Some(index) = parts.next() {
        index.parse::<u8>().ok()?;
    }
    if parts.next().is_some() {
        return None;
    }
    Some((code, Stamp { match_id, seq }))
}

/// The stamp of a `custom_id` made by this table, if it is one.
pub fn stamp_of_custom_id(text: &str) -> Option<Stamp> {
    let (code, stamp) = parse_custom_id(text)?;
    CONTROLS.iter().any(|(c, _, _)| *c == code).then_some(stamp)
}

/// Every control act, for parsers and their fuzzing.
pub fn controls() -> impl Iterator<Item = &'static Act> {
    CONTROLS.iter().map(|(_, _, act)| act)
}
