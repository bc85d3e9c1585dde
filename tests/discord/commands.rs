//! The tests of `parlor::discord::commands`.
//!
//! Moved out of src/discord/commands.rs (the library builds no unit-test harness).

use parlor::table::catalogue::Places;
use poise::serenity_prelude as serenity;

use parlor::discord::commands::*;

/// Every command and option is described in both languages, within Discord's limits, and
/// each command poise dispatches is registered.
#[test]
fn every_description_comes_from_the_catalogue() {
    let registered = serde_json::to_value(registration()).unwrap_or_default();
    let commands = registered.as_array().cloned().unwrap_or_default();
    assert_eq!(commands.len(), all().len());
    for (command, dispatched) in commands.iter().zip(all()) {
        assert_eq!(command["name"], dispatched.name.as_ref());
        let described = |v: &serde_json::Value| {
            let fr = v["description_localizations"]["fr"].as_str().unwrap_or("");
            let en = v["description"].as_str().unwrap_or("");
            !fr.is_empty() && !en.is_empty() && !en.starts_with("cmd-") && fr.chars().count() <= 100
        };
        assert!(described(command), "{command}");
        for option in command["options"].as_array().into_iter().flatten() {
            assert!(described(option), "{option}");
        }
    }
}

/// A command for everywhere is offered for both installations in the three contexts; one
/// that only makes sense in a server, for a server's installation in servers only.
#[test]
fn where_a_command_is_offered_comes_from_its_places() {
    let payload = |places| {
        let json = serde_json::to_value(
            serenity::CreateCommand::new("x")
                .integration_types(installs(places))
                .contexts(contexts(places)),
        )
        .unwrap_or_default();
        (json["integration_types"].clone(), json["contexts"].clone())
    };
    assert_eq!(
        payload(Places::EVERYWHERE),
        (serde_json::json!([0, 1]), serde_json::json!([0, 1, 2]))
    );
    assert_eq!(
        payload(Places::SERVER),
        (serde_json::json!([0]), serde_json::json!([0]))
    );
}
