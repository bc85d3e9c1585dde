//! `parlor backup FILE` while matches are being played: the real binary copies the database the
//! table is writing to, every move acknowledged before the copy started is in the copy, each
//! match's log there is the start of the original's, and `parlor local` opens the copy.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::common::*;
use crate::{db, mv, to_move};
use parlor::games::{AnyGame, GameKind};
use parlor::table::{Act, Place};

/// Moves per match before the player resigns, so that matches end and new ones begin.
const PLIES: usize = 8;
/// At most this many matches; the player stops earlier, once the backup is over.
const MATCHES: u64 = 200;

/// Runs `parlor backup FILE` with `DATABASE_URL=url`; returns whether it succeeded and what it
/// said.
fn run_backup(url: &str, file: &Path) -> (bool, String) {
    let out = std::process::Command::new(crate::bin::parlor())
        .arg("backup")
        .arg(file)
        .current_dir(file.parent().expect("a folder")) // no .env there
        .env("DATABASE_URL", url)
        .output()
        .expect("run parlor backup");
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), said)
}

/// Plays Simultana matches one after another, one channel each, until `stop` is set (at most
/// [`MATCHES`]), recording for each channel how many moves the table has acknowledged (its
/// `handle` returned).
async fn play(w: &World, acked: &Mutex<Vec<(u64, i64)>>, stop: &AtomicBool) {
    let (a, b) = (alice(), bob());
    for round in 0..MATCHES {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let channel_id = 500 + round;
        let place: Place = channel(channel_id);
        let mut board = w.simultana(&a, &b, place).await;
        let mut game = AnyGame::new(GameKind::Simultana, "").expect("simultana");
        for ply in 0..PLIES {
            if game.status().is_over() {
                break;
            }
            let text = game.legal_move_texts().into_iter().next().expect("a move");
            let (mover, _) = to_move(&board, [&a, &b]);
            board = w.run(mover, place, mv(&text)).await;
            assert!(!board.private, "{text} refused: {}", board.text());
            game.play(&game.parse_move(&text).expect("legal"))
                .expect("legal");
            acked
                .lock()
                .expect("not poisoned")
                .push((channel_id, ply as i64 + 1));
            tokio::task::yield_now().await;
        }
        if !game.status().is_over() {
            let end = w.run(&a, place, Act::Resign).await;
            assert!(is_over(&end), "{}", end.text());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_matches_are_played_holds_every_acknowledged_move() {
    let w = Arc::new(World::new().await);
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("backup.db");
    if w.url.starts_with("postgres") {
        // PostgreSQL is backed up by its own tool: said, and nothing written.
        let (ok, said) = run_backup(&w.url, &copy);
        assert!(!ok, "{said}");
        assert!(said.contains("pg_dump"), "{said}");
        assert!(!copy.exists());
        return;
    }

    let acked = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let player = tokio::spawn({
        let (w, acked, stop) = (w.clone(), acked.clone(), stop.clone());
        async move { play(&w, &acked, &stop).await }
    });
    // Once the first match is over, the backup runs while the others are played.
    while acked.lock().expect("not poisoned").len() < PLIES + 2 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before: Vec<(u64, i64)> = acked.lock().expect("not poisoned").clone();
    let (ok, said) = tokio::task::spawn_blocking({
        let (url, copy) = (w.url.clone(), copy.clone());
        move || run_backup(&url, &copy)
    })
    .await
    .expect("the backup ran");
    // The player went on through the backup and stops only now.
    stop.store(true, Ordering::SeqCst);
    assert!(ok, "{said}");
    assert!(said.contains("backed up"), "{said}");
    player.await.expect("the matches were played");

    // Every move acknowledged before the backup began is in the copy.
    let copy_url = sqlite_url(&copy);
    let in_copy = |channel: u64| {
        format!(
            "SELECT COUNT(*) FROM moves JOIN matches ON matches.id = moves.match_id \
             WHERE matches.channel_id = {channel} AND moves.kind = 'move'"
        )
    };
    for &(channel, moves) in &before {
        let found = db::sql_i64(&copy_url, &in_copy(channel)).await;
        assert!(
            found >= moves,
            "channel {channel}: {moves} moves acknowledged before the backup, {found} in it"
        );
    }
    // The copy is one moment of the original: each match's log there is the start of its log.
    let log = "SELECT match_id, seq, ply FROM moves ORDER BY match_id, seq";
    let copied: Vec<Vec<i64>> = db::rows(&copy_url, log).await;
    let original: Vec<Vec<i64>> = db::rows(&w.url, log).await;
    assert!(!copied.is_empty());
    for entry in &copied {
        assert!(original.contains(entry), "{entry:?} is not in the original");
    }
    for pair in copied.windows(2) {
        if pair[0][0] == pair[1][0] {
            assert_eq!(
                pair[1][1],
                pair[0][1] + 1,
                "a gap in the copy's log: {pair:?}"
            );
        }
    }

    // A second backup to the same name is refused and leaves the first as it was.
    let first = std::fs::read(&copy).expect("the copy");
    let (ok, said) = run_backup(&w.url, &copy);
    assert!(!ok && said.contains("exists already"), "{said}");
    assert_eq!(std::fs::read(&copy).expect("the copy"), first);

    // `parlor local` opens the copy and reads the first match back from it.
    let out = std::process::Command::new(crate::bin::parlor())
        .args(["local", "--as", "carol", "--out"])
        .arg(dir.path().join("boards"))
        .current_dir(dir.path())
        .env("DATABASE_URL", &copy_url)
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(b"/moves match:1\n/quit\n")?;
            child.wait_with_output()
        })
        .expect("run parlor local");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first_move = db::rows::<String>(
        &copy_url,
        "SELECT notation FROM moves WHERE match_id = 1 AND seq = 1",
    )
    .await;
    assert!(
        stdout.contains(&first_move[0][0]),
        "the copy's first match, read by parlor local:\n{stdout}"
    );
}
