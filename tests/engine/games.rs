//! The tests of `parlor::games`.
//!
//! Moved out of src/games/mod.rs (the library builds no unit-test harness).

use parlor::games::any::AnyGame;
use parlor::i18n::Lang;

mod refusal_tests {
    use super::*;
    use parlor::games::*;

    /// `text` is refused at the start of `kind`, in English as the engine says it and in a
    /// French that is really French: different words and no catalogue id left over.
    fn refused_in_french(kind: GameKind, text: &str) {
        let game = AnyGame::new(kind, "").unwrap();
        let err = game.parse_move(text).unwrap_err();
        let msg = err.msg();
        let (en, fr) = (msg.text(Lang::En), msg.text(Lang::Fr));
        assert_eq!(en, err.to_string(), "{text}");
        assert_ne!(en, fr, "{kind:?} `{text}` is not translated");
        assert!(!fr.contains("move-") && !fr.contains('{'), "{fr}");
    }

    #[test]
    fn wrong_moves_are_refused_in_french() {
        for (kind, texts) in [
            (GameKind::Loa, ["hello", "b1-b4", "b1xb3"]),
            (GameKind::Simultana, ["hello", "a1-c3", "e5-e3"]),
            (GameKind::Barrier, ["hello", "c3-c4", "N+E@a1"]),
            (GameKind::Lightning, ["hello", "-c1", "PS"]),
        ] {
            for text in texts {
                refused_in_french(kind, text);
            }
        }
    }
}

mod fact_tests {
    use super::*;
    use parlor::games::*;

    #[test]
    fn a_perft_estimate_is_of_the_right_size() {
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, "").unwrap();
            assert_eq!(game.perft_estimate(2), game.perft(2), "{kind}");
            let (estimate, exact) = (game.perft_estimate(3) as f64, game.perft(3) as f64);
            assert!(
                estimate > exact / 3.0 && estimate < exact * 3.0,
                "{kind}: {estimate} for {exact}"
            );
        }
    }

    #[test]
    fn the_marked_set_to_move_is_named_in_ambidextrous_play() {
        let mut game = AnyGame::new(GameKind::Loa, "marks=alternate").unwrap();
        // Each player's first move is a free choice; after it, the other set is named.
        let mut named = Vec::new();
        for _ in 0..6 {
            named.push(game.moving_set());
            let mv = game.legal_moves()[0];
            game.play(&mv).unwrap();
        }
        assert_eq!(&named[..2], &[None, None]);
        let [Some(third), Some(fifth)] = [named[2], named[4]] else {
            panic!("the set to move is named from the second round: {named:?}");
        };
        assert!(["w1", "w2", "b1", "b2"].contains(&third), "{third}");
        assert_ne!(third, fifth, "the same colour moves its other set next");
        assert_eq!(&third[..1], &fifth[..1]);
        let standard = AnyGame::new(GameKind::Loa, "").unwrap();
        assert_eq!(standard.moving_set(), None);
        assert_eq!(
            game.mover_name(),
            Some(game.side_name(Side::First)),
            "the protocol's name"
        );
    }

    #[test]
    fn takebacks_are_refused_only_where_the_pile_would_be_peeked() {
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, "").unwrap();
            assert_eq!(
                kind.allows_takebacks(),
                kind != GameKind::Lightning,
                "{kind}"
            );
            assert_eq!(game.allows_takebacks(), kind.allows_takebacks());
            assert_eq!(game.shows_regions(), kind == GameKind::Simultana, "{kind}");
        }
    }

    /// A Lines of Action player with no piece that can move passes; nothing else is a pass.
    #[test]
    fn a_pass_is_known_by_the_game() {
        // White a1 h8 cannot move: every line is blocked by Black.
        let blocked =
            AnyGame::import("loa 6bw/6bb/8/8/8/8/bb6/wb6 w 30 0,0 * rules=abacus setup=standard")
                .unwrap();
        let pass = blocked.forced_pass().unwrap();
        assert!(pass.is_pass());
        assert_eq!(blocked.legal_moves(), [pass]);
        assert_eq!(blocked.format_move(&pass).unwrap(), "pass");
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, "").unwrap();
            assert!(game.legal_moves().iter().all(|m| !m.is_pass()), "{kind}");
        }
    }

    #[test]
    fn a_match_starts_from_its_options_and_seed() {
        // Lightning's pile order is the match's seed, over any seed of the options.
        let a = AnyGame::start(GameKind::Lightning, "", 7).unwrap();
        let b = AnyGame::start(GameKind::Lightning, "seed=3", 7).unwrap();
        assert_eq!(a.options_text(), "seed=7");
        assert_eq!(a.export(), b.export());
        assert_eq!(
            a.export(),
            AnyGame::new(GameKind::Lightning, "seed=7")
                .unwrap()
                .export()
        );
        assert!(AnyGame::start(GameKind::Lightning, "", -1).is_err());
        // The other games have no seed: it changes nothing.
        for kind in [GameKind::Loa, GameKind::Barrier, GameKind::Simultana] {
            let seeded = AnyGame::start(kind, "", 12345).unwrap();
            assert_eq!(seeded.export(), AnyGame::new(kind, "").unwrap().export());
        }
        let four = AnyGame::start(GameKind::Loa, "players=4", 1).unwrap();
        assert_eq!(four.seat_count(), 4);
        assert!(AnyGame::start(GameKind::Loa, "players=3", 1).is_err());
    }

    #[test]
    fn sides_and_seats_have_catalogue_names() {
        let loa = AnyGame::new(GameKind::Loa, "").unwrap();
        assert_eq!(loa.side_label(Side::First).id, "side-white");
        assert_eq!(loa.seat_label(1).id, "side-black");
        let olympiad = AnyGame::new(GameKind::Loa, "rules=olympiad").unwrap();
        assert_eq!(olympiad.side_label(Side::First).id, "side-black");
        let barrier = AnyGame::new(GameKind::Barrier, "").unwrap();
        assert_eq!(barrier.side_label(Side::Second).id, "side-clear");
        let lightning = AnyGame::new(GameKind::Lightning, "").unwrap();
        assert_eq!(lightning.side_label(Side::First).id, "side-first");
        let four = AnyGame::new(GameKind::Loa, "players=4").unwrap();
        let mut seats: Vec<String> = (0..4).map(|s| four.seat_label(s).text(Lang::En)).collect();
        assert!(seats[0].starts_with("White"), "{seats:?}");
        assert!(seats[1].starts_with("Black"), "{seats:?}");
        seats.sort();
        seats.dedup();
        assert_eq!(seats.len(), 4, "four different seats");
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, "").unwrap();
            for side in Side::BOTH {
                assert_ne!(game.side_label(side).id, "verbatim", "{kind}");
            }
        }
    }

    #[test]
    fn stored_sides_are_read_back_only_when_they_are_sides() {
        for side in Side::BOTH {
            assert_eq!(Side::from_index(side.index()), Some(side));
        }
        assert_eq!(Side::from_index(2), None);
    }
}
