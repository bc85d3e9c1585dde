//! The tests of `parlor::games::barrier`.
//!
//! Moved out of src/games/barrier/mod.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::Side;
use parlor::games::barrier::tiles::BarrierOptions;
use parlor::games::barrier::tiles::Tile;

use std::collections::HashMap;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use parlor::games::barrier::*;

/// What the key stands for: the squares, the tiles and the side to move.
type Position = ([Option<Piece>; 64], [Option<Tile>; 16], Side);

/// The packed key separates every pair of different positions met in random games, and gives
/// one position one key whatever the path to it.
#[test]
fn keys_match_positions_one_to_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut seen: HashMap<u64, Position> = HashMap::new();
    for _ in 0..40 {
        let mut game = Barrier::new(BarrierOptions::default());
        while !game.status().is_over() {
            let position = (game.board, game.tiles, game.to_move);
            let previous = seen.entry(game.key()).or_insert(position);
            assert_eq!(*previous, position, "two positions share a key");
            let moves = game.legal_moves();
            let Some(mv) = moves.choose(&mut rng) else {
                break;
            };
            game.play_unchecked(mv);
        }
    }
    assert!(seen.len() > 1000, "only {} positions met", seen.len());
}
