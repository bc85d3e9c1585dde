//! The tests of `parlor::games::lightning`.
//!
//! Moved out of src/games/lightning/mod.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::MoveError;
use parlor::games::Side;
use parlor::games::lightning::design::Design;

use parlor::games::lightning::text;
use parlor::games::lightning::*;

/// A hand-written position: `first` and `second` list ranks 17 down to 1, lower case for a
/// tile the half's opponent laid.
fn position(first: &str, second: &str, to: &str) -> Lightning {
    let tiles = |h: &str| h.chars().filter(char::is_ascii_alphabetic).count();
    let text = format!(
        "seed=3 drawn={} first={first} second={second} reserve=S0B0X0A0V0 hand=- to={to} \
         started=yes result=-",
        tiles(first) + tiles(second)
    );
    text::import(&text).expect("a valid position")
}

/// Ranks 17 down to 4 empty, then ranks 3, 2 and 1 as given.
fn low(r3: &str, r2: &str, r1: &str) -> String {
    format!("{}{r3}/{r2}/{r1}", "8/".repeat(14))
}

#[test]
fn blocking_tiles_are_the_opponents_that_stand_outside_the_connected_part() {
    // First's half: a1 / and b2 / connected. The opponent laid c3 ∨ (touching b2 by a
    // corner, strokes elsewhere: blocking), g2 ∧ (not touching anything of the line: still
    // blocking, the opponent laid it there) and c1 /, which reaches the outer edge of the
    // start row, so belongs to the connected part: not blocking. First's own e2 / leads
    // nowhere but is not blocking either.
    let first = low("2v5", "1S2S1a1", "S1s5");
    let g = position(&first, &low("8", "8", "S7"), "first");
    assert_eq!(g.connected_part(Side::First), vec![(0, 0), (2, 0), (1, 1)]);
    assert_eq!(g.blocking_tiles(Side::First), vec![(6, 1), (2, 2)]);
    assert!(g.laid_by_opponent(Side::First, 2, 0));
    assert!(!g.laid_by_opponent(Side::First, 4, 1));
    assert!(g.blocking_tiles(Side::Second).is_empty());
    assert_eq!(g.connected_part(Side::Second), vec![(0, 0)]);
    // The export keeps who laid what.
    let again = text::import(&g.export()).expect("the export imports");
    assert_eq!(again.export(), g.export());
    assert_eq!(
        again.blocking_tiles(Side::First),
        g.blocking_tiles(Side::First)
    );
}

#[test]
fn a_tile_put_on_the_opponents_half_is_recorded_as_theirs() {
    let mut g = position(&low("8", "8", "S7"), &low("8", "8", "S7"), "second");
    let (f, r) = play_first(&mut g, true);
    assert!(g.laid_by_opponent(Side::First, f, r));
    assert!(
        g.export()
            .contains(|c: char| c.is_ascii_lowercase() && "sbxav".contains(c))
    );
    let (f, r) = play_first(&mut g, false);
    assert!(!g.laid_by_opponent(Side::First, f, r));
}

/// Plays the first legal move that lays a tile on the opponent's half (`block`) or on the
/// mover's own, and returns its square.
fn play_first(g: &mut Lightning, block: bool) -> (u8, u8) {
    let square = |m: &LightningMove| match m.target() {
        Some(Target::Opponent(f, r)) if block => Some((f, r)),
        Some(Target::Own(f, r)) if !block => Some((f, r)),
        _ => None,
    };
    let (mv, at) = g
        .legal_moves()
        .into_iter()
        .find_map(|m| square(&m).map(|at| (m, at)))
        .expect("such a move is legal here");
    g.play(&mv).expect("legal");
    at
}

#[test]
fn the_pile_holds_thirty_of_each_design() {
    for seed in [0, 1, u64::MAX] {
        let pile = shuffled_pile(seed);
        for d in Design::ALL {
            assert_eq!(pile.iter().filter(|&&t| t == d).count(), 30);
        }
    }
    assert_ne!(shuffled_pile(0), shuffled_pile(1));
}

#[test]
fn reading_accepts_the_lenient_forms() {
    let whole = |t: &str| match Lightning::read(t) {
        Ok(Typed::Whole(s, d, t)) => Some((s, d, t)),
        _ => None,
    };
    let ps_c1 = Some((Source::Pile, Design::S, Target::Own(2, 0)));
    for text in ["PS-c1", "ps-c1", "PSc1", "ps c1", " P S - C 1 "] {
        assert_eq!(whole(text), ps_c1, "{text}");
    }
    let px = Some((Source::Pile, Design::X, Target::Opponent(3, 3)));
    assert_eq!(whole("px*d4"), px);
    assert_eq!(whole("PX-*D4"), px);
    assert_eq!(
        whole("pa-r"),
        Some((Source::Pile, Design::A, Target::Reserve))
    );
    assert_eq!(
        whole("RV-e17"),
        Some((Source::Reserve, Design::V, Target::Own(4, 16)))
    );
    assert!(matches!(Lightning::read("p"), Ok(Typed::Draw)));
    assert!(matches!(Lightning::read("Rb"), Ok(Typed::Take(Design::B))));
    assert!(matches!(
        Lightning::read("r"),
        Ok(Typed::Put(Target::Reserve))
    ));
    assert!(matches!(
        Lightning::read("*a2"),
        Ok(Typed::Put(Target::Opponent(0, 1)))
    ));
    assert!(matches!(
        Lightning::read("-h17"),
        Ok(Typed::Put(Target::Own(7, 16)))
    ));
}

/// Two games that look the same but whose piles differ from the top tile on.
fn twins() -> (Lightning, Lightning) {
    let a = Lightning::new(LightningOptions { seed: 1 });
    let top = a.pile[0];
    let seed = (2..)
        .find(|&s| shuffled_pile(s)[0] != top)
        .unwrap_or_default();
    (a, Lightning::new(LightningOptions { seed }))
}

#[test]
fn a_match_gives_the_same_answer_to_a_whole_pile_turn_whatever_the_top_tile() {
    let (a, b) = twins();
    assert_ne!(a.pile[0], b.pile[0]);
    for text in ["PS-a1", "PB-a1", "PX-c1", "PA-a5", "PV-R", "ps a1"] {
        let answer = |g: &Lightning| match g.parse_visible_move(text) {
            Ok(mv) => format!("played {mv:?}"),
            Err(e) => e.msg().text(parlor::i18n::Lang::En),
        };
        assert_eq!(answer(&a), answer(&b), "{text}");
        assert!(a.parse_visible_move(text).is_err(), "{text}");
    }
    let texts = |g: &Lightning| -> Vec<String> {
        g.visible_moves().iter().map(|m| g.format_move(m)).collect()
    };
    assert_eq!(texts(&a), texts(&b));
    assert_eq!(texts(&a), ["P"]);
    // The engine keeps full information: the matching whole turn is legal there.
    let top = a.pile[0];
    assert!(a.parse_move(&format!("P{top}-a1")).is_ok());
}

#[test]
fn after_the_draw_the_tile_in_hand_may_be_named() {
    let (mut a, _) = twins();
    let top = a.pile[0];
    let draw = a.parse_visible_move("P").expect("P is always visible");
    a.play(&draw).expect("drawing");
    let put = a
        .parse_visible_move(&format!("P{top}-a1"))
        .expect("the tile in hand is seen");
    assert_eq!(a.format_move(&put), "-a1");
    assert_eq!(a.visible_moves(), a.legal_moves());
}

#[test]
fn reading_refuses_everything_else() {
    for text in [
        "", "ps", "pq-c1", "ps-i1", "ps-c18", "ps-c0", "x", "rs-", "-", "*", "ps-*", "psr1", "é",
        "p🙂", "c1c2", "ps-c1-", "rs--c1",
    ] {
        assert!(
            matches!(Lightning::read(text), Err(MoveError::Syntax(_))),
            "{text}"
        );
    }
    assert!(Lightning::read(&"p".repeat(100_000)).is_err());
}
