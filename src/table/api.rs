//! What comes out of the table: replies and notices, plain data in no language and with no
//! transport types.

use crate::i18n::{Lang, Msg, Plain, Style};

use super::act::{Act, Place, Request};
use super::picture::Picture;

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button; `id` is its `custom_id` (see [`Act::custom_id`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    pub id: String,
    pub label: Msg,
    pub style: ButtonStyle,
    pub disabled: bool,
}

/// A select menu; choosing an option sends `Request::from_custom_id(id, [value])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Menu {
    pub id: String,
    pub placeholder: Msg,
    /// At most 25 (Discord's limit).
    pub options: Vec<MenuOption>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MenuOption {
    pub label: Msg,
    pub value: String,
}

/// A link to a web page (a ladder, a player, a match): Discord shows it as a link button, the
/// terminal as a line with the address.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub label: Msg,
    /// The page's whole address, under `PARLOR_PUBLIC_URL`.
    pub url: String,
}

/// What a reply is, so that no adapter has to guess it from its buttons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReplyKind {
    /// Anything else: rules, ladders, settings, a line about a match.
    #[default]
    Info,
    /// A refusal or an error, for the requester only.
    Refusal,
    /// A two-seat challenge card (Accept / Decline / Cancel).
    Challenge,
    /// A lobby card: a button per empty seat.
    Lobby,
    /// A live board with its controls.
    Board,
    /// A standing offer or request on a live board (no new picture).
    Offer,
    /// The end of a match.
    Result,
    /// A question for the presser only, with its confirm button.
    Question,
    /// The moves of one piece, as menus, for the presser only.
    Menu,
    /// A reminder of a player's turn (the timer's).
    Reminder,
    /// The coach's analysis of a finished match, or how far it has got (see
    /// [`Reply::progress`]).
    Analysis,
}

/// An answer, not yet in any language: each adapter says its messages in the reader's
/// language and styles people, moves and the title its own way. `mentions` lists whom to notify.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub kind: ReplyKind,
    /// The match it is about (a card, a board, a result).
    pub match_id: Option<i64>,
    /// The heading (a match's title), shown in bold where the transport can.
    pub title: Option<Msg>,
    /// The lines of the message, in order.
    pub lines: Vec<Msg>,
    pub picture: Option<Picture>,
    /// Rows of at most 5 buttons.
    pub buttons: Vec<Vec<Button>>,
    /// Each menu takes a row of its own (Discord allows 5 rows in all).
    pub menus: Vec<Menu>,
    /// Links to the web pages of what the reply shows, when the server's pages are on and the
    /// public address is known.
    pub links: Vec<Link>,
    /// Only the requester should see it.
    pub private: bool,
    pub mentions: Vec<u64>,
    /// The current move deadline (unix ms), for a live countdown where the transport has one.
    pub deadline: Option<i64>,
    /// The pressed button or menu belongs to a board that is no longer current (the position
    /// moved on, or the match ended): the transport may grey that board out.
    pub stale: bool,
    /// The match has just started and should move into a thread of its own: the transport
    /// starts it, tells the table ([`Act::ThreadStarted`], or [`Act::NoThread`]), then posts
    /// this reply there.
    pub thread: Option<ThreadRequest>,
    /// The match's challenge card, to edit with `line` (its result).
    pub card: Option<CardEdit>,
    /// A text to attach as a file (a match's export), where there is no picture.
    pub file: Option<TextFile>,
    /// News of this match the transport could not post earlier (see [`Undelivered`]), to tell
    /// now, in the transport's own words.
    pub undelivered: Option<Undelivered>,
    /// More parts after the first, each with its own words and picture (the coach's three
    /// biggest mistakes).
    pub sections: Vec<Section>,
    /// Say the picture in words instead of showing it (`/board text:true`): the transport puts
    /// [`Picture::describe`]'s whole text in place of the picture.
    pub in_words: bool,
    /// Work still under way (an analysis): the transport shows [`Progress::line`] and, once it
    /// is done, the reply it ends with instead of this one.
    pub progress: Option<Progress>,
    /// The tournament it is about: where its card and thread are, and the card as it reads now.
    pub tournament: Option<TournamentNews>,
}

/// What a reply about a tournament tells the transport besides its words: the announcement
/// card to keep up to date, and the thread its news goes to.
#[derive(Clone, Debug)]
pub struct TournamentNews {
    pub id: i64,
    /// Its announcement card (channel, message), once the transport said where it posted it.
    pub card: Option<(u64, u64)>,
    /// The card as it should read now (players so far, status).
    pub card_now: Box<Reply>,
    /// Its thread, once started; until then the transport starts one from the card, named
    /// `thread_name`, and tells the table ([`crate::table::TournamentAct::Located`]).
    pub thread: Option<u64>,
    pub thread_name: Msg,
    /// Its event in the server's calendar, for one announced with a start time.
    pub calendar: Option<crate::table::tournaments::CalendarNews>,
    /// An arena's standings as they read now, kept in one message of its thread that the
    /// transport edits (at most every few seconds); `None` for other formats.
    pub live: Option<Box<Reply>>,
    /// Where those standings were posted (channel, message), as the table recorded it
    /// ([`crate::table::tournaments::Tournaments::standings_posted`]).
    pub live_at: Option<(u64, u64)>,
}

/// A part of a reply with its own words and picture.
#[derive(Clone, Debug)]
pub struct Section {
    pub lines: Vec<Msg>,
    pub picture: Option<Picture>,
}

/// How an analysis under way stands.
#[derive(Clone, Debug)]
pub enum Coaching {
    /// Waiting for a free analysis thread (others are running).
    Queued,
    /// `done` of `total` moves reviewed.
    Running { done: usize, total: usize },
    /// Finished: the answer to show.
    Done(Box<Reply>),
    /// It could not be done: say this to the requester.
    Failed(Msg),
}

impl Coaching {
    /// What to show while it runs ("Analysing… 40 %"); `None` once it is over.
    pub fn line(&self) -> Option<Msg> {
        match self {
            Coaching::Queued => Some(Msg::new("coach-queued")),
            Coaching::Running { done, total } => {
                let percent = (done * 100).checked_div(*total).unwrap_or(0);
                Some(Msg::new("coach-progress").num("n", percent as i64))
            }
            Coaching::Done(_) | Coaching::Failed(_) => None,
        }
    }
}

/// A view of an analysis under way, for the transport to follow.
#[derive(Clone, Debug)]
pub struct Progress(pub(super) tokio::sync::watch::Receiver<Coaching>);

impl Progress {
    /// How it stands now.
    pub fn now(&self) -> Coaching {
        self.0.borrow().clone()
    }

    /// Waits until it moves on and says how it then stands. If the work vanished without an
    /// answer (it panicked), that is a failure.
    pub async fn next(&mut self) -> Coaching {
        match self.0.changed().await {
            Ok(()) => self.0.borrow_and_update().clone(),
            Err(_) => match self.now() {
                done @ (Coaching::Done(_) | Coaching::Failed(_)) => done,
                _ => Coaching::Failed(Msg::new("err-internal")),
            },
        }
    }

    /// Waits for the end: the finished answer, or the refusal that says why there is none.
    pub async fn finish(mut self) -> Reply {
        let mut state = self.now();
        loop {
            match state {
                Coaching::Done(reply) => return *reply,
                Coaching::Failed(msg) => return Reply::private(msg),
                _ => state = self.next().await,
            }
        }
    }
}

/// Why the transport could not post news of a match (a notice): told by the next answer about
/// that match, so nobody misses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undelivered {
    /// The match's channel no longer exists: the next `/board` a player types elsewhere in the
    /// server moves the match there.
    Gone,
    /// The transport may not post there; what it lacks, in its own terms (e.g. Discord's
    /// permission names), for it to explain.
    Forbidden(String),
    /// Discord failed or could not be reached for minutes (or the bot stopped before it did).
    Unavailable,
}

impl Undelivered {
    /// As stored: `gone`, `unavailable`, or `forbidden:` and what is lacking.
    pub fn to_text(&self) -> String {
        match self {
            Undelivered::Gone => "gone".to_owned(),
            Undelivered::Forbidden(what) => format!("forbidden:{what}"),
            Undelivered::Unavailable => "unavailable".to_owned(),
        }
    }

    /// Read back from [`Undelivered::to_text`] (anything unknown reads as forbidden).
    pub fn from_text(text: &str) -> Undelivered {
        match text.strip_prefix("forbidden:") {
            _ if text == "gone" => Undelivered::Gone,
            _ if text == "unavailable" => Undelivered::Unavailable,
            Some(what) => Undelivered::Forbidden(what.to_owned()),
            None => Undelivered::Forbidden(text.to_owned()),
        }
    }
}

/// A thread to start for a match (see [`Reply::thread`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadRequest {
    pub match_id: i64,
    /// The thread's name, e.g. `Lines of Action #12 · Alice vs Bob`.
    pub name: Msg,
    /// The people to add to it (the players, not the bot).
    pub members: Vec<u64>,
    /// The challenge card to start it from (channel, message), when known.
    pub card: Option<(u64, u64)>,
}

/// Where a match's challenge card is, and what to write on it now.
#[derive(Clone, Debug, PartialEq)]
pub struct CardEdit {
    pub channel: u64,
    pub message: u64,
    pub line: Msg,
}

/// A text file to attach: words in no language (e.g. input for `parlor engine`), or a game's
/// full rules in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextFile {
    /// e.g. `match-12.txt`
    pub name: String,
    pub text: String,
    /// The full rules of this game, in the reader's language, in place of `text`.
    pub rules: Option<crate::games::GameKind>,
}

impl TextFile {
    /// A file of words in no language.
    pub fn plain(name: impl Into<String>, text: impl Into<String>) -> TextFile {
        TextFile {
            name: name.into(),
            text: text.into(),
            rules: None,
        }
    }

    /// What the file holds for a reader of `lang`.
    pub fn body(&self, lang: crate::i18n::Lang) -> &str {
        self.rules
            .and_then(|game| lang.rules_page(game.name()))
            .unwrap_or(&self.text)
    }
}

impl Reply {
    /// A message for the requester only (refusals, errors).
    pub fn private(msg: Msg) -> Reply {
        Reply {
            lines: vec![msg],
            private: true,
            kind: ReplyKind::Refusal,
            ..Reply::default()
        }
    }

    /// A message for the channel.
    pub fn public(msg: Msg) -> Reply {
        Reply {
            lines: vec![msg],
            ..Reply::default()
        }
    }

    /// The title and lines in `lang`, one per line, styled by `style` (the title unstyled).
    pub fn text_in(&self, lang: Lang, style: &dyn Style) -> String {
        self.title
            .iter()
            .chain(&self.lines)
            .map(|m| crate::i18n::render(lang, m, style))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The whole text in English, as plain text (`@Name` for people): for logs and tests.
    pub fn text(&self) -> String {
        self.text_in(Lang::En, &Plain)
    }

    /// Greys out every button and drops the menus: for a board that is no longer current.
    pub fn disable_controls(&mut self) {
        for b in self.buttons.iter_mut().flatten() {
            b.disabled = true;
        }
        self.menus.clear();
    }

    /// Every button of the reply, row by row.
    pub fn all_buttons(&self) -> impl Iterator<Item = &Button> {
        self.buttons.iter().flatten()
    }

    /// The first button that carries this act, if any (handy for tests and the terminal).
    pub fn button(&self, act: &Act) -> Option<&Button> {
        self.all_buttons()
            .find(|b| Request::from_custom_id(&b.id, &[]).is_some_and(|r| r.act.same_control(act)))
    }

    /// The message ids of the title and lines, in order: what a test checks to know which
    /// answer came, whatever the language.
    pub fn ids(&self) -> Vec<&str> {
        self.title.iter().chain(&self.lines).map(|m| m.id).collect()
    }

    /// Whether this message id is the title or one of the lines.
    pub fn says(&self, id: &str) -> bool {
        self.ids().contains(&id)
    }
}

/// Something that happened without a request (a move by the AI, a clock warning, a timeout,
/// an expired challenge), to post in `place`.
#[derive(Clone, Debug)]
pub struct Notice {
    pub place: Place,
    pub match_id: i64,
    pub reply: Reply,
}
