//! `/rules`: the short text names the full rules page in the reader's language, as a path in the
//! repository or, with `PARLOR_DOCS_URL` configured, as a link.

use parlor::games::GameKind;
use parlor::i18n::{Lang, Plain};
use parlor::store::Store;
use parlor::table::{Act, ManualClock, Table};

use crate::common::*;

async fn rules_text(docs_url: Option<&str>, game: GameKind, lang: Lang) -> String {
    let db = TestDb::new().await;
    let url = db.url.clone();
    let clock = ManualClock::new(START_MS);
    let store = Store::open(&url).await.expect("open store");
    let config = parlor::table::Config {
        docs_url: docs_url.map(str::to_string),
        ..config(&clock)
    };
    let (table, _notices) = Table::start(store, config).await.expect("start");
    let reply = table.handle(&alice(), &channel(1), Act::Rules(game)).await;
    assert!(!reply.private);
    reply.text_in(lang, &Plain)
}

#[tokio::test]
async fn rules_name_the_page_in_the_readers_language() {
    for (game, file) in [
        (GameKind::Loa, "loa.md"),
        (GameKind::Lightning, "lightning.md"),
        (GameKind::Barrier, "barrier.md"),
        (GameKind::Simultana, "simultana.md"),
    ] {
        let en = rules_text(None, game, Lang::En).await;
        assert!(
            en.ends_with(&format!("Full rules, with pictures: docs/rules/en/{file}")),
            "{en}"
        );
        assert!(!en.contains("RULES.md"), "{en}");
        let fr = rules_text(None, game, Lang::Fr).await;
        assert!(
            fr.ends_with(&format!(
                "Règles complètes, avec images\u{202f}: docs/rules/fr/{file}"
            )),
            "{fr}"
        );
        let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/rules/fr")
            .join(file);
        assert!(page.is_file(), "{}", page.display());
    }
}

#[tokio::test]
async fn a_configured_docs_url_becomes_the_link() {
    let base = "https://github.com/someone/parlor/blob/main/docs/rules";
    let fr = rules_text(Some(base), GameKind::Loa, Lang::Fr).await;
    assert!(fr.ends_with(&format!("{base}/fr/loa.md")), "{fr}");
    let en = rules_text(Some(base), GameKind::Barrier, Lang::En).await;
    assert!(en.ends_with(&format!("{base}/en/barrier.md")), "{en}");
    // The short rules come first, in the same language.
    assert!(en.contains("arrow tiles"), "{en}");
    assert!(fr.contains("ligne droite"), "{fr}");
}
