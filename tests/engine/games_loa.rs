//! The tests of `parlor::games::loa`.
//!
//! Moved out of src/games/loa/mod.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::loa::options::LoaOptions;
use parlor::games::loa::options::LoaRules;
use parlor::games::loa::options::LoaSetup;

use parlor::games::loa::*;

#[test]
fn generated_moves_are_exactly_the_legal_ones() {
    let mut game = Loa::new(LoaOptions {
        rules: LoaRules::Abacus,
        setup: LoaSetup::Parachute,
        ..LoaOptions::default()
    });
    for _ in 0..14 {
        let moves = game.legal_moves();
        assert!(moves.iter().all(|m| game.is_legal(m)));
        let unique: std::collections::HashSet<_> = moves.iter().collect();
        assert_eq!(unique.len(), moves.len());
        let mv = moves[moves.len() / 3];
        game.play_unchecked(&mv);
        if game.status().is_over() {
            break;
        }
    }
}
