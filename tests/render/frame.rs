//! The tests of `parlor::render::frame`.
//!
//! Moved out of src/render/frame.rs (the library builds no unit-test harness).

use parlor::i18n::Lang;

use parlor::render::frame::*;

#[test]
fn a_colour_or_a_team_wins_in_the_plural_in_french_a_lightning_seat_in_the_singular() {
    let by = parlor::games::Reason::Connection;
    let fr = |w: Winner| result_text(Some(&w), by, Lang::Fr);
    assert_eq!(
        fr(unnamed_winner("white", "Blancs".into())),
        "Les Blancs gagnent par connexion"
    );
    assert_eq!(
        fr(unnamed_winner("second", "Second joueur".into())),
        "Second joueur gagne par connexion"
    );
    assert_eq!(
        fr(Winner::Team("Noirs (alice & bob)".into())),
        "Les Noirs (alice & bob) gagnent par connexion"
    );
    let team = Winner::Team("White (alice & bob)".into());
    assert_eq!(
        result_text(Some(&team), by, Lang::En),
        "White (alice & bob) win by connection"
    );
}
