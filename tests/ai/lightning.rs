//! The tests of `parlor::ai::lightning`.
//!
//! Moved out of src/ai/lightning.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::Side;
use parlor::games::lightning::Lightning;

use parlor::ai::lightning::*;
use parlor::games::GameOptions;
use parlor::games::lightning::LightningOptions;
use parlor::games::lightning::{Design, Point};

#[test]
fn an_empty_half_needs_seventeen_tiles_and_corners_are_in_engine_order() {
    assert_eq!(Point::CORNERS, [Point::SW, Point::SE, Point::NW, Point::NE]);
    let game = Lightning::new(LightningOptions::parse("seed=1").expect("options"));
    assert_eq!(tiles_to_connect(&game, Side::First), 17);
    assert_eq!(evaluate(&game).signum(), 1.0);
    let _ = Design::X;
}
