//! What the puzzle tests of several binaries share: a catalogue message's fixed words (to check
//! which answer a transport showed, in its language) and a wrong move for a puzzle.
// Each test binary uses a part of it.
#![allow(dead_code)]

use parlor::games::AnyGame;
use parlor::i18n::{Lang, lookup};

/// The longest fixed part of catalogue message `id` in `lang` (the words between its
/// placeables): what a transport's text must contain when it says that message.
pub fn fixed_words(lang: Lang, id: &str) -> String {
    let text = lookup(lang, id).unwrap_or_else(|| panic!("{id} is not in the catalogue"));
    text.split(['{', '}'])
        .step_by(2)
        .map(|part| part.trim_matches(['\u{2068}', '\u{2069}', ' ']))
        .max_by_key(|part| part.chars().count())
        .unwrap_or_default()
        .to_owned()
}

/// A legal move of `position` that is not `right` and does not win at once: a wrong answer.
pub fn wrong_move(position: &AnyGame, right: &str) -> String {
    position
        .legal_move_texts()
        .into_iter()
        .find(|m| {
            let mut after = position.clone();
            m != right && after.play_text(m).is_ok() && !after.status().is_over()
        })
        .expect("a move that does not win")
}
