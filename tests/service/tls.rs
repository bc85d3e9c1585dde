//! TLS to PostgreSQL: `sslmode` and `sslrootcert` in `DATABASE_URL` behave as PostgreSQL
//! documents them, against a real server with ssl=on whose certificate (for `localhost`, signed
//! by a throwaway authority) `PARLOR_PG_SSL=1 scripts/pg-test.sh` makes; the authority's file is
//! in `PARLOR_TEST_POSTGRES_CA`. A second server serves a certificate made by PostgreSQL's own
//! recipe for a self-signed one (`PARLOR_TEST_POSTGRES_SELF_SIGNED`, its server.crt in
//! `PARLOR_TEST_POSTGRES_SELF_SIGNED_CRT`); psql, beside it, says what libpq accepts.

use super::common::assert_contains;
use super::db;
use parlor::store::Store;

/// A password in every address: the server trusts local logins, so it is never checked, but no
/// message may show it.
const PASSWORD: &str = "never-show-me-7q";

/// The test server and its authority's certificate file.
fn server() -> (String, String) {
    let hint = "run under PARLOR_PG_SSL=1 scripts/pg-test.sh";
    let server = db::postgres_server().unwrap_or_else(|| panic!("PARLOR_TEST_POSTGRES: {hint}"));
    let ca = std::env::var("PARLOR_TEST_POSTGRES_CA")
        .unwrap_or_else(|_| panic!("PARLOR_TEST_POSTGRES_CA: {hint}"));
    (server, ca)
}

/// A fresh database on the test server, addressed by `host`, with the password and `query`.
async fn address(server: &str, host: &str, query: &str) -> db::Database {
    let database = db::fresh_postgres(server).await;
    let mut url = url::Url::parse(&database).expect("a postgres:// URL");
    url.set_host(Some(host)).expect("a host");
    url.set_password(Some(PASSWORD)).expect("a password");
    url.set_query((!query.is_empty()).then_some(query));
    database.readdressed(url.to_string())
}

/// [`address`] with `sslmode={mode}&sslrootcert={root}`.
async fn with_root(server: &str, host: &str, mode: &str, root: &str) -> db::Database {
    address(server, host, &format!("sslmode={mode}&sslrootcert={root}")).await
}

/// How many of the other connections to `url`'s database (the store's) are encrypted, and how
/// many are not, asked in one query over a connection of its own (an earlier diagnostic
/// connection may linger a moment after it is closed).
async fn encrypted_and_plain(url: &str) -> (i64, i64) {
    let mut plain = url::Url::parse(url).expect("a postgres:// URL");
    plain.set_query(Some("sslmode=disable"));
    let both = db::sql_i64(
        plain.as_str(),
        "SELECT COUNT(*) FILTER (WHERE s.ssl) * 1000 + COUNT(*) FILTER (WHERE NOT s.ssl) \
         FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) \
         WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()",
    )
    .await;
    (both / 1000, both % 1000)
}

/// Opens a store that must connect, and checks that its connections are encrypted.
async fn opens_encrypted(url: &str) {
    let store = Store::open(url)
        .await
        .unwrap_or_else(|e| panic!("{url} should connect: {e}"));
    let (encrypted, plain) = encrypted_and_plain(url).await;
    assert!(encrypted >= 1, "{url}: no encrypted connection");
    assert_eq!(plain, 0, "{url}: a connection in plain text");
    store.close().await;
}

/// Opens a store that must be refused; returns the message, checked to hide the password.
async fn refused(url: &str) -> String {
    let error = Store::open(url)
        .await
        .expect_err("the connection should be refused")
        .to_string();
    assert!(!error.contains(PASSWORD), "the password is shown: {error}");
    error
}

/// A second authority's certificate, which signed nothing the server holds, in a file.
fn wrong_root() -> std::path::PathBuf {
    let key = rcgen::KeyPair::generate().expect("a key");
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("parameters");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "Another authority");
    let certificate = params.self_signed(&key).expect("a certificate");
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let path = std::env::temp_dir().join(format!(
        "parlor-wrong-root-{}-{}.crt",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::write(&path, certificate.pem()).expect("write the certificate");
    path
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn require_and_the_default_connect_encrypted() {
    let (server, _) = server();
    opens_encrypted(&address(&server, "127.0.0.1", "sslmode=require").await).await;
    // The default (prefer) takes TLS when the server offers it.
    opens_encrypted(&address(&server, "127.0.0.1", "").await).await;
    // disable means plain text, as PostgreSQL documents.
    let url = address(&server, "127.0.0.1", "sslmode=disable").await;
    let store = Store::open(&url).await.expect("sslmode=disable connects");
    assert_eq!(encrypted_and_plain(&url).await.0, 0);
    store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn verify_full_with_the_right_root_connects() {
    let (server, ca) = server();
    opens_encrypted(&with_root(&server, "localhost", "verify-full", &ca).await).await;
    opens_encrypted(&with_root(&server, "localhost", "verify-ca", &ca).await).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn a_wrong_root_is_refused_with_a_clear_message() {
    let (server, _) = server();
    let wrong = wrong_root();
    let root = wrong.display().to_string();
    let error = refused(&with_root(&server, "localhost", "verify-full", &root).await).await;
    assert!(
        error.contains(&format!(
            "the database's certificate was not signed by the root in sslrootcert={root}"
        )),
        "{error}"
    );
    // require with a root checks the authority too (verify-ca), as PostgreSQL documents.
    let error = refused(&with_root(&server, "localhost", "require", &root).await).await;
    assert!(error.contains("was not signed by the root"), "{error}");
    let _ = std::fs::remove_file(wrong);
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn verify_full_refuses_a_certificate_for_another_name() {
    let (server, ca) = server();
    let error = refused(&with_root(&server, "127.0.0.1", "verify-full", &ca).await).await;
    assert_contains(
        &error,
        "the database's certificate is not made out to `127.0.0.1`",
    );
    // The names it holds are said: its subjectAltName, its CN set aside as libpq sets it aside.
    assert!(
        error.contains(
            "it holds DNS:localhost, CN=localhost (not used, as it has a subjectAltName)"
        ),
        "{error}"
    );
}

/// The second test server, serving a certificate made by PostgreSQL's own recipe for a
/// self-signed one (`openssl req -new -x509 -days 365 -nodes -text -out server.crt -keyout
/// server.key -subj "/CN=localhost"`: marked as an authority, `localhost` in its CN alone), and
/// that server.crt.
fn self_signed_server() -> (String, String) {
    let hint = "run under PARLOR_PG_SSL=1 scripts/pg-test.sh";
    let server = std::env::var("PARLOR_TEST_POSTGRES_SELF_SIGNED")
        .unwrap_or_else(|_| panic!("PARLOR_TEST_POSTGRES_SELF_SIGNED: {hint}"));
    let crt = std::env::var("PARLOR_TEST_POSTGRES_SELF_SIGNED_CRT")
        .unwrap_or_else(|_| panic!("PARLOR_TEST_POSTGRES_SELF_SIGNED_CRT: {hint}"));
    (server, crt)
}

/// Whether libpq (psql, installed with the test server) connects to `url`: what Parlor must
/// accept and refuse alike.
fn libpq_connects(url: &str) -> bool {
    let psql = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .chain(
            std::fs::read_dir("/usr/lib/postgresql")
                .into_iter()
                .flatten()
                .flatten()
                .map(|version| version.path().join("bin")),
        )
        .map(|dir| dir.join("psql"))
        .find(|psql| psql.is_file())
        .expect("psql, which comes with the test server");
    let mut url = url::Url::parse(url).expect("a postgres:// URL");
    url.set_password(None).expect("no password");
    std::process::Command::new(psql)
        .args(["-X", "-q", "-c", "SELECT 1", url.as_str()])
        .env("PGCONNECT_TIMEOUT", "10")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("run psql")
        .success()
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn the_documentations_self_signed_certificate_is_accepted_as_libpq_accepts_it() {
    let (server, crt) = self_signed_server();
    for mode in ["verify-full", "verify-ca"] {
        let url = with_root(&server, "localhost", mode, &crt).await;
        assert!(libpq_connects(&url), "psql refuses {}", url.url);
        opens_encrypted(&url).await;
    }
    // verify-ca checks no name: an address the certificate does not name is accepted too.
    let url = with_root(&server, "127.0.0.1", "verify-ca", &crt).await;
    assert!(libpq_connects(&url), "psql refuses {}", url.url);
    opens_encrypted(&url).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn the_self_signed_certificate_for_another_name_is_refused_naming_its_names() {
    let (server, crt) = self_signed_server();
    let url = with_root(&server, "127.0.0.1", "verify-full", &crt).await;
    assert!(!libpq_connects(&url), "psql accepts {}", url.url);
    let error = refused(&url).await;
    assert_contains(
        &error,
        "the database's certificate is not made out to `127.0.0.1`",
    );
    assert_contains(&error, "it holds CN=localhost (it has no subjectAltName)");
    assert!(error.contains("connect by one of those names"), "{error}");
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn a_self_signed_certificate_that_is_not_the_root_given_is_refused_with_what_to_do() {
    let (server, _) = self_signed_server();
    let (_, ca) = self::server();
    let wrong = wrong_root();
    for root in [ca, wrong.display().to_string()] {
        for mode in ["verify-full", "verify-ca"] {
            let url = with_root(&server, "localhost", mode, &root).await;
            assert!(!libpq_connects(&url), "psql accepts {}", url.url);
            let error = refused(&url).await;
            assert!(
                error.contains(&format!(
                    "the database's certificate (`CN=localhost`) is marked as a certificate authority (CA:TRUE) and is not itself in sslrootcert={root}"
                )),
                "{error}"
            );
            assert_contains(
                &error,
                "give the server's own certificate (its server.crt) as sslrootcert",
            );
        }
    }
    let _ = std::fs::remove_file(wrong);
}

#[tokio::test]
#[ignore = "needs PostgreSQL with TLS: PARLOR_PG_SSL=1 scripts/pg-test.sh cargo test --test service tls -- --include-ignored"]
async fn a_server_that_does_not_answer_is_waited_for_then_named() {
    let (_, crt) = self_signed_server();
    // A port nothing listens on (bound, then freed).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let url = format!(
        "postgres://parlor:{PASSWORD}@localhost:{port}/parlor?sslmode=verify-full&sslrootcert={crt}"
    );
    let error = refused(&url).await;
    assert_contains(
        &error,
        &format!("cannot reach the database at localhost:{port}"),
    );
}
