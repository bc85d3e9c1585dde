//! The tests of `parlor::ai::knowledge`.
//!
//! Moved out of src/ai/knowledge.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::barrier::Barrier;
use parlor::games::lightning::Lightning;
use parlor::games::lightning::LightningMove;
use parlor::games::lightning::Source;
use parlor::games::loa::Loa;
use parlor::games::simultana::Simultana;

use parlor::ai::knowledge::*;
use parlor::games::GameOptions;

/// What the AI chose from before it asked the game what is visible: every legal move, less
/// the whole turns (from the pile or the reserve) at the start of a turn.
fn former_search_moves(game: &Lightning) -> Vec<LightningMove> {
    game.legal_moves()
        .into_iter()
        .filter(|m| {
            game.in_hand().is_some()
                || match m.source() {
                    Source::Pile => m.design().is_none(),
                    Source::Reserve => m.target().is_none(),
                }
        })
        .collect()
}

/// Playing strength rests on the move set: through whole games, with tiles in the reserve
/// and in hand, the AI chooses from exactly the moves it chose from before, in their order,
/// and each is visible.
#[test]
fn lightning_search_moves_are_the_visible_moves_less_whole_reserve_turns() {
    let mut positions = 0;
    for seed in 0..4u64 {
        let Ok(options) = GameOptions::parse(&format!("seed={seed}")) else {
            panic!("seed={seed} is an option");
        };
        let mut game = Lightning::new(options);
        for ply in 0..400usize {
            let mut moves = Vec::new();
            game.search_moves(&mut moves);
            assert_eq!(moves, former_search_moves(&game), "seed {seed} ply {ply}");
            let visible = game.visible_moves();
            assert!(moves.iter().all(|m| visible.contains(m)));
            positions += 1;
            let Some(&mv) = moves.get((ply * 7 + seed as usize) % moves.len().max(1)) else {
                break;
            };
            game.play_unchecked(&mv);
        }
    }
    assert!(positions > 100, "{positions}");
}

/// The other games search every legal move, as before.
#[test]
fn the_other_games_search_every_legal_move() {
    fn same<G: AiGame>(game: G) {
        let mut moves = Vec::new();
        game.search_moves(&mut moves);
        assert_eq!(moves, game.legal_moves());
    }
    same(Loa::new(Default::default()));
    same(Barrier::new(Default::default()));
    same(Simultana::new(Default::default()));
}
