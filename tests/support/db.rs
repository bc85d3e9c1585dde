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

/// Creates a database with a new name on `server` (a `postgres://` URL) and returns its URL.
pub async fn fresh_postgres(server: &str) -> String {
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
    format!("{host}/{name}{query}")
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
