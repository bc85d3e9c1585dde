//! Databases for tests, on either backend, shared by the service and Discord test binaries:
//! a fresh PostgreSQL database on the server named by `PARLOR_TEST_POSTGRES`
//! (`scripts/pg-test.sh` sets it), and SQL run straight on a database to set up or check a test.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::str::FromStr;

/// The PostgreSQL server the tests may create databases on, if one is given.
pub fn postgres_server() -> Option<String> {
    std::env::var("PARLOR_TEST_POSTGRES")
        .ok()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// A database made for one test, addressed by `url`. A PostgreSQL one is dropped with the value,
/// so a whole run keeps only the databases of the tests still running: each new database copies
/// PostgreSQL's template (about 10 MB with its log), and a CI machine's disk is not ours to fill.
pub struct Database {
    pub url: String,
    /// The server and the database's name, for PostgreSQL.
    postgres: Option<(String, String)>,
}

impl Database {
    /// A SQLite database at `url` (its file goes with the test's temporary directory).
    pub fn sqlite(url: String) -> Database {
        Database {
            url,
            postgres: None,
        }
    }

    /// The same database under another address (another host, password or parameters).
    pub fn readdressed(mut self, url: String) -> Database {
        self.url = url;
        self
    }
}

impl std::ops::Deref for Database {
    type Target = str;
    fn deref(&self) -> &str {
        &self.url
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let Some((server, name)) = self.postgres.take() else {
            return;
        };
        // Drop may run inside a test's runtime, which must not block on itself: the database is
        // dropped from a thread with a runtime of its own. FORCE ends the connections a bot
        // process or a pool may still hold.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async {
                use sqlx::Connection;
                let mut conn = sqlx::PgConnection::connect(&server)
                    .await
                    .map_err(|e| e.to_string())?;
                sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await
                    .map_err(|e| e.to_string())?;
                let _ = conn.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("could not drop a test database: {e}"),
            Err(_) => eprintln!("could not drop a test database: the thread panicked"),
        }
    }
}

/// Creates a database with a new name on `server` (a `postgres://` URL), dropped with the value.
pub async fn fresh_postgres(server: &str) -> Database {
    use sqlx::Connection;
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "parlor_t{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut conn = sqlx::PgConnection::connect(server)
        .await
        .expect("PARLOR_TEST_POSTGRES: cannot connect");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("create the test database");
    let _ = conn.close().await;
    let (base, query) = match server.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (server, String::new()),
    };
    let (host, _) = base.rsplit_once('/').expect("a postgres:// URL");
    Database {
        url: format!("{host}/{name}{query}"),
        postgres: Some((server.to_owned(), name)),
    }
}

/// Runs one SQL statement on the database at `url` (a SQLite file is created if missing).
pub async fn exec(url: &str, sql: &str) {
    if url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(url).await.expect("connect");
        sqlx::query(sql).execute(&pool).await.expect(sql);
        pool.close().await;
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)
            .expect("a sqlite URL")
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options)
            .await
            .expect("connect");
        sqlx::query(sql).execute(&pool).await.expect(sql);
        pool.close().await;
    }
}

/// Rows read with SQL, each column of type `T` (cast in the SQL where the backends differ).
pub async fn rows<T>(url: &str, sql: &str) -> Vec<Vec<T>>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres>
        + sqlx::Type<sqlx::Postgres>
        + for<'r> sqlx::Decode<'r, sqlx::Sqlite>
        + sqlx::Type<sqlx::Sqlite>,
{
    use sqlx::Row;
    fn read<R: Row, T>(rows: &[R]) -> Vec<Vec<T>>
    where
        T: for<'r> sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
        usize: sqlx::ColumnIndex<R>,
    {
        rows.iter()
            .map(|r| {
                (0..r.len())
                    .map(|i| r.try_get(i).expect("a value"))
                    .collect()
            })
            .collect()
    }
    if url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(url).await.expect("connect");
        let rows = sqlx::query(sql).fetch_all(&pool).await.expect(sql);
        pool.close().await;
        read(&rows)
    } else {
        let pool = sqlx::SqlitePool::connect(url).await.expect("connect");
        let rows = sqlx::query(sql).fetch_all(&pool).await.expect(sql);
        pool.close().await;
        read(&rows)
    }
}

/// One integer read with SQL: a count, a BIGINT or INTEGER column, or a flag (as 0 or 1).
pub async fn sql_i64(url: &str, sql: &str) -> i64 {
    use sqlx::Row;
    if url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(url).await.expect("connect");
        let row = sqlx::query(sql).fetch_one(&pool).await.expect(sql);
        pool.close().await;
        // PostgreSQL keeps the width of an expression (INT4) and BOOLEAN flags apart.
        row.try_get::<i64, _>(0)
            .or_else(|_| row.try_get::<i32, _>(0).map(i64::from))
            .or_else(|_| row.try_get::<bool, _>(0).map(i64::from))
            .expect("an integer")
    } else {
        let pool = sqlx::SqlitePool::connect(url).await.expect("connect");
        let row = sqlx::query(sql).fetch_one(&pool).await.expect(sql);
        pool.close().await;
        row.try_get(0).expect("an integer")
    }
}
