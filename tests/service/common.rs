//! Shared set-up for the service tests: a table on a temporary database with a hand-driven clock.

use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::{
    Action, Actor, ButtonId, ChallengeSpec, Command, Config, ManualClock, Notice, Notices,
    Opponent, Place, Reply, Stamp, Table, UserRef,
};
use tempfile::TempDir;

pub const GUILD: u64 = 7_000;
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

/// A fresh, empty database for one test: a SQLite file in a temporary directory or, when
/// `PARLOR_TEST_POSTGRES` names a PostgreSQL server (`scripts/pg-test.sh` sets it), a new
/// database on that server. The same tests run on both backends.
pub struct TestDb {
    pub url: String,
    _dir: TempDir,
}

impl TestDb {
    pub async fn new() -> TestDb {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let dir = tempfile::tempdir().expect("temp dir");
        let url = match std::env::var("PARLOR_TEST_POSTGRES") {
            Ok(server) if !server.is_empty() => {
                use sqlx::Connection;
                let name = format!(
                    "parlor_t{}_{}",
                    std::process::id(),
                    NEXT.fetch_add(1, Ordering::Relaxed)
                );
                let mut conn = sqlx::PgConnection::connect(&server)
                    .await
                    .expect("PARLOR_TEST_POSTGRES: cannot connect");
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .await
                    .expect("create the test database");
                conn.close().await.expect("close");
                let (base, query) = match server.split_once('?') {
                    Some((b, q)) => (b, format!("?{q}")),
                    None => (server.as_str(), String::new()),
                };
                let (host, _) = base.rsplit_once('/').expect("a postgres:// URL");
                format!("{host}/{name}{query}")
            }
            _ => format!("sqlite://{}", dir.path().join("parlor.db").display()),
        };
        TestDb { url, _dir: dir }
    }

    pub fn is_postgres(&self) -> bool {
        self.url.starts_with("postgres")
    }

    /// Runs one SQL statement on the database directly (to set up or damage what a test needs).
    pub async fn exec(&self, sql: &str) {
        if self.is_postgres() {
            let pool = sqlx::PgPool::connect(&self.url).await.expect("connect");
            sqlx::query(sql).execute(&pool).await.expect(sql);
            pool.close().await;
        } else {
            use std::str::FromStr;
            let options = sqlx::sqlite::SqliteConnectOptions::from_str(&self.url)
                .expect("a sqlite URL")
                .create_if_missing(true);
            let pool = sqlx::SqlitePool::connect_with(options)
                .await
                .expect("connect");
            sqlx::query(sql).execute(&pool).await.expect(sql);
            pool.close().await;
        }
    }

    /// Reads rows of numbers (REAL / DOUBLE PRECISION columns) with SQL.
    pub async fn reals(&self, sql: &str) -> Vec<Vec<f64>> {
        use sqlx::Row;
        fn read<R: Row>(rows: &[R]) -> Vec<Vec<f64>>
        where
            for<'r> f64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
            usize: sqlx::ColumnIndex<R>,
        {
            rows.iter()
                .map(|r| {
                    (0..r.len())
                        .map(|i| r.try_get(i).expect("a number"))
                        .collect()
                })
                .collect()
        }
        if self.is_postgres() {
            let pool = sqlx::PgPool::connect(&self.url).await.expect("connect");
            let rows = sqlx::query(sql).fetch_all(&pool).await.expect(sql);
            pool.close().await;
            read(&rows)
        } else {
            let pool = sqlx::SqlitePool::connect(&self.url).await.expect("connect");
            let rows = sqlx::query(sql).fetch_all(&pool).await.expect(sql);
            pool.close().await;
            read(&rows)
        }
    }

    /// Reads one integer with SQL (to check what was written).
    pub async fn sql_i64(&self, sql: &str) -> i64 {
        use sqlx::Row;
        if self.is_postgres() {
            let pool = sqlx::PgPool::connect(&self.url).await.expect("connect");
            let row = sqlx::query(sql).fetch_one(&pool).await.expect(sql);
            pool.close().await;
            // PostgreSQL keeps the width of an expression (INT4) and BOOLEAN flags apart.
            row.try_get::<i64, _>(0)
                .or_else(|_| row.try_get::<i32, _>(0).map(i64::from))
                .or_else(|_| row.try_get::<bool, _>(0).map(i64::from))
                .expect("an integer")
        } else {
            let pool = sqlx::SqlitePool::connect(&self.url).await.expect("connect");
            let row = sqlx::query(sql).fetch_one(&pool).await.expect(sql);
            pool.close().await;
            row.try_get(0).expect("an integer")
        }
    }
}

/// A temporary database, a clock and a table on them.
pub struct World {
    pub db: TestDb,
    pub url: String,
    pub clock: ManualClock,
    pub table: Table,
    pub notices: Notices,
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
        let db = TestDb::new().await;
        let url = db.url.clone();
        let clock = ManualClock::new(START_MS);
        let store = Store::open(&url).await.expect("open store");
        let (table, notices) = Table::start(store, config(&clock)).await.expect("start");
        World {
            db,
            url,
            clock,
            table,
            notices,
        }
    }

    /// Stops this table and starts a new one on the same database file (a restart).
    pub async fn restart(&mut self) {
        self.table.store().close().await;
        let store = Store::open(&self.url).await.expect("reopen store");
        let (table, notices) = Table::start(store, config(&self.clock))
            .await
            .expect("restart");
        self.table = table;
        self.notices = notices;
    }

    pub async fn run(&self, actor: &Actor, place: Place, command: Command) -> Reply {
        self.table.handle(actor, &place, command).await
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
            Command::Challenge(ChallengeSpec::new(game, opponent)),
        )
        .await
    }

    /// A live Simultana match between `a` and `b` in `place`; returns the first board.
    pub async fn simultana(&self, a: &Actor, b: &Actor, place: Place) -> Reply {
        let card = self
            .challenge(a, place, GameKind::Simultana, Opponent::User(user(b)))
            .await;
        assert!(!card.private, "challenge refused: {}", card.text());
        let board = self.run(b, place, Command::Accept { at: None }).await;
        assert!(!board.private, "accept refused: {}", board.text());
        // Later challenges by the same people must not hit the cooldown.
        self.clock.advance_secs(60);
        board
    }

    /// Plays the first suggested move for whoever is to move (read from the board's mention).
    pub async fn play_one(&self, place: Place, board: &Reply, players: &[&Actor]) -> Reply {
        let to_move = board.mentions[0];
        let actor = players
            .iter()
            .find(|a| a.id == to_move)
            .expect("the player to move is one of ours");
        let hints = self.table.move_hints(&place, "").await;
        assert!(!hints.is_empty(), "no legal move offered: {}", board.text());
        let reply = self
            .run(
                actor,
                place,
                Command::Move {
                    text: hints[0].clone(),
                    at: None,
                },
            )
            .await;
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

    /// Runs one SQL statement on the database directly.
    pub async fn exec(&self, sql: &str) {
        self.db.exec(sql).await
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

/// A result message carries a Rematch button and nothing to move with.
pub fn is_over(reply: &Reply) -> bool {
    reply.button(Action::Rematch).is_some()
}

/// The match and log position a reply's buttons were drawn for.
pub fn stamp(reply: &Reply) -> Stamp {
    let button = reply
        .all_buttons()
        .next()
        .unwrap_or_else(|| panic!("no button in: {}", reply.text()));
    ButtonId::parse(&button.id).expect("our id").stamp()
}

/// Presses the button with this action.
pub fn press(reply: &Reply, action: Action) -> Command {
    let b = reply
        .button(action)
        .unwrap_or_else(|| panic!("no {action:?} button in: {}", reply.text()));
    Command::from_component(&b.id, &[]).expect("our id")
}

/// A stand-in for the AI: the first legal move.
pub struct FirstMove;

impl parlor::table::Ai for FirstMove {
    fn choose(&self, game: &parlor::games::AnyGame, _level: u8) -> Option<parlor::games::AnyMove> {
        game.legal_moves().into_iter().next()
    }
}
