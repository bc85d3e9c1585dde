//! A tournament's pictures (standings, pairings, podium) from a tournament played by the
//! engine: they decode at their advertised size, 512 px wide whatever the field, differ by
//! language, and their words name every player with their score.

use std::io::Cursor;

use parlor::i18n::{Lang, Msg};
use parlor::render::DISCORD_DESCRIPTION;
use parlor::render::tournament::{Cell, WIDTH, pairings_size, podium_size, standings_size};
use parlor::table::Picture;
use parlor::table::Place;
use parlor::table::tournaments::{Event, Rules, Seat, Status, pictures, points};
use parlor::tournament::arena::ArenaResult;
use parlor::tournament::event::{BoardResult, Format};

use super::lcg::Lcg;
use super::save_with_phone_view;

/// Names in many scripts, emoji and one far too long, as the field's first players.
const NAMES: [&str; 10] = [
    "Alice",
    "Zoé🎲",
    "李小龍",
    "محمد",
    "Дмитрий",
    "さくら",
    "김민준",
    "देवनागरी",
    "Maximilian Alexander von Hohenzollern-Sigmaringen",
    "שרה",
];

/// A tournament of `n` players (the last a bot), `played` rounds of it played with
/// pseudo-random results, and the next paired when `pair_next`.
fn field(n: usize, format: Format, rounds: usize, played: usize, pair_next: bool) -> Event {
    let rules = Rules {
        game: "loa".to_string(),
        variant: "standard".to_string(),
        clock_secs: None,
        increment_secs: None,
        rated: true,
        interval_ms: None,
    };
    let mut e = Event::new(&Place::new(Some(1), 2), 3, rules, format, rounds);
    e.id = 7;
    for i in 0..n {
        let key = format!("u{i}");
        let name = NAMES
            .get(i)
            .map_or_else(|| format!("Player {i}"), |s| s.to_string());
        let bot = i + 1 == n;
        e.tournament
            .register(&key, &name, 1500 + 10 * i as u32)
            .expect("registered");
        e.seats.insert(
            key,
            Seat {
                id: 100 + i as u64,
                name: if bot { "Parlor".to_string() } else { name },
                level: bot.then_some(2),
            },
        );
    }
    let mut rng = Lcg(n as u64);
    let results = [
        BoardResult::WhiteWins,
        BoardResult::BlackWins,
        BoardResult::Draw,
        BoardResult::WhiteWins,
        BoardResult::BlackForfeits,
    ];
    for _ in 0..played {
        e.tournament.pair_round().expect("paired");
        let boards = e.tournament.current.clone().expect("a round");
        for (i, b) in boards.iter().enumerate() {
            if b.pairing.black.is_some() {
                let r = results[rng.below(results.len())];
                e.tournament.record_result(i, r).expect("recorded");
            }
        }
    }
    if pair_next {
        e.tournament.pair_round().expect("paired");
    }
    e.status = if e.tournament.finished() {
        Status::Over
    } else {
        Status::Running
    };
    e
}

/// An arena of `n` players (the last a bot) with `games` games played with pseudo-random
/// results (berserk now and then), and those who wait paired again.
fn arena_field(n: usize, games: usize) -> Event {
    let mut e = field(n, Format::Arena, 0, 0, false);
    let mut rng = Lcg(n as u64 + 1);
    let results = [
        ArenaResult::WhiteWins,
        ArenaResult::WhiteWins,
        ArenaResult::BlackWins,
        ArenaResult::Draw,
    ];
    let arena = e.tournament.arena.as_mut().expect("an arena");
    arena.ends_at = 1_000;
    e.tournament.started = true;
    let mut done = 0;
    while done < games {
        arena.pair(0);
        let Some(g) = arena.games.iter().position(|g| g.result.is_none()) else {
            break;
        };
        if rng.below(4) == 0 {
            let white = arena.games[g].white;
            arena.berserk(g, white).expect("berserk");
        }
        let r = results[rng.below(results.len())];
        arena.finish(g, r, [10, 10]).expect("finished");
        done += 1;
    }
    arena.pair(0);
    e.status = Status::Running;
    e
}

#[test]
fn arena_standings_show_points_performance_games_and_streaks() {
    let e = arena_field(12, 40);
    let arena = e.arena().expect("an arena").clone();
    let picture = pictures::standings(&e, &pictures::Changes::new());
    let Picture::Standings(table) = &picture else {
        panic!("a standings picture");
    };
    assert!(!table.crosstable);
    assert_eq!(table.tiebreaks.len(), 3, "performance, games, streak");
    assert_eq!(table.rows.len(), 12);
    // In the engine's order, points as scored, the streak marked where two wins run.
    let order = arena.standings();
    for (row, &p) in table.rows.iter().zip(&order) {
        let player = &arena.players[p];
        assert_eq!(row.player, p);
        assert_eq!(row.points, player.points.to_string());
        assert_eq!(row.tiebreaks[1], player.games.to_string());
        assert_eq!(row.tiebreaks[2] == "×2", player.wins_in_row >= 2);
    }
    assert!(table.rows.windows(2).all(|w| w[0].rank <= w[1].rank));
    assert!(
        table.rows.iter().any(|r| r.tiebreaks[2] == "×2"),
        "a streak in 40 games"
    );
    let (w, h) = standings_size(table);
    for lang in Lang::ALL {
        let image = picture.render(lang).expect("drawn");
        assert_eq!(decoded(&image.bytes), (w, h));
        let words = image.description.full();
        for name in shown_names(&e, lang) {
            assert!(words.contains(&name), "{name} in {words}");
        }
    }
    // The games being played, as the pairings picture shows them.
    let Picture::Pairings(p) = pictures::pairings(&e) else {
        panic!("a pairings picture");
    };
    let running = arena.games.iter().filter(|g| g.result.is_none()).count();
    assert_eq!(p.boards.len(), running);
    assert!(p.boards.iter().all(|b| b.result.is_none()));
}

/// Decodes a PNG and returns its size.
fn decoded(bytes: &[u8]) -> (u32, u32) {
    let image = image::load(Cursor::new(bytes), image::ImageFormat::Png).expect("a PNG");
    (image.width(), image.height())
}

/// The name each player is shown by.
fn shown_names(e: &Event, lang: Lang) -> Vec<String> {
    (0..e.tournament.members.len())
        .map(|i| pictures::name(e, i).text(lang))
        .collect()
}

#[test]
fn standings_of_9_and_30_players_decode_at_their_size_with_every_player_in_words() {
    let round_robin = field(9, Format::RoundRobin { double: false }, 0, 4, false);
    let swiss = field(30, Format::Swiss, 5, 5, false);
    assert_eq!(swiss.status, Status::Over);
    for e in [&round_robin, &swiss] {
        let mut changes = pictures::Changes::new();
        changes.insert(0, 14);
        changes.insert(1, -9);
        let picture = pictures::standings(e, &changes);
        let Picture::Standings(table) = &picture else {
            panic!("a standings picture");
        };
        assert_eq!(table.rows.len(), e.tournament.members.len());
        assert_eq!(
            table.crosstable,
            matches!(e.tournament.format, Format::RoundRobin { .. })
        );
        let (w, h) = standings_size(table);
        assert_eq!(w, WIDTH, "as wide as a board, whatever the field");
        let mut bytes = Vec::new();
        for lang in Lang::ALL {
            let image = picture.render(lang).expect("drawn");
            assert_eq!(decoded(&image.bytes), (w, h));
            assert!(image.file_name.starts_with("tournament-7-"));
            let words = image.description.full();
            let standings = e.tournament.standings();
            for s in &standings {
                let name = pictures::name(e, s.player).text(lang);
                let line = Msg::new("describe-standing")
                    .num("rank", s.rank as i64)
                    .msg("player", Msg::verbatim(name.clone()))
                    .plain("points", points(s.points))
                    .text(lang);
                assert!(words.contains(&line), "{lang}: {line} not in {words}");
            }
            let gained = Msg::new("describe-rating-change")
                .plain("change", "+14")
                .text(lang);
            assert!(words.contains(&gained), "{words}");
            let fitted = image.description.fitted(DISCORD_DESCRIPTION);
            assert!(fitted.encode_utf16().count() <= DISCORD_DESCRIPTION);
            bytes.push(image.bytes);
        }
        assert_ne!(bytes[0], bytes[1], "the words differ by language");
    }
    // 30 players in a Swiss: one row each, taller but never wider.
    let Picture::Standings(table) = pictures::standings(&swiss, &Default::default()) else {
        panic!("standings");
    };
    let (_, tall) = standings_size(&table);
    assert!(tall > 30 * 30, "{tall}");
}

/// A round robin's crosstable names each opponent by their line and keeps unplayed rounds
/// only the rounds played.
#[test]
fn a_round_robin_crosstable_follows_the_results() {
    let e = field(5, Format::RoundRobin { double: false }, 0, 2, false);
    let rows = pictures::rows(&e, &Default::default());
    for (line, row) in rows.iter().enumerate() {
        assert_eq!(row.rounds.len(), 2, "the rounds played");
        for c in &row.rounds {
            if let Cell::Won(n) | Cell::Drew(n) | Cell::Lost(n) = c {
                assert!((1..=rows.len()).contains(n) && *n != line + 1, "{c:?}");
            }
        }
    }
    // Every won cell has a lost cell facing it on the opponent's line, in the same round.
    for (line, row) in rows.iter().enumerate() {
        for (r, c) in row.rounds.iter().enumerate() {
            if let Cell::Won(n) = c {
                assert_eq!(rows[n - 1].rounds[r], Cell::Lost(line + 1));
            }
        }
    }
}

#[test]
fn pairings_show_every_board_of_the_round_in_both_languages() {
    let e = field(9, Format::Swiss, 4, 1, true);
    let picture = pictures::pairings(&e);
    let Picture::Pairings(p) = &picture else {
        panic!("a pairings picture");
    };
    let current = e.tournament.current.as_ref().expect("round 2 paired");
    assert_eq!(p.boards.len(), current.len());
    assert_eq!(p.heading.round, 2);
    assert!(
        p.boards.iter().any(|b| b.black.is_none()),
        "9 players: a bye"
    );
    for lang in Lang::ALL {
        let names = shown_names(&e, lang);
        let image = picture.render(lang).expect("drawn");
        assert_eq!(decoded(&image.bytes), pairings_size(p));
        assert_eq!(image.file_name, "tournament-7-round-2.png");
        let words = image.description.full();
        for name in &names {
            assert!(words.contains(name.as_str()), "{name} not in {words}");
        }
    }
    // A round played shows its results.
    let done = field(6, Format::Swiss, 3, 2, false);
    let Picture::Pairings(p) = pictures::pairings(&done) else {
        panic!("pairings");
    };
    assert_eq!(p.boards.len(), 3);
    assert!(p.boards.iter().all(|b| b.result.is_some()));
}

#[test]
fn the_podium_shows_the_first_three() {
    let e = field(6, Format::RoundRobin { double: false }, 0, 5, false);
    assert_eq!(e.status, Status::Over);
    let picture = pictures::podium(&e, &Default::default());
    let Picture::Podium(p) = &picture else {
        panic!("a podium");
    };
    assert_eq!(p.places.len(), 3);
    let table = e.tournament.standings();
    for lang in Lang::ALL {
        let image = picture.render(lang).expect("drawn");
        assert_eq!(decoded(&image.bytes), podium_size());
        assert_eq!(image.file_name, "tournament-7-podium.png");
        let words = image.description.full();
        for s in &table[..3] {
            let name = pictures::name(&e, s.player).text(lang);
            assert!(words.contains(&name), "{name} not in {words}");
            assert!(words.contains(&points(s.points)));
        }
    }
    // Two players: a podium of two, drawn all the same.
    let two = field(2, Format::Swiss, 1, 1, false);
    let Picture::Podium(p) = pictures::podium(&two, &Default::default()) else {
        panic!("a podium");
    };
    assert_eq!(p.places.len(), 2);
    let image = Picture::Podium(p).render(Lang::Fr).expect("drawn");
    assert_eq!(decoded(&image.bytes), podium_size());
}

/// With `PARLOR_PICTURES=dir`, writes the tournament pictures in English and French to look at.
#[test]
fn tournament_pictures_to_look_at() {
    let Ok(dir) = std::env::var("PARLOR_PICTURES") else {
        return;
    };
    let mut changes = pictures::Changes::new();
    changes.insert(0, 14);
    changes.insert(3, -21);
    let pictures = [
        (
            "standings-rr9",
            pictures::standings(
                &field(9, Format::RoundRobin { double: false }, 0, 6, false),
                &changes,
            ),
        ),
        (
            "standings-rr16-double",
            pictures::standings(
                &field(16, Format::RoundRobin { double: true }, 0, 12, false),
                &changes,
            ),
        ),
        (
            "standings-swiss30",
            pictures::standings(&field(30, Format::Swiss, 5, 5, false), &changes),
        ),
        (
            "pairings-swiss9",
            pictures::pairings(&field(9, Format::Swiss, 4, 1, true)),
        ),
        (
            "pairings-swiss30",
            pictures::pairings(&field(30, Format::Swiss, 5, 3, false)),
        ),
        (
            "standings-arena12",
            pictures::standings(&arena_field(12, 40), &changes),
        ),
        ("pairings-arena12", pictures::pairings(&arena_field(12, 40))),
        (
            "podium",
            pictures::podium(
                &field(6, Format::RoundRobin { double: false }, 0, 5, false),
                &changes,
            ),
        ),
    ];
    for (name, picture) in pictures {
        for lang in Lang::ALL {
            let image = picture.render(lang).expect("drawn");
            save_with_phone_view(&image.bytes, &format!("{dir}/{name}-{lang}"));
        }
    }
}
