//! Play anywhere (issue 43): Parlor installed to a person's account, its commands offered in DMs,
//! group DMs and servers that never added the bot, and matches carried by interactions alone.

use parlor::table::catalogue;
use serde_json::Value;

use crate::fake::FakeDiscord;
use crate::logs;
use crate::steps::stop;

/// What the bot logged so far.
fn logged() -> String {
    String::from_utf8_lossy(&logs().lock().unwrap_or_else(|p| p.into_inner())).into_owned()
}

/// The numbers of a registered list (`integration_types`, `contexts`).
fn numbers(command: &Value, key: &str) -> Vec<u64> {
    command[key]
        .as_array()
        .unwrap_or_else(|| panic!("/{} registered without {key}", command["name"]))
        .iter()
        .filter_map(Value::as_u64)
        .collect()
}

/// Registered globally, every command meant for everywhere lists both installations and the
/// three contexts, and only those; a server's own commands are offered in servers only. The
/// bot logs both invite links at start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_is_offered_where_the_catalogue_says() {
    logs();
    let discord = FakeDiscord::start().await;
    let bot = discord.start_bot(discord.config(&[]));
    discord.wait_ready(1).await;
    let registration = discord.state().registrations[0].clone();
    assert_eq!(registration.guild, None, "registered globally");
    assert_eq!(registration.commands.len(), catalogue::ALL.len());
    let mut everywhere = 0;
    for declared in &catalogue::ALL {
        let command = registration
            .commands
            .iter()
            .find(|c| c["name"] == declared.name)
            .unwrap_or_else(|| panic!("/{} not registered", declared.name));
        let places = declared.places;
        let installs: Vec<u64> = [(places.guild_install, 0), (places.user_install, 1)]
            .into_iter()
            .filter_map(|(yes, n)| yes.then_some(n))
            .collect();
        let contexts: Vec<u64> = [
            (places.server, 0),
            (places.bot_dm, 1),
            (places.private_channel, 2),
        ]
        .into_iter()
        .filter_map(|(yes, n)| yes.then_some(n))
        .collect();
        assert_eq!(numbers(command, "integration_types"), installs, "/{}", declared.name);
        assert_eq!(numbers(command, "contexts"), contexts, "/{}", declared.name);
        if places == catalogue::Places::EVERYWHERE {
            everywhere += 1;
            assert_eq!(installs, [0, 1]);
            assert_eq!(contexts, [0, 1, 2]);
        }
    }
    // Every command a player uses is for everywhere (tournaments, server-only, come later).
    for name in ["play", "move", "board", "resign", "stats", "history", "settings", "help"] {
        let declared = catalogue::find(name).expect("declared");
        assert_eq!(declared.places, catalogue::Places::EVERYWHERE, "/{name}");
    }
    assert!(everywhere >= 16, "{everywhere}");
    let logs = discord
        .wait("both invite links in the log", |_| {
            let logs = logged();
            (logs.contains("integration_type=0") && logs.contains("integration_type=1"))
                .then_some(logs)
        })
        .await;
    let app = crate::fake::APP_ID;
    assert!(logs.contains(&format!("client_id={app}&integration_type=1&scope=applications.commands")));
    stop(&discord, bot).await;
}
