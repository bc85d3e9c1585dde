//! What only PostgreSQL does: advisory locks, and TLS set up as PostgreSQL documents `sslmode`
//! and `sslrootcert`; and the steps of queries on its own transactions (`queries/tx.rs`).

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use rustls::CertificateError;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use sqlx::postgres::{PgConnectOptions, PgSslMode};
use sqlx::{Postgres, Transaction};
use url::Url;

use super::tls::{Check, Relay};
use super::{Pools, StoreError, db_id, shown_url};

/// The backend `queries/tx.rs` is compiled for here.
type Db = Postgres;

// The same steps are compiled once for each backend, on purpose (see queries/tx.rs).
#[allow(clippy::duplicate_mod)]
#[path = "queries/tx.rs"]
mod tx;

impl Pools<Postgres> {
    /// Serialises rating updates per player across processes: without it, two matches of one
    /// person ending at once in two processes would both read the old rating and one change
    /// would be lost. Locks are taken in id order (no deadlock) and held to the commit.
    pub(super) async fn lock_players(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        players: &[u64],
    ) -> Result<(), StoreError> {
        let mut ids: Vec<i64> = players.iter().map(|&p| db_id(p)).collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }
}

/// The most connections a process opens to PostgreSQL: `PARLOR_DB_CONNECTIONS` (1 to 100),
/// else `default`. A small managed server allows few (often 20 to 25 for every client at once).
pub fn connections(env: &dyn Fn(&str) -> Option<String>, default: u32) -> Result<u32, StoreError> {
    let Some(text) = env("PARLOR_DB_CONNECTIONS") else {
        return Ok(default);
    };
    match text.trim().parse::<u32>() {
        Ok(n @ 1..=100) => Ok(n),
        _ => Err(StoreError::Setting {
            name: "PARLOR_DB_CONNECTIONS",
            detail: format!("a whole number from 1 to 100, not {text:?}"),
        }),
    }
}

/// What the database's certificate is checked against, for the messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// Not checked (`disable`, `prefer`, `require` without a root).
    Unchecked,
    /// The public certificate authorities (`sslrootcert=system`).
    System,
    /// The certificates in this file (`sslrootcert=PATH`).
    File(String),
}

/// The connection options for `url`, with `sslmode` and `sslrootcert` (in the address, else
/// `PGSSLMODE` and `PGSSLROOTCERT`) behaving as PostgreSQL documents them. Left to itself sqlx
/// differs: `require` ignores a root it is given, `verify-ca` and `verify-full` without a root
/// trust any public authority, and `sslrootcert=system` is read as a file name. `env` reads an
/// environment variable (a parameter so that tests need not change the process's).
pub fn connect_options(
    url: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(PgConnectOptions, Root), StoreError> {
    let bad = |detail: String| StoreError::Url {
        url: shown_url(url),
        detail,
    };
    let options = PgConnectOptions::from_str(url).map_err(|e| bad(e.to_string()))?;
    let parsed = Url::parse(url).map_err(|e| bad(e.to_string()))?;
    let param = |names: &[&str]| {
        parsed
            .query_pairs()
            .filter(|(name, _)| names.contains(&name.as_ref()))
            .last()
            .map(|(_, value)| value.into_owned())
    };
    let mode_given = param(&["sslmode", "ssl-mode"])
        .or_else(|| env("PGSSLMODE"))
        .is_some();
    let root = param(&["sslrootcert", "ssl-root-cert", "ssl-ca"])
        .or_else(|| env("PGSSLROOTCERT"))
        .filter(|root| !root.is_empty());
    let mode = options.get_ssl_mode();
    match root.as_deref() {
        Some("system") => {
            // PostgreSQL: `system` trusts the usual authorities and asks for `verify-full`.
            if mode_given && !matches!(mode, PgSslMode::VerifyFull) {
                return Err(bad(format!(
                    "sslrootcert=system goes with sslmode=verify-full (PostgreSQL's rule), not sslmode={}",
                    mode_name(mode)
                )));
            }
            // No certificate of its own: sqlx then trusts its built-in public authorities.
            let options = options
                .ssl_mode(PgSslMode::VerifyFull)
                .ssl_root_cert_from_pem(Vec::new());
            Ok((options, Root::System))
        }
        Some(path) => {
            // PostgreSQL: `require` with a root checks the certificate as `verify-ca` does.
            let mode = match mode {
                PgSslMode::Require => PgSslMode::VerifyCa,
                other => other,
            };
            if !verifies(mode) {
                // Not checked: the root is not read (as libpq does).
                return Ok((options, Root::Unchecked));
            }
            let pem = read_root(path).map_err(bad)?;
            let options = options.ssl_mode(mode).ssl_root_cert_from_pem(pem);
            Ok((options, Root::File(path.to_string())))
        }
        None if verifies(mode) => {
            // PostgreSQL's default root, as libpq looks for it.
            let default = env("HOME")
                .map(|home| Path::new(&home).join(".postgresql/root.crt"))
                .filter(|path| path.exists());
            let Some(path) = default else {
                return Err(bad(format!(
                    "sslmode={} checks the database's certificate against a root certificate, and none was given: add sslrootcert=/path/to/root.crt (the authority that signed the database's certificate; managed databases publish theirs), or sslrootcert=system for a certificate from a public authority",
                    mode_name(mode)
                )));
            };
            let path = path.display().to_string();
            let pem = read_root(&path).map_err(bad)?;
            Ok((options.ssl_root_cert_from_pem(pem), Root::File(path)))
        }
        None => Ok((options, Root::Unchecked)),
    }
}

/// The options sqlx connects with, and the relay they go through: with a root file,
/// `verify-ca` and `verify-full` are checked by Parlor's relay as libpq checks them (see
/// `tls.rs`), and sqlx speaks plain text to the relay on 127.0.0.1. The public authorities
/// (`sslrootcert=system`) and the unchecked modes stay with sqlx's own TLS.
pub(super) async fn relayed(
    options: PgConnectOptions,
    root: &Root,
) -> Result<(PgConnectOptions, Option<Arc<Relay>>), String> {
    let check = match options.get_ssl_mode() {
        PgSslMode::VerifyFull => Check::Full,
        PgSslMode::VerifyCa => Check::Ca,
        _ => return Ok((options, None)),
    };
    // libpq speaks no TLS over a Unix socket.
    let (Root::File(path), None) = (root, options.get_socket()) else {
        return Ok((options, None));
    };
    let pem = read_root(path)?;
    let relay = Relay::start(options.get_host(), options.get_port(), check, &pem, path).await?;
    let options = options
        .host("127.0.0.1")
        .port(relay.port())
        .ssl_mode(PgSslMode::Disable);
    Ok((options, Some(Arc::new(relay))))
}

/// Whether a failure to connect at start may pass by itself (the server still coming up), so
/// that it is tried again for a while.
pub(super) fn may_come_up(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) => true,
        other => super::tls::refusal(other).is_some_and(|(_, passes)| passes),
    }
}

/// Whether the mode checks the database's certificate.
fn verifies(mode: PgSslMode) -> bool {
    matches!(mode, PgSslMode::VerifyCa | PgSslMode::VerifyFull)
}

/// The mode as written in an address.
fn mode_name(mode: PgSslMode) -> &'static str {
    match mode {
        PgSslMode::Disable => "disable",
        PgSslMode::Allow => "allow",
        PgSslMode::Prefer => "prefer",
        PgSslMode::Require => "require",
        PgSslMode::VerifyCa => "verify-ca",
        PgSslMode::VerifyFull => "verify-full",
    }
}

/// The root certificates of `sslrootcert`: inline PEM, or a file of at least one PEM certificate.
fn read_root(root: &str) -> Result<Vec<u8>, String> {
    let pem = if root.trim_start().starts_with("-----BEGIN") {
        root.as_bytes().to_vec()
    } else {
        std::fs::read(root).map_err(|e| format!("cannot read sslrootcert={root}: {e}"))?
    };
    let certificates = CertificateDer::pem_slice_iter(&pem).collect::<Result<Vec<_>, _>>();
    match certificates {
        Ok(certificates) if !certificates.is_empty() => Ok(pem),
        _ => Err(format!(
            "sslrootcert={root} holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        )),
    }
}

/// Why connecting failed, for an operator: a refused certificate says which check refused it.
/// Neither sqlx's errors nor these carry the password.
pub(super) fn connect_error(error: &sqlx::Error, host: &str, root: &Root) -> String {
    if let Some((words, _)) = super::tls::refusal(error) {
        return words.to_string();
    }
    let tls = match error {
        sqlx::Error::Io(e) => e.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>()),
        sqlx::Error::Tls(e) => e.downcast_ref::<rustls::Error>(),
        _ => None,
    };
    let Some(tls) = tls else {
        return error.to_string();
    };
    let rustls::Error::InvalidCertificate(refused) = tls else {
        return format!("the TLS handshake with the database failed: {tls}");
    };
    match (refused, root) {
        (CertificateError::UnknownIssuer | CertificateError::BadSignature, Root::File(path)) => {
            format!("the database's certificate was not signed by the root in sslrootcert={path}")
        }
        (CertificateError::UnknownIssuer | CertificateError::BadSignature, _) => {
            "the database's certificate was not signed by a public certificate authority (sslrootcert=system): give the one that signed it with sslrootcert=/path/to/root.crt".to_string()
        }
        (CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. }, _) => {
            format!("the database's certificate is not made out to `{host}`, the host in the address (sslmode=verify-full checks it): connect by a name the certificate holds, or use sslmode=verify-ca")
        }
        (CertificateError::Expired | CertificateError::ExpiredContext { .. }, _) => {
            "the database's certificate has expired".to_string()
        }
        (other, _) => format!("the database's certificate was refused: {other}"),
    }
}
