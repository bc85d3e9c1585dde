//! The web pages from Discord: a manager's `/settings web:on` answers with a link button to the
//! server's pages, and ladders and finished boards carry link buttons to theirs while the pages
//! are on (Discord's rules for link buttons are the fake's).

use serde_json::json;

use crate::fake::{self, FakeDiscord, GUILD_ID, Msg, User};
use crate::logs;
use crate::steps::{alice, assert_shows, command, owner, stop};

const BASE: &str = "https://parlor.example/";

/// The fake and a bot serving its server, with `PARLOR_PUBLIC_URL` when given.
async fn start(public_url: Option<&str>) -> (FakeDiscord, fake::Bot) {
    logs();
    let discord = FakeDiscord::start().await;
    let guild = GUILD_ID.to_string();
    let mut vars = vec![("DISCORD_GUILD_ID", guild.as_str())];
    if let Some(url) = public_url {
        vars.push(("PARLOR_PUBLIC_URL", url));
    }
    let bot = discord.start_bot(discord.config(&vars));
    discord.wait_ready(1).await;
    (discord, bot)
}

/// The server's stored slug and name.
async fn stored(discord: &FakeDiscord) -> (Option<String>, Option<String>) {
    let sql = format!("SELECT web_slug, web_name FROM guild_settings WHERE guild_id = {GUILD_ID}");
    let rows: Vec<Vec<Option<String>>> = crate::db::rows(&discord.database_url, &sql).await;
    match rows.first() {
        Some(row) => (row[0].clone(), row[1].clone()),
        None => (None, None),
    }
}

fn urls(message: &Msg) -> Vec<String> {
    message.links().into_iter().map(|(_, url)| url).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_manager_turns_the_pages_on_and_ladders_and_final_boards_link_to_them() {
    let (discord, bot) = start(Some(BASE)).await;
    let ladder = json!({"game": "simultana"});
    let board = command(&discord, &alice(), "leaderboard", ladder.clone()).await;
    assert!(
        board.links().is_empty(),
        "pages off: {:?}",
        board.components
    );

    // A member who may not manage the server is refused, privately.
    let refused = command(&discord, &alice(), "settings", json!({"web": true})).await;
    assert!(refused.ephemeral && refused.links().is_empty());
    assert_eq!(stored(&discord).await.0, None);

    let on = command(&discord, &owner(), "settings", json!({"web": true})).await;
    assert!(on.ephemeral, "a setting is answered privately");
    let (slug, name) = stored(&discord).await;
    let slug = slug.expect("pages on");
    let link = format!("https://parlor.example/s/{slug}");
    assert_eq!(
        on.links(),
        vec![("This server on the web".to_owned(), link.clone())]
    );
    assert_shows(&on, &link);
    // The server's name, as its GUILD_CREATE said it, for the pages' titles.
    assert_eq!(name, Some(format!("server {GUILD_ID}")));

    let board = command(&discord, &alice(), "leaderboard", ladder.clone()).await;
    assert!(!board.ephemeral);
    assert_eq!(urls(&board), vec![format!("{link}/simultana")]);
    let global = json!({"game": "simultana", "scope": "global"});
    let board = command(&discord, &alice(), "leaderboard", global).await;
    assert_eq!(
        urls(&board),
        vec!["https://parlor.example/global/simultana"]
    );

    // A finished match's final board: its buttons and the link share a row.
    let id = discord.slash_in(
        &alice(),
        fake::CHANNEL_ID,
        "play",
        json!({"game": "simultana", "opponent": fake::APP_ID, "level": 1}),
        &[User::bot()],
    );
    let started = discord.outcome(id).await;
    assert!(!started.ephemeral, "{}", started.text());
    let result = command(&discord, &alice(), "resign", json!({})).await;
    let match_id = crate::db::sql_i64(&discord.database_url, "SELECT MAX(id) FROM matches").await;
    assert_eq!(
        urls(&result),
        vec![format!("https://parlor.example/m/{match_id}")]
    );
    assert!(
        result.button("rematch").is_some(),
        "the match's own buttons stay: {:?}",
        result.components
    );

    // Off: no more links.
    let off = command(&discord, &owner(), "settings", json!({"web": false})).await;
    assert!(off.links().is_empty());
    assert_eq!(stored(&discord).await.0, None);
    let board = command(&discord, &alice(), "leaderboard", ladder).await;
    assert!(board.links().is_empty(), "{:?}", board.components);

    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_public_address_the_answer_says_what_the_operator_must_set() {
    let (discord, bot) = start(None).await;
    let on = command(&discord, &owner(), "settings", json!({"web": true})).await;
    assert!(on.links().is_empty());
    assert_shows(&on, "PARLOR_PUBLIC_URL");
    assert!(stored(&discord).await.0.is_some(), "the pages are on");
    let board = command(&discord, &alice(), "leaderboard", json!({"game": "loa"})).await;
    assert!(board.links().is_empty());
    // A person's own choice needs no permission.
    let hidden = command(&discord, &alice(), "settings", json!({"my-web": false})).await;
    assert_shows(&hidden, "hidden");
    stop(&discord, bot).await;
}
