//! Timing of board pictures and replays (issue 3's targets): `cargo bench --bench render`.
//! A plain loop after a warm-up that fills the caches: the median wall time of a call, the mean
//! CPU time of the process per call (Linux), and the size of the file. The mixed line draws
//! [`MIXED`] positions of the four games, each with other names, in turn, as the bot does under
//! load: the thread's caches see them come and go.

use std::hint::black_box;
use std::time::{Duration, Instant};

use parlor::games::{AnyGame, AnyMove, GameKind};
use parlor::i18n::Lang;
use parlor::render::{PlayerLabel, Scene, board_png, replay_gif};

/// Positions in the mixed line.
const MIXED: usize = 400;

/// A game from the start with up to `plies` pseudo-random legal moves (fixed seed).
fn play(kind: GameKind, options: &str, plies: usize) -> (AnyGame, Vec<AnyMove>, AnyGame, AnyGame) {
    play_seeded(kind, options, plies, 0x9e37_79b9_7f4a_7c15)
}

/// [`play`] with the pseudo-random moves of `seed`.
fn play_seeded(
    kind: GameKind,
    options: &str,
    plies: usize,
    seed: u64,
) -> (AnyGame, Vec<AnyMove>, AnyGame, AnyGame) {
    let start = AnyGame::new(kind, options).expect("valid options");
    let mut game = start.clone();
    let mut before = game.clone();
    let mut moves = Vec::new();
    let mut state = seed;
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[((state >> 33) % legal.len() as u64) as usize];
        before = game.clone();
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    (start, moves, game, before)
}

/// The board after `moves` (the last played from `before`), in English.
fn scene_of<'a>(
    game: &'a AnyGame,
    moves: &[AnyMove],
    before: &'a AnyGame,
    players: [PlayerLabel; 2],
) -> Scene<'a> {
    Scene {
        game,
        last_move: moves.last().map(|&m| (before, m)),
        players,
        seats: Vec::new(),
        move_number: moves.len() as u32,
        show_region: true,
        lang: Lang::En,
        result: None,
        caption: None,
    }
}

fn players() -> [PlayerLabel; 2] {
    [
        PlayerLabel::new("Alice").with_rating("1523"),
        PlayerLabel::new("Bartholomew").with_rating("1490?"),
    ]
}

/// CPU time this process has used (Linux), which other load on the machine does not inflate.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel reports in clock ticks, 100 per second on Linux.
    Some(Duration::from_millis(ticks * 10))
}

/// Median wall time and mean CPU time of `f` over at least `runs` calls and 2 s, after 3
/// warm-up calls. The median shrugs off the moments when other work takes the machine.
fn time<T>(runs: u32, mut f: impl FnMut() -> T) -> (Duration, Option<Duration>) {
    for _ in 0..3 {
        black_box(f());
    }
    let (start, cpu) = (Instant::now(), cpu_time());
    let mut walls = Vec::new();
    while walls.len() < runs as usize || start.elapsed() < Duration::from_secs(2) {
        let t = Instant::now();
        black_box(f());
        walls.push(t.elapsed());
    }
    let n = walls.len() as u32;
    let cpu = cpu.zip(cpu_time()).map(|(a, b)| (b - a) / n);
    walls.sort();
    (walls[walls.len() / 2], cpu)
}

fn main() {
    // `cargo bench --bench render -- GIF` runs only the lines whose label contains "GIF".
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_default();
    println!(
        "{:<44} {:>14} {:>11} {:>10}",
        "picture", "median wall", "mean cpu", "size"
    );
    for (label, kind, options, plies) in [
        ("LOA PNG, 30 moves", GameKind::Loa, "", 30),
        (
            "LOA parachute PNG, 12 moves",
            GameKind::Loa,
            "setup=parachute",
            12,
        ),
        ("Simultana PNG, 10 moves", GameKind::Simultana, "", 10),
        ("Barrier PNG, 40 moves", GameKind::Barrier, "", 40),
        (
            "Lightning PNG, 120 moves",
            GameKind::Lightning,
            "seed=7",
            120,
        ),
    ] {
        if !label.contains(&filter) {
            continue;
        }
        let (_, moves, game, before) = play(kind, options, plies);
        let scene = scene_of(&game, &moves, &before, players());
        let size = board_png(&scene).len();
        let t = time(200, || board_png(&scene));
        report(label, t, size);
    }
    let label = format!("mixed PNGs, {MIXED} positions in turn");
    if label.contains(&filter) {
        let games = [
            (GameKind::Loa, ""),
            (GameKind::Loa, "setup=parachute"),
            (GameKind::Simultana, ""),
            (GameKind::Barrier, ""),
            (GameKind::Lightning, "seed=7"),
        ];
        let positions: Vec<_> = (0..MIXED)
            .map(|i| {
                let (kind, options) = games[i % games.len()];
                let (_, moves, game, before) =
                    play_seeded(kind, options, 4 + i % 40, 0x9e37_79b9 + i as u64);
                let names = [
                    PlayerLabel::new(format!("Player {}", 2 * i)).with_rating("1500"),
                    PlayerLabel::new(format!("Player {}", 2 * i + 1)).with_rating("1480?"),
                ];
                (moves, game, before, names)
            })
            .collect();
        let scene =
            |(moves, game, before, names): &(Vec<AnyMove>, AnyGame, AnyGame, [PlayerLabel; 2])| {
                board_png(&scene_of(game, moves, before, names.clone()))
            };
        let size = positions.iter().map(|p| scene(p).len()).sum::<usize>() / MIXED;
        let mut next = 0;
        let t = time(2 * MIXED as u32, || {
            next = (next + 1) % MIXED;
            scene(&positions[next])
        });
        report(&label, t, size);
    }
    for (label, kind, options) in [
        ("LOA GIF, 100 moves", GameKind::Loa, ""),
        ("Barrier GIF, 100 moves", GameKind::Barrier, ""),
        ("Lightning GIF, 100 moves", GameKind::Lightning, "seed=7"),
    ] {
        if !label.contains(&filter) {
            continue;
        }
        let (start, moves, _, _) = play(kind, options, 100);
        let gif = replay_gif(&start, &moves, players(), Lang::En).expect("replay");
        let t = time(5, || {
            replay_gif(&start, &moves, players(), Lang::En).expect("replay")
        });
        report(&format!("{label} ({} played)", moves.len()), t, gif.len());
    }
}

fn report(label: &str, (wall, cpu): (Duration, Option<Duration>), bytes: usize) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let cpu = cpu.map_or("?".to_string(), |c| format!("{:.2} ms", ms(c)));
    let kb = bytes as f64 / 1024.0;
    println!("{label:<44} {:>11.2} ms {cpu:>11} {kb:>7.1} KB", ms(wall));
}
