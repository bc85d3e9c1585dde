//! Lines of Action for four: the lobby, seats in turn order, team results, offers that need
//! every other player, restarts, the team ladder, the bot in seats, and the seats migration.

use std::sync::Arc;

use super::common::*;
use parlor::games::{AnyGame, GameKind};
use parlor::store::Store;
use parlor::table::{
    Act, Actor, ChallengeSpec, ManualClock, Opponent, Picture, Place, Reply, Request, Table,
    UserRef,
};

fn four_player(opponent: Opponent) -> Request {
    let mut spec = ChallengeSpec::new(GameKind::Loa, opponent);
    spec.variant = Some("four-player".to_string());
    Act::Challenge(spec).into()
}

/// The seats (0-based) a lobby card offers, with their button ids.
fn sit_buttons(r: &Reply) -> Vec<(u8, String)> {
    r.all_buttons()
        .filter_map(|b| match Request::from_custom_id(&b.id, &[])?.act {
            Act::Sit(seat) => Some((seat, b.id.clone())),
            _ => None,
        })
        .collect()
}

/// Presses a button by its id, as Discord would.
async fn press_id(w: &World, actor: &Actor, place: Place, id: &str) -> Reply {
    let button = Request::from_custom_id(id, &[]).expect("a button id");
    w.run(actor, place, button).await
}

/// Alice opens a table and Bob, Carol and Dave take its seats in that order; returns the
/// first board.
pub(super) async fn full_table(w: &World, place: Place) -> Reply {
    let mut card = w.run(&alice(), place, four_player(Opponent::Anyone)).await;
    assert!(!card.private, "{}", card.text());
    for p in [bob(), carol(), dave()] {
        let (_, id) = sit_buttons(&card)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("a seat to take: {}", card.text()));
        card = press_id(w, &p, place, &id).await;
        assert!(!card.private, "{}", card.text());
    }
    card
}

/// The players of a board by seat (turn order), read from its picture.
fn seat_names(board: &Reply) -> Vec<String> {
    match &board.picture {
        Some(Picture::Board { players, .. }) => players
            .iter()
            .map(|m| m.text(parlor::i18n::Lang::En))
            .collect(),
        other => panic!("a board picture: {other:?}"),
    }
}

fn game_of(board: &Reply) -> AnyGame {
    match &board.picture {
        Some(Picture::Board { game, .. }) => game.clone(),
        other => panic!("a board picture: {other:?}"),
    }
}

pub(super) fn everyone() -> [Actor; 4] {
    [alice(), bob(), carol(), dave()]
}

fn by_name(name: &str) -> Actor {
    everyone()
        .into_iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("no player {name}"))
}

#[tokio::test]
async fn a_lobby_fills_seat_by_seat_and_the_game_starts_when_it_is_full() {
    let w = World::new().await;
    let place = channel(1);
    let card = w.run(&alice(), place, four_player(Opponent::Anyone)).await;
    assert!(!card.private, "{}", card.text());
    assert_eq!(sit_buttons(&card).len(), 3, "{}", card.text());
    assert_shows(&card, "empty");
    assert!(card.button(&Act::SitBot).is_none(), "no AI, no bot button");
    assert!(card.all_buttons().all(|b| b.id.len() <= 100));
    // Alice already sits; nobody takes two seats.
    let (_, first) = sit_buttons(&card)[0].clone();
    let r = press_id(&w, &alice(), place, &first).await;
    assert_refused(&r, "err-already-seated");
    let lobby = press_id(&w, &bob(), place, &first).await;
    assert_says(&lobby, "head-sits");
    assert_shows(&lobby, "@Bob");
    assert_eq!(sit_buttons(&lobby).len(), 2);
    // The old card's button for Bob's seat no longer seats anyone.
    let r = press_id(&w, &carol(), place, &first).await;
    assert_refused(&r, "err-seat-taken");
    let r = press_id(&w, &bob(), place, &sit_buttons(&lobby)[0].1).await;
    assert!(r.private, "{}", r.text());
    // Nothing is played before every seat is taken.
    let r = w.run(&alice(), place, Act::Move("b1-b3".to_string())).await;
    assert!(r.private, "{}", r.text());
    let lobby = press_id(&w, &carol(), place, &sit_buttons(&lobby)[0].1).await;
    assert_eq!(sit_buttons(&lobby).len(), 1);
    let board = press_id(&w, &dave(), place, &sit_buttons(&lobby)[0].1).await;
    assert_has(&board, "head-lobby-full");
    let names = seat_names(&board);
    assert_eq!(names.len(), 4);
    for p in everyone() {
        assert_eq!(
            names.iter().filter(|n| **n == p.name).count(),
            1,
            "{names:?}"
        );
    }
    // The lineup says who moves which pieces; the player of the first seat is to move.
    // Seats are named as the picture names them: colour and number.
    for seat in ["White 1, marked pieces", "Black 2, unmarked pieces"] {
        assert_shows(&board, seat);
    }
    assert_eq!(board.mentions, vec![by_name(&names[0]).id]);
    w.assert_sql(
        "SELECT COUNT(*) FROM match_seats WHERE match_id = 1 AND player_id IS NOT NULL",
        4,
    )
    .await;
    w.assert_sql(
        "SELECT COUNT(*) FROM matches WHERE status = 'live' AND seat_count = 4",
        1,
    )
    .await;
}

#[tokio::test]
async fn an_unfilled_lobby_expires_after_fifteen_minutes_and_says_so() {
    let mut w = World::new().await;
    let place = channel(1);
    let card = w.run(&alice(), place, four_player(Opponent::Anyone)).await;
    let r = press_id(&w, &bob(), place, &sit_buttons(&card)[0].1).await;
    assert!(!r.private, "{}", r.text());
    w.clock.advance_secs(14 * 60);
    assert_eq!(w.table.matches().tick().await, 0);
    let notice = w.the_notice_after(61).await;
    let notices = [notice];
    let text = notices[0].reply.text();
    assert_contains(&text, "expired before every seat was taken");
    let r = press_id(&w, &carol(), place, &sit_buttons(&card)[1].1).await;
    assert!(r.private, "{}", r.text());
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'expired'", 1)
        .await;
    // The channel is free again.
    w.clock.advance_secs(60);
    let again = w.run(&bob(), place, four_player(Opponent::Anyone)).await;
    assert!(!again.private, "{}", again.text());
}

#[tokio::test]
async fn each_seat_plays_in_turn_and_only_its_own_moves() {
    let w = World::new().await;
    let place = channel(1);
    let mut board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    for turn in 0..8 {
        let mover = &order[turn % 4];
        assert_eq!(board.mentions, vec![mover.id], "{}", board.text());
        // Somebody else is told whose turn it is, and nothing changes.
        let other = &order[(turn + 1) % 4];
        let hints = w.table.matches().move_hints(&place, "").await;
        let r = w.run(other, place, Act::Move(hints[0].clone())).await;
        assert_refused(&r, "err-not-your-turn");
        assert_shows(&r, &format!("@{}", mover.name));
        // The hints are the moves of the seat to move, and only those.
        let game = game_of(&board);
        let mut legal = game.visible_move_texts();
        let mut offered = hints.clone();
        legal.sort();
        offered.sort();
        assert_eq!(offered, legal);
        board = w.play_one(place, &board, &[mover]).await;
    }
}

#[tokio::test]
async fn a_player_who_resigns_resigns_their_team() {
    let w = World::new().await;
    let place = channel(1);
    let board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    // Seat 2 is on the first team with seat 0; seats 1 and 3 win.
    let r = w.run(&order[2], place, Act::Resign).await;
    assert!(is_over(&r), "{}", r.text());
    let text = r.text();
    assert!(
        text.contains(&format!(
            "@{}, @{} win by resignation",
            order[1].name, order[3].name
        )),
        "{text}"
    );
    w.assert_sql("SELECT winner_seat FROM matches WHERE id = 1", 1)
        .await;
    // Rated: the team ladder has every player, in this server and globally.
    w.assert_sql("SELECT COUNT(*) FROM ratings WHERE game = 'loa-four'", 8)
        .await;
    for (seat, p) in order.iter().enumerate() {
        let rating = w
            .sql_i64(&format!(
                "SELECT CAST(rating AS INTEGER) FROM ratings WHERE game = 'loa-four' \
                 AND scope = 0 AND player_id = {}",
                p.id
            ))
            .await;
        if seat % 2 == 1 {
            assert!(rating > 1500, "winner {}: {rating}", p.name);
        } else {
            assert!(rating < 1500, "loser {}: {rating}", p.name);
        }
    }
    // The history and the replay name the team.
    let history = w.run(&order[1], place, Act::History { user: None }).await;
    assert_shows(&history, "won");
    // Seat 2 lost with seat 0, against seats 1 and 3.
    let history = w.run(&order[2], place, Act::History { user: None }).await;
    let text = history.text();
    assert!(text.contains("lost"), "{text}");
    assert_contains(&text, &format!("vs @{}, @{}", order[1].name, order[3].name));
    let replay = w.run(&order[0], place, Act::Replay(1)).await;
    assert!(!replay.private, "{}", replay.text());
    match &replay.picture {
        Some(picture @ Picture::Replay { players, .. }) => {
            assert_eq!(players.len(), 4);
            let gif = picture
                .render(parlor::i18n::Lang::En)
                .expect("the replay is drawn");
            assert!(gif.bytes.starts_with(b"GIF8"));
        }
        other => panic!("a replay: {other:?}"),
    }
    // `/stats` shows the team ladder beside the others.
    let stats = w
        .run(
            &order[3],
            place,
            Act::Stats {
                user: None,
                game: None,
            },
        )
        .await;
    assert_shows(&stats, "four players in two teams");
}

#[tokio::test]
async fn a_draw_needs_every_other_player_and_lapses_when_one_moves_instead() {
    let w = World::new().await;
    let place = channel(1);
    let board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    let draw = || Act::Draw;
    // Seat 1 offers; seat 0 (to move) moves instead: the offer lapses.
    let r = w.run(&order[1], place, draw()).await;
    assert_says(&r, "head-offers-draw");
    assert_has(&r, "offer-waiting");
    let board = w.play_one(place, &board, &[&order[0]]).await;
    assert!(!board.text().contains("offers a draw"), "{}", board.text());
    // Seat 2 offers; the other three agree one by one.
    let r = w.run(&order[2], place, draw()).await;
    assert!(!r.private, "{}", r.text());
    let r = w.run(&order[2], place, draw()).await;
    assert_refused(&r, "err-draw-offered");
    let r = w.run(&order[0], place, draw()).await;
    assert!(!r.private && !is_over(&r), "{}", r.text());
    let waiting = r
        .lines
        .iter()
        .map(|l| l.text(parlor::i18n::Lang::En))
        .find(|l| l.starts_with("Still waiting"))
        .expect("who is still to agree");
    assert_contains(&waiting, &order[1].name);
    assert_contains(&waiting, &order[3].name);
    assert!(!waiting.contains(&order[0].name), "{waiting}");
    // The one to move agrees without moving.
    let r = w.run(&order[1], place, draw()).await;
    assert!(!r.private && !is_over(&r), "{}", r.text());
    let r = w.run(&order[3], place, draw()).await;
    assert!(is_over(&r), "{}", r.text());
    assert_shows(&r, "Draw by agreement");
}

#[tokio::test]
async fn a_takeback_needs_every_other_player_and_anyone_may_refuse_it() {
    let w = World::new().await;
    let place = channel(1);
    let mut board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    for player in &order[..3] {
        board = w.play_one(place, &board, &[player]).await;
    }
    let before = game_of(&board).export();
    let takeback = || Act::Takeback;
    // Seat 1 asks; seat 3 refuses: nothing changes.
    let r = w.run(&order[1], place, takeback()).await;
    assert_says(&r, "head-asks-takeback");
    let r = w.run(&order[3], place, Act::RefuseTakeback).await;
    assert_says(&r, "head-refuses");
    // Asked again, everyone agrees: seat 1's move and the one after it are taken back.
    w.run(&order[1], place, takeback()).await;
    let r = w.run(&order[1], place, takeback()).await;
    assert_refused(&r, "err-takeback-asked");
    w.run(&order[0], place, takeback()).await;
    let r = w.run(&order[2], place, takeback()).await;
    assert!(
        !r.private && !r.text().contains("Takeback for"),
        "{}",
        r.text()
    );
    let r = w.run(&order[3], place, takeback()).await;
    assert_has(&r, "head-takeback");
    assert_eq!(r.mentions, vec![order[1].id], "seat 1 is to move again");
    let after = game_of(&r);
    assert_ne!(after.export(), before);
    assert_eq!(after.seat_to_move(), Some(1));
    // The log says so, and a restart rebuilds the same position.
    w.assert_sql(
        "SELECT COUNT(*) FROM moves WHERE match_id = 1 AND kind = 'takeback'",
        1,
    )
    .await;
}

#[tokio::test]
async fn a_restart_restores_a_four_seat_match_exactly() {
    let mut w = World::new().await;
    let place = channel(1);
    let mut board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    for turn in 0..6 {
        board = w.play_one(place, &board, &[&order[turn % 4]]).await;
    }
    w.run(&order[3], place, Act::Draw).await;
    w.run(&order[1], place, Act::Draw).await;
    let shown = w.run(&order[0], place, Act::Board).await;
    w.restart().await;
    let again = w.run(&order[0], place, Act::Board).await;
    assert_eq!(again.text(), shown.text());
    assert_eq!(game_of(&again).export(), game_of(&shown).export());
    assert_eq!(seat_names(&again), seat_names(&shown));
    assert_eq!(again.mentions, shown.mentions);
    // The consents came back too: the last two agreements end the game.
    let r = w.run(&order[0], place, Act::Draw).await;
    assert!(!is_over(&r), "{}", r.text());
    let r = w.run(&order[2], place, Act::Draw).await;
    assert!(is_over(&r), "{}", r.text());
}

/// A match service whose bot (user 900, "Parlor") plays its first legal move.
async fn table_with_the_bot() -> (TestDb, Table, parlor::table::Notices) {
    let db = TestDb::new().await;
    let clock = ManualClock::new(START_MS);
    let mut cfg = config(&clock);
    cfg.bot = UserRef::new(900, "Parlor");
    cfg.ai = Some(Arc::new(FirstMove));
    let store = Store::open(&db.url).await.expect("store");
    let (table, notices) = Table::start(store, cfg).await.expect("table");
    (db, table, notices)
}

/// A table for four open to anyone, the bot at level 1.
fn bot_table() -> Act {
    let mut spec = ChallengeSpec::new(GameKind::Loa, Opponent::Anyone);
    spec.variant = Some("four-player".to_string());
    spec.level = Some(1);
    Act::Challenge(spec)
}

#[tokio::test]
async fn two_people_and_the_bot_in_two_seats_play_a_whole_game() {
    let (_db, table, mut notices) = table_with_the_bot().await;
    let place = channel(1);
    let (a, b) = (alice(), bob());
    let card = table.handle(&a, &place, bot_table()).await;
    assert!(card.button(&Act::SitBot).is_some(), "{}", card.text());
    // Only someone seated may bring the bot in.
    let r = table.handle(&carol(), &place, Act::SitBot).await;
    assert!(r.private, "{}", r.text());
    let r = table.handle(&a, &place, Act::SitBot).await;
    assert_says(&r, "head-sits");
    assert_shows(&r, "casual");
    // The bot sat against Alice: Bob joins her team, and the bot fills its own.
    let free = empty_seats(&card);
    let alice_seat = (0..4u8).find(|s| !free.contains(s)).expect("Alice's seat");
    let seat = sit_buttons(&r)
        .into_iter()
        .find(|(seat, _)| seat % 2 == alice_seat % 2)
        .expect("a seat beside Alice")
        .1;
    let r = table
        .handle(&b, &place, Request::from_custom_id(&seat, &[]).expect("id"))
        .await;
    assert!(!r.private, "{}", r.text());
    let mut board = table.handle(&b, &place, Act::SitBot).await;
    assert_has(&board, "head-lobby-full");
    let names = seat_names(&board);
    assert_eq!(
        names.iter().filter(|n| *n == "Parlor").count(),
        2,
        "{names:?}"
    );
    let mut bot_moves = 0;
    for _ in 0..1000 {
        if is_over(&board) {
            break;
        }
        if board.mentions.is_empty() || board.mentions[0] == 900 {
            let wait = std::time::Duration::from_secs(30);
            let notice = tokio::time::timeout(wait, notices.recv())
                .await
                .expect("the bot moves")
                .expect("notices open");
            board = notice.reply;
            bot_moves += 1;
            continue;
        }
        let mover = if board.mentions[0] == a.id { &a } else { &b };
        let hints = table.matches().move_hints(&place, "").await;
        board = table
            .handle(mover, &place, Act::Move(hints[0].clone()))
            .await;
        assert!(!board.private, "{}", board.text());
    }
    assert!(is_over(&board), "the game ended: {}", board.text());
    assert!(bot_moves > 0);
    // Casual: nobody's rating moved.
    assert!(
        table
            .store()
            .ratings_of(a.id)
            .await
            .expect("ratings")
            .is_empty()
    );
}

#[tokio::test]
async fn the_seats_migration_keeps_every_existing_match_and_rating() {
    use sqlx::Row;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("old.db");
    let url = format!("sqlite://{}?mode=rwc", path.display());
    // A database as the first schema left it.
    let first = dir.path().join("migrations");
    std::fs::create_dir(&first).expect("dir");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../migrations/0001_matches.sql"
        ),
        first.join("0001_matches.sql"),
    )
    .expect("copy");
    let pool = sqlx::SqlitePool::connect(&url).await.expect("connect");
    sqlx::migrate::Migrator::new(first.as_path())
        .await
        .expect("migrator")
        .run(&pool)
        .await
        .expect("first schema");
    for sql in [
        "INSERT INTO players VALUES (101, 'Alice', 0), (102, 'Bob', 0), (103, 'Carol', 0)",
        // A live match (Bob first) with two moves and a standing draw offer by Bob.
        "INSERT INTO matches (id, guild_id, channel_id, game, variant, options, seed, rated, \
         clock_secs, challenger_id, opponent_id, challenger_seat, status, draw_offer_seat, created_at, started_at) \
         VALUES (1, 7000, 1, 'simultana', 'standard', '', 5, 1, NULL, 101, 102, 1, 'live', 0, 0, 0)",
        // An open challenge by Carol, and a finished match Alice won.
        "INSERT INTO matches (id, guild_id, channel_id, game, variant, options, seed, rated, \
         challenger_id, challenger_seat, status, deadline_at, created_at) \
         VALUES (2, 7000, 2, 'loa', 'standard', '', 0, 1, 103, 0, 'challenge', 9999999999999, 0)",
        "INSERT INTO matches (id, guild_id, channel_id, game, variant, options, seed, rated, \
         challenger_id, opponent_id, challenger_seat, status, winner_seat, reason, created_at, finished_at) \
         VALUES (3, 7000, 3, 'loa', 'standard', '', 0, 1, 101, 103, 0, 'finished', 0, 'resignation', 0, 1)",
        "INSERT INTO ratings VALUES (101, 'loa', 0, 1662.5, 80.0, 0.06, 30, 20, 0, 10, 1)",
    ] {
        sqlx::query(sql).execute(&pool).await.expect(sql);
    }
    pool.close().await;
    // Two moves of the live match, played by the seats' players.
    let mut game = AnyGame::new(GameKind::Simultana, "").expect("simultana");
    let mut log = Vec::new();
    for player in [102u64, 101] {
        let mv = game.legal_moves()[0];
        log.push((game.format_move(&mv).expect("text"), player));
        game.play(&mv).expect("legal");
    }
    let pool = sqlx::SqlitePool::connect(&url).await.expect("connect");
    for (i, (text, player)) in log.iter().enumerate() {
        sqlx::query("INSERT INTO moves VALUES (1, $1, 'move', $1, $2, $3, 0)")
            .bind(i as i64 + 1)
            .bind(text)
            .bind(*player as i64)
            .execute(&pool)
            .await
            .expect("move");
    }
    pool.close().await;

    let clock = ManualClock::new(START_MS);
    let store = Store::open(&sqlite_url(&path))
        .await
        .expect("the second schema is applied");
    let (table, _notices) = Table::start(store, config(&clock)).await.expect("table");
    let pool = sqlx::SqlitePool::connect(&url).await.expect("connect");
    let seats: Vec<(i64, i64, Option<i64>)> =
        sqlx::query("SELECT match_id, seat, player_id FROM match_seats ORDER BY match_id, seat")
            .fetch_all(&pool)
            .await
            .expect("seats")
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
    assert_eq!(
        seats,
        vec![
            (1, 0, Some(102)),
            (1, 1, Some(101)),
            (2, 0, Some(103)),
            (2, 1, None),
            (3, 0, Some(101)),
            (3, 1, Some(103)),
        ]
    );
    let consent: i64 = sqlx::query("SELECT draw_consent FROM matches WHERE id = 1")
        .fetch_one(&pool)
        .await
        .expect("consent")
        .get(0);
    assert_eq!(consent, 1, "Bob's standing offer is his seat's consent");
    pool.close().await;
    // The live match goes on where it was, with Bob's offer standing.
    let board = table.handle(&bob(), &channel(1), Act::Board).await;
    assert_eq!(game_of(&board).export(), game.export());
    assert_eq!(board.mentions, vec![102], "{}", board.text());
    assert_shows(&board, "offers a draw");
    let r = table.handle(&alice(), &channel(1), Act::Draw).await;
    assert_shows(&r, "Draw by agreement");
    // The open challenge can still be accepted; the history and the rating are kept.
    let r = table.handle(&bob(), &channel(2), Act::Accept).await;
    assert!(!r.private, "{}", r.text());
    let history = table
        .handle(&carol(), &channel(9), Act::History { user: None })
        .await;
    assert_shows(&history, "#3");
    let ratings = table.store().ratings_of(101).await.expect("ratings");
    let loa: Vec<_> = ratings.iter().filter(|r| r.game == "loa").collect();
    assert_eq!(loa.len(), 1, "{ratings:?}");
    assert_eq!((loa[0].value.rating, loa[0].games), (1662.5, 30));
}

#[tokio::test]
async fn a_named_opponent_sits_on_the_other_team_and_the_clock_of_the_seat_to_move_runs_out() {
    let mut w = World::new().await;
    let place = channel(1);
    let card = w
        .run(&alice(), place, four_player(Opponent::User(user(&bob()))))
        .await;
    assert!(!card.private, "{}", card.text());
    assert_eq!(
        card.mentions,
        vec![bob().id],
        "the named opponent is pinged"
    );
    assert_eq!(sit_buttons(&card).len(), 2, "{}", card.text());
    let card = press_id(&w, &carol(), place, &sit_buttons(&card)[0].1).await;
    let board = press_id(&w, &dave(), place, &sit_buttons(&card)[0].1).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    let seat_of = |name: &str| order.iter().position(|a| a.name == name).expect("seated");
    assert_ne!(
        seat_of("Alice") % 2,
        seat_of("Bob") % 2,
        "Bob is on the other team"
    );
    // One day per move: once every seat has moved (before that a timeout aborts, as with two
    // players), the seat to move runs out of time and its team loses.
    let mut board = board;
    for turn in 0..5 {
        board = w.play_one(place, &board, &[&order[turn % 4]]).await;
    }
    assert_eq!(board.mentions, vec![order[1].id]);
    w.clock.advance_secs(24 * 3600 + 1);
    w.table.matches().tick().await;
    let notices = w.drain();
    let result = notices
        .iter()
        .map(|n| n.reply.text())
        .find(|t| t.contains("on time"))
        .unwrap_or_else(|| panic!("a result on time: {notices:?}"));
    assert!(
        result.contains(&format!(
            "@{}, @{} win on time",
            order[0].name, order[2].name
        )),
        "{result}"
    );
}

#[tokio::test]
async fn a_seat_with_no_legal_move_passes_by_itself() {
    use rand::{RngExt, SeedableRng};
    let w = World::new().await;
    // Random games of LOA for four often leave a seat without a move (in about one in five
    // games within 200 plies): play random games, each in a channel of its own, until one has.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut passes_seen = 0;
    let mut games = 0;
    while passes_seen == 0 && games < 30 {
        games += 1;
        let place = channel(100 + games);
        w.clock.advance_secs(60);
        let mut board = full_table(&w, place).await;
        let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
        for _ in 0..300 {
            if is_over(&board) {
                break;
            }
            let hints = w.table.matches().move_hints(&place, "").await;
            // Nobody is ever asked to play a pass that is their only move.
            assert_ne!(hints, vec!["pass".to_string()], "{}", board.text());
            let mover = order
                .iter()
                .find(|a| board.mentions.first() == Some(&a.id))
                .expect("a player to move");
            let mv = hints[rng.random_range(0..hints.len())].clone();
            board = w.run(mover, place, Act::Move(mv)).await;
            assert!(!board.private, "{}", board.text());
            if said(&board).contains(&"head-passes") {
                passes_seen += 1;
            }
        }
    }
    assert!(passes_seen > 0, "no seat had to pass in {games} games");
    // The passes are in the log, by the seats' own players.
    let logged = w
        .sql_i64("SELECT COUNT(*) FROM moves WHERE notation = 'pass'")
        .await;
    assert!(
        logged >= passes_seen,
        "{logged} passes logged, {passes_seen} said"
    );
}

#[tokio::test]
async fn a_four_player_match_has_its_page_every_ply_drawn_and_its_team_ladder_on_the_web() {
    use super::web::{assert_served, get, publish, serve};
    use parlor::table::links::WebPage;
    let w = World::new().await;
    let place = channel(1);
    publish(&w).await;
    let mut board = full_table(&w, place).await;
    let order: Vec<Actor> = seat_names(&board).iter().map(|n| by_name(n)).collect();
    for turn in 0..6 {
        board = w.play_one(place, &board, &[&order[turn % 4]]).await;
    }
    let end = w.run(&order[2], place, Act::Resign).await;
    assert!(is_over(&end), "{}", end.text());
    w.clock.advance_secs(60);
    let site = serve(w.table.store().clone()).await;
    // The match page names the four players, and every ply and the replay are drawn.
    let (status, _, page) = get(&format!("{site}/m/1"), &[]).await;
    assert_eq!(status, 200, "{page}");
    for p in &order {
        assert!(page.contains(&p.name), "{} missing:\n{page}", p.name);
    }
    for ply in 0..=6 {
        let (status, headers, _) = get(&format!("{site}/m/1/{ply}.png"), &[]).await;
        assert_eq!(
            (status, headers["content-type"].to_str().ok()),
            (200, Some("image/png")),
            "ply {ply}"
        );
    }
    let (status, _, _) = get(&format!("{site}/m/1/7.png"), &[]).await;
    assert_eq!(status, 404);
    let (status, headers, _) = get(&format!("{site}/m/1/replay.gif"), &[]).await;
    assert_served((status, &headers), "image/gif");
    // The team ladder of the server lists all four, the winners first.
    let variant = parlor::table::gallery::Gallery::ladders()
        .into_iter()
        .find_map(|(game, v)| v.filter(|v| game == GameKind::Loa && v.contains("four")))
        .expect("LOA for four has a ladder of its own");
    let path = WebPage::ServerLadder {
        slug: super::web::SLUG.to_owned(),
        game: GameKind::Loa,
        variant: Some(variant.to_owned()),
    }
    .path();
    let (status, _, ladder) = get(&format!("{site}{path}"), &[]).await;
    assert_eq!(status, 200, "{ladder}");
    let at = |name: &str| {
        ladder
            .find(&format!(">{name}<"))
            .unwrap_or_else(|| panic!("{name} not on the ladder:\n{ladder}"))
    };
    for winner in [&order[1], &order[3]] {
        for loser in [&order[0], &order[2]] {
            assert!(at(&winner.name) < at(&loser.name), "{ladder}");
        }
    }
}

/// The seats of a lobby card with a button (the empty ones).
fn empty_seats(card: &Reply) -> Vec<u8> {
    sit_buttons(card)
        .into_iter()
        .map(|(seat, _)| seat)
        .collect()
}

#[tokio::test]
async fn the_bot_sits_against_the_people_and_on_one_team_only() {
    let (_db, table, _notices) = table_with_the_bot().await;
    let place = channel(1);
    let (a, b) = (alice(), bob());
    let card = table.handle(&a, &place, bot_table()).await;
    // Seats alternate between the teams: Alice sits at the one seat without a button.
    let free = empty_seats(&card);
    let alice_seat = (0..4u8).find(|s| !free.contains(s)).expect("Alice's seat");
    let r = table.handle(&a, &place, Act::SitBot).await;
    assert_says(&r, "head-sits");
    let after = empty_seats(&r);
    let bot_seat = *free
        .iter()
        .find(|s| !after.contains(s))
        .expect("the bot's seat");
    assert_ne!(bot_seat % 2, alice_seat % 2, "the bot sits against Alice");
    // Bob takes the bot's team's other seat: only a seat on Alice's team is left.
    let beside_bot = *after
        .iter()
        .find(|s| *s % 2 == bot_seat % 2)
        .expect("a seat");
    let id = sit_buttons(&r)
        .into_iter()
        .find(|(seat, _)| *seat == beside_bot)
        .expect("its button")
        .1;
    let r = table
        .handle(&b, &place, Request::from_custom_id(&id, &[]).expect("id"))
        .await;
    assert_says(&r, "head-sits");
    assert!(
        r.button(&Act::SitBot).is_none(),
        "the bot is offered no seat against itself: {}",
        r.text()
    );
    let refused = table.handle(&a, &place, Act::SitBot).await;
    assert!(refused.private, "{}", refused.text());
    assert_has(&refused, "err-bot-one-team");
    // Nothing changed: Carol takes the last seat and the game starts, the bot in one seat.
    let last = sit_buttons(&r)[0].1.clone();
    let board = table
        .handle(
            &carol(),
            &place,
            Request::from_custom_id(&last, &[]).expect("id"),
        )
        .await;
    assert_has(&board, "head-lobby-full");
    let names = seat_names(&board);
    assert_eq!(names[usize::from(bot_seat)], "Parlor", "{names:?}");
    assert_eq!(
        names.iter().filter(|n| *n == "Parlor").count(),
        1,
        "{names:?}"
    );
}
