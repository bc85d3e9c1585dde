//! Ambidextrous LOA and LOA on the cylinder are ordinary two-seat variants of `/play`, but
//! different games: each is rated on a Glicko-2 ladder of its own.

use super::common::*;
use parlor::games::GameKind;
use parlor::table::{Act, ChallengeSpec, Opponent, Scope};

#[tokio::test]
async fn ambidextrous_and_cylinder_games_are_rated_on_ladders_of_their_own() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    for (n, variant, ladder) in [
        (1u64, "ambidextrous", "loa-ambidextrous"),
        (2, "cylinder", "loa-cylinder"),
    ] {
        let mut spec = ChallengeSpec::new(GameKind::Loa, Opponent::User(user(&b)));
        spec.variant = Some(variant.to_string());
        let card = w.run(&a, channel(n), Act::Challenge(spec)).await;
        assert!(!card.private, "{}", card.text());
        let board = w.run(&b, channel(n), Act::Accept).await;
        assert!(!board.private, "{}", board.text());
        // The position is the variant's: the engine options went through.
        let Some(parlor::table::Picture::Board { game, .. }) = &board.picture else {
            panic!("a board");
        };
        let parlor::games::AnyGame::Loa(loa) = game else {
            panic!("an LOA game");
        };
        match variant {
            "ambidextrous" => assert!(loa.marked() != 0, "marked stones"),
            _ => assert_eq!(loa.board_shape(), parlor::games::loa::LoaBoard::Cylinder),
        }
        let board = w.play_one(channel(n), &board, &[&a, &b]).await;
        let _ = w.play_one(channel(n), &board, &[&a, &b]).await;
        let r = w.run(&a, channel(n), Act::Resign).await;
        assert!(is_over(&r), "{}", r.text());
        w.clock.advance_secs(60);
        let rows = w
            .sql_i64(&format!(
                "SELECT COUNT(*) FROM ratings WHERE game = '{ladder}' AND scope = 0"
            ))
            .await;
        assert_eq!(rows, 2, "both players on the {ladder} ladder");
    }
    // Neither game touched the LOA ladder.
    let loa = w
        .sql_i64("SELECT COUNT(*) FROM ratings WHERE game = 'loa'")
        .await;
    assert_eq!(loa, 0);
    // The leaderboard of a variant's ladder, and the stats that list it.
    let board = w
        .run(&a, channel(1), global_loa(Some("cylinder".into())))
        .await;
    assert!(
        board
            .text()
            .contains("Global leaderboard for Lines of Action (cylinder board), page 1")
            && board.text().contains("@Bob"),
        "{}",
        board.text()
    );
    let plain = w.run(&a, channel(1), global_loa(None)).await;
    assert!(!plain.text().contains("@Bob"), "{}", plain.text());
    let stats = w
        .run(
            &b,
            channel(1),
            Act::Stats {
                user: None,
                game: Some(GameKind::Loa),
            },
        )
        .await;
    assert!(
        stats.text().contains("Lines of Action (ambidextrous)")
            && stats.text().contains("Lines of Action (cylinder board)"),
        "{}",
        stats.text()
    );
}

/// `/leaderboard` of Lines of Action, global, first page, of `variant`'s ladder.
fn global_loa(variant: Option<String>) -> Act {
    Act::Leaderboard {
        game: GameKind::Loa,
        scope: Scope::Global,
        page: 1,
        variant,
    }
}
