//! The coach on Discord: the Analyse button of a finished match's final board is answered at
//! once with a public "thinking" message, which is edited with the progress and then shows the
//! graph and the biggest mistakes' boards, in the server's language; a second `/analyze`
//! answers from the store with nothing to wait for.

use serde_json::json;

use crate::fake::{FakeDiscord, GUILD_ID, Msg};
use crate::logs;
use crate::steps::{alice, assert_shows, bob, command, stop, to_move};

/// A fake Discord whose server reads French, and the bot, analysing with a small search (but
/// not so small that the analysis could end before the press is answered: a finished analysis
/// rightly shows no progress).
async fn start_french() -> (FakeDiscord, crate::fake::Bot) {
    logs();
    let discord = FakeDiscord::start().await;
    discord.state().guild_locale = Some("fr".to_owned());
    let guild = GUILD_ID.to_string();
    let settings = parlor::table::Config {
        challenge_cooldown_ms: 0,
        analysis_threads: 1,
        analysis_nodes: Some(3_000),
        ..parlor::table::Config::default()
    };
    let bot = discord.start_bot_with(discord.config(&[("DISCORD_GUILD_ID", &guild)]), settings);
    discord.wait_ready(1).await;
    (discord, bot)
}

/// Waits until the message interaction `id` answered in shows the analysis (its pictures).
async fn analysis_of(discord: &FakeDiscord, id: u64) -> Msg {
    discord
        .wait("the analysis", |s| {
            s.messages
                .iter()
                .find(|m| m.touched_by.contains(&id) && !m.files.is_empty() && !m.deleted)
                .cloned()
        })
        .await
}

/// Checks a message is the whole analysis of match 1: a graph and a board per mistake, each
/// in an embed of its own, in French.
#[track_caller]
fn assert_analysis(msg: &Msg) {
    assert!(!msg.ephemeral, "public: {}", msg.text());
    let text = msg.text();
    assert!(text.contains("Analyse de Lines of Action nº 1"), "{text}");
    assert!(!text.contains("Analyse en cours"), "{text}");
    assert!(msg.files.iter().all(|f| f.bytes.starts_with(b"\x89PNG")));
    assert_eq!(msg.files[0].filename, "analysis-1.png");
    let mistakes = msg.files.len() - 1;
    assert!(mistakes <= 3, "{mistakes} boards");
    assert_eq!(msg.embeds.len(), msg.files.len(), "one embed per picture");
    for (embed, file) in msg.embeds.iter().zip(&msg.files) {
        assert_eq!(
            embed["image"]["url"],
            format!("attachment://{}", file.filename),
            "each embed shows its own picture"
        );
    }
    for (n, file) in msg.files.iter().skip(1).enumerate() {
        assert!(
            file.filename.starts_with("analysis-1-move-"),
            "{}",
            file.filename
        );
        assert!(text.contains(&format!("{}. Coup ", n + 1)), "{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analyse_button_shows_progress_then_the_graph_and_boards_in_french() {
    let (discord, bot) = start_french().await;
    let players = [alice(), bob()];
    let card = command(
        &discord,
        &alice(),
        "play",
        json!({"game": "loa", "opponent": bob().id, "clock": "1d"}),
    )
    .await;
    let accept = card.button("Accepter").expect("an Accepter button");
    let mut board = discord
        .outcome(discord.press(&bob(), card.id, &accept))
        .await;
    for mv in ["a2-c2", "b1-b3", "h2-f2", "g1-g3"] {
        let mover = crate::steps::who(&players, to_move(&board)).clone();
        let id = discord.slash(&mover, "move", json!({ "move": mv }));
        board = discord.outcome(id).await;
        assert!(!board.ephemeral, "{mv} refused: {}", board.text());
    }
    let resigner = crate::steps::who(&players, to_move(&board)).clone();
    let result = discord
        .outcome(discord.slash(&resigner, "resign", json!({})))
        .await;
    let analyse = result
        .button("Analyser")
        .unwrap_or_else(|| panic!("an Analyser button: {result:?}"));

    // The press: deferred at once with a new public message, not an update of the board.
    let press = discord.press(&alice(), result.id, &analyse);
    let first = discord.first_response(press).await;
    assert_eq!(first.kind, 5, "a deferred message");
    assert!(!first.ephemeral);
    let msg = analysis_of(&discord, press).await;
    assert_ne!(msg.id, result.id, "the board stays as it was");
    assert!(
        msg.history
            .iter()
            .any(|h| h.contains("Analyse en cours") && h.contains("\u{202F}%")),
        "progress was shown: {:?}",
        msg.history
    );
    assert_analysis(&msg);

    // Asked again by command: from the store, no progress to show.
    let again = discord.slash(&bob(), "analyze", json!({"match": "1"}));
    assert_eq!(discord.first_response(again).await.kind, 5);
    let stored = analysis_of(&discord, again).await;
    assert!(
        stored
            .history
            .iter()
            .all(|h| !h.contains("Analyse en cours")),
        "{:?}",
        stored.history
    );
    assert_analysis(&stored);
    assert_eq!(stored.text(), msg.text());
    let names = |m: &Msg| {
        m.files
            .iter()
            .map(|f| f.filename.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&stored), names(&msg));

    // Refusals stay private, in the person's language: a match that does not exist.
    let missing = discord.slash(&bob().speaking("fr"), "analyze", json!({"match": "99"}));
    let refusal = discord.outcome(missing).await;
    assert!(refusal.ephemeral, "{}", refusal.text());
    assert_shows(&refusal, "nº 99");
    stop(&discord, bot).await;
}
