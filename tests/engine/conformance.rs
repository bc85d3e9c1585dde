//! The conformance suite every game must pass, under every option set (board-game-rs style):
//! many seeded random games, checking at every position that notation round-trips, the legal
//! list has no duplicates, illegal moves are refused without effect, export/import is faithful,
//! the status agrees with the legal moves, and that every game ends.

use std::collections::HashSet;

use parlor::games::barrier::Barrier;
use parlor::games::lightning::Lightning;
use parlor::games::loa::Loa;
use parlor::games::simultana::Simultana;
use parlor::games::{AnyGame, Game, GameKind, GameOptions, MoveError, Status};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The longest random game we accept before calling it endless.
const MAX_PLIES: usize = 5_000;

/// At most this many foreign moves are tried against each position.
const FOREIGN_PER_POSITION: usize = 6;

/// Checks everything the suite promises about one position; `foreign` holds moves seen in other
/// positions of the same game, some of which are illegal here.
fn check_position<G: Game>(pos: &G, foreign: &[G::Move]) {
    let legal = pos.legal_moves();
    let export = pos.export();

    // Status agrees with the legal moves.
    match pos.status() {
        Status::Over(_) => assert!(legal.is_empty(), "moves listed after the end: {export}"),
        Status::ToMove(side) => {
            assert!(
                !legal.is_empty(),
                "no legal move but the game goes on: {export}"
            );
            assert!(!pos.side_name(side).is_empty());
        }
    }

    // No duplicates, and every move's text reads back to the same move, strictly and leniently.
    let unique: HashSet<_> = legal.iter().collect();
    assert_eq!(
        unique.len(),
        legal.len(),
        "duplicate legal moves in {export}"
    );
    let mut texts = HashSet::new();
    for mv in &legal {
        let text = pos.format_move(mv);
        assert!(
            !text.is_empty() && !text.contains(char::is_whitespace),
            "bad notation {text:?}"
        );
        assert!(
            texts.insert(text.clone()),
            "two moves share the notation {text}"
        );
        assert_eq!(pos.parse_move(&text).as_ref(), Ok(mv), "{text} in {export}");
        let shouted = format!("  {}  ", text.to_uppercase());
        assert_eq!(
            pos.parse_move(&shouted).as_ref(),
            Ok(mv),
            "{shouted:?} in {export}"
        );
        assert!(pos.is_legal(mv));
    }

    // Export then import: the same position, status and legal moves.
    let imported = G::import(&export).unwrap_or_else(|e| panic!("{e}: {export}"));
    assert_eq!(imported.export(), export);
    assert_eq!(imported.status(), pos.status());
    assert_eq!(
        imported.legal_moves(),
        legal,
        "legal moves differ after import: {export}"
    );
    assert_eq!(imported.options(), pos.options());

    // A move that is not in the list is refused and changes nothing.
    for mv in foreign
        .iter()
        .filter(|m| !unique.contains(m))
        .take(FOREIGN_PER_POSITION)
    {
        let mut copy = pos.clone();
        assert!(!copy.is_legal(mv));
        assert!(
            copy.play(mv).is_err(),
            "illegal {mv:?} accepted in {export}"
        );
        assert_eq!(copy.export(), export, "a refused move changed the position");
        assert_eq!(copy.legal_moves(), legal);
    }
}

/// Plays `games` random games from the start position of `options` and checks every position.
fn run_suite<G: Game>(options: G::Options, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut foreign: Vec<G::Move> = Vec::new();
    let mut seen: HashSet<G::Move> = HashSet::new();
    for _ in 0..games {
        let mut pos = G::new(options.clone());
        assert_eq!(pos.options(), &options);
        let mut plies = 0;
        loop {
            check_position(&pos, &foreign);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            for mv in &legal {
                if seen.insert(*mv) {
                    foreign.push(*mv);
                }
            }
            // Keep the pool varied but small so that each check stays cheap.
            if foreign.len() > 400 {
                let start = rng.random_range(0..foreign.len() - 200);
                foreign.drain(start..start + 200);
            }
            let mv = legal[rng.random_range(0..legal.len())];
            pos.play(&mv)
                .unwrap_or_else(|e| panic!("legal move {mv:?} refused: {e}"));
            plies += 1;
            assert!(plies < MAX_PLIES, "the game did not end: {}", pos.export());
        }
        let outcome = match pos.status() {
            Status::Over(outcome) => outcome,
            Status::ToMove(_) => unreachable!("the loop ends only when the game is over"),
        };
        if let Some(winner) = outcome.winner {
            assert!(!pos.side_name(winner).is_empty());
        }
        // Nothing can be played after the end.
        let any = foreign.first().copied();
        if let Some(mv) = any {
            let mut copy = pos.clone();
            assert_eq!(copy.play(&mv), Err(MoveError::GameOver));
        }
    }
}

fn options<G: Game>(text: &str) -> G::Options {
    G::Options::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn loa_conforms_under_every_rule_set_and_setup() {
    for rules in ["abacus", "olympiad"] {
        for setup in ["standard", "scrambled-eggs", "parachute"] {
            let o = options::<Loa>(&format!("rules={rules} setup={setup}"));
            run_suite::<Loa>(o, 12, 1);
        }
    }
}

#[test]
fn loa_conforms_with_four_seats_marks_and_the_cylinder() {
    for rules in ["abacus", "olympiad"] {
        for variant in [
            "players=4",
            "marks=alternate",
            "board=cylinder",
            "board=cylinder setup=parachute",
        ] {
            let o = options::<Loa>(&format!("rules={rules} {variant}"));
            run_suite::<Loa>(o, 10, 14);
        }
    }
}

#[test]
fn simultana_conforms() {
    run_suite::<Simultana>(options::<Simultana>(""), 60, 2);
}

#[test]
fn barrier_conforms_with_default_and_custom_tiles() {
    run_suite::<Barrier>(options::<Barrier>(""), 25, 3);
    let custom = "tiles=N+S,N+S,N+E,N+W,NE+SW,NW+SE,S+E,E+W";
    run_suite::<Barrier>(options::<Barrier>(custom), 15, 4);
}

#[test]
fn lightning_conforms_over_many_seeds() {
    for seed in 0..8 {
        run_suite::<Lightning>(options::<Lightning>(&format!("seed={seed}")), 2, 5 + seed);
    }
}

#[test]
fn options_text_round_trips_for_every_game() {
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind, "").expect("defaults are valid");
        let text = game.options_text();
        let again = AnyGame::new(kind, &text).expect("canonical options parse back");
        assert_eq!(again.options_text(), text);
        assert_eq!(again.export(), game.export());
        assert!(AnyGame::new(kind, "nonsense=1").is_err(), "{kind}");
        assert!(AnyGame::new(kind, "novalue").is_err(), "{kind}");
    }
}

#[test]
fn any_game_export_import_and_text_moves_agree_with_the_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, "").expect("defaults are valid");
        for _ in 0..40 {
            let texts = game.legal_move_texts();
            if texts.is_empty() {
                break;
            }
            let text = &texts[rng.random_range(0..texts.len())];
            let before = game.export();
            assert_eq!(
                game.play_text(&text.to_uppercase()).as_deref(),
                Ok(text.as_str())
            );
            assert_ne!(game.export(), before, "{kind}: {text} changed nothing");
            let back = AnyGame::import(&game.export()).expect("export reads back");
            assert_eq!(back.export(), game.export());
            assert_eq!(back.legal_move_texts(), game.legal_move_texts());
        }
        // A move of another game is refused.
        let other = GameKind::ALL
            .into_iter()
            .find(|&k| k != kind)
            .expect("four games");
        let foreign = AnyGame::new(other, "")
            .expect("defaults are valid")
            .legal_moves()[0];
        assert!(game.clone().play(&foreign).is_err());
    }
}

fn start_positions() -> Vec<AnyGame> {
    GameKind::ALL
        .into_iter()
        .map(|k| AnyGame::new(k, "").expect("defaults are valid"))
        .collect()
}

proptest! {
    #[test]
    fn parsing_never_panics_on_arbitrary_text(text in ".{0,40}") {
        for game in start_positions() {
            if let Ok(mv) = game.parse_move(&text) {
                // Whatever is accepted must be legal and format back to a legal move.
                prop_assert!(game.legal_moves().contains(&mv));
            }
        }
    }

    #[test]
    fn parsing_never_panics_on_move_like_text(text in "[a-hA-HpPrRsSxXvVbB+@*\\- 0-9]{0,12}") {
        for game in start_positions() {
            if let Ok(mv) = game.parse_move(&text) {
                prop_assert!(game.legal_moves().contains(&mv));
            }
        }
    }

    #[test]
    fn import_refuses_garbage_or_reads_a_consistent_position(text in ".{0,200}") {
        let mut inputs = vec![text.clone()];
        for kind in GameKind::ALL {
            inputs.push(format!("{kind} {text}"));
        }
        for input in inputs {
            if let Ok(game) = AnyGame::import(&input) {
                let again = AnyGame::import(&game.export());
                prop_assert_eq!(again.map(|g| g.export()).ok(), Some(game.export()));
            }
        }
    }

    #[test]
    fn import_of_a_damaged_export_never_panics(kind in 0usize..4, at in 0usize..400, byte in 32u8..127) {
        let game = AnyGame::new(GameKind::ALL[kind], "").expect("defaults are valid");
        let mut text = game.export().into_bytes();
        let at = at % text.len();
        text[at] = byte;
        let text = String::from_utf8_lossy(&text).into_owned();
        if let Ok(damaged) = AnyGame::import(&text) {
            // Whatever reads must be a coherent position: it exports and reads back the same.
            let again = AnyGame::import(&damaged.export()).map(|g| g.export());
            prop_assert_eq!(again.ok(), Some(damaged.export()));
        }
    }
}
