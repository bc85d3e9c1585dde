//! The fuzz targets: what each feeds to its parser and what must hold.

use rand::RngExt;

use parlor::games::{AnyGame, AnyMove, GameKind};
use parlor::i18n::{Lang, Msg};
use parlor::protocol::{Flow, Session};
use parlor::store::{EntryKind, LogEntry, MatchStatus, MatchUpdate, NewMatch, PlayerRef, Store};
use parlor::table::{Board, position_after};
use parlor::table::{Request, Stamp, controls};

use super::{Gen, Target};

/// The option texts of each game that players may give.
fn option_texts(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::Loa => &[
            "",
            "rules=olympiad",
            "setup=scrambled-eggs",
            "setup=parachute",
            "players=4",
            "marks=alternate",
            "rules=olympiad setup=parachute players=4",
        ],
        GameKind::Lightning => &["seed=1", "seed=42", "seed=18446744073709551615"],
        GameKind::Barrier | GameKind::Simultana => &[""],
    }
}

/// Plays random legal moves; returns the position and the moves' notations.
fn playout(mut game: AnyGame, plies: usize, g: &mut Gen) -> (AnyGame, Vec<String>) {
    let mut notations = Vec::new();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if game.status().is_over() || moves.is_empty() {
            break;
        }
        let mv = *g.pick(&moves);
        let Ok(text) = game.format_move(&mv) else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
        notations.push(text);
    }
    (game, notations)
}

/// Positions of a game to play typed moves on: starts, middle games and ended games.
fn positions(kind: GameKind) -> Vec<AnyGame> {
    let mut g = Gen::new(super::rng_for("positions", super::SEED, kind as u64));
    let mut out = Vec::new();
    for options in option_texts(kind) {
        let Ok(start) = AnyGame::new(kind, options) else {
            continue;
        };
        for plies in [0, 3, 12, 40, 1_000] {
            out.push(playout(start.clone(), plies, &mut g).0);
        }
    }
    out
}

/// Every legal move's text of some positions, deduplicated: the valid inputs to mutate.
fn move_corpus(positions: &[AnyGame]) -> Vec<String> {
    let mut corpus: Vec<String> = positions
        .iter()
        .flat_map(|p| p.legal_move_texts())
        .collect();
    corpus.sort();
    corpus.dedup();
    if corpus.len() > 400 {
        let step = corpus.len() / 400;
        corpus = corpus.into_iter().step_by(step).collect();
    }
    corpus.push("resign".to_string());
    corpus
}

/// What a player reads must say something, in both languages.
fn clear(msg: &Msg) -> Result<(), String> {
    for lang in [Lang::En, Lang::Fr] {
        let text = msg.text(lang);
        if text.trim().is_empty() {
            return Err(format!("empty {lang:?} message for {msg:?}"));
        }
    }
    Ok(())
}

/// Typed moves on positions of one game: a move is read only if legal, its canonical text
/// reads back as the same move, and a refused move leaves the position as it was.
pub fn moves(kind: GameKind) -> Target<(usize, String)> {
    let positions = positions(kind);
    let corpus = move_corpus(&positions);
    let count = positions.len();
    Target {
        name: match kind {
            GameKind::Loa => "moves_loa",
            GameKind::Lightning => "moves_lightning",
            GameKind::Barrier => "moves_barrier",
            GameKind::Simultana => "moves_simultana",
        },
        make: Box::new(move |g| (g.below(count), g.text(&corpus))),
        check: Box::new(move |(i, text)| {
            let game = &positions[*i];
            let before = game.export();
            let parsed = game.parse_move(text);
            let mut after = game.clone();
            match (after.play_text(text), parsed) {
                (Ok(canonical), Ok(mv)) => {
                    if game.format_move(&mv).as_deref() != Ok(canonical.as_str()) {
                        return Err(format!("played `{canonical}` but read another move"));
                    }
                    match game.parse_move(&canonical) {
                        Ok(again) if again == mv => Ok(()),
                        other => Err(format!("`{canonical}` reads back as {other:?}")),
                    }
                }
                (Ok(canonical), Err(e)) => Err(format!("played `{canonical}` but refused: {e}")),
                (Err(e), parsed) => {
                    if parsed.is_ok() && !game.status().is_over() {
                        return Err(format!("read but not played: {e}"));
                    }
                    clear(&e.msg())?;
                    if after.export() != before {
                        return Err(format!("refused ({e}) but the position changed"));
                    }
                    Ok(())
                }
            }
        }),
    }
}

/// Which `/play` parser an input goes to.
#[derive(Debug, Clone, Copy)]
pub enum PlayParser {
    Options,
    Variant,
    Clock,
}

/// `/play` options: the engine options of each game, variant names and clocks.
pub fn play_options() -> Target<(GameKind, PlayParser, String)> {
    let mut corpus: Vec<String> = GameKind::ALL
        .iter()
        .flat_map(|&k| option_texts(k).iter().map(|s| s.to_string()))
        .collect();
    for kind in GameKind::ALL {
        corpus.extend(
            parlor::table::variants(kind)
                .iter()
                .map(|v| v.name.to_string()),
        );
    }
    corpus.extend(parlor::table::CLOCK_CHOICES.iter().map(|s| s.to_string()));
    corpus.extend(
        [
            "Scrambled Eggs",
            "90s",
            "2 days",
            "1 week",
            "12 hours",
            "off",
            "1w",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    Target {
        name: "play_options",
        make: Box::new(move |g| {
            let kind = *g.pick(&GameKind::ALL);
            let parser = *g.pick(&[PlayParser::Options, PlayParser::Variant, PlayParser::Clock]);
            (kind, parser, g.text(&corpus))
        }),
        check: Box::new(|(kind, parser, text)| match parser {
            PlayParser::Options => match AnyGame::new(*kind, text) {
                Ok(game) => {
                    let canonical = game.options_text();
                    match AnyGame::new(*kind, &canonical) {
                        Ok(again) if again.options_text() == canonical => Ok(()),
                        _ => Err(format!("options `{canonical}` do not read back")),
                    }
                }
                Err(e) if e.to_string().trim().is_empty() => Err("empty error".to_string()),
                Err(_) => Ok(()),
            },
            PlayParser::Variant => match parlor::table::variant(*kind, Some(text)) {
                Ok(v) => AnyGame::new(*kind, v.options)
                    .map(|_| ())
                    .map_err(|e| format!("variant {} has bad options: {e}", v.name)),
                Err(msg) => clear(&msg),
            },
            PlayParser::Clock => match parlor::table::parse_clock(Some(text)) {
                Ok(Some(secs))
                    if !(parlor::table::MIN_CLOCK_SECS..=parlor::table::MAX_CLOCK_SECS)
                        .contains(&secs) =>
                {
                    Err(format!("clock of {secs} s accepted"))
                }
                Ok(_) => Ok(()),
                Err(msg) => clear(&msg),
            },
        }),
    }
}

/// Button and menu ids: anything read writes back to itself and fits Discord's 100 bytes.
pub fn custom_id() -> Target<(String, Vec<String>)> {
    let mut corpus = Vec::new();
    for act in controls() {
        for (match_id, seq) in [(1, 0), (42, 17), (i64::MAX, u32::MAX), (-5, 3)] {
            let id = act.custom_id(Stamp { match_id, seq }).unwrap_or_default();
            corpus.push(format!("{id}:2"));
            corpus.push(id);
        }
    }
    let values = move_corpus(&positions(GameKind::Barrier));
    Target {
        name: "custom_id",
        make: Box::new(move |g| {
            let menu = (0..g.below(3)).map(|_| g.text(&values)).collect();
            (g.text(&corpus), menu)
        }),
        check: Box::new(|(text, values)| {
            // A press carries the menu's values as typed; reading them is the move parser's.
            let Some(request) = Request::from_custom_id(text, values) else {
                return Ok(());
            };
            let written = request
                .at
                .and_then(|stamp| request.act.custom_id(stamp))
                .unwrap_or_default();
            if written.len() > 100
                || Request::from_custom_id(&written, values) != Some(request.clone())
            {
                return Err(format!("{request:?} writes as `{written}`"));
            }
            Ok(())
        }),
    }
}

/// Engine protocol lines after a few session set-ups: exactly one answer line without control
/// characters (a drawing then `.` for `show`), and an `error: ...` changes nothing.
pub fn engine() -> Target<(usize, String)> {
    let mut g = Gen::new(super::rng_for("engine-setups", super::SEED, 0));
    let mut setups: Vec<Vec<String>> = vec![Vec::new()];
    let mut corpus: Vec<String> = [
        "new loa",
        "new loa rules=olympiad setup=parachute",
        "new loa players=4 marks=alternate",
        "new lightning seed=42",
        "new barrier",
        "new simultana",
        "legal",
        "status",
        "perft 1",
        "perft 2",
        "go nodes=5 seed=3",
        "go level=1",
        "go uct=3 ms=5",
        "show",
        "quit",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for kind in GameKind::ALL {
        for options in option_texts(kind) {
            let new = format!("new {kind} {options}");
            let Ok(start) = AnyGame::new(kind, options) else {
                continue;
            };
            for plies in [0, 6, 1_000] {
                let (game, played) = playout(start.clone(), plies, &mut g);
                let mut setup = vec![new.clone()];
                if !played.is_empty() {
                    setup.push(format!("moves {}", played.join(" ")));
                }
                let legal = game.legal_move_texts();
                for _ in 0..3.min(legal.len()) {
                    corpus.push(format!("moves {}", g.pick(&legal)));
                }
                setups.push(setup);
            }
        }
    }
    let count = setups.len();
    let sessions: Vec<Session> = setups
        .iter()
        .map(|setup| {
            let mut session = Session::new();
            for line in setup {
                session.handle(line);
            }
            session
        })
        .collect();
    Target {
        name: "engine",
        make: Box::new(move |g| (g.below(count), tame(g.text(&corpus)))),
        check: Box::new(move |(i, line)| {
            let mut session = sessions[*i].clone();
            let before = session.game().map(AnyGame::export);
            let (answer, flow) = session.handle(line);
            let mut words = line.split_whitespace();
            let command = words.next();
            match command {
                None if answer.is_empty() => return Ok(()),
                None => return Err("an answer to an empty line".to_string()),
                Some("quit") if flow == Flow::Quit && answer.is_empty() => return Ok(()),
                _ if flow == Flow::Quit => return Err("quit without `quit`".to_string()),
                _ => {}
            }
            if let Some(bad) = answer.iter().find(|l| l.chars().any(char::is_control)) {
                return Err(format!("control character in `{bad:?}`"));
            }
            let show = command == Some("show") && before.is_some();
            match answer.as_slice() {
                [one] if !show => {
                    if let Some(why) = one.strip_prefix("error:") {
                        if why.trim().is_empty() {
                            return Err("empty error".to_string());
                        }
                        if session.game().map(AnyGame::export) != before {
                            return Err(format!("`{one}` but the game changed"));
                        }
                    } else if one.trim().is_empty() {
                        return Err("empty answer".to_string());
                    }
                    Ok(())
                }
                [.., last] if show && last == "." => Ok(()),
                other => Err(format!("{} answer lines", other.len())),
            }
        }),
    }
}

/// Keeps the expensive commands cheap: `go` gets a budget of one node (the last setting wins)
/// and `perft` at most depth 2.
fn tame(line: String) -> String {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("go") => format!("{line} nodes=1"),
        Some("perft") => match words.next().map(str::parse::<u32>) {
            Some(Ok(d)) if d > 2 => format!("perft {}", d % 3),
            _ => line,
        },
        _ => line,
    }
}

/// `parlor local` lines: a request, or a message that says something in both languages.
pub fn local_lines() -> Target<String> {
    use parlor::local::parse::{Input, commands, parse};
    let mut corpus: Vec<String> = commands()
        .iter()
        .map(|(c, args)| {
            format!(
                "{c} {}",
                parlor::local::parse::syntax(args, parlor::i18n::Lang::En)
            )
        })
        .collect();
    corpus.extend(
        [
            "/play game:loa opponent:bot level:2 variant:parachute clock:30m rated:yes",
            "/play loa opponent:@bob",
            "/move b1-b3",
            "/move move:N+E@a1",
            "/pick b1",
            "/leaderboard game:barrier scope:global page:2",
            "/stats user:@ann against:bob game:simultana",
            "/replay match:#3",
            "/as Bob",
            "/rules lightning",
            "# a comment",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    Target {
        name: "local_lines",
        make: Box::new(move |g| g.text(&corpus)),
        check: Box::new(|line| match parse(line) {
            Err(msg) => clear(&msg),
            Ok(Input::Service(parlor::table::Act::Move(text))) if text.is_empty() => {
                Err("an empty move".to_string())
            }
            Ok(Input::As(name)) if name.trim().is_empty() => Err("an empty name".to_string()),
            Ok(Input::Press(parlor::table::Act::PickSource(value))) if value.trim().is_empty() => {
                Err("an empty value".to_string())
            }
            Ok(_) => Ok(()),
        }),
    }
}

/// A stored match to restore: its settings and its move log, as read from the database.
#[derive(Clone, Debug)]
pub struct Stored {
    pub game: String,
    pub options: String,
    pub seed: i64,
    pub log: Vec<LogEntry>,
    /// The log as written by the service (not mutated): it must replay.
    pub pristine: bool,
}

const SEATS: [u64; 4] = [11, 22, 33, 44];

/// A log as the service writes it: moves by the side to move, now and then a takeback.
fn stored_log(kind: GameKind, options: &str, seed: i64, g: &mut Gen) -> Option<Stored> {
    let start = AnyGame::start(kind, options, seed).ok()?;
    let mut game = start.clone();
    let mut moves: Vec<(AnyMove, usize)> = Vec::new();
    let mut log = Vec::new();
    for seq in 1..=g.below(60) as u32 {
        let Some(seat) = game.seat_to_move() else {
            break;
        };
        if !moves.is_empty() && g.chance(0.1) {
            let keep = moves.len() - 1 - g.below(moves.len().min(2));
            moves.truncate(keep);
            game = position_after(&start, &moves).ok()?.0;
            log.push(LogEntry {
                seq,
                kind: EntryKind::Takeback,
                ply: keep as u32,
                notation: None,
                player_id: SEATS[seat],
                at: i64::from(seq),
            });
            continue;
        }
        let legal = game.legal_moves();
        let mv = *g.pick(&legal);
        let text = game.format_move(&mv).ok()?;
        game.play(&mv).ok()?;
        moves.push((mv, seat));
        log.push(LogEntry {
            seq,
            kind: EntryKind::Move,
            ply: moves.len() as u32,
            notation: Some(text),
            player_id: SEATS[seat],
            at: i64::from(seq),
        });
    }
    Some(Stored {
        game: kind.name().to_string(),
        options: options.to_string(),
        seed,
        log,
        pristine: true,
    })
}

/// A stored match, written by the service or then damaged.
fn stored(g: &mut Gen, notations: &[String], options: &[String]) -> Stored {
    let kind = *g.pick(&GameKind::ALL);
    let opts = *g.pick(option_texts(kind));
    let seed = *g.pick(&[0, 7, -1, i64::MAX]);
    let Some(mut s) = stored_log(kind, opts, seed, g) else {
        return Stored {
            game: kind.name().to_string(),
            options: String::new(),
            seed,
            log: Vec::new(),
            pristine: false,
        };
    };
    if g.chance(0.2) {
        return s;
    }
    s.pristine = false;
    for _ in 0..=g.below(3) {
        let n = s.log.len();
        let i = if n == 0 { 0 } else { g.below(n) };
        match (g.below(12), s.log.get_mut(i)) {
            (0..=3, Some(e)) => {
                let text = e.notation.clone().unwrap_or_default();
                e.notation = Some(g.mutate(&text, notations));
            }
            (4, Some(e)) => {
                e.notation = if g.chance(0.5) {
                    None
                } else {
                    Some(g.text(notations))
                }
            }
            (5, Some(e)) => {
                e.kind = match e.kind {
                    EntryKind::Move => EntryKind::Takeback,
                    EntryKind::Takeback => EntryKind::Move,
                }
            }
            (6, Some(e)) => {
                e.ply = *g.pick(&[0, 1, e.ply.wrapping_add(1), e.ply.wrapping_sub(1), u32::MAX])
            }
            (7, Some(e)) => e.player_id = *g.pick(&[SEATS[0], SEATS[1], 0, u64::MAX]),
            (8, Some(_)) => {
                let (a, b) = (g.below(n), g.below(n));
                s.log.swap(a, b);
            }
            (9, Some(_)) => {
                let e = s.log.remove(i);
                if g.chance(0.5) {
                    s.log.insert(g.below(n), e.clone());
                    s.log.insert(g.below(n), e);
                }
            }
            (10, _) => s.options = g.text(options),
            (11, _) => {
                s.seed = g.rng.random_range(i64::MIN..=i64::MAX);
                if g.chance(0.3) {
                    s.game = g.mutate(&s.game, options);
                }
            }
            _ => s.log.truncate(i),
        }
    }
    s
}

/// Makes stored matches whose logs are damaged with valid notations and options of every game
/// (what both restore targets are fed).
fn damaged_logs() -> Box<dyn Fn(&mut Gen) -> Stored> {
    let mut notations = Vec::new();
    let mut options = Vec::new();
    for kind in GameKind::ALL {
        notations.extend(move_corpus(&positions(kind)));
        options.extend(option_texts(kind).iter().map(|s| s.to_string()));
        options.push(kind.name().to_string());
    }
    Box::new(move |g| stored(g, &notations, &options))
}

/// The stored move log replayed at restore: a log the service wrote replays; a damaged one
/// replays consistently or is refused with a reason, never a panic.
pub fn restore_log() -> Target<Stored> {
    Target {
        name: "restore_log",
        make: damaged_logs(),
        check: Box::new(|s| {
            let Ok(kind) = s.game.parse::<GameKind>() else {
                return Ok(());
            };
            let seats = seat_count(kind, &s.options);
            let ids: Vec<Option<u64>> = SEATS[..seats].iter().copied().map(Some).collect();
            let replayed = AnyGame::start(kind, &s.options, s.seed)
                .map_err(|e| parlor::table::Unreplayable(e.to_string()))
                .and_then(|start| Board::replay(start, &s.log, &ids))
                .map_err(|e| e.0);
            match replayed {
                Ok(r) => {
                    let plies = s.log.last().map_or(0, |e| e.ply as usize);
                    if r.moves.len() != plies {
                        return Err(format!(
                            "{} moves replayed, log says {plies}",
                            r.moves.len()
                        ));
                    }
                    let start = AnyGame::start(kind, &s.options, s.seed).map_err(|e| e.0)?;
                    let (game, _) = position_after(&start, &r.moves).map_err(|e| e.0)?;
                    if game.export() != r.game.export() {
                        return Err("the replayed position is not the moves' one".to_string());
                    }
                    Ok(())
                }
                Err(why) if s.pristine => Err(format!("a log as written is refused: {why}")),
                Err(why) if why.trim().is_empty() => Err("an empty reason".to_string()),
                Err(_) => Ok(()),
            }
        }),
    }
}

/// Restoring from the database: a live match with a stored (maybe damaged) log goes through
/// `Table::start`, which must not fail or panic, and the row and log are left as they were.
pub fn restore_db() -> Target<Stored> {
    Target {
        name: "restore_db",
        make: damaged_logs(),
        check: Box::new(|s| {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            rt.block_on(restore_in_db(s))
        }),
    }
}

async fn restore_in_db(s: &Stored) -> Result<(), String> {
    let store = Store::open("sqlite::memory:")
        .await
        .map_err(|e| e.to_string())?;
    let player = |i: usize| PlayerRef {
        id: SEATS[i],
        name: format!("p{i}"),
    };
    // A match is written with a game Parlor knows; one the database holds under an unknown
    // name is left unread (`store::decode`'s tests).
    let Ok(kind) = s.game.parse::<GameKind>() else {
        return Ok(());
    };
    let seats = seat_count(kind, &s.options);
    let id = store
        .create_challenge(&NewMatch {
            guild_id: Some(1),
            channel_id: 2,
            parent_id: None,
            game: kind,
            variant: &parlor::games::Variant::STANDARD,
            options: s.options.clone(),
            seed: s.seed,
            rated: false,
            clock_secs: None,
            increment_secs: None,
            level: None,
            challenger: player(0),
            opponent: Some(player(1)),
            vs_bot: false,
            challenger_seat: 0,
            seats: (0..seats).map(|i| Some(player(i))).collect(),
            threaded: false,
            deadline_at: None,
            rematch_of: None,
            created_at: 0,
        })
        .await
        .map_err(|e| e.to_string())?;
    store
        .start_match(id, None, 0, None)
        .await
        .map_err(|e| e.to_string())?;
    let mut known_seq = 0;
    for entry in &s.log {
        // A log the database refuses (a repeated `seq`) is simply not stored.
        let stored = store
            .update_match(&MatchUpdate {
                match_id: id,
                known_seq,
                entry: Some(entry.clone()),
                deadline_at: None,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                draw_consent: 0,
                takeback_consent: 0,
                remaining: None,
                finish: None,
            })
            .await;
        if stored.is_ok() {
            known_seq = entry.seq;
        }
    }
    let row = store.match_by_id(id).await.map_err(|e| e.to_string())?;
    let log = store.log(id).await.map_err(|e| e.to_string())?;
    let config = parlor::table::Config {
        ai: None,
        ..Default::default()
    };
    parlor::table::Table::start(store.clone(), config)
        .await
        .map_err(|e| format!("restart failed: {e}"))?;
    if store.match_by_id(id).await.map_err(|e| e.to_string())? != row {
        return Err("the match row changed".to_string());
    }
    if store.log(id).await.map_err(|e| e.to_string())? != log {
        return Err("the log changed".to_string());
    }
    if row.map(|r| r.status) != Some(MatchStatus::Live) {
        return Err("the match is not live".to_string());
    }
    store.close().await;
    Ok(())
}

/// Typed move prefixes (autocomplete) and picked sources (`/pick`, menus): hints are legal
/// moves, at most 25; menus fit Discord (5 rows of 25) and offer only moves from that source.
pub fn move_hints() -> Target<(usize, bool, String)> {
    use parlor::table::{MAX_CHOICES, MAX_ROWS, hints, move_menus, visible_moves};
    let legal: Vec<Vec<String>> = GameKind::ALL
        .iter()
        .flat_map(|&k| positions(k))
        .map(|p| visible_moves(&p))
        .collect();
    let mut corpus: Vec<String> = legal.iter().flatten().cloned().collect();
    corpus.sort();
    corpus.dedup();
    corpus = corpus.into_iter().step_by(7).collect();
    corpus.extend(["b1", "c1x", "PS", "N+E", "pass", "P", "-"].map(String::from));
    let count = legal.len();
    let stamp = Stamp {
        match_id: 9,
        seq: 4,
    };
    Target {
        name: "move_hints",
        make: Box::new(move |g| (g.below(count), g.chance(0.5), g.text(&corpus))),
        check: Box::new(move |(i, menus, text)| {
            let legal = &legal[*i];
            if !menus {
                let shown = hints(legal, text);
                if shown.len() > MAX_CHOICES || shown.iter().any(|h| !legal.contains(h)) {
                    return Err(format!("hints {shown:?}"));
                }
                return Ok(());
            }
            let menus = move_menus(legal, text, stamp);
            if menus.len() > MAX_ROWS {
                return Err(format!("{} menus", menus.len()));
            }
            for menu in &menus {
                if menu.options.is_empty() || menu.options.len() > MAX_CHOICES {
                    return Err(format!("a menu of {} options", menu.options.len()));
                }
                if parlor::table::stamp_of_custom_id(&menu.id) != Some(stamp) {
                    return Err(format!("menu id `{}`", menu.id));
                }
                for o in &menu.options {
                    let known = legal
                        .iter()
                        .any(|m| m.starts_with(o.value.as_str()) && o.value.starts_with(text));
                    if !known {
                        return Err(format!("option `{}` from `{text}`", o.value));
                    }
                }
            }
            Ok(())
        }),
    }
}

/// How many seats a stored match of these options has (two when the options are broken).
fn seat_count(kind: GameKind, options: &str) -> usize {
    kind.seating(options).map_or(2, |s| s.count())
}
