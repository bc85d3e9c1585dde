//! `parlor local` driven like a script (`parlor local < game.txt`): the real binary, piped input,
//! a temporary database and picture folder.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// A Simultana game found with the engine (`parlor engine`) that White wins by blocking in 11
/// plies. Seats are drawn at random, so both players type every move: the one not to move is
/// refused and nothing changes.
const GAME: [&str; 11] = [
    "a2-a3", "c5-d5", "c1-b1", "b4-b5", "b1-a1", "b5-b4", "a1-b1", "e4-e5", "b2-b3", "e5-e4",
    "b1-c1",
];

/// Runs `parlor local` on `script` with the database at `url`, and returns how it ended.
fn run_local(dir: &Path, args: &[&str], script: &str, url: &str) -> std::process::Output {
    run_local_with(dir, args, script, url, &[])
}

/// [`run_local`] with these environment variables besides.
fn run_local_with(
    dir: &Path,
    args: &[&str],
    script: &str,
    url: &str,
    env: &[(&str, &str)],
) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("local")
        .args(["--out", dir.join("boards").to_str().expect("utf-8 path")])
        .args(args)
        .current_dir(dir)
        .env("DATABASE_URL", url)
        .env("NO_COLOR", "1")
        // The coach searches little, so that a debug build analyses a match in moments.
        .env("PARLOR_ANALYSIS_NODES", "300")
        .env_remove("PARLOR_ANALYSIS_THREADS")
        .env_remove("RUST_LOG")
        .env_remove("PARLOR_DOCS_URL")
        .env_remove("PARLOR_PUBLIC_URL")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlor starts");
    // A refused start-up may end before reading its input.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes());
    child.wait_with_output().expect("parlor ends")
}

/// The address of the database of a session in `dir`.
fn db_url(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("parlor.db").display())
}

/// Runs `parlor local` on `script` and returns what it printed.
fn session(dir: &Path, args: &[&str], script: &str) -> String {
    let out = run_local(dir, args, script, &db_url(dir));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains("panicked"), "{stdout}");
    stdout
}

/// The hot-seat script of [`GAME`]: each move typed by both players in turn.
fn hot_seat_script() -> String {
    let mut s = String::from("/play game:simultana opponent:bob\n/as bob\n/accept\n");
    for m in GAME {
        s.push_str(&format!("/as alice\n/move {m}\n/as bob\n/move {m}\n"));
    }
    s
}

#[test]
fn a_hot_seat_game_to_the_end_then_history_stats_and_leaderboard_in_a_second_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(dir.path(), &["--as", "alice"], &hot_seat_script());
    assert!(out.contains("@alice challenges @bob"), "{out}");
    assert!(
        out.contains("Commands here: /accept  /decline  /cancel"),
        "{out}"
    );
    assert!(out.contains("@bob accepts"), "{out}");
    assert!(out.contains("wins"), "{out}");
    assert!(
        out.contains("/rematch"),
        "the finished board offers a rematch:\n{out}"
    );
    // Every position was drawn as text and written as a picture.
    assert!(out.contains("a b c d e"), "{out}");
    let boards = dir.path().join("boards");
    // The last move ended the game: its picture is the final one, under a name of its own.
    let names = (0..GAME.len())
        .map(|seq| format!("match-1-{seq}.png"))
        .chain(["match-1-final.png".to_string()]);
    for name in names {
        let png = boards.join(name);
        let bytes = std::fs::read(&png).unwrap_or_default();
        assert!(bytes.starts_with(b"\x89PNG"), "{} missing", png.display());
        assert!(
            out.contains(&format!("Picture: {}", png.display())),
            "{out}"
        );
    }

    // A second session on the same database remembers the match and its ratings.
    let out = session(
        dir.path(),
        &["--as", "bob"],
        "/history\n/stats\n/as alice\n/stats game:simultana\n/replay match:1\n\
         /leaderboard game:simultana\n/stats against:bob\n",
    );
    assert!(out.contains("#1"), "history lists match 1:\n{out}");
    assert!(!out.contains("No rated games yet"), "{out}");
    // Seats are drawn by lot, so either may have won the scripted game: the replay says who.
    let winner = out
        .split_once(" won by ")
        .and_then(|(before, _)| before.rsplit('@').next())
        .unwrap_or_else(|| panic!("the replay names the winner:\n{out}"));
    let loser = if winner == "alice" { "bob" } else { "alice" };
    assert!(out.contains("1 W"), "the win is in the stats:\n{out}");
    // Both players are on the leaderboard after one game, as provisional ratings, winner first.
    let board = out
        .split_once("leaderboard for Simultana")
        .map(|(_, rest)| rest)
        .unwrap_or_default();
    let listed = |who: &str, record: &str| {
        board
            .find(&format!(". @{who} 1"))
            .filter(|&at| {
                board[at..]
                    .lines()
                    .next()
                    .is_some_and(|l| l.ends_with(record))
            })
            .unwrap_or_else(|| panic!("{who} listed with {record}:\n{out}"))
    };
    let first = listed(winner, "1 game (1 W / 0 D / 0 L)");
    let second = listed(loser, "1 game (0 W / 0 D / 1 L)");
    assert!(first < second, "the winner first:\n{out}");
    let alice_record = if winner == "alice" {
        "1 win, 0 draws, 0 losses"
    } else {
        "0 wins, 0 draws, 1 loss"
    };
    assert!(
        out.contains(&format!("Simultana: {alice_record} for @alice")),
        "head to head:\n{out}"
    );
    let gif = std::fs::read(dir.path().join("boards/match-1.gif")).unwrap_or_default();
    assert!(gif.starts_with(b"GIF8"), "/replay writes a GIF:\n{out}");
}

#[test]
fn the_terminal_gives_the_web_pages_addresses_with_a_public_address_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = db_url(dir.path());
    let script =
        "/leaderboard game:loa\n/settings my-web:on\n/stats\n/settings my-web:off\n/stats\n";
    let public = [("PARLOR_PUBLIC_URL", "https://parlor.example/")];
    let out = run_local_with(dir.path(), &["--as", "alice"], script, &url, &public);
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    // The terminal's matches are always shown on the web, in the global ladders.
    assert!(
        out.contains("On the web: https://parlor.example/global/loa"),
        "{out}"
    );
    // A player's page, until they hide their name there.
    assert_eq!(
        out.matches("On the web: https://parlor.example/p/").count(),
        1,
        "{out}"
    );
    assert!(out.contains("Your name on the web pages: hidden"), "{out}");
    // The bad address is refused at start-up, and without one no address is given.
    let bad = [("PARLOR_PUBLIC_URL", "parlor.example")];
    let refused = run_local_with(dir.path(), &[], "/stats\n", &url, &bad);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("PARLOR_PUBLIC_URL"), "{stderr}");
    let out = session(dir.path(), &["--as", "alice"], "/leaderboard game:loa\n");
    assert!(!out.contains("On the web"), "{out}");
}

#[test]
fn refusals_are_explained_and_nothing_panics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/play game:simultana opponent:bob\n/move a2-a3\n/as bob\n/accept\n\
         /move a4-a3\n/as alice\n/move a4-a3\n/move zz\n/legal\n/frobnicate\nb1-b3\n\
         /rules game:chess\n/replay match:x\n/move\n/help\n/quit\n/board\n",
    );
    assert!(out.contains("has not been accepted yet"), "{out}");
    assert!(out.contains("not your turn"), "{out}");
    assert!(out.contains("the piece on a4 is not yours"), "{out}");
    assert!(
        out.contains("That's not a move") || out.contains("not your turn"),
        "{out}"
    );
    assert!(out.contains("Legal moves (3): a2-a3 c2-c3 e2-e3"), "{out}");
    assert!(out.contains("There is no /frobnicate command"), "{out}");
    assert!(out.contains("type /move b1-b3"), "{out}");
    assert!(out.contains("chess is no game here"), "{out}");
    assert!(out.contains("x is not a match number"), "{out}");
    assert!(
        out.contains("/as <name>"),
        "/help lists the commands:\n{out}"
    );
    // `/quit` ends the session: the line after it is never read.
    assert!(!out.contains("alice> /board"), "{out}");
}

#[test]
fn a_game_against_the_ai_answers_before_the_next_scripted_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/play game:simultana opponent:bot level:1\n/move a2-a3\n/legal\n/resign\n/confirm\n/history\n",
    );
    assert!(out.contains("The bot takes the challenge"), "{out}");
    // Seats are drawn at random: as White, alice plays a2-a3 and the bot answers; as Black, the
    // bot moves first. Either way its move is printed before `/legal` is read.
    let played = out.find("@Parlor played").expect("the AI's move is shown");
    let moves = out.find("alice> /legal").expect("/legal echoed");
    assert!(played < moves, "{out}");
    assert!(out.contains("Legal moves ("), "{out}");
    assert!(out.contains("@Parlor wins by resignation"), "{out}");
    assert!(out.contains("/rematch"), "{out}");
}

#[test]
fn a_whole_session_in_french_from_the_challenge_to_the_leaderboard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut script = hot_seat_script();
    script.push_str("/history\n/stats\n/leaderboard game:simultana\n/rules game:simultana\n");
    let out = session(dir.path(), &["--as", "alice", "--lang", "fr"], &script);
    let nnbsp = '\u{202F}';
    for said in [
        "Parlor, dans le terminal. Vous êtes alice.".to_string(),
        "@alice défie @bob".to_string(),
        format!("Commandes possibles{nnbsp}: /accept  /decline  /cancel"),
        "@bob accepte le défi.".to_string(),
        "gagne (l\u{2019}adversaire n\u{2019}a plus de coup).".to_string(),
        "Dernières parties de @bob".to_string(),
        "Statistiques de @bob".to_string(),
        "Classement général de Simultana".to_string(),
        "1 partie (".to_string(),
        format!("Se joue sur un damier 5x5{nnbsp}; les Blancs commencent."),
        format!("Règles complètes en pièce jointe{nnbsp}: simultana.md"),
        // The full rules, printed and written beside the pictures.
        "# Simultana".to_string(),
        format!("(pour vous) Ce n\u{2019}est pas votre tour{nnbsp}: c\u{2019}est à @"),
    ] {
        assert!(out.contains(&said), "missing «{said}»:\n{out}");
    }
    for english in [
        "challenges",
        "accepts",
        "wins",
        "Latest matches",
        "Global leaderboard",
        "NAME",
        "not your turn",
        "Picture:",
        "to move",
    ] {
        assert!(!out.contains(english), "English «{english}» in:\n{out}");
    }
}

#[test]
fn text_boards_of_lightning_and_barrier_speak_french_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "/play game:lightning opponent:bob\n/as bob\n/accept\n/abort\n\
                  /as alice\n/play game:barrier opponent:bob\n/as bob\n/accept\n";
    let out = session(dir.path(), &["--as", "alice", "--lang", "fr"], script);
    let nnbsp = '\u{202F}';
    for said in [
        format!("Réserve{nnbsp}: S(/) 0"),
        format!("Pioche{nnbsp}: 150 tuiles"),
        format!("Reste à poser pour les Jaunes{nnbsp}: "),
        "une fois couronnés".to_string(),
        "Coups sans prise ni couronnement".to_string(),
    ] {
        assert!(out.contains(&said), "missing «{said}»:\n{out}");
    }
    // The aborted Lightning match's last text board says so under its grid, as its picture does.
    assert!(out.lines().any(|l| l == "Partie annulée"), "{out}");
    for english in [
        "reserve:", "pile:", "holds", "to move", "crowned", "first *",
    ] {
        assert!(!out.contains(english), "English «{english}» in:\n{out}");
    }
}

#[test]
fn resigning_asks_to_confirm_and_a_pile_probe_reveals_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Both players probe the pile with every design (one of them is to move); then resign.
    let mut script =
        String::from("/play game:lightning opponent:bob\n/as bob\n/accept\n/confirm\n");
    for who in ["alice", "bob"] {
        script.push_str(&format!("/as {who}\n"));
        for design in ["S", "B", "X", "A", "V"] {
            script.push_str(&format!("/move P{design}-a1\n"));
        }
    }
    script.push_str("/as alice\n/resign\n/board\n/confirm\n/confirm\n");
    let out = session(dir.path(), &["--as", "alice"], &script);
    assert!(out.contains("There is nothing to confirm."), "{out}");
    // Five probes by the player to move, all with the same answer; none is played.
    let answers = out.matches("play P first to see it").count();
    assert_eq!(answers, 5, "{out}");
    assert!(!out.contains("top tile"), "{out}");
    assert!(!out.contains(" played "), "{out}");
    // /resign asks; the board is still live; /confirm resigns, once.
    let asked = out.find("for good?").expect("the question");
    let commands = &out[asked..];
    assert!(commands.contains("/confirm"), "{out}");
    let board = out.rfind("Move 1:").expect("the board again");
    let result = out.find("@bob wins by resignation").expect("the result");
    assert!(asked < board && board < result, "{out}");
    assert_eq!(out.matches("@bob wins by resignation").count(), 1, "{out}");
    // The text board under the result says it too, as the picture's banner does.
    let drawn = &out[result..];
    assert!(
        drawn.contains("bob (first player) wins by resignation")
            || drawn.contains("bob (second player) wins by resignation"),
        "{out}"
    );
}

#[test]
fn the_move_list_live_and_finished_with_an_export_the_engine_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Four moves of the scripted game, typed by both players; then the list, a resignation and
    // the list again, with its export.
    let mut script = String::from("/play game:simultana opponent:bob\n/as bob\n/accept\n");
    for m in &GAME[..4] {
        script.push_str(&format!("/as alice\n/move {m}\n/as bob\n/move {m}\n"));
    }
    script.push_str("/moves\n/resign\n/confirm\n/moves\n/as carol\n/moves match:1\n/help\n");
    let out = session(dir.path(), &["--as", "alice"], &script);
    let live = out.find("bob> /moves").expect("/moves echoed");
    let after = &out[live..];
    assert!(
        after.contains("1. a2-a3  2. c5-d5\n3. c1-b1  4. b4-b5"),
        "{out}"
    );
    assert!(after.contains("comes when the match is over"), "{out}");
    // bob typed /resign: the result, and the text board says it under the grid.
    let resigned = out.find("@bob resigns").expect("bob resigns");
    assert!(
        out[resigned..].contains("alice (white) wins by resignation")
            || out[resigned..].contains("alice (black) wins by resignation"),
        "{out}"
    );
    let export = dir.path().join("boards/match-1.txt");
    let text = std::fs::read_to_string(&export).unwrap_or_default();
    assert_eq!(
        text, "new simultana\nmoves a2-a3 c5-d5 c1-b1 b4-b5\n",
        "{out}"
    );
    assert!(
        out.contains(&format!("Export for the engine: {}", export.display())),
        "{out}"
    );
    // Anyone may ask for a finished match by its number.
    let carol = out.find("carol> /moves match:1").expect("carol asks");
    assert!(
        out[carol..].contains("moves a2-a3 c5-d5 c1-b1 b4-b5"),
        "{out}"
    );
    assert!(out.contains("/legal"), "/help lists /legal:\n{out}");
    // The engine, as `parlor engine < match-1.txt`, reaches the same position.
    let mut engine = engine_process::spawn_engine();
    let _ = engine
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{text}status\n").as_bytes());
    let answers = engine.wait_with_output().expect("engine ends");
    let answers = String::from_utf8_lossy(&answers.stdout);
    assert_eq!(answers, "ok\nok\nto-move white\n", "{text}");
}

#[test]
fn hostile_names_and_huge_lines_are_refused_and_never_echoed_in_full() {
    let dir = tempfile::tempdir().expect("temp dir");
    let long_name = "n".repeat(500);
    let garbage = "g".repeat(1 << 20);
    let script = format!(
        "/as {long_name}\n/as Parlor\n{garbage}\n/{garbage}\n/as carol\n/play game:loa opponent:bob\n/quit\n"
    );
    let out = session(dir.path(), &["--as", "alice"], &script);
    assert!(
        out.contains("A name has at most 32 characters"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(out.contains("Parlor is the bot's name"), "{out:.2000}");
    assert!(out.contains("a command has at most 1000"), "{out:.2000}");
    // Nobody became the bot or a 500-letter person: carol challenges as carol.
    assert!(out.contains("@carol challenges @bob"), "{out:.2000}");
    let longest = out.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest < 400, "a line of {longest} characters was printed");
}

/// Runs SQL on a database file from outside Parlor, and returns the first column of each row.
fn sql(path: &Path, query: &str) -> Vec<i64> {
    sql_as(path, query)
}

/// The first column of every row of `query`, read as a `T`.
fn sql_as<T>(path: &Path, query: &str) -> Vec<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite>,
{
    use sqlx::{Connection, Row};
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true);
        let mut conn = sqlx::SqliteConnection::connect_with(&options)
            .await
            .expect("open");
        let rows = sqlx::query(query)
            .fetch_all(&mut conn)
            .await
            .expect("query");
        conn.close().await.expect("close");
        rows.iter().map(|r| r.get::<T, _>(0)).collect()
    })
}

#[test]
fn after_quitting_the_main_file_alone_holds_every_row() {
    // Flaky before: the rows often stayed in the -wal file. Several runs, both ways out.
    for run in 0..4 {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut script = String::from("/play game:simultana opponent:bob\n/as bob\n/accept\n");
        for m in &GAME[..3] {
            script.push_str(&format!("/as alice\n/move {m}\n/as bob\n/move {m}\n"));
        }
        if run % 2 == 0 {
            script.push_str("/quit\n");
        }
        session(dir.path(), &["--as", "alice"], &script);
        let wal = dir.path().join("parlor.db-wal");
        let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
        assert_eq!(wal_len, 0, "run {run}: the log still holds data");
        let copy = tempfile::tempdir().expect("temp dir");
        let lone = copy.path().join("parlor.db");
        std::fs::copy(dir.path().join("parlor.db"), &lone).expect("copy parlor.db alone");
        assert_eq!(sql(&lone, "SELECT COUNT(*) FROM matches"), [1], "run {run}");
        assert_eq!(
            sql(&lone, "SELECT COUNT(*) FROM moves WHERE kind = 'move'"),
            [3],
            "run {run}"
        );
    }
}

#[test]
fn start_up_refuses_a_foreign_or_read_only_database_and_leaves_it_as_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    session(
        dir.path(),
        &["--as", "alice"],
        "/play game:loa opponent:bob\n/quit\n",
    );
    let path = dir.path().join("parlor.db");
    let files = || {
        ["", "-wal", "-shm"]
            .map(|suffix| std::fs::read(dir.path().join(format!("parlor.db{suffix}"))).ok())
    };
    let before = files();
    let url = format!("{}?mode=ro", db_url(dir.path()));
    let out = run_local(
        dir.path(),
        &["--as", "alice"],
        "/play game:loa opponent:carol\n",
        &url,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("cannot be written"), "{stderr}");
    assert!(stderr.contains("left it untouched"), "{stderr}");
    assert!(before == files(), "the database changed");

    let other = dir.path().join("accounts.db");
    sql(
        &other,
        "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)",
    );
    sql(&other, "INSERT INTO invoices (total) VALUES (42)");
    let before = std::fs::read(&other).expect("read");
    let url = format!("sqlite://{}", other.display());
    let out = run_local(dir.path(), &["--as", "alice"], "/help\n", &url);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("belongs to another application"),
        "{stderr}"
    );
    assert!(stderr.contains("invoices"), "{stderr}");
    assert_eq!(std::fs::read(&other).expect("read"), before);
    assert_eq!(sql(&path, "SELECT COUNT(*) FROM matches"), [1]);
}

#[test]
fn a_write_that_fails_is_answered_and_logged_with_its_cause() {
    let dir = tempfile::tempdir().expect("temp dir");
    session(dir.path(), &["--as", "alice"], "/help\n");
    // The database itself refuses new matches, as a full disk or a lock would.
    sql(
        &dir.path().join("parlor.db"),
        "CREATE TRIGGER no_room BEFORE INSERT ON matches \
         BEGIN SELECT RAISE(ABORT, 'no room left for matches'); END",
    );
    let out = run_local(
        dir.path(),
        &["--as", "alice"],
        "/play game:loa opponent:bob\n",
        &db_url(dir.path()),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Something went wrong on our side"),
        "{stdout}"
    );
    assert!(stderr.contains("storage failed"), "{stderr}");
    assert!(stderr.contains("no room left for matches"), "{stderr}");
}

#[test]
fn colours_go_to_pieces_not_to_letters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut script = String::new();
    for game in ["loa", "barrier", "lightning"] {
        script.push_str(&format!(
            "/play game:{game} opponent:bob rated:false\n/as bob\n/accept\n/as alice\n/abort\n"
        ));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(["local", "--as", "alice", "--out"])
        .arg(dir.path().join("boards"))
        .current_dir(dir.path())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("parlor.db").display()),
        )
        .env_remove("NO_COLOR")
        .env("CLICOLOR_FORCE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("parlor starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script written");
    let out = child.wait_with_output().expect("parlor ends");
    let out = String::from_utf8_lossy(&out.stdout);
    let coloured = |line: &str| line.contains("\x1b[");
    // LOA: the stones of the rank lines, both sides, and never the file letters.
    assert!(
        out.lines()
            .any(|l| l.contains("\x1b[1;34mw") || l.contains("\x1b[1;31mw")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.contains("\x1b[1;34mb") || l.contains("\x1b[1;31mb")),
        "{out}"
    );
    for line in out.lines().filter(|l| l.trim_start().starts_with("a b c")) {
        assert!(!coloured(line), "file letters coloured: {line:?}");
    }
    // Barrier: pieces coloured; the tile legend (E+W ...) is words, not pieces.
    assert!(out.lines().any(|l| l.contains("\x1b[1;34my")), "{out}");
    for line in out.lines().filter(|l| l.contains("E+W")) {
        assert!(!coloured(line), "legend coloured: {line:?}");
    }
    // Lightning: tile strokes are no one's pieces.
    assert!(!out.lines().any(|l| l.contains("\x1b[1;31mX")), "{out}");
}

#[test]
fn four_people_share_the_terminal_for_lines_of_action_for_four() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut script = String::from("/play game:loa variant:four-player\n");
    for who in ["bob", "carol", "dave"] {
        script.push_str(&format!("/as {who}\n/sit 1\n/sit 2\n/sit 3\n/sit 4\n"));
    }
    // Seats are drawn at random: everyone tries each move, only the seat to move plays it.
    for mv in ["a4-c4", "b1-b3"] {
        for who in ["alice", "bob", "carol", "dave"] {
            script.push_str(&format!("/as {who}\n/move {mv}\n"));
        }
    }
    script.push_str("/as dave\n/resign\n/confirm\n/history\n");
    let out = session(dir.path(), &["--as", "alice"], &script);
    assert!(out.contains("Every seat is taken"), "{out}");
    // The last seat taken starts the game instead.
    assert_eq!(out.matches("takes a seat").count(), 2, "{out}");
    assert!(
        out.contains("played a4-c4") && out.contains("played b1-b3"),
        "{out}"
    );
    assert!(out.contains("win by resignation"), "{out}");
    assert!(out.contains("lost (resignation)"), "{out}");
}

/// A pseudo-terminal running `parlor local`, its output gathered by a thread.
#[cfg(unix)]
struct Terminal {
    child: std::process::Child,
    master: std::fs::File,
    output: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

/// A failed test leaves no session behind.
#[cfg(unix)]
impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(unix)]
impl Terminal {
    fn start(dir: &Path) -> Terminal {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pty");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let size = rustix::termios::Winsize {
            ws_row: 40,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        rustix::termios::tcsetwinsize(&master, size).expect("window size");
        let name = ptsname(&master, Vec::new()).expect("ptsname");
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(name.to_str().expect("utf-8 name"))
            .expect("the pty's other end");
        let end = |f: &std::fs::File| Stdio::from(f.try_clone().expect("dup"));
        let child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["local", "--as", "alice", "--out"])
            .arg(dir.join("boards"))
            .current_dir(dir)
            .env("DATABASE_URL", db_url(dir))
            .env("NO_COLOR", "1")
            .env("TERM", "xterm")
            .env_remove("RUST_LOG")
            .stdin(end(&slave))
            .stdout(end(&slave))
            .stderr(end(&slave))
            .spawn()
            .expect("parlor starts");
        drop(slave);
        let master = std::fs::File::from(master);
        let output = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut reader = master.try_clone().expect("dup");
        let sink = output.clone();
        std::thread::spawn(move || {
            use std::io::Read;
            let mut buf = [0u8; 4096];
            // Ends when the session closes its end (EIO) or on any error.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().expect("output").extend_from_slice(&buf[..n]);
            }
        });
        Terminal {
            child,
            master,
            output,
        }
    }

    /// What the terminal received so far.
    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().expect("output")).into_owned()
    }

    /// Waits (a generous while, for a loaded machine) until the output after `from` holds
    /// `text`; the output after `from` either way.
    fn wait_for(&self, from: usize, text: &str) -> String {
        for _ in 0..200 {
            let screen = self.screen();
            if screen.get(from..).is_some_and(|s| s.contains(text)) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        self.screen().get(from..).unwrap_or_default().to_string()
    }

    /// Sends bytes in one write, as a paste (or a fast IME) does.
    fn send(&mut self, bytes: &str) {
        self.master.write_all(bytes.as_bytes()).expect("typed");
        self.master.flush().expect("flushed");
    }
}

/// Issue 18: a line pasted at the prompt showed its first character only, until the next key.
#[cfg(unix)]
#[test]
fn a_line_pasted_on_a_terminal_shows_whole_before_the_next_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut term = Terminal::start(dir.path());
    let greeting = term.wait_for(0, "alice> ");
    assert!(greeting.contains("alice> "), "no prompt: {greeting:?}");
    let at = term.screen().len();
    term.send("/as bob");
    let echoed = term.wait_for(at, "/as bob");
    assert!(
        echoed.contains("/as bob"),
        "the pasted line is not all shown: {echoed:?}"
    );
    let at = term.screen().len();
    term.send("\r");
    let answer = term.wait_for(at, "bob> ");
    assert!(answer.contains("Now speaking: bob."), "{answer:?}");
    term.send("/quit\r");
    let status = term.child.wait().expect("parlor ends");
    assert!(status.success(), "{}", term.screen());
}

#[test]
fn a_script_that_ends_while_the_bot_owes_a_move_lets_it_play_calmly() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Whoever moves first, the first script ends with the person to move (the bot answers
    // before the next line is read): its legal moves give the move the second script plays.
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/play game:loa opponent:bot level:1\n/legal\n",
    );
    let first = out
        .split_once("Legal moves (")
        .and_then(|(_, rest)| rest.split_once("): "))
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("the legal moves are listed:\n{out}"))
        .to_string();
    // The script ends right after the person's move: the bot owes its answer.
    let ended = run_local(
        dir.path(),
        &["--as", "alice"],
        &format!("/move {first}\n"),
        &db_url(dir.path()),
    );
    let (stdout, stderr) = (
        String::from_utf8_lossy(&ended.stdout),
        String::from_utf8_lossy(&ended.stderr),
    );
    assert!(ended.status.success(), "{stdout}\n{stderr}");
    assert!(
        !stderr.contains("ERROR") && !stderr.contains("PoolClosed"),
        "{stderr}"
    );
    let answered = stdout.matches("@Parlor played").count() == 1;
    let later = stdout.contains("it will play it the next time you start parlor local");
    assert!(
        answered || later,
        "the bot plays, or says it will:\n{stdout}"
    );
    // Either way it is the person's turn at the next start, once the bot has played.
    let out = session(dir.path(), &["--as", "alice"], "/legal\n");
    assert!(out.contains("Legal moves ("), "{out}");
}

#[test]
fn french_text_boards_say_b_for_blanc_with_a_legend_and_open_challenges_offer_no_decline() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(
        dir.path(),
        &["--as", "alice", "--lang", "fr"],
        "/play game:loa opponent:bob\n/as bob\n/accept\n/as alice\n/abort\n/play game:simultana\n/play game:simultana bogus:1\n",
    );
    let nnbsp = '\u{202F}';
    // LOA's start: Black on ranks 1 and 8 (`n` for noir), White on files a and h (`b`).
    assert!(out.contains("1 · n n n n n n · 1"), "{out}");
    assert!(out.contains("2 b · · · · · · b 2"), "{out}");
    assert!(
        out.contains(&format!("b{nnbsp}: pions blancs, n{nnbsp}: pions noirs.")),
        "{out}"
    );
    // An open challenge cannot be declined, so it does not offer to.
    let open = out
        .rsplit_once("/play game:simultana\n")
        .map(|(_, r)| r)
        .unwrap_or_default();
    let offered = open
        .lines()
        .find(|l| l.starts_with("Commandes possibles"))
        .unwrap_or_else(|| panic!("commands offered:\n{out}"));
    assert!(
        offered.contains("/accept") && !offered.contains("/decline"),
        "{offered}"
    );
    assert!(out.contains("/play n’a pas d’option bogus:"), "{out}");
}

#[test]
fn a_typed_control_after_its_match_closed_answers_for_the_channel() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/play game:simultana opponent:bob\n/play game:loa opponent:carol\n/cancel\n/cancel\n",
    );
    assert!(
        out.contains("There is already a match or a challenge here"),
        "{out}"
    );
    assert!(
        out.contains("The challenge of @alice is cancelled."),
        "{out}"
    );
    let none = parlor::i18n::Msg::new("err-no-match-here").code("play", "/play");
    assert!(
        out.contains(&none.terminal_text(parlor::i18n::Lang::En)),
        "{out}"
    );
    assert!(!out.contains("is over"), "{out}");
}

/// The pictures of the coach written for match 1: the graph, then one board per mistake.
fn analysis_pictures(dir: &Path, out: &str) -> Vec<std::path::PathBuf> {
    let boards = dir.join("boards");
    let mut pictures = vec![boards.join("analysis-1.png")];
    for line in out.lines() {
        if let Some(rest) = line.split_once("analysis-1-move-").map(|(_, r)| r) {
            pictures.push(boards.join(format!("analysis-1-move-{rest}")));
        }
    }
    for png in &pictures {
        let bytes = std::fs::read(png).unwrap_or_default();
        assert!(
            bytes.starts_with(b"\x89PNG"),
            "{} missing:\n{out}",
            png.display()
        );
    }
    pictures
}

#[test]
fn a_finished_match_is_analysed_in_the_terminal_once_and_then_from_the_store() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut script = hot_seat_script();
    script.push_str("/analyze\n");
    let out = session(dir.path(), &["--as", "alice"], &script);
    assert!(
        out.contains("/analyze"),
        "the finished board offers an analysis:\n{out}"
    );
    let (_, analysis) = out
        .split_once("Analysis of Simultana #1")
        .unwrap_or_else(|| panic!("an analysis:\n{out}"));
    assert!(analysis.contains("Analysing"), "progress is shown:\n{out}");
    assert!(analysis.contains("Picture: "), "{analysis}");
    let first = analysis_pictures(dir.path(), analysis);
    let mistakes = analysis.lines().filter(|l| l.contains(". Move ")).count();
    assert_eq!(
        first.len(),
        mistakes + 1,
        "a board per mistake:\n{analysis}"
    );
    assert!(mistakes <= 3, "{analysis}");

    // Again, in French, in a second session: from the store at once, and the sheet is marked.
    let out = session(
        dir.path(),
        &["--as", "bob", "--lang", "fr"],
        "/analyze match:1\n/moves match:1\n",
    );
    let (_, analysis) = out
        .split_once("Analyse de Simultana nº 1")
        .unwrap_or_else(|| panic!("an analysis:\n{out}"));
    assert!(
        !analysis.contains("Analyse en cours"),
        "from the store, nothing to wait for:\n{out}"
    );
    assert_eq!(analysis_pictures(dir.path(), analysis), first);
    assert!(out.contains("Annotations de l’analyse de l’IA"), "{out}");
}

#[test]
fn the_terminal_says_what_it_does_in_its_own_words_and_knows_the_bot_by_name() {
    use parlor::i18n::{Lang, Msg};
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "/sit 9\n/play game:simultana opponent:bot rated:true\n/analyze\n/resign\n\
                  /confirm\n/history user:Parlor\n/settings language:fr\n";
    let out = session(dir.path(), &["--as", "alice"], script);
    let said = |msg: Msg| {
        let text = msg.terminal_text(Lang::En);
        assert!(out.contains(&text), "expected «{text}» in:\n{out}");
        text
    };
    // A seat number out of range is refused as such.
    said(parlor::table::catalogue::out_of_range("/sit 9", 1, 4));
    // Asked for a rated game against the bot: told it is not.
    said(Msg::new("note-bot-unrated"));
    // The coach names the match being played instead of saying there is none.
    said(Msg::new("coach-not-over").plain("id", "1"));
    // The question to confirm speaks of typing /confirm, not of a button.
    let asked = said(Msg::new("confirm-resign").plain("id", "1"));
    assert_ne!(
        asked,
        Msg::new("confirm-resign").plain("id", "1").text(Lang::En)
    );
    // The bot's history holds the match it just won.
    let history = &out[out.find("/history user:Parlor").expect("history asked")..];
    assert!(
        !history.contains(&Msg::new("history-none").text(Lang::En)),
        "{out}"
    );
    assert!(history.contains("#1 "), "{out}");
    // A server's setting is refused with the terminal's own reason (--lang).
    said(Msg::new("err-settings-no-server"));
}

#[test]
fn a_typed_resign_asks_first_in_a_fresh_session_as_after_a_board() {
    use parlor::i18n::{Lang, Msg};
    let dir = tempfile::tempdir().expect("temp dir");
    session(
        dir.path(),
        &["--as", "alice"],
        "/play game:loa opponent:bob rated:true\n/as bob\n/accept\n",
    );
    // A new session on the saved match: nothing printed yet, and /resign still asks.
    let question = Msg::new("confirm-resign").plain("id", "1");
    let out = session(dir.path(), &["--as", "alice"], "/resign\n");
    assert!(out.contains(&question.terminal_text(Lang::En)), "{out}");
    assert!(!out.contains("wins by resignation"), "{out}");
    // After a board, the same question, and /confirm resigns once.
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/board\n/resign\n/confirm\n",
    );
    assert_eq!(out.matches("@bob wins by resignation").count(), 1, "{out}");
}

#[test]
fn the_pieces_to_pick_are_offered_to_the_player_to_move_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(dir.path(), &["--as", "alice"], &hot_seat_script());
    let (mut speaker, mut mover) = (String::new(), String::new());
    let mut checked = 0;
    for line in out.lines() {
        if let Some((name, _)) = line.split_once("> /") {
            speaker = name.to_owned();
        }
        if let Some(rest) = line.split_once(": @").map(|(_, r)| r)
            && let Some((name, _)) = rest.split_once(" to play")
        {
            mover = name.to_owned();
        }
        if line.contains("Commands here") && !mover.is_empty() && speaker != mover {
            checked += 1;
            assert!(
                !line.contains("/pick"),
                "{speaker} speaks, {mover} moves: {line}\n{out}"
            );
        }
    }
    assert!(checked > 5, "{out}");
}

/// A Lightning text board says whose half is whose: the grid has no names over its halves.
#[test]
fn a_lightning_text_board_names_the_owner_of_each_half() {
    use parlor::i18n::{Lang, Msg};
    for (lang, flag) in [(Lang::En, "en"), (Lang::Fr, "fr")] {
        let dir = tempfile::tempdir().expect("temp dir");
        let script = "/play game:lightning opponent:bob\n/as bob\n/accept\n/board\n";
        let out = session(dir.path(), &["--as", "alice", "--lang", flag], script);
        let said = |left: &str, right: &str| {
            Msg::new("local-lightning-halves")
                .msg("left", Msg::verbatim(left))
                .msg("right", Msg::verbatim(right))
                .text(lang)
        };
        let either = [said("alice", "bob"), said("bob", "alice")];
        assert!(
            out.lines().any(|l| either.iter().any(|e| l.trim() == e)),
            "no line naming the halves' owners ({either:?}) in:\n{out}"
        );
    }
}

/// `/board text:true` says the whole position in words in the terminal too, in its language.
#[test]
fn a_board_in_words_names_the_position_in_the_reader_s_language() {
    use parlor::i18n::{Lang, Msg};
    for (lang, flag) in [(Lang::En, "en"), (Lang::Fr, "fr")] {
        let dir = tempfile::tempdir().expect("temp dir");
        let script = "/play game:lightning opponent:bob\n/as bob\n/accept\n/board text:true\n";
        let out = session(dir.path(), &["--as", "alice", "--lang", flag], script);
        let words = out
            .lines()
            .find(|l| l.contains(&Msg::new("describe-pile").num("n", 150).text(lang)))
            .unwrap_or_else(|| panic!("no board in words:\n{out}"));
        for said in [
            Msg::new("describe-hand-empty").text(lang),
            Msg::new("describe-reserve").text(lang),
        ] {
            assert!(words.contains(&said), "missing «{said}» in «{words}»");
        }
    }
}

/// A round robin of four people at the terminal (issue 41): created, joined by each through
/// `/as`, started; the two games of each round go on at once, each player's commands acting on
/// their own game; each round ends by resignations and the next pairs itself; the standings
/// and the TRF file come at the end, the file written beside the pictures.
#[test]
fn a_round_robin_of_four_at_the_terminal_to_its_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let players = ["alice", "bob", "carol", "dave"];
    let mut script =
        String::from("/tournament create game:simultana format:round-robin clock:none\n");
    for p in players {
        script.push_str(&format!("/as {p}\n/tournament join\n"));
    }
    script.push_str("/as bob\n/tournament join\n/tournament start\n");
    script.push_str("/as alice\n/tournament start\n/tournament pairings\n");
    for _round in 0..3 {
        // One player of each game resigns: whoever comes first of the two; the other then
        // has no game left this round and is told so.
        for p in players {
            script.push_str(&format!("/as {p}\n/resign\n/confirm\n"));
        }
    }
    script.push_str("/tournament standings\n/tournament export\n");
    let out = session(dir.path(), &["--as", "alice", "--lang", "en"], &script);
    assert!(out.contains("Tournament #1: Simultana"), "{out}");
    // The card tells the terminal what to type, not which button to press.
    let empty = parlor::i18n::Msg::new("tournament-card-no-players");
    assert!(
        out.contains(&empty.terminal_text(parlor::i18n::Lang::En)),
        "{out}"
    );
    assert!(out.contains("/tournament join"), "{out}");
    assert!(out.contains("You are already registered"), "{out}");
    // Bob is no organiser: only Alice starts it.
    assert!(out.contains("Only the organiser of tournament #1"), "{out}");
    for round in 1..=3 {
        assert!(
            out.contains(&format!("Tournament #1, round {round}:")),
            "round {round}:\n{out}"
        );
    }
    assert!(out.contains("Tournament #1 is over. Winner:"), "{out}");
    assert!(!out.contains("Tournament #1, round 4"), "{out}");
    // `/tournament start` says it started; round 1's pairings come once as its news, and once
    // more for `/tournament pairings`.
    assert!(out.contains("Tournament #1 has started"), "{out}");
    let headings = out
        .lines()
        .filter(|l| l.trim_end() == "Tournament #1, round 1:")
        .count();
    assert_eq!(headings, 2, "{out}");
    // The card's buttons are offered as the commands typed for them, and no line offers
    // nothing.
    assert!(
        out.contains("Commands here: /tournament join  /tournament leave"),
        "{out}"
    );
    assert!(
        !out.lines().any(|l| l.trim_end() == "Commands here:"),
        "{out}"
    );
    // The final standings come once at the end (with the podium), and once more for
    // `/tournament standings`: not also after the last board's result.
    assert!(!out.contains("tournament-1-standings-3.png"), "{out}");
    assert_eq!(out.matches("tournament-1-final.png").count(), 2, "{out}");
    assert_eq!(
        out.matches("Standings of tournament #1 after round 3")
            .count(),
        1,
        "{out}"
    );
    // Six games, each resigned: twelve resignations asked, six confirmed.
    assert_eq!(out.matches("resigns").count(), 6, "{out}");
    let trf = dir.path().join("boards").join("tournament-1.trf");
    let text = std::fs::read_to_string(&trf).unwrap_or_default();
    assert!(text.contains("012 Parlor tournament 1"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("001")).count(),
        4,
        "{text}"
    );
}

/// An arena of four at the terminal, on the manual clock that `/wait` moves (an arena lasts 20
/// minutes at least): everyone paired at the start, a berserk, players paired again as their
/// games end, the live standings (text and picture) each time they change, and at the end time
/// no new game while the games being played then are finished and counted; then the final
/// standings and the podium.
#[test]
fn an_arena_of_four_at_the_terminal_to_its_end() {
    use parlor::i18n::{Lang, Msg};
    let dir = tempfile::tempdir().expect("temp dir");
    let players = ["alice", "bob", "carol", "dave"];
    let mut script = String::from(
        "/wait 5\n/tournament create game:simultana format:arena duration:20 clock:5+3\n",
    );
    for p in players {
        script.push_str(&format!("/as {p}\n/tournament join\n"));
    }
    script.push_str("/as alice\n/tournament start\n/as bob\n/tournament berserk\n");
    // Five waves four minutes apart (the end comes with the last): in each, every player
    // resigns the game they are playing, if any, so no clock runs out; whoever waits gets a
    // game at once while the arena lasts.
    for wave in 0..6 {
        if wave > 0 {
            script.push_str("/wait 4\n");
        }
        for p in players {
            script.push_str(&format!("/as {p}\n/resign\n/confirm\n"));
        }
    }
    script.push_str("/tournament standings\n");
    let out = session(
        dir.path(),
        &["--as", "alice", "--lang", "en", "--manual-clock"],
        &script,
    );
    let said = |msg: Msg| msg.terminal_text(Lang::En);
    // The first `/wait` moves the manual clock (and nothing else is under way).
    assert!(out.contains("5 minutes pass: it is now"), "{out}");
    let started = Msg::new("tournament-started")
        .num("id", 1)
        .plain("arena", "yes");
    assert!(out.contains(&said(started)), "{out}");
    assert_says(&out, Lang::En, "arena-started");
    assert_says(&out, Lang::En, "arena-berserk");
    // Everyone is paired at the start: games 1 and 2 in the same announcement.
    let first = out.find("Game 1: @").expect("game 1 paired");
    assert!(out[first..].starts_with("Game 1: @"), "{out}");
    assert!(
        out[first..]
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("Game 2: @")),
        "{out}"
    );
    // Games pair as others end; the results of each wave are counted.
    let games = (1..)
        .take_while(|n| out.contains(&format!("Arena #1, game {n}: ")))
        .count();
    assert!(games >= 10, "{games} games:\n{out}");
    // Each game paired was played to its end, and none was paired once the end time passed:
    // the last `/wait` reaches it with games being played, which still count.
    assert!(!out.contains(&format!("Game {}: @", games + 1)), "{out}");
    let end = out.rfind("minutes pass: it is now").expect("the last wait");
    let after_end = &out[end..];
    assert!(after_end.contains("Arena #1, game "), "{out}");
    assert!(!after_end.contains("Game 1"), "{out}");
    // Live standings after each result that changes them (not once more at the end), each
    // with its picture; the final standings with the podium.
    let live = out.matches("Standings of arena #1 after ").count();
    assert!(live >= 5, "{live} live standings:\n{out}");
    assert!(out.contains("Standings of arena #1 after 1 game:"), "{out}");
    assert!(out.contains("Tournament #1 is over. Winner:"), "{out}");
    let over = out.find("Tournament #1 is over.").unwrap_or_default();
    assert!(!out[over..].contains("Arena #1, game "), "{out}");
    let last_result = out.rfind("Arena #1, game ").unwrap_or_default();
    assert!(
        !out[last_result..over].contains("Standings of arena #1"),
        "the final standings said twice:\n{out}"
    );
    // Asked for once it is over, they are the final ones (and said once more).
    assert!(
        out[over..].contains(&format!("Standings of arena #1 after {games} games:")),
        "{out}"
    );
    for file in [
        "tournament-1-standings-0.png",
        "tournament-1-final.png",
        "tournament-1-podium.png",
        "tournament-1-round-0.png",
    ] {
        let path = dir.path().join("boards").join(file);
        assert!(out.contains(file), "{file} not said:\n{out}");
        assert!(
            std::fs::read(&path)
                .unwrap_or_default()
                .starts_with(b"\x89PNG"),
            "{} missing",
            path.display()
        );
    }
    // Four players, each with every game they played counted (2 a win, doubled after two).
    let final_lines = out[over..]
        .lines()
        .filter(|l| l.contains("played)"))
        .take(4)
        .count();
    assert_eq!(final_lines, 4, "{out}");
    // Without `--manual-clock` time passes by itself: `/wait` says so and moves nothing.
    let out = session(dir.path(), &["--as", "alice", "--lang", "fr"], "/wait 5\n");
    let real = Msg::new("local-wait-real-clock").code("flag", "--manual-clock");
    assert!(out.contains(&real.terminal_text(Lang::Fr)), "{out}");
}

/// A `5+3` game at the terminal: each board says both players' times (the one to move counting
/// down, the other's with 3 s added after their move), and each picture draws them.
#[test]
fn a_game_clock_shows_both_players_times_at_the_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut script =
        String::from("/play game:simultana opponent:bob clock:5+3\n/as bob\n/accept\n");
    for m in &GAME[..2] {
        script.push_str(&format!("/as alice\n/move {m}\n/as bob\n/move {m}\n"));
    }
    script.push_str("/play game:simultana opponent:bob clock:0+0\n");
    let out = session(dir.path(), &["--as", "alice"], &script);
    assert!(out.contains("5+3 game clock"), "{out}");
    let clock_lines: Vec<&str> = out.lines().filter(|l| l.contains("Clocks: ")).collect();
    // The first board and one after each of the two moves.
    assert_eq!(clock_lines.len(), 3, "{out}");
    for line in &clock_lines {
        assert!(line.contains("@alice ") && line.contains("@bob "), "{line}");
    }
    assert!(
        clock_lines[0].contains("@alice 5:00") && clock_lines[0].contains("@bob 5:00"),
        "{}",
        clock_lines[0]
    );
    // After a move the mover has their time plus 3 s (a second or two of thinking at most).
    let after = clock_lines[1];
    assert!(
        ["5:03", "5:02", "5:01"].iter().any(|t| after.contains(t)),
        "{after}"
    );
    // An impossible clock is refused in words, and nothing starts.
    assert!(out.contains("A game clock is written M+S"), "{out}");
    let picture = dir.path().join("boards").join("match-1-1.png");
    assert!(
        std::fs::read(&picture)
            .unwrap_or_default()
            .starts_with(b"\x89PNG"),
        "{} missing",
        picture.display()
    );
}

#[path = "../support/engine_process.rs"]
mod engine_process;
mod local;
mod parse;
#[path = "../support/puzzles.rs"]
mod puzzle_words;

/// Fails unless `out` says catalogue message `id` in `lang`.
#[track_caller]
fn assert_says(out: &str, lang: parlor::i18n::Lang, id: &str) {
    let fixed = puzzle_words::fixed_words(lang, id);
    assert!(out.contains(&fixed), "{id} ({fixed:?}) missing:\n{out}");
}

/// `/puzzle daily` in the terminal, a hint, then (after a restart) the moves typed as in a
/// match until it is solved; the streak in `/stats`; asked again, today's is done.
#[test]
fn the_daily_puzzle_is_solved_in_the_terminal_across_a_restart() {
    use parlor::i18n::Lang;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = session(
        dir.path(),
        &["--as", "alice"],
        "/puzzle daily\n/puzzle hint\n/legal\n",
    );
    assert_says(&out, Lang::En, "puzzle-daily-title");
    assert_says(&out, Lang::En, "puzzle-hint");
    assert_says(&out, Lang::En, "puzzle-unrated");
    let solution = sql_as::<String>(
        &dir.path().join("parlor.db"),
        "SELECT p.solution FROM puzzles p JOIN puzzle_attempts a ON a.puzzle_id = p.id \
         WHERE a.solved IS NULL",
    );
    let [solution] = solution.as_slice() else {
        panic!("one attempt under way: {solution:?}");
    };
    let moves: Vec<&str> = solution.split_whitespace().collect();
    let mut script = String::new();
    for own in moves.iter().step_by(2) {
        script.push_str(&format!("/move {own}\n"));
    }
    script.push_str("/stats\n/puzzle daily\n");
    let out = session(dir.path(), &["--as", "alice", "--lang", "fr"], &script);
    assert_says(&out, Lang::Fr, "puzzle-solved");
    assert_says(&out, Lang::Fr, "stats-puzzle-streak");
    assert_says(&out, Lang::Fr, "puzzle-daily-solved");
}
