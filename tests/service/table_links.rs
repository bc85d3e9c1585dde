//! The tests of `parlor::table::links`.
//!
//! Moved out of src/table/links.rs (the library builds no unit-test harness).

use parlor::games::GameKind;

use parlor::table::links::*;

#[test]
fn paths_fixed_by_the_interfaces() {
    assert_eq!(WebPage::Home.path(), "/");
    assert_eq!(WebPage::Match { id: 12 }.path(), "/m/12");
    let global = WebPage::Global {
        game: GameKind::Loa,
        variant: Some("cylinder".into()),
    };
    assert_eq!(global.path(), "/global/loa?variant=cylinder");
    assert_eq!(
        global.url("https://parlor.example/"),
        "https://parlor.example/global/loa?variant=cylinder"
    );
}
