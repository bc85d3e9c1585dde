//! The tests of `parlor::store::postgres`.
//!
//! Moved out of src/store/postgres.rs (the library builds no unit-test harness).

use sqlx::postgres::PgSslMode;

use super::common::assert_contains;
use parlor::store::postgres::*;

/// No environment: the address alone decides.
fn no_env(_: &str) -> Option<String> {
    None
}

#[test]
fn the_connections_a_process_opens_are_set_by_the_operator_within_reason() {
    assert_eq!(connections(&no_env, 8).ok(), Some(8));
    let given = |value: &'static str| {
        move |name: &str| (name == "PARLOR_DB_CONNECTIONS").then(|| value.to_string())
    };
    assert_eq!(connections(&given("3"), 8).ok(), Some(3));
    assert_eq!(connections(&given(" 100 "), 8).ok(), Some(100));
    for bad in ["0", "101", "-2", "four", ""] {
        let error = connections(&given(bad), 8).map(drop).err();
        assert!(
            error.is_some_and(|e| e
                .to_string()
                .starts_with("PARLOR_DB_CONNECTIONS must be a whole number from 1 to 100")),
            "{bad:?}"
        );
    }
}

/// A file holding one PEM certificate (the contents are not checked before connecting).
fn root_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("parlor-{name}-{}.crt", std::process::id()));
    std::fs::write(
        &path,
        "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    )
    .expect("write a root");
    path.display().to_string()
}

const BASE: &str = "postgres://parlor:s3cret@db.example.org/parlor";

#[test]
fn require_with_a_root_checks_the_authority() {
    let root = root_file("require");
    let (options, checked) = connect_options(
        &format!("{BASE}?sslmode=require&sslrootcert={root}"),
        &no_env,
    )
    .expect("valid");
    assert!(matches!(options.get_ssl_mode(), PgSslMode::VerifyCa));
    assert_eq!(checked, Root::File(root));
    let (options, checked) =
        connect_options(&format!("{BASE}?sslmode=require"), &no_env).expect("valid");
    assert!(matches!(options.get_ssl_mode(), PgSslMode::Require));
    assert_eq!(checked, Root::Unchecked);
}

#[test]
fn the_default_is_prefer_and_checks_nothing() {
    let (options, checked) = connect_options(BASE, &no_env).expect("valid");
    assert!(matches!(options.get_ssl_mode(), PgSslMode::Prefer));
    assert_eq!(checked, Root::Unchecked);
}

#[test]
fn the_system_root_means_verify_full() {
    let (options, checked) =
        connect_options(&format!("{BASE}?sslrootcert=system"), &no_env).expect("valid");
    assert!(matches!(options.get_ssl_mode(), PgSslMode::VerifyFull));
    assert_eq!(checked, Root::System);
    let error = connect_options(
        &format!("{BASE}?sslmode=require&sslrootcert=system"),
        &no_env,
    )
    .expect_err("a weaker mode is refused");
    let error = error.to_string();
    assert_contains(&error, "sslrootcert=system goes with sslmode=verify-full");
    assert!(!error.contains("s3cret"), "{error}");
}

#[test]
fn verifying_without_a_root_says_what_to_add() {
    let home = |name: &str| (name == "HOME").then(|| "/nonexistent-home".to_string());
    for mode in ["verify-ca", "verify-full"] {
        let error = connect_options(&format!("{BASE}?sslmode={mode}"), &home)
            .expect_err("no root")
            .to_string();
        assert!(error.contains(&format!("sslmode={mode} checks")), "{error}");
        assert!(error.contains("add sslrootcert="), "{error}");
        assert!(!error.contains("s3cret"), "{error}");
    }
}

#[test]
fn a_root_given_in_the_environment_counts() {
    let root = root_file("env");
    let env = |name: &str| (name == "PGSSLROOTCERT").then(|| root.clone());
    let (options, checked) =
        connect_options(&format!("{BASE}?sslmode=verify-full"), &env).expect("valid");
    assert!(matches!(options.get_ssl_mode(), PgSslMode::VerifyFull));
    assert_eq!(checked, Root::File(root.clone()));
}

#[test]
fn an_unreadable_or_empty_root_is_named() {
    let error = connect_options(
        &format!("{BASE}?sslmode=verify-full&sslrootcert=/nonexistent/root.crt"),
        &no_env,
    )
    .expect_err("no such file")
    .to_string();
    assert_contains(&error, "cannot read sslrootcert=/nonexistent/root.crt");
    let empty = std::env::temp_dir().join(format!("parlor-empty-{}.crt", std::process::id()));
    std::fs::write(&empty, "not a certificate").expect("write");
    let empty = empty.display().to_string();
    let error = connect_options(
        &format!("{BASE}?sslmode=verify-ca&sslrootcert={empty}"),
        &no_env,
    )
    .expect_err("no certificate")
    .to_string();
    assert!(error.contains("holds no PEM certificate"), "{error}");
}
