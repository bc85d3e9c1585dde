//! The tests of `parlor::store::queries::settings`.
//!
//! Moved out of src/store/queries/settings.rs (the library builds no unit-test harness).

use parlor::i18n::Lang;
use parlor::store::{PlayerRef, Store};

#[tokio::test]
async fn each_own_setting_has_its_default_and_changes_alone() {
    let store = Store::open("sqlite::memory:").await.expect("open");
    let ann = PlayerRef {
        id: 9,
        name: "ann".into(),
    };
    let read = async |store: &Store| {
        (
            store.reminders(9).await.ok(),
            store.web_hidden(9).await.ok(),
            store.language(9).await.ok(),
        )
    };
    assert_eq!(read(&store).await, (Some(true), Some(false), Some(None)));
    store.set_web_hidden(&ann, true, 1).await.expect("hide");
    assert_eq!(read(&store).await, (Some(true), Some(true), Some(None)));
    store
        .set_language(&ann, Some(Lang::Fr), 2)
        .await
        .expect("fr");
    store.set_reminders(&ann, false, 3).await.expect("quiet");
    assert_eq!(
        read(&store).await,
        (Some(false), Some(true), Some(Some(Lang::Fr)))
    );
    store.set_language(&ann, None, 4).await.expect("auto");
    assert_eq!(read(&store).await, (Some(false), Some(true), Some(None)));
}
