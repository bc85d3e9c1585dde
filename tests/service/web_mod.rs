//! The tests of `parlor::web`.
//!
//! Moved out of src/web/mod.rs (the library builds no unit-test harness).

use axum::http::HeaderMap;
use axum::http::HeaderValue;
use axum::http::header;
use parlor::i18n::Lang;

use parlor::web::*;

#[test]
fn the_browsers_language_decides_unless_the_address_chooses() {
    assert_eq!(accept_language("fr-FR,fr;q=0.9,en;q=0.8"), Lang::Fr);
    assert_eq!(accept_language("en-GB,fr;q=0.5"), Lang::En);
    assert_eq!(
        accept_language("de-DE,de;q=0.9,fr;q=0.7,en;q=0.6"),
        Lang::Fr
    );
    assert_eq!(accept_language("fr;q=0, en"), Lang::En);
    assert_eq!(accept_language("de, es"), Lang::En);
    assert_eq!(accept_language(""), Lang::En);
    let mut headers = HeaderMap::new();
    headers.insert(
        header::ACCEPT_LANGUAGE,
        HeaderValue::from_static("fr-FR,fr"),
    );
    let chosen = Ctx::new(
        &headers,
        &Query::parse(Some("ply=2&lang=en".into())),
        "/m/3",
    );
    assert_eq!((chosen.lang, chosen.chosen), (Lang::En, true));
    assert_eq!(chosen.switch(), (Lang::Fr, "/m/3?ply=2&lang=fr".to_owned()));
    assert_eq!(chosen.link("/m/3?ply=2"), "/m/3?ply=2&lang=en");
    let browser = Ctx::new(&headers, &Query::parse(None), "/m/3");
    assert_eq!(browser.lang, Lang::Fr);
    assert_eq!(browser.link("/m/3"), "/m/3");
}

#[test]
fn numbers_in_the_address_are_checked() {
    let q = Query::parse(Some("page=2&ply=x&neg=-1".into()));
    assert_eq!(q.number("page"), Ok(Some(2)));
    assert_eq!(q.number("missing"), Ok(None));
    assert!(q.number("ply").is_err());
    assert!(q.number("neg").is_err());
}
