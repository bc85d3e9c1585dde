//! The terminal offers exactly what Discord registers: the same commands, the same options
//! (required or not), the same choices, as the fake Discord received them.

use parlor::local::parse::{commands, complete_option};
use serde_json::Value;

use crate::start;

/// An option's name and whether it is required, as a terminal syntax line shows it
/// (`game:<game>`, `[level:1-5]`).
fn shown(word: &str) -> (String, bool) {
    let required = !word.starts_with('[');
    let word = word.trim_start_matches('[').trim_end_matches(']');
    let name = word.split(':').next().unwrap_or_default();
    (name.to_owned(), required)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_terminal_help_and_tab_list_exactly_what_discord_registers() {
    let (discord, bot) = start().await;
    let registered = discord.state().registrations[0].commands.clone();
    let terminal = commands();
    assert!(registered.len() >= 16);
    // A command with subcommands (option type 1) is a line of its own per subcommand:
    // `/tournament create`, `/tournament join` ...
    let options_of = |v: &Value| -> Vec<Value> {
        v["options"]
            .as_array()
            .into_iter()
            .flatten()
            .cloned()
            .collect()
    };
    let mut lines: Vec<(String, Vec<Value>)> = Vec::new();
    for command in &registered {
        let name = format!("/{}", command["name"].as_str().unwrap_or_default());
        let options = options_of(command);
        if options.iter().any(|o| o["type"] == 1) {
            for sub in &options {
                let sub_name = sub["name"].as_str().unwrap_or_default();
                lines.push((format!("{name} {sub_name}"), options_of(sub)));
            }
        } else {
            lines.push((name, options));
        }
    }
    for (name, options) in lines {
        let expected: Vec<(String, bool)> = options
            .iter()
            .map(|o| {
                let name = o["name"].as_str().unwrap_or_default().to_owned();
                (name, o["required"] == true)
            })
            .collect();
        // /help: the syntax line names each option, in Discord's order, required or not.
        let (_, syntax) = terminal
            .iter()
            .find(|(c, _)| *c == name)
            .unwrap_or_else(|| panic!("{name} is not in the terminal's /help"));
        let helped: Vec<(String, bool)> = syntax.split_whitespace().map(shown).collect();
        assert_eq!(helped, expected, "{name}: /help shows {syntax}");
        // Tab: the option names, then each one's registered choices.
        let names: Vec<String> = expected.iter().map(|(n, _)| format!("{n}:")).collect();
        assert_eq!(complete_option(&name, ""), names, "{name}");
        let commands_tab: Vec<String> = terminal.iter().map(|(c, _)| c.clone()).collect();
        assert!(commands_tab.contains(&name));
        for option in options {
            let key = option["name"].as_str().unwrap_or_default();
            let offered = complete_option(&name, &format!("{key}:"));
            let choices: Vec<String> = option["choices"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c["value"].as_str())
                .map(|v| format!("{key}:{v}"))
                .collect();
            if !choices.is_empty() {
                assert_eq!(offered, choices, "{name} {key}");
            }
            let (min, max) = (option["min_value"].as_f64(), option["max_value"].as_f64());
            if let (Some(min), Some(max)) = (min, max)
                && max - min < 25.0
            {
                let range: Vec<String> = (min as i64..=max as i64)
                    .map(|n| format!("{key}:{n}"))
                    .collect();
                assert_eq!(offered, range, "{name} {key}");
            }
        }
    }
    bot.stop().await.expect("clean shutdown");
}
