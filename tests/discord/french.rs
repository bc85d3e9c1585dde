//! Parlor in French on Discord: a person's refusals follow their client's language, what the
//! channel reads follows the server's, and the registered commands carry French descriptions.

use serde_json::json;

use crate::fake::{self, CHANNEL_ID};
use crate::start;
use crate::steps::{alice, alice_challenges_bob, assert_shows, bob, command, play_the_bot, press};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_follows_the_persons_language() {
    let (discord, bot) = start().await;
    let french = alice().speaking("fr");
    let refusal = command(&discord, &french, "move", json!({ "move": "b1-b3" })).await;
    assert!(refusal.ephemeral, "{}", refusal.text());
    assert_shows(&refusal, "Il n\u{2019}y a pas de partie dans ce salon.");
    let refusal = command(&discord, &bob(), "move", json!({ "move": "b1-b3" })).await;
    assert_shows(&refusal, "There is no match in this channel.");
    bot.stop().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_server_gets_french_cards_boards_and_refusals() {
    let (discord, bot) = start().await;
    discord.state().guild_locale = Some("fr".to_owned());
    let card =
        alice_challenges_bob(&discord, CHANNEL_ID, json!({"game": "loa", "clock": "1d"})).await;
    assert!(!card.ephemeral, "{}", card.text());
    assert_shows(&card, "défie");
    let board = press(&discord, &bob(), &card, "Accepter").await;
    assert_shows(&board, "Coup 1\u{202F}: à <@");
    assert!(board.button("Abandonner").is_some(), "{board:?}");
    // Whoever is not to move, with a French client, is refused in French.
    let mover = crate::steps::to_move(&board);
    let waiting = if mover == bob().id { alice() } else { bob() };
    let refusal = command(
        &discord,
        &waiting.speaking("fr"),
        "move",
        json!({ "move": "b1-b3" }),
    )
    .await;
    assert!(refusal.ephemeral);
    assert_shows(
        &refusal,
        &format!("Ce n\u{2019}est pas votre tour\u{202F}: c\u{2019}est à <@{mover}> de jouer."),
    );
    // The mover's wrong move is explained in French, down to what the game expected.
    let mover = if mover == bob().id { bob() } else { alice() };
    let refusal = command(
        &discord,
        &mover.clone().speaking("fr"),
        "move",
        json!({ "move": "zz" }),
    )
    .await;
    assert!(refusal.ephemeral);
    assert!(
        refusal
            .text()
            .starts_with("Ce n\u{2019}est pas un coup\u{202F}: "),
        "{}",
        refusal.text()
    );
    assert!(!refusal.text().contains("move-"), "{}", refusal.text());
    // The mover resigns: the result is in French too.
    let result = discord
        .outcome(discord.slash(&mover, "resign", json!({})))
        .await;
    assert_shows(&result, "gagne par abandon");
    assert!(result.button("Revanche").is_some());
    bot.stop().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_commands_carry_french_descriptions_and_choices() {
    let (discord, bot) = start().await;
    let commands = discord.state().commands();
    assert!(!commands.is_empty());
    for command in &commands {
        let name = command["name"].as_str().unwrap_or_default();
        let fr = command["description_localizations"]["fr"].as_str();
        assert!(fr.is_some_and(|d| !d.is_empty()), "/{name}: {command:#}");
        assert_ne!(fr, command["description"].as_str(), "/{name}");
        assert!(
            command["name_localizations"]["fr"].is_null(),
            "/{name}: names stay as INTERFACES.md fixes them"
        );
        for option in command["options"].as_array().into_iter().flatten() {
            let fr = option["description_localizations"]["fr"].as_str();
            assert!(fr.is_some(), "/{name} {}", option["name"]);
            for choice in option["choices"].as_array().into_iter().flatten() {
                assert!(
                    choice["name_localizations"]["fr"].is_string(),
                    "/{name} {}: {choice}",
                    option["name"]
                );
            }
        }
    }
    let play = commands
        .iter()
        .find(|c| c["name"] == "play")
        .expect("/play registered");
    assert_eq!(
        play["description_localizations"]["fr"],
        "Défier quelqu\u{2019}un à un jeu (ou le bot, ou qui veut)"
    );
    bot.stop().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_own_moves_are_posted_in_the_servers_language() {
    let (discord, bot) = start().await;
    discord.state().guild_locale = Some("fr".to_owned());
    let board = play_the_bot(&discord, &alice(), CHANNEL_ID).await;
    assert_shows(&board, "Le bot relève le défi.");
    if crate::steps::to_move(&board) == alice().id {
        let choices = discord.autocomplete(&alice(), "move", "move", "").await;
        let first = choices[0]["value"]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let id = discord.slash(&alice(), "move", json!({ "move": first }));
        discord.outcome(id).await;
    }
    let bot_played = format!("<@{}> a joué", fake::APP_ID);
    let notice = discord
        .wait("the AI's move", |s| {
            s.messages
                .iter()
                .find(|m| m.text().contains(&bot_played))
                .cloned()
        })
        .await;
    assert_shows(&notice, "Coup ");
    bot.stop().await.expect("clean shutdown");
}
