//! The engine protocol of INTERFACES.md, through the library session and through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::engine_process::spawn_engine;

use parlor::protocol::{Flow, Session};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Sends one line and returns the single answer line (panics if there is not exactly one).
fn ask(session: &mut Session, line: &str) -> String {
    let (lines, flow) = session.handle(line);
    assert_eq!(flow, Flow::Continue);
    assert_eq!(lines.len(), 1, "{line:?} gave {lines:?}");
    lines.into_iter().next().unwrap_or_default()
}

fn legal(session: &mut Session) -> Vec<String> {
    let answer = ask(session, "legal");
    let mut words = answer.split(' ');
    assert_eq!(words.next(), Some("legal"));
    words.map(String::from).collect()
}

#[test]
fn commands_before_a_game_are_errors() {
    let mut s = Session::new();
    for line in ["legal", "status", "moves a2-a3", "perft 1", "show"] {
        let (lines, _) = s.handle(line);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("error: "), "{line}: {lines:?}");
    }
}

#[test]
fn new_game_counts_match_the_rules() {
    let mut s = Session::new();
    assert_eq!(ask(&mut s, "new loa"), "ok");
    assert_eq!(legal(&mut s).len(), 36);
    assert_eq!(ask(&mut s, "status"), "to-move white");
    assert_eq!(
        ask(&mut s, "new loa rules=olympiad setup=scrambled-eggs"),
        "ok"
    );
    assert_eq!(legal(&mut s).len(), 32);
    assert_eq!(ask(&mut s, "status"), "to-move black");
    assert_eq!(ask(&mut s, "new simultana"), "ok");
    assert_eq!(legal(&mut s), ["a2-a3", "c2-c3", "e2-e3"]);
    assert_eq!(ask(&mut s, "perft 3"), "perft 3 184");
    assert_eq!(ask(&mut s, "new barrier"), "ok");
    assert_eq!(ask(&mut s, "status"), "to-move yellow");
    assert_eq!(ask(&mut s, "new lightning seed=42"), "ok");
    assert_eq!(ask(&mut s, "status"), "to-move first");
}

#[test]
fn bad_new_commands_leave_the_current_game() {
    let mut s = Session::new();
    ask(&mut s, "new simultana");
    ask(&mut s, "moves a2-a3");
    let before = legal(&mut s);
    for bad in [
        "new",
        "new chess",
        "new loa rules=chess",
        "new loa colour=red",
        "new loa rules",
        "new lightning seed=abc",
        "new barrier tiles=N+S",
        "new barrier tiles=N+N,E+W,NE+SW,NW+SE,N+E,N+W,S+E,S+W",
    ] {
        assert!(ask(&mut s, bad).starts_with("error: "), "{bad}");
        assert_eq!(legal(&mut s), before, "{bad} changed the game");
    }
    assert_eq!(
        ask(
            &mut s,
            "new barrier tiles=N+S,N+S,N+E,N+W,NE+SW,NW+SE,S+E,E+W"
        ),
        "ok"
    );
}

#[test]
fn a_failing_move_names_its_index_and_changes_nothing() {
    let mut s = Session::new();
    ask(&mut s, "new simultana");
    let before = legal(&mut s);
    let answer = ask(&mut s, "moves a2-a3 a2-a1");
    assert!(answer.starts_with("error: 2: "), "{answer}");
    assert_eq!(legal(&mut s), before);
    let answer = ask(&mut s, "moves zz");
    assert!(answer.starts_with("error: 1: "), "{answer}");
    assert_eq!(
        ask(&mut s, "moves A2A3"),
        "ok",
        "lenient notation is accepted"
    );
    assert_eq!(ask(&mut s, "status"), "to-move black");
}

#[test]
fn random_games_through_the_protocol_reach_a_final_status() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for game in ["loa", "simultana", "barrier", "lightning seed=3"] {
        let mut s = Session::new();
        ask(&mut s, &format!("new {game}"));
        let mut plies = 0;
        loop {
            let moves = legal(&mut s);
            let status = ask(&mut s, "status");
            if moves.is_empty() {
                let words: Vec<&str> = status.split(' ').collect();
                match words.as_slice() {
                    ["win", side, reason] => {
                        assert!(!side.is_empty() && !reason.is_empty())
                    }
                    ["draw", reason] => assert!(!reason.is_empty()),
                    _ => panic!("{game}: unexpected final status {status:?}"),
                }
                break;
            }
            assert!(status.starts_with("to-move "), "{status}");
            let mv = &moves[rng.random_range(0..moves.len())];
            assert_eq!(ask(&mut s, &format!("moves {mv}")), "ok");
            plies += 1;
            assert!(plies < 5_000, "{game} never ended");
        }
        assert!(ask(&mut s, "moves pass").starts_with("error: 1: "));
    }
}

#[test]
fn show_draws_the_board_then_a_dot() {
    let mut s = Session::new();
    ask(&mut s, "new simultana");
    let (lines, _) = s.handle("show");
    assert!(lines.len() > 5, "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("."));
    assert!(lines.iter().any(|l| l.contains('a') && l.contains('e')));
}

#[test]
fn go_and_garbage_answer_errors_and_empty_lines_nothing() {
    let mut s = Session::new();
    ask(&mut s, "new loa");
    assert!(ask(&mut s, "go level=9").starts_with("error: "));
    assert!(ask(&mut s, "go nodes=x").starts_with("error: "));
    assert!(ask(&mut s, "go fast").starts_with("error: "));
    assert!(ask(&mut s, "perft x").starts_with("error: "));
    assert!(ask(&mut s, "perft").starts_with("error: "));
    assert!(ask(&mut s, "fly me to the moon").starts_with("error: "));
    assert_eq!(s.handle("   ").0, Vec::<String>::new());
    assert_eq!(s.handle("quit").1, Flow::Quit);
}

#[test]
fn the_binary_answers_one_line_per_command_and_survives_garbage() {
    let mut child = spawn_engine();
    let mut input = b"new simultana\n\nlegal\n\xff\xfe garbage \x00\nmoves a2-a3\nstatus\nperft 2\nshow\nquit\nstatus\n".to_vec();
    input.extend_from_slice(b"never read\n");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(&input)
        .expect("the engine reads its input");
    let output = child.wait_with_output().expect("the engine exits");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "ok");
    assert_eq!(lines[1], "legal a2-a3 c2-c3 e2-e3");
    assert!(lines[2].starts_with("error: "));
    assert_eq!(lines[3], "ok");
    assert_eq!(lines[4], "to-move black");
    assert!(lines[5].starts_with("perft 2 "));
    assert_eq!(
        lines.last(),
        Some(&"."),
        "show ends with a dot and quit stops: {lines:?}"
    );
}

/// `parlor` run with `args` in a fresh folder: whether it succeeded, its stderr, and the folder.
fn parlor_in_temp(args: &[&str]) -> (bool, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .current_dir(dir.path())
        .output()
        .expect("the parlor binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.success(), stderr, dir)
}

#[test]
fn render_refuses_a_file_name_it_would_not_write_and_writes_nothing() {
    for (args, wanted) in [
        (&["render", "loa", "-o", "board.jpg"][..], ".png"),
        (&["render", "loa", "--gif", "-o", "replay.png"][..], ".gif"),
        (&["render", "loa", "-o", "board"][..], ".png"),
    ] {
        let (ok, stderr, dir) = parlor_in_temp(args);
        assert!(!ok, "{args:?} succeeded");
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
        let written = std::fs::read_dir(dir.path()).expect("the folder").count();
        assert_eq!(written, 0, "{args:?} wrote a file");
    }
    let (ok, stderr, dir) = parlor_in_temp(&["render", "loa", "-o", "board.PNG"]);
    assert!(ok, "{stderr}");
    assert!(dir.path().join("board.PNG").exists());
}

#[test]
fn an_arena_of_no_game_is_refused() {
    let (ok, stderr, _dir) = parlor_in_temp(&["arena", "simultana", "-n", "0"]);
    assert!(!ok);
    assert!(stderr.contains("-n 0"), "{stderr}");
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly_and_successfully() {
    // `parlor perft ... | head`, `parlor engine | head`, `parlor local < script | head`: the
    // pipe's reader is gone before the program writes.
    let runs: [(&[&str], &str); 3] = [
        (&["perft", "simultana", "2"], ""),
        (&["engine"], "new loa\nlegal\nlegal\nshow\n"),
        (&["local", "--out", "boards"], "/help\n/help\n/legal\n"),
    ];
    for (args, input) in runs {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(args)
            .current_dir(dir.path())
            .env(
                "DATABASE_URL",
                format!("sqlite://{}/p.db", dir.path().display()),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the parlor binary runs");
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().expect("stdin is piped");
        // The program may be gone before it reads everything: that is fine too.
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().expect("it exits");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            output.status.success(),
            "{args:?}: {:?} {stderr}",
            output.status
        );
    }
}

#[test]
fn perft_announces_a_count_that_would_run_for_hours_and_not_a_small_one() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the parlor binary runs")
    };
    // Parachute LOA has thousands of moves a ply: depth 5 would run for hours. The warning comes
    // before the count starts, so the test reads it and stops the program.
    let mut huge = run(&["perft", "loa", "5", "setup=parachute"]);
    let stderr = huge.stderr.take().expect("stderr is piped");
    let mut first = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut first)
        .expect("stderr is readable");
    let _ = huge.kill();
    let _ = huge.wait();
    assert!(first.contains("may take a long time"), "{first}");
    let small = run(&["perft", "simultana", "2"])
        .wait_with_output()
        .expect("it exits");
    assert!(small.status.success());
    assert!(
        small.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&small.stderr)
    );
}

/// `puzzle`: none at the start; after self-play reaches a won position, the line it gives is
/// legal and ends the game in the mover's favour; bad settings and Lightning are refused.
#[test]
fn puzzle_gives_a_forced_win_and_its_line() {
    let mut s = Session::new();
    ask(&mut s, "new simultana");
    assert_eq!(ask(&mut s, "puzzle plies=3"), "puzzle none");
    for bad in ["puzzle plies=0", "puzzle plies=99", "puzzle depth=3"] {
        assert!(ask(&mut s, bad).starts_with("error: "), "{bad}");
    }
    let mut found = None;
    for seed in 0..300 {
        let answer = ask(&mut s, "puzzle plies=3");
        if answer != "puzzle none" {
            found = Some(answer);
            break;
        }
        let best = ask(&mut s, &format!("go level=1 seed={seed}"));
        let mv = best
            .strip_prefix("bestmove ")
            .unwrap_or_default()
            .to_string();
        assert_eq!(ask(&mut s, &format!("moves {mv}")), "ok");
        assert!(
            ask(&mut s, "status").starts_with("to-move"),
            "the game ended first"
        );
    }
    let answer = found.expect("self-play reaches a won position");
    let words: Vec<&str> = answer.split(' ').collect();
    assert_eq!(&words[..2], ["puzzle", "win"]);
    let plies: usize = words[2].parse().unwrap();
    assert_eq!(words.len(), 3 + plies, "{answer}");
    assert!(plies % 2 == 1 && plies <= 3, "{answer}");
    let mover = ask(&mut s, "status").replace("to-move ", "");
    assert_eq!(
        ask(&mut s, &format!("moves {}", words[3..].join(" "))),
        "ok"
    );
    assert!(
        ask(&mut s, "status").starts_with(&format!("win {mover}")),
        "{answer}"
    );
    ask(&mut s, "new lightning seed=1");
    assert!(ask(&mut s, "puzzle").starts_with("error: "));
}
