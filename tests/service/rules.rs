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

/// Without `PARLOR_DOCS_URL` (a path in the repository opens nothing for a player), the full
/// rules page comes attached, in the reader's language, as published under `docs/rules/`.
#[tokio::test]
async fn without_a_docs_url_the_full_rules_come_attached_in_the_readers_language() {
    let db = TestDb::new().await;
    let clock = ManualClock::new(START_MS);
    let store = Store::open(&db.url).await.expect("open store");
    let (table, _notices) = Table::start(store, config(&clock)).await.expect("start");
    for game in GameKind::ALL {
        let reply = table.handle(&alice(), &channel(1), Act::Rules(game)).await;
        let file = format!("{}.md", game.name());
        let last = reply.lines.last().expect("a line");
        assert_eq!(last.id, "rules-full-attached");
        let attached = reply.file.as_ref().expect("the full rules attached");
        assert_eq!(attached.name, file);
        for lang in Lang::ALL {
            assert!(last.text(lang).contains(&file), "{}", last.text(lang));
            let page = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
                .join("docs/rules")
                .join(lang.code())
                .join(&file);
            let published = std::fs::read_to_string(&page).expect("the published page");
            assert_eq!(attached.body(lang), published, "{lang:?} {file}");
        }
        assert!(reply.picture.is_some(), "the start position too");
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
