//! What the puzzle tests of several binaries share: a catalogue message's fixed words (to check
//! which answer a transport showed, in its language), a wrong move for a puzzle, and the
//! only-move check of a solution.
// Each test binary uses a part of it.
#![allow(dead_code)]

use parlor::ai::puzzle::{DEFAULT_BUDGET, forced_win_any, wins_at_once};
use parlor::games::{AnyGame, AnyMove, Side, Status};
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

/// The moves of the solver to move in `position`, other than `played`, that still win within
/// `left` of its own moves, checked with the plain forced-win search; at the last move of a line
/// (`left == 1`) past its `first`, a move winning at once is as good as `played` and not counted.
pub fn other_wins(position: &AnyGame, played: &AnyMove, first: bool, left: u32) -> Vec<AnyMove> {
    let winner = position.status().to_move();
    position
        .legal_moves()
        .into_iter()
        .filter(|mv| mv != played && !(left == 1 && !first && wins_at_once(position, mv)))
        .filter(|mv| keeps_a_win(position, mv, winner, left))
        .collect()
}

/// Whether `mv`, played in `position` by `winner`, still wins within `left` of its own moves
/// (`mv` included), checked with the plain forced-win search: it wins at once, or every reply
/// lets `winner` win at once or force a win in `left - 1`.
fn keeps_a_win(position: &AnyGame, mv: &AnyMove, winner: Option<Side>, left: u32) -> bool {
    let mut after = position.clone();
    after.play(mv).unwrap();
    match after.status() {
        Status::Over(o) => o.winner == winner,
        Status::ToMove(_) => {
            left > 1
                && after.legal_moves().iter().all(|reply| {
                    let mut next = after.clone();
                    next.play(reply).unwrap();
                    match next.status() {
                        Status::Over(o) => o.winner == winner,
                        Status::ToMove(_) => {
                            forced_win_any(&next, left - 1, DEFAULT_BUDGET).is_ok()
                        }
                    }
                })
        }
    }
}
