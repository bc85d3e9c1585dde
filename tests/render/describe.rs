//! The words of a board picture hold the whole position: a small reader rebuilds it from them
//! (finding each list by its catalogue label, in English and French) and finds the engine's.

use std::collections::BTreeMap;

use parlor::games::barrier::Tile;
use parlor::games::lightning::{Design, Source};
use parlor::games::notation::parse_square;
use parlor::games::{AnyGame, GameKind, Side};
use parlor::i18n::{Lang, Msg};
use parlor::render::describe::{self, pieces_label, side_label};
use parlor::render::{DISCORD_DESCRIPTION, PlayerLabel, Scene};

use super::play;

/// Reads the list labelled `what` from `text`: `None` when it is not there, else its items (its
/// count checked against them). The label's frame comes from the catalogue, not from here.
fn read_list(text: &str, what: Msg, lang: Lang) -> Option<Vec<String>> {
    let frame = Msg::new("describe-list")
        .msg("what", what)
        .plain("n", "\u{2}")
        .plain("items", "\u{1}")
        .text(lang);
    let (prefix, rest) = frame.split_once('\u{2}')?;
    let (middle, suffix) = rest.split_once('\u{1}')?;
    let start = text.find(prefix)? + prefix.len();
    let after = &text[start..];
    let (count, after) = after.split_once(middle)?;
    let end = after
        .find(&format!("{suffix} "))
        .or_else(|| after.strip_suffix(suffix).map(str::len))?;
    let items = &after[..end];
    let none = Msg::new("describe-none").text(lang);
    let items: Vec<String> = if items == none {
        Vec::new()
    } else {
        items.split(", ").map(str::to_owned).collect()
    };
    assert_eq!(count.parse::<usize>().ok(), Some(items.len()), "{text}");
    Some(items)
}

fn square(text: &str, files: u8, ranks: u8) -> (u8, u8) {
    parse_square(text, files, ranks).unwrap_or_else(|| panic!("not a square: {text}"))
}

/// A position as the reader and the engine each see it: what stands on each square, and
/// what is kept off the board, as words of the notation.
type Position = BTreeMap<String, String>;

/// Rebuilds the position from the words.
fn read(game: &AnyGame, text: &str, lang: Lang) -> Position {
    let mut out = Position::new();
    let list = |what: Msg| read_list(text, what, lang);
    let title = |side: Side| side_label(game, side, lang);
    let (files, ranks) = match game.kind() {
        GameKind::Simultana => (5, 5),
        GameKind::Lightning => (8, 17),
        _ => (8, 8),
    };
    match game.kind() {
        GameKind::Loa | GameKind::Simultana | GameKind::Barrier => {
            for side in Side::BOTH {
                let all = list(pieces_label(title(side), "all")).expect("each side's pieces");
                for sq in all {
                    let (f, r) = square(&sq, files, ranks);
                    out.insert(format!("{f},{r}"), side.index().to_string());
                }
                for kind in ["marked", "crowned"] {
                    for sq in list(pieces_label(title(side), kind)).unwrap_or_default() {
                        let (f, r) = square(&sq, files, ranks);
                        let piece = out.entry(format!("{f},{r}")).or_default();
                        piece.push_str(&format!(" {kind}"));
                    }
                }
            }
            for item in list(Msg::new("describe-barrier")).unwrap_or_default() {
                let (sq, tile) = item.split_once(' ').expect("square and tile");
                let (f, r) = square(sq, files, ranks);
                let tile: Tile = tile.parse().expect("a tile");
                out.insert(format!("tile {f},{r}"), tile.to_string());
            }
            for side in Side::BOTH {
                let what = Msg::new("describe-to-lay").plain("side", title(side));
                if let Some(tiles) = list(what) {
                    let mut tiles: Vec<String> = tiles
                        .iter()
                        .map(|t| t.parse::<Tile>().expect("a tile").to_string())
                        .collect();
                    tiles.sort();
                    out.insert(format!("to lay {}", side.index()), tiles.join(" "));
                }
            }
            for side in Side::BOTH {
                // Parachute: the sentence read back for each possible count.
                let held = (0..=12).find(|&n| {
                    let s = Msg::new("describe-to-drop")
                        .plain("side", title(side))
                        .num("n", n)
                        .text(lang);
                    text.contains(&s)
                });
                if let Some(n) = held {
                    out.insert(format!("held {}", side.index()), n.to_string());
                }
            }
        }
        GameKind::Lightning => {
            for half in Side::BOTH {
                let what = |kind: &str| {
                    Msg::new("describe-half")
                        .plain("side", game.side_name(half))
                        .plain("kind", kind.to_string())
                };
                for (kind, mark) in [("all", ""), ("blocking", " blocking")] {
                    for item in list(what(kind)).expect("each half's tiles") {
                        let (sq, d) = item.split_once(' ').expect("square and design");
                        let (f, r) = square(sq, files, ranks);
                        let d = d
                            .chars()
                            .next()
                            .and_then(Design::from_letter)
                            .expect("design");
                        let key = format!("{} {f},{r}", half.index());
                        out.entry(key).or_default().push_str(&format!("{d}{mark}"));
                    }
                }
            }
            let mut reserve = [0u8; 5];
            for d in list(Msg::new("describe-reserve")).expect("the reserve") {
                let d = d
                    .chars()
                    .next()
                    .and_then(Design::from_letter)
                    .expect("design");
                reserve[d.index()] += 1;
            }
            out.insert("reserve".into(), format!("{reserve:?}"));
            let hand = Design::ALL.iter().find_map(|d| {
                ["pile", "reserve"].into_iter().find_map(|source| {
                    let s = Msg::new("describe-in-hand")
                        .plain("tile", d.to_string())
                        .plain("source", source)
                        .text(lang);
                    text.contains(&s).then(|| format!("{d} {source}"))
                })
            });
            out.insert("hand".into(), hand.unwrap_or_default());
            let pile = (0..=150)
                .find(|&n| text.contains(&Msg::new("describe-pile").num("n", n).text(lang)));
            out.insert("pile".into(), format!("{pile:?}"));
        }
    }
    out
}

/// The position as the engine gives it, in the same shape.
fn engine(game: &AnyGame) -> Position {
    let mut out = Position::new();
    match game {
        AnyGame::Loa(g) => {
            let marks = g.marked() != 0 || g.players() == 4;
            for f in 0..8 {
                for r in 0..8 {
                    if let Some(c) = g.piece_at(f, r) {
                        let mut v = g.side_of(c).index().to_string();
                        if marks && g.is_marked(f, r) {
                            v.push_str(" marked");
                        }
                        out.insert(format!("{f},{r}"), v);
                    }
                }
            }
            if game.options_text().contains("parachute") {
                for c in [
                    parlor::games::loa::Color::White,
                    parlor::games::loa::Color::Black,
                ] {
                    out.insert(
                        format!("held {}", g.side_of(c).index()),
                        g.held(c).to_string(),
                    );
                }
            }
        }
        AnyGame::Simultana(g) => {
            for f in 0..5 {
                for r in 0..5 {
                    if let Some(s) = g.piece_at(f, r) {
                        out.insert(format!("{f},{r}"), s.index().to_string());
                    }
                }
            }
        }
        AnyGame::Barrier(g) => {
            for f in 0..8 {
                for r in 0..8 {
                    if let Some((s, crowned)) = g.piece_at(f, r) {
                        let mut v = s.index().to_string();
                        if crowned {
                            v.push_str(" crowned");
                        }
                        out.insert(format!("{f},{r}"), v);
                    }
                    if let Some(t) = g.tile_at(f, r) {
                        out.insert(format!("tile {f},{r}"), t.to_string());
                    }
                }
            }
            if g.is_laying() {
                for side in Side::BOTH {
                    let mut tiles: Vec<String> =
                        g.unplayed_tiles(side).iter().map(Tile::to_string).collect();
                    tiles.sort();
                    out.insert(format!("to lay {}", side.index()), tiles.join(" "));
                }
            }
        }
        AnyGame::Lightning(g) => {
            for half in Side::BOTH {
                for f in 0..8 {
                    for r in 0..17 {
                        if let Some(d) = g.tile_at(half, f, r) {
                            // Listed among all the tiles, and again among the blocking ones.
                            let value = if g.laid_by_opponent(half, f, r) {
                                format!("{d}{d} blocking")
                            } else {
                                d.to_string()
                            };
                            out.insert(format!("{} {f},{r}", half.index()), value);
                        }
                    }
                }
            }
            out.insert("reserve".into(), format!("{:?}", g.reserve()));
            let hand = g.in_hand().map(|(source, d)| {
                let source = match source {
                    Source::Pile => "pile",
                    Source::Reserve => "reserve",
                };
                format!("{d} {source}")
            });
            out.insert("hand".into(), hand.unwrap_or_default());
            out.insert("pile".into(), format!("{:?}", Some(g.pile_len())));
        }
    }
    out
}

/// The positions tried: every game and the variants that change what is on the board, at the
/// start, a few moves in and late (a long Lightning game fills its halves).
const CASES: &[(GameKind, &str, usize)] = &[
    (GameKind::Loa, "", 0),
    (GameKind::Loa, "", 25),
    (GameKind::Loa, "setup=parachute", 9),
    (GameKind::Loa, "players=4", 14),
    (GameKind::Loa, "marks=alternate", 11),
    (GameKind::Loa, "board=cylinder", 20),
    (GameKind::Simultana, "", 0),
    (GameKind::Simultana, "", 12),
    (GameKind::Barrier, "", 0),
    (GameKind::Barrier, "", 9),
    (GameKind::Barrier, "", 60),
    (GameKind::Lightning, "seed=7", 0),
    (GameKind::Lightning, "seed=7", 41),
    (GameKind::Lightning, "seed=3", 160),
];

#[test]
fn a_board_s_words_rebuild_its_whole_position_in_both_languages() {
    for &(kind, options, plies) in CASES {
        for seed in [1, 2] {
            let played = play(kind, options, plies, seed);
            for lang in [Lang::En, Lang::Fr] {
                let scene = Scene {
                    lang,
                    ..played.scene()
                };
                let text = describe::board(&scene, Some(3600)).full();
                let label = format!("{kind} {options} {plies} plies, {lang:?}: {text}");
                assert_eq!(
                    read(&played.game, &text, lang),
                    engine(&played.game),
                    "{label}"
                );
            }
        }
    }
}

#[test]
fn a_board_s_words_fit_discord_and_say_where_the_rest_is_when_they_do_not() {
    let mut cut = 0;
    for &(kind, options, plies) in CASES {
        let played = play(kind, options, plies, 5);
        for lang in [Lang::En, Lang::Fr] {
            let scene = Scene {
                lang,
                players: [
                    PlayerLabel::new("A player with a rather long name ".repeat(3)),
                    PlayerLabel::new("Bob"),
                ],
                ..played.scene()
            };
            let words = describe::board(&scene, None);
            let fitted = words.fitted(DISCORD_DESCRIPTION);
            assert!(
                fitted.encode_utf16().count() <= DISCORD_DESCRIPTION,
                "{fitted}"
            );
            let note = Msg::new("describe-cut")
                .code("board", "/board text:true")
                .text(lang);
            if words.full().encode_utf16().count() <= DISCORD_DESCRIPTION {
                assert_eq!(fitted, words.full());
            } else {
                cut += 1;
                assert!(fitted.ends_with(&note), "{fitted}");
                assert!(fitted.starts_with(&words.summary.join(" ")), "{fitted}");
            }
        }
    }
    assert!(cut > 0, "a long Lightning game does not fit, and says so");
}

#[test]
fn a_replay_s_words_name_its_game_players_and_moves_and_its_result() {
    let played = play(GameKind::Simultana, "", 400, 4);
    assert!(played.game.status().is_over(), "a finished match");
    let players = [PlayerLabel::new("Alice"), PlayerLabel::new("Bob")];
    for lang in [Lang::En, Lang::Fr] {
        let words = describe::replay(&played.start, &played.moves, &players, None, lang).full();
        let head = Msg::new("describe-replay")
            .msg("game", GameKind::Simultana.label())
            .plain("players", "Alice, Bob")
            .num("n", played.moves.len() as i64)
            .text(lang);
        assert!(words.starts_with(&head), "{words}");
        assert!(words.len() > head.len(), "and the result: {words}");
    }
}

/// Lightning's tile in hand (drawn from the pile, or taken from the reserve) and a reserve that
/// holds tiles are read back too: found among random games, each kind at least once.
#[test]
fn a_lightning_tile_in_hand_and_its_reserve_are_read_back() {
    let (mut from_pile, mut from_reserve, mut reserve) = (false, false, false);
    'search: for seed in 1..60 {
        let mut played = play(GameKind::Lightning, "seed=11", 0, seed);
        let mut rng = super::lcg::Lcg(seed);
        for _ in 0..240 {
            let AnyGame::Lightning(g) = &played.game else {
                unreachable!("a Lightning game")
            };
            let held = g.in_hand().map(|(source, _)| source);
            let holds_reserve = g.reserve().iter().any(|&n| n > 0);
            let new = match held {
                Some(Source::Pile) => !from_pile,
                Some(Source::Reserve) => !from_reserve,
                None => false,
            } || (holds_reserve && !reserve);
            if new {
                for lang in [Lang::En, Lang::Fr] {
                    let scene = Scene {
                        lang,
                        ..played.scene()
                    };
                    let text = describe::board(&scene, None).full();
                    assert_eq!(
                        read(&played.game, &text, lang),
                        engine(&played.game),
                        "{lang:?}: {text}"
                    );
                }
                from_pile |= held == Some(Source::Pile);
                from_reserve |= held == Some(Source::Reserve);
                reserve |= holds_reserve;
            }
            if from_pile && from_reserve && reserve {
                break 'search;
            }
            let legal = played.game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            played.before = Some(played.game.clone());
            played.game.play(&mv).expect("a legal move plays");
            played.moves.push(mv);
        }
    }
    assert!(
        from_pile && from_reserve && reserve,
        "positions found: in hand from the pile {from_pile}, from the reserve {from_reserve}, a reserve {reserve}"
    );
}
