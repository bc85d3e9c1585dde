//! The tests of `parlor::http`.
//!
//! Moved out of src/http/mod.rs (the library builds no unit-test harness).

use axum::http::StatusCode;
use std::net::SocketAddr;

use parlor::http::*;

#[test]
fn addresses_are_read_as_operators_write_them() {
    let v4 = |text: &str| address(Some(text)).ok().flatten();
    assert_eq!(v4(""), None);
    assert!(address(None).is_ok_and(|a| a.is_none()));
    assert_eq!(
        v4("127.0.0.1:9090"),
        Some(SocketAddr::from(([127, 0, 0, 1], 9090)))
    );
    assert_eq!(
        v4(" localhost:9090 "),
        Some(SocketAddr::from(([127, 0, 0, 1], 9090)))
    );
    assert_eq!(v4("[::]:80").map(|a| a.port()), Some(80));
    for bad in [
        "9090",
        "127.0.0.1",
        "localhost",
        "host:99999",
        "http://127.0.0.1:1",
    ] {
        let err = address(Some(bad)).err().map(|e| e.to_string());
        assert!(
            err.as_deref().is_some_and(|e| e.contains("PARLOR_HTTP")),
            "{bad}: {err:?}"
        );
    }
}

#[test]
fn one_failing_part_makes_the_whole_unhealthy_and_says_why() {
    // The gateway connected, and the database as given.
    let with_database = |database: Result<String, String>| {
        report(&[
            ("gateway", Ok("1/1 shards connected".into())),
            ("database", database),
        ])
    };
    let (code, body) = with_database(Ok("answers".into()));
    assert_eq!(code, StatusCode::OK);
    assert_eq!(body["status"], "healthy");
    assert_eq!(body["gateway"], "1/1 shards connected");
    let (code, body) = with_database(Err("no answer within 2 seconds".into()));
    assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["status"], "unhealthy");
    assert_eq!(body["database"], "no answer within 2 seconds");
}
