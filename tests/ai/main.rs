//! The AI's correctness (not its strength): legal moves only, wins in one are taken, losses in
//! one are avoided when possible, budgets are respected, seeds reproduce, and Lightning's
//! hidden pile is never used.

mod analysis;
mod arena;
mod knowledge;
mod lightning;
mod loa;
mod puzzle;
#[path = "../support/puzzles.rs"]
mod puzzle_support;

use std::time::Duration;

use parlor::ai::arena::{ArenaConfig, run};
use parlor::ai::knowledge::AiGame;
use parlor::ai::{Ai, AiError, Settings, Style, think};
use parlor::games::lightning::{Lightning, Source};
use parlor::games::{AnyGame, AnyMove, Game, GameKind, Outcome, Reason, Side, Status};
use parlor::protocol::Session;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A budget with no wall-clock cap worth the name, so that results do not depend on the load.
fn nodes(n: u64) -> Settings {
    Settings {
        style: Style::Level(5),
        nodes: Some(n),
        time: Some(Duration::from_secs(600)),
    }
}

fn level(l: u8) -> Settings {
    Settings {
        time: Some(Duration::from_secs(600)),
        ..Settings::level(l).expect("a valid level")
    }
}

/// Random legal play from the start for up to `plies` plies (stops early if the game ends).
fn random_position(kind: GameKind, options: &str, plies: usize, seed: u64) -> AnyGame {
    let mut game = AnyGame::new(kind, options).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.status().is_over() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(&mv).expect("a listed move is legal");
    }
    game
}

/// Positions still in play after a varied number of random plies (10 to 129, `stride` apart by
/// seed), one for each seed below `seeds`, with their seed.
fn live_positions(
    kind: GameKind,
    options: &str,
    seeds: u64,
    stride: usize,
) -> impl Iterator<Item = (u64, AnyGame)> {
    (0..seeds)
        .map(move |seed| {
            let plies = 10 + (seed as usize * stride) % 120;
            (seed, random_position(kind, options, plies, seed))
        })
        .filter(|(_, game)| !game.status().is_over())
}

/// Whether `mv` ends the game at once in favour of the side playing it.
fn wins_at_once(game: &AnyGame, mv: &AnyMove) -> bool {
    let Status::ToMove(side) = game.status() else {
        return false;
    };
    let mut next = game.clone();
    next.play(mv).expect("legal");
    matches!(next.status(), Status::Over(o) if o.winner == Some(side))
}

/// Whether after `mv` the opponent (then to move) has a move that wins at once.
fn allows_win_in_one(game: &AnyGame, mv: &AnyMove) -> bool {
    let Status::ToMove(side) = game.status() else {
        return false;
    };
    let mut next = game.clone();
    next.play(mv).expect("legal");
    match next.status() {
        Status::Over(o) => o.winner == Some(side.opponent()),
        Status::ToMove(s) if s == side => false,
        Status::ToMove(_) => next
            .legal_moves()
            .iter()
            .any(|reply| wins_at_once(&next, reply)),
    }
}

const DETERMINISTIC: [(GameKind, &str); 6] = [
    (GameKind::Simultana, ""),
    (GameKind::Barrier, ""),
    (GameKind::Loa, ""),
    (GameKind::Loa, "players=4"),
    (GameKind::Loa, "marks=alternate"),
    (GameKind::Loa, "board=cylinder"),
];

#[test]
fn every_level_plays_only_legal_moves_in_every_game() {
    for kind in GameKind::ALL {
        for (i, settings) in [level(1), level(2), Settings::uct(30)].iter().enumerate() {
            let mut game = AnyGame::new(kind, "seed=5")
                .or_else(|_| AnyGame::new(kind, ""))
                .expect("a game");
            for ply in 0..40u64 {
                if game.status().is_over() {
                    break;
                }
                let thought = think(&game, settings, ply * 7 + i as u64)
                    .unwrap_or_else(|e| panic!("{kind}: no move: {e}"));
                let text = game.format_move(&thought.best).expect("same game");
                assert_eq!(text, thought.notation);
                game.play(&thought.best)
                    .unwrap_or_else(|e| panic!("{kind}: illegal move {text}: {e}"));
            }
        }
    }
}

#[test]
fn a_finished_game_gets_no_move() {
    for (kind, options) in DETERMINISTIC {
        for seed in 0..200 {
            let game = random_position(kind, options, 400, seed);
            if game.status().is_over() {
                assert_eq!(think(&game, &level(1), 0).err(), Some(AiError::GameOver));
                break;
            }
        }
    }
}

/// Levels 1 and 3 play a move that `good` accepts in up to five positions of `kind` where
/// `wanted` holds (looked for among `seeds` random positions, `stride` plies apart); `what`
/// names the position looked for.
fn levels_play_well(
    (kind, options): (GameKind, &str),
    (seeds, stride): (u64, usize),
    what: &str,
    wanted: impl Fn(&AnyGame, &[AnyMove]) -> bool,
    good: impl Fn(&AnyGame, &AnyMove) -> bool,
) {
    let mut found = 0;
    for (seed, game) in live_positions(kind, options, seeds, stride) {
        if !wanted(&game, &game.legal_moves()) {
            continue;
        }
        found += 1;
        for l in [1, 3] {
            let thought = think(&game, &level(l), seed).expect("a move");
            assert!(
                good(&game, &thought.best),
                "{kind} level {l} missed it ({what}) in {}: played {}",
                game.export(),
                thought.notation
            );
        }
        if found == 5 {
            break;
        }
    }
    assert!(found > 0, "{kind}: no test position with {what} found");
}

#[test]
fn every_level_takes_a_win_in_one() {
    for (kind, options) in DETERMINISTIC {
        let can_win =
            |game: &AnyGame, moves: &[AnyMove]| moves.iter().any(|m| wins_at_once(game, m));
        levels_play_well(
            (kind, options),
            (400, 7),
            "a win in one",
            can_win,
            wins_at_once,
        );
    }
}

#[test]
fn every_level_avoids_a_loss_in_one_when_it_can() {
    // Where random play soon reaches positions with a loss in one: Barrier's are rare (see
    // `barrier_avoids_stepping_into_a_capture_of_its_last_piece`).
    let tactical = DETERMINISTIC
        .into_iter()
        .filter(|(kind, _)| *kind != GameKind::Barrier);
    for (kind, options) in tactical {
        // No win to take, and some moves but not all let the opponent win at once.
        let dodgeable = |game: &AnyGame, moves: &[AnyMove]| {
            let losing = moves.iter().filter(|m| allows_win_in_one(game, m)).count();
            !moves.iter().any(|m| wins_at_once(game, m)) && losing > 0 && losing < moves.len()
        };
        let safe = |game: &AnyGame, mv: &AnyMove| !allows_win_in_one(game, mv);
        levels_play_well((kind, options), (600, 11), "a loss in one", dodgeable, safe);
    }
}

/// A Lightning position where the first player's half has X tiles on a1..a16: an X on a17
/// wins. `hand` and `reserve` are export fields (`PX`/`-`, `S0B0X1A0V0`).
fn lightning_one_from_home(hand: &str, reserve: &str) -> AnyGame {
    let column = vec!["X7"; 16].join("/");
    let drawn = 17;
    let text = format!(
        "lightning seed=7 drawn={drawn} first=8/{column} second={} reserve={reserve} hand={hand} \
         to=first started=yes result=-",
        vec!["8"; 17].join("/")
    );
    AnyGame::import(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn lightning_takes_a_win_in_one_from_the_hand_or_the_reserve() {
    for (hand, reserve, expected) in [
        ("PX", "S0B0X0A0V0", ["-a17"].as_slice()),
        ("-", "S0B0X1A0V0", ["RX", "-a17"].as_slice()),
    ] {
        for settings in [level(1), level(5)] {
            // The turn is played step by step: take the X, then put it.
            let mut game = lightning_one_from_home(hand, reserve);
            for step in expected {
                let thought = think(&game, &settings, 1).expect("a move");
                assert_eq!(thought.notation, *step);
                game.play(&thought.best).expect("legal");
            }
            let won = Outcome::win(Side::First, Reason::Connection);
            assert_eq!(game.status(), Status::Over(won));
        }
    }
}

#[test]
fn barrier_avoids_stepping_into_a_capture_of_its_last_piece() {
    let tiles = "N+S,N+S,E+W,E+W,NE+SW,NE+SW,NW+SE,NW+SE/N+E,N+E,N+W,N+W,S+E,S+E,S+W,S+W";
    let options = AnyGame::new(GameKind::Barrier, "")
        .expect("game")
        .options_text();
    // Yellow's last piece on a1; Clear's crowned piece on c3 would take it on b2.
    let text = format!("barrier 8/8/8/8/8/2C5/8/y7 {tiles} yellow 0 {options}");
    let game = AnyGame::import(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let b2 = game.parse_move("a1-b2").expect("legal");
    assert!(allows_win_in_one(&game, &b2));
    for l in 1..=5 {
        let thought = think(&game, &level(l), 2).expect("a move");
        assert_eq!(thought.notation, "a1-a2", "level {l}");
    }
}

#[test]
fn the_node_budget_is_respected() {
    for kind in GameKind::ALL {
        let game = random_position(kind, "", 6, 1);
        for budget in [1, 50, 500] {
            let thought = think(&game, &nodes(budget), 3).expect("a move");
            assert!(
                thought.nodes <= budget,
                "{kind}: {} nodes for a budget of {budget}",
                thought.nodes
            );
        }
        let thought = think(&game, &Settings::uct(200), 3).expect("a move");
        assert!(thought.nodes <= 200 || thought.shortcut.is_some());
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    for kind in GameKind::ALL {
        let options = if kind == GameKind::Lightning {
            "seed=9"
        } else {
            ""
        };
        let game = random_position(kind, options, 12, 4);
        for settings in [level(2), level(3), Settings::uct(300)] {
            let a = think(&game, &settings, 77).expect("a move");
            let b = think(&game, &settings, 77).expect("a move");
            assert_eq!((a.best, a.nodes), (b.best, b.nodes), "{kind} {settings}");
        }
    }
}

/// A Lightning position with tiles in the reserve, so that drawing and taking are both open.
fn lightning_with_reserve(seed: u64) -> Lightning {
    let mut game = Lightning::new(
        parlor::games::GameOptions::parse(&format!("seed={seed}")).expect("options"),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for turn in 0..30 {
        if game.status().is_over() {
            break;
        }
        let draw = game.parse_move("P").expect("the pile is full");
        game.play(&draw).expect("legal");
        let puts = game.legal_moves();
        let put = if turn % 3 == 1 && turn > 2 {
            game.parse_move("-R").expect("into the reserve")
        } else {
            puts[rng.random_range(0..puts.len())]
        };
        game.play(&put).expect("legal");
    }
    game
}

#[test]
fn lightning_never_peeks_at_the_pile() {
    let mut compared = 0;
    for seed in 0..6u64 {
        let game = lightning_with_reserve(seed);
        if game.status().is_over() || game.reserve().iter().all(|&n| n == 0) {
            continue;
        }
        // The same visible position with the face-down tiles in another order.
        let mut other = game.clone();
        other.redeal_unseen(&mut ChaCha8Rng::seed_from_u64(1000 + seed));
        let top = |g: &Lightning| {
            let mut g = g.clone();
            let draw = g.parse_move("P").expect("draw");
            g.play(&draw).expect("legal");
            g.in_hand()
        };
        assert_eq!(game.unseen_counts(), other.unseen_counts());
        if top(&game) == top(&other) {
            continue;
        }
        for settings in [level(1), level(3), Settings::uct(300)] {
            let a = think(&AnyGame::Lightning(game.clone()), &settings, 5).expect("a move");
            let b = think(&AnyGame::Lightning(other.clone()), &settings, 5).expect("a move");
            assert_eq!(a.notation, b.notation, "seed {seed}, {settings}");
            assert_eq!(a.nodes, b.nodes);
            assert!(
                a.notation == "P" || a.notation.starts_with('R'),
                "a whole turn from the pile names the hidden tile: {}",
                a.notation
            );
        }
        compared += 1;
    }
    assert!(compared > 0, "no pair of positions differing in the pile");
}

#[test]
fn lightning_search_moves_never_name_the_hidden_tile() {
    let game = lightning_with_reserve(3);
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    assert!(!moves.is_empty());
    for mv in &moves {
        assert!(
            !(mv.source() == Source::Pile && mv.design().is_some()),
            "{}",
            game.format_move(mv)
        );
    }
    assert!(
        moves
            .iter()
            .any(|m| m.source() == Source::Pile && m.design().is_none())
    );
}

#[test]
fn settings_read_levels_uct_and_budgets() {
    assert_eq!("level=3".parse::<Settings>(), Settings::level(3));
    assert_eq!("uct=10000".parse::<Settings>(), Ok(Settings::uct(10000)));
    let s: Settings = "level=5,ms=500 nodes=100".parse().expect("valid");
    assert_eq!(s.style, Style::Level(5));
    assert_eq!(s.nodes, Some(100));
    assert_eq!(s.time, Some(Duration::from_millis(500)));
    for bad in [
        "level=0", "level=6", "level=x", "nodes=-1", "ms=0", "fast", "depth=3",
    ] {
        assert!(bad.parse::<Settings>().is_err(), "{bad}");
    }
}

#[test]
fn go_answers_a_legal_move_and_leaves_the_position_alone() {
    let mut s = Session::new();
    let ask = |s: &mut Session, line: &str| s.handle(line).0.join("\n");
    assert_eq!(ask(&mut s, "new simultana"), "ok");
    let before = ask(&mut s, "legal");
    let answer = ask(&mut s, "go level=1");
    let mv = answer.strip_prefix("bestmove ").expect(&answer);
    assert!(before.split_whitespace().any(|m| m == mv), "{answer}");
    assert_eq!(ask(&mut s, "legal"), before);
    assert!(ask(&mut s, "go nodes=50 seed=3").starts_with("bestmove "));
    assert!(ask(&mut s, "go ms=50").starts_with("bestmove "));
    assert!(ask(&mut s, "go level=6").starts_with("error: "));
    assert!(ask(&mut s, "go seed=x").starts_with("error: "));
    // Play to the end, then go is an error.
    for _ in 0..400 {
        if !ask(&mut s, "status").starts_with("to-move") {
            break;
        }
        let answer = ask(&mut s, "go level=1");
        let mv = answer.strip_prefix("bestmove ").expect(&answer).to_string();
        assert_eq!(ask(&mut s, &format!("moves {mv}")), "ok");
    }
    assert!(!ask(&mut s, "status").starts_with("to-move"));
    assert!(ask(&mut s, "go").starts_with("error: "));
}

#[test]
fn the_pool_runs_searches_off_the_runtime_and_queues_the_rest() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let ai = Ai::new(1);
    assert_eq!(ai.parallel(), 1);
    let moves = runtime.block_on(async {
        let game = AnyGame::new(GameKind::Simultana, "").expect("game");
        let tasks: Vec<_> = (0..3)
            .map(|seed| {
                let ai = ai.clone();
                let game = game.clone();
                tokio::spawn(async move { ai.best_move(game, nodes(100), seed).await })
            })
            .collect();
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.expect("the task ran").expect("a move"));
        }
        out
    });
    let game = AnyGame::new(GameKind::Simultana, "").expect("game");
    for mv in moves {
        assert!(game.clone().play(&mv).is_ok());
    }
    // The blocking entry point for the match service: legal, and replayable from the seed.
    let first = Ai::new(2).with_seed(9);
    let again = Ai::new(2).with_seed(9);
    for _ in 0..3 {
        let a = first.choose(&game, 1).expect("a move");
        assert_eq!(Some(a), again.choose(&game, 1));
        assert!(game.clone().play(&a).is_ok());
    }
    assert_eq!(first.choose(&game, 9), None);
}

#[test]
fn the_arena_alternates_seats_and_counts_every_game() {
    let config = ArenaConfig {
        kind: GameKind::Simultana,
        options: String::new(),
        a: level(1),
        b: Settings::uct(20),
        games: 4,
        seed: 1,
        max_plies: 300,
        jobs: 2,
    };
    let result = run(&config, |_| {}).expect("the games run");
    assert_eq!(result.games.len(), 4);
    assert_eq!(result.wins() + result.draws() + result.losses(), 4);
    let seats: Vec<bool> = result.games.iter().map(|g| g.a_first).collect();
    assert_eq!(seats, [true, false, true, false]);
    let (lo, hi) = result.score_interval();
    assert!(lo <= result.score() && result.score() <= hi);
    let (wlo, whi) = parlor::ai::arena::wilson(7, 10);
    assert!(wlo < 0.7 && 0.7 < whi);
    // The same run gives the same games.
    let again = run(&config, |_| {}).expect("the games run");
    let moves = |r: &parlor::ai::arena::ArenaResult| {
        r.games.iter().map(|g| g.moves.clone()).collect::<Vec<_>>()
    };
    assert_eq!(moves(&result), moves(&again));
}

/// The solver proves a win in one for the side to move, and a loss when every move allows one.
#[test]
fn the_solver_proves_wins_and_losses() {
    use parlor::ai::mcts::{Budget, MctsConfig, search};
    let mut proved_win = false;
    let mut proved_loss = false;
    for seed in 0..2000u64 {
        if proved_win && proved_loss {
            break;
        }
        let game = random_position(GameKind::Simultana, "", 6 + (seed as usize * 13) % 90, seed);
        let AnyGame::Simultana(inner) = &game else {
            unreachable!()
        };
        if game.status().is_over() {
            continue;
        }
        let moves = game.legal_moves();
        let wins = moves.iter().any(|m| wins_at_once(&game, m));
        let all_lose = !wins && moves.iter().all(|m| allows_win_in_one(&game, m));
        let wanted = wins && !proved_win || all_lose && !proved_loss;
        if !wanted {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let budget = Budget {
            iterations: 20_000,
            deadline: None,
        };
        let root_moves = inner.legal_moves();
        let found =
            search(inner, &root_moves, MctsConfig::strong(), budget, &mut rng).expect("a move");
        if wins {
            assert_eq!(found.proven, Some(1), "{}", game.export());
            proved_win = true;
        } else {
            assert_eq!(found.proven, Some(-1), "{}", game.export());
            proved_loss = true;
        }
        assert!(found.iterations < 20_000, "a proven root stops the search");
    }
    assert!(proved_win && proved_loss);
}
