//! Shared set-up for the service tests: a table on a temporary database with a hand-driven clock.

use parlor::games::GameKind;
use parlor::i18n::{Arg, Msg};
use parlor::store::Store;
use parlor::table::{
    Act, Actor, ChallengeSpec, Config, ManualClock, Notice, Notices, Opponent, Place, Reply,
    Request, Stamp, Table, UserRef, stamp_of_custom_id,
};
use tempfile::TempDir;

use crate::db;

pub const GUILD: u64 = 7_000;

/// The address of the SQLite database file at `path`.
pub fn sqlite_url(path: &std::path::Path) -> String {
    format!("sqlite://{}", path.display())
}

/// `/settings threads:off`: matches stay in their channel instead of threads of their own.
pub fn threads_off() -> Act {
    Act::Settings(parlor::table::SettingsChange {
        threads: Some(false),
        ..Default::default()
    })
}
pub const START_MS: i64 = 1_700_000_000_000;

pub fn alice() -> Actor {
    Actor::new(101, "Alice")
}
pub fn bob() -> Actor {
    Actor::new(102, "Bob")
}
pub fn carol() -> Actor {
    Actor::new(103, "Carol")
}
pub fn dave() -> Actor {
    Actor::new(104, "Dave")
}
pub fn moderator() -> Actor {
    Actor::new(199, "Mod").moderator()
}

pub fn user(a: &Actor) -> UserRef {
    UserRef::new(a.id, a.name.clone())
}

pub fn channel(n: u64) -> Place {
    Place::new(Some(GUILD), n)
}

/// Channel `n` outside any server (a direct message).
pub fn direct(n: u64) -> Place {
    Place::new(None, n)
}

/// A fresh, empty database for one test: a SQLite file in a temporary directory or, when
/// `PARLOR_TEST_POSTGRES` names a PostgreSQL server (`scripts/pg-test.sh` sets it), a new
/// database on that server. The same tests run on both backends.
pub struct TestDb {
    pub url: String,
    _database: db::Database,
    _dir: TempDir,
}

impl TestDb {
    pub async fn new() -> TestDb {
        let dir = tempfile::tempdir().expect("temp dir");
        let database = match db::postgres_server() {
            Some(server) => db::fresh_postgres(&server).await,
            None => db::Database::sqlite(sqlite_url(&dir.path().join("parlor.db"))),
        };
        TestDb {
            url: database.url.clone(),
            _database: database,
            _dir: dir,
        }
    }

    /// Runs one SQL statement on the database directly (to set up or damage what a test needs).
    pub async fn exec(&self, sql: &str) {
        db::exec(&self.url, sql).await
    }

    /// Reads rows of numbers (REAL / DOUBLE PRECISION columns) with SQL.
    pub async fn reals(&self, sql: &str) -> Vec<Vec<f64>> {
        db::rows(&self.url, sql).await
    }

    /// Reads one integer with SQL (to check what was written).
    pub async fn sql_i64(&self, sql: &str) -> i64 {
        db::sql_i64(&self.url, sql).await
    }

    /// Fails unless `sql` (a query of one integer) reads `expected`.
    pub async fn assert_sql(&self, sql: &str, expected: i64) {
        assert_eq!(self.sql_i64(sql).await, expected, "{sql}");
    }
}

/// A temporary database, a clock and a table on them.
pub struct World {
    pub url: String,
    pub clock: ManualClock,
    pub table: Table,
    pub notices: Notices,
    /// The web pages' public address the table gives links under (none by default).
    pub public_url: Option<String>,
    /// Last, so that it is dropped after the table that uses it.
    pub db: TestDb,
}

pub fn config(clock: &ManualClock) -> Config {
    Config {
        clock: std::sync::Arc::new(clock.clone()),
        // Tests that need the bot plug in a stand-in AI; without one the bot refuses challenges.
        ai: None,
        ..Config::default()
    }
}

impl World {
    pub async fn new() -> World {
        World::published(None).await
    }

    /// A world whose web pages are served at `public_url` (`PARLOR_PUBLIC_URL`).
    pub async fn published(public_url: Option<&str>) -> World {
        let db = TestDb::new().await;
        let url = db.url.clone();
        let clock = ManualClock::new(START_MS);
        let store = Store::open(&url).await.expect("open store");
        let public_url = public_url.map(str::to_owned);
        let config = Config {
            public_url: public_url.clone(),
            ..config(&clock)
        };
        let (table, notices) = Table::start(store, config).await.expect("start");
        World {
            db,
            url,
            clock,
            table,
            notices,
            public_url,
        }
    }

    /// Stops this table and starts a new one on the same database file (a restart).
    pub async fn restart(&mut self) {
        let config = Config {
            public_url: self.public_url.clone(),
            ..config(&self.clock)
        };
        self.restart_with(config).await;
    }

    /// Stops this table and starts a new one with `config` on the same database file.
    pub async fn restart_with(&mut self, config: Config) {
        self.table.store().close().await;
        self.start_again(config).await;
    }

    /// Starts a new table with `config` on the same database and drops the old one without
    /// closing or finishing anything, as a process killed at once leaves it (kill -9).
    pub async fn start_again(&mut self, config: Config) {
        let store = Store::open(&self.url).await.expect("reopen store");
        let (table, notices) = Table::start(store, config).await.expect("start again");
        self.table = table;
        self.notices = notices;
    }

    /// A new process on this database whose AI is the stand-in that plays the first legal move
    /// (so that bots play), the old one dropped as by kill -9.
    pub async fn start_with_ai(&mut self) {
        let mut config = config(&self.clock);
        config.ai = Some(std::sync::Arc::new(FirstMove));
        self.start_again(config).await;
    }

    pub async fn run(&self, actor: &Actor, place: Place, request: impl Into<Request>) -> Reply {
        self.table.handle(actor, &place, request).await
    }

    /// `/play` with the defaults (rated, one day per move).
    pub async fn challenge(
        &self,
        actor: &Actor,
        place: Place,
        game: GameKind,
        opponent: Opponent,
    ) -> Reply {
        self.run(
            actor,
            place,
            Act::Challenge(ChallengeSpec::new(game, opponent)),
        )
        .await
    }

    /// `/play simultana` by `a` naming `b`, with the defaults.
    pub async fn challenge_simultana(&self, a: &Actor, place: Place, b: &Actor) -> Reply {
        self.challenge(a, place, GameKind::Simultana, Opponent::User(user(b)))
            .await
    }

    /// A live match of `game` between `a` and `b` in `place`; returns the first board.
    pub async fn live(&self, game: GameKind, a: &Actor, b: &Actor, place: Place) -> Reply {
        let card = self
            .challenge(a, place, game, Opponent::User(user(b)))
            .await;
        assert!(!card.private, "challenge refused: {}", card.text());
        let board = self.run(b, place, Act::Accept).await;
        assert!(!board.private, "accept refused: {}", board.text());
        // Later challenges by the same people must not hit the cooldown.
        self.clock.advance_secs(60);
        board
    }

    /// A live Simultana match between `a` and `b` in `place`; returns the first board.
    pub async fn simultana(&self, a: &Actor, b: &Actor, place: Place) -> Reply {
        self.live(GameKind::Simultana, a, b, place).await
    }

    /// A new world with a live Simultana match of Alice and Bob in channel 1: the world, the two
    /// players, the place and the first board.
    pub async fn alice_plays_bob() -> (World, Actor, Actor, Place, Reply) {
        let w = World::new().await;
        let (a, b) = (alice(), bob());
        let place = channel(1);
        let board = w.simultana(&a, &b, place).await;
        (w, a, b, place, board)
    }

    /// A new world where Alice and Bob have each moved once in a Simultana match in channel 1,
    /// and Alice offers a draw: the world, the two players and the offer.
    pub async fn alice_offers_bob_a_draw() -> (World, Actor, Actor, Reply) {
        let (w, a, b, place, board) = World::alice_plays_bob().await;
        let board = w.play_one(place, &board, &[&a, &b]).await;
        let _ = w.play_one(place, &board, &[&a, &b]).await;
        let offer = w.run(&a, place, Act::Draw).await;
        assert!(!offer.private, "{}", offer.text());
        (w, a, b, offer)
    }

    /// Plays the first suggested move for whoever is to move (read from the board's mention).
    pub async fn play_one(&self, place: Place, board: &Reply, players: &[&Actor]) -> Reply {
        let to_move = board.mentions[0];
        let actor = players
            .iter()
            .find(|a| a.id == to_move)
            .expect("the player to move is one of ours");
        let hints = self.table.matches().move_hints(&place, "").await;
        assert!(!hints.is_empty(), "no legal move offered: {}", board.text());
        let reply = self.run(actor, place, Act::Move(hints[0].clone())).await;
        assert!(!reply.private, "move refused: {}", reply.text());
        reply
    }

    /// Plays first suggested moves until the match ends; returns the result message.
    pub async fn play_out(&self, place: Place, mut board: Reply, players: &[&Actor]) -> Reply {
        for _ in 0..500 {
            if is_over(&board) {
                return board;
            }
            board = self.play_one(place, &board, players).await;
        }
        panic!("the game did not end in 500 moves");
    }

    /// Lets `secs` pass: one match has something due, whose one notice is returned.
    pub async fn the_notice_after(&mut self, secs: i64) -> Notice {
        self.clock.advance_secs(secs);
        assert_eq!(self.table.matches().tick().await, 1, "one match acted");
        let mut notices = self.drain();
        assert_eq!(notices.len(), 1, "{notices:?}");
        notices.remove(0)
    }

    /// Every notice waiting.
    pub fn drain(&mut self) -> Vec<Notice> {
        let mut out = Vec::new();
        while let Ok(n) = self.notices.try_recv() {
            out.push(n);
        }
        out
    }

    /// Runs SQL on the database directly (to check what was written).
    pub async fn sql_i64(&self, sql: &str) -> i64 {
        self.db.sql_i64(sql).await
    }

    /// Fails unless `sql` (a query of one integer) reads `expected` from the database.
    pub async fn assert_sql(&self, sql: &str, expected: i64) {
        self.db.assert_sql(sql, expected).await
    }

    /// Runs one SQL statement on the database directly.
    pub async fn exec(&self, sql: &str) {
        self.db.exec(sql).await
    }

    /// Stores an analysis of match `id` as the engine writes one: after each of `moves`, the
    /// mover's chances and the best move's are `chances(i)` (a test chooses where the mistake is).
    pub async fn store_analysis(
        &self,
        id: i64,
        moves: &[String],
        chances: impl Fn(usize) -> (f64, f64),
    ) {
        let mut text = String::from("start 0.5\n");
        for (i, m) in moves.iter().enumerate() {
            let (chance, best) = chances(i);
            text.push_str(&format!("{m} {chance} {m} {best}\n"));
        }
        self.exec(&format!(
            "UPDATE analyses SET result = '{text}' WHERE match_id = {id}"
        ))
        .await;
    }

    /// `COUNT(what)` over the games stored for tournament (or arena) `id`: `*` for every
    /// link, `DISTINCT board` for the boards they were made for.
    pub async fn count_tournament_games(&self, id: i64, what: &str) -> i64 {
        self.sql_i64(&format!(
            "SELECT COUNT({what}) FROM tournament_games WHERE tournament_id = {id}"
        ))
        .await
    }

    /// The challenger's score in a finished match, read from the database: 1, 0.5 or 0.
    pub async fn challenger_score(&self, match_id: i64) -> f64 {
        let winner = self
            .sql_i64(&format!(
                "SELECT COALESCE(winner_seat, -1) FROM matches WHERE id = {match_id}"
            ))
            .await;
        let challenger = self
            .sql_i64(&format!(
                "SELECT challenger_seat FROM matches WHERE id = {match_id}"
            ))
            .await;
        match winner {
            -1 => 0.5,
            s if s == challenger => 1.0,
            _ => 0.0,
        }
    }
}

/// The moves of an analysis as the sheet writes them, in order.
pub fn played(analysis: &parlor::ai::analysis::Analysis) -> Vec<String> {
    analysis
        .plies
        .iter()
        .map(|p| p.played_text.clone())
        .collect()
}

/// The picture a reply carries, drawn in English.
pub fn drawn(reply: &Reply) -> parlor::table::Image {
    reply
        .picture
        .as_ref()
        .unwrap_or_else(|| panic!("no picture in: {}", reply.text()))
        .render(parlor::i18n::Lang::En)
        .expect("drawn")
}

/// A result message carries a Rematch button and nothing to move with.
pub fn is_over(reply: &Reply) -> bool {
    reply.button(&Act::Rematch).is_some()
}

/// The match and log position a reply's buttons were drawn for.
pub fn stamp(reply: &Reply) -> Stamp {
    let button = reply
        .all_buttons()
        .next()
        .unwrap_or_else(|| panic!("no button in: {}", reply.text()));
    stamp_of_custom_id(&button.id).expect("our id")
}

/// Presses the button with this action.
pub fn press(reply: &Reply, action: Act) -> Request {
    let b = reply
        .button(&action)
        .unwrap_or_else(|| panic!("no {action:?} button in: {}", reply.text()));
    Request::from_custom_id(&b.id, &[]).expect("our id")
}

/// A stand-in for the AI: the first legal move.
pub struct FirstMove;

impl parlor::table::Ai for FirstMove {
    fn choose(&self, game: &parlor::games::AnyGame, _level: u8) -> Option<parlor::games::AnyMove> {
        game.legal_moves().into_iter().next()
    }
}

/// Every message id a reply says: its title and lines, and the messages nested in their
/// arguments (a headline inside `head-then`), depth first.
pub fn said(reply: &Reply) -> Vec<&'static str> {
    fn walk(msg: &Msg, out: &mut Vec<&'static str>) {
        out.push(msg.id);
        for (_, arg) in &msg.args {
            if let Arg::Msg(inner) = arg {
                walk(inner, out);
            }
        }
    }
    let mut out = Vec::new();
    for msg in reply.title.iter().chain(&reply.lines) {
        walk(msg, &mut out);
    }
    out
}

/// Checks that a reply said message `id` (anywhere, nested ones included) and was meant for
/// everyone (`public`) or only for the one who asked; on failure it shows the ids and the text.
#[track_caller]
fn assert_answer(reply: &Reply, public: bool, id: &str) {
    let ids = said(reply);
    assert!(
        reply.private != public && ids.contains(&id),
        "expected a {} reply saying {id}, got a {} one saying {ids:?}:\n{}",
        if public { "public" } else { "private" },
        if reply.private { "private" } else { "public" },
        reply.text()
    );
}

/// A refusal (or any answer only the asker sees) that says message `id`.
#[track_caller]
pub fn assert_refused(reply: &Reply, id: &str) {
    assert_answer(reply, false, id);
}

/// A refusal of a request made from an out-of-date board or button: private, marked stale,
/// saying message `id`.
#[track_caller]
pub fn assert_stale(reply: &Reply, id: &str) {
    assert!(
        reply.stale,
        "expected a stale reply: {:?}\n{}",
        said(reply),
        reply.text()
    );
    assert_answer(reply, false, id);
}

/// A public answer (a headline, a board, a result) that says message `id`.
#[track_caller]
pub fn assert_says(reply: &Reply, id: &str) {
    assert_answer(reply, true, id);
}

/// A reply whose text shows `text` (names, numbers, links), saying what it shows instead.
#[track_caller]
pub fn assert_shows(reply: &Reply, text: &str) {
    assert!(reply.text().contains(text), "{}", reply.text());
}

/// A reply whose text does not show `text` (a name or a number that belongs elsewhere).
#[track_caller]
pub fn assert_hides(reply: &Reply, text: &str) {
    assert!(!reply.text().contains(text), "{}", reply.text());
}

/// Fails unless `text` (a page, a log, a file) contains `part`, showing the whole of it.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{text}");
}

/// A reply, public or private, that says message `id` (for notices and listings).
#[track_caller]
pub fn assert_has(reply: &Reply, id: &str) {
    let ids = said(reply);
    assert!(
        ids.contains(&id),
        "expected {id} in {ids:?}:\n{}",
        reply.text()
    );
}
