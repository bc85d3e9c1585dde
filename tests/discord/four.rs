//! Lines of Action for four through Discord: a lobby with a button for each empty seat, two
//! people and the bot in two seats, and a whole game to its result.

use serde_json::json;

use crate::fake::{self, CHANNEL_ID, Msg};
use crate::start;
use crate::steps::{
    alice, assert_shows, bob, bots_nth_move, four_player_lobby, legal, press, stop, to_move, who,
};

/// The custom_ids of a lobby's "Sit as White 1" buttons.
fn seat_buttons(msg: &Msg) -> Vec<String> {
    msg.components
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| {
            c["label"]
                .as_str()
                .is_some_and(|l| l.starts_with("Sit as "))
        })
        .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_the_bot_in_two_seats_play_lines_of_action_for_four() {
    let (discord, bot) = start().await;
    let players = [alice(), bob()];
    let lobby = four_player_lobby(&discord, &alice()).await;
    assert!(!lobby.ephemeral, "{}", lobby.text());
    assert_shows(&lobby, "table for four");
    let seats = seat_buttons(&lobby);
    assert_eq!(seats.len(), 3, "{:?}", lobby.components);
    // Bob takes the seat of Alice's teammate (her colour, the other number: seats are named as
    // the board names them), so that the bot's two seats make the other team; Alice, seated,
    // brings the bot in twice.
    let text = lobby.text();
    let (colour, number) = text
        .lines()
        .find(|l| l.contains(&format!(": <@{}>", alice().id)))
        .and_then(|l| {
            let mut words = l
                .split([' ', ','])
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                .skip_while(|w| *w != "White" && *w != "Black");
            Some((words.next()?.to_string(), words.next()?.parse::<u8>().ok()?))
        })
        .unwrap_or_else(|| panic!("Alice's seat, colour and number: {text}"));
    let teammate = format!("Sit as {colour} {}", 3 - number);
    let teammate = lobby.button(&teammate).expect("the teammate's seat");
    let id = discord.press(&bob(), lobby.id, &teammate);
    let lobby = discord.outcome(id).await;
    assert!(!lobby.ephemeral, "{}", lobby.text());
    assert_eq!(seat_buttons(&lobby).len(), 2);
    let again = discord.press(&bob(), lobby.id, &seat_buttons(&lobby)[0]);
    let refused = discord.outcome(again).await;
    assert!(refused.ephemeral, "one seat each: {}", refused.text());
    let lobby = press(&discord, &alice(), &lobby, "Seat the bot").await;
    assert!(!lobby.ephemeral, "{}", lobby.text());
    let bot_seat = lobby.button("Seat the bot").expect("a bot button");
    let id = discord.press(&alice(), lobby.id, &bot_seat);
    let mut board = discord.outcome(id).await;
    assert_shows(&board, "Every seat is taken");
    let board_id = board.id;
    assert!(
        discord
            .pictured(board_id)
            .await
            .png()
            .is_some_and(|png| png.len() > 1000)
    );
    let mut bot_moves = 0;
    let mut human_moves = 0;
    for _ in 0..600 {
        if board.button("Rematch").is_some() {
            break;
        }
        if to_move(&board) == fake::APP_ID {
            board = bots_nth_move(&discord, bot_moves).await;
            bot_moves += 1;
            continue;
        }
        let player = who(&players, to_move(&board)).clone();
        let first = legal(&discord, &player, CHANNEL_ID).await.remove(0);
        let id = discord.slash_in(&player, CHANNEL_ID, "move", json!({ "move": first }), &[]);
        board = discord.outcome(id).await;
        assert!(!board.ephemeral, "move {first} refused: {}", board.text());
        human_moves += 1;
    }
    let text = board.text();
    assert!(board.button("Rematch").is_some(), "the game ended: {text}");
    assert!(
        bot_moves > 0 && human_moves > 0,
        "{bot_moves} {human_moves}"
    );
    assert!(
        text.contains(" win by ") || text.contains(" wins by ") || text.contains("Draw by"),
        "the result says which team won: {text}"
    );
    let board = discord.pictured(board.id).await;
    assert!(board.png().is_some(), "the final picture");
    stop(&discord, bot).await;
}
