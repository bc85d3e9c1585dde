//! The tests of `parlor::table::catalogue`.
//!
//! Moved out of src/table/catalogue/mod.rs (the library builds no unit-test harness).

use parlor::table::catalogue::args::Args;
use parlor::table::catalogue::args::Person;
use parlor::table::catalogue::args::Value;
use parlor::table::catalogue::choices::Choices;
use parlor::table::catalogue::commands::ALL;

use parlor::i18n::{Lang, has, lookup};
use parlor::table::catalogue::*;

/// Every id the catalogue names (descriptions, options, choices, help lines, placeholders,
/// `/help`'s paragraphs) is in both languages' files.
#[test]
fn every_id_the_catalogue_names_is_in_both_languages() {
    let mut ids: Vec<String> = ALL.iter().flat_map(Command::ids).collect();
    ids.extend(Group::ALL.iter().filter_map(|g| g.id()).map(str::to_owned));
    assert!(ids.len() > 60, "{} ids", ids.len());
    for lang in Lang::ALL {
        let missing: Vec<&String> = ids.iter().filter(|id| !has(lang, id)).collect();
        assert!(missing.is_empty(), "not in {lang}.ftl: {missing:?}");
    }
}

/// Discord's limits: names and descriptions of at most 100 characters (32 for a name, lower
/// case), at most 25 options and 25 choices, each name once.
#[test]
fn every_declaration_fits_discord() {
    let mut names = std::collections::HashSet::new();
    let every = ALL.iter().chain(ALL.iter().flat_map(|c| c.subcommands));
    for command in every {
        assert!(names.insert(command.name), "/{} twice", command.name);
        let name_ok =
            |n: &str| n.len() <= 32 && n.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        assert!(name_ok(command.leaf_name()), "/{}", command.name);
        assert!(command.subcommands.len() <= 25);
        assert!(command.subcommands.is_empty() || command.options.is_empty());
        assert!(command.options.len() <= 25);
        let mut seen = std::collections::HashSet::new();
        // Discord lists the required options first.
        let mut optional = false;
        for option in command.options {
            assert!(
                seen.insert(option.name),
                "/{} {} twice",
                command.name,
                option.name
            );
            assert!(name_ok(option.name), "/{} {}", command.name, option.name);
            assert!(
                !(optional && option.required),
                "/{} {}",
                command.name,
                option.name
            );
            optional |= !option.required;
            if let Kind::Text(Values::Choices(choices)) = option.kind {
                assert!((1..=25).contains(&choices.all().len()));
            }
        }
        let ids = std::iter::once(command.description_id())
            .chain(command.options.iter().map(|o| command.option_id(o)));
        for id in ids {
            for lang in Lang::ALL {
                let text = lookup(lang, &id).unwrap_or_default();
                assert!((1..=100).contains(&text.chars().count()), "{lang} {id}");
            }
        }
    }
}

/// Each command's act reads what its options say: a call with every option given comes out as
/// an act, and one without a required option is refused, naming it.
#[test]
fn options_become_acts() {
    for command in leaves() {
        let mut args = Args::new(command);
        for option in command.options {
            let value = match option.kind {
                Kind::Text(_) => Value::Text(option.example().unwrap_or_default()),
                Kind::Number { min, .. } => Value::Number(min),
                Kind::Bool => Value::Bool(true),
                Kind::Channel => Value::Channel(7),
                Kind::User => Value::User(Person::new(parlor::table::UserRef::new(7, "Zoé"))),
            };
            args.set(option.name, value).expect(option.name);
        }
        assert!((command.act)(&args).is_ok(), "/{}", command.name);
        let empty = (command.act)(&Args::new(command));
        let required = command.options.iter().any(|o| o.required);
        // `/analyze` alone is the terminal's press of the final board's button.
        if required && command.name != "analyze" {
            assert_eq!(
                empty.err().map(|m| m.id),
                Some("local-err-missing"),
                "/{}",
                command.name
            );
        } else {
            assert!(empty.is_ok(), "/{}", command.name);
        }
    }
    let play = find("PLAY").expect("/play");
    let mut args = Args::new(play);
    args.set("game", Value::Text(" LOA ".into()))
        .expect("a game");
    let mut bot = Person::new(parlor::table::UserRef::new(9, "Other"));
    bot.is_bot = true;
    args.set("opponent", Value::User(bot)).expect("a user");
    assert_eq!((play.act)(&args).err().map(|m| m.id), Some("err-other-bot"));
    let text = |t: &str| Value::Text(t.to_owned());
    // (command, option, value, the refusal's id); `/play` already has its game.
    let refusals = [
        ("play", "game", text("loa"), "local-err-repeated-option"),
        ("play", "level", Value::Number(9), "err-option-number"),
        ("play", "scope", text("global"), "local-err-unknown-option"),
        ("play", "rated", text("yes"), "err-internal"),
        ("rules", "game", text("chess"), "local-err-game"),
        ("leaderboard", "scope", text("galaxy"), "err-option-choice"),
        ("leaderboard", "page", Value::Number(0), "err-option-number"),
    ];
    for (name, option, value, id) in refusals {
        let mut given = if name == "play" {
            args.clone()
        } else {
            Args::new(find(name).expect(name))
        };
        assert_eq!(
            given.set(option, value).err().map(|m| m.id),
            Some(id),
            "/{name} {option}"
        );
    }
    let replay = find("replay").expect("/replay");
    let mut args = Args::new(replay);
    args.set("match", Value::Text("#x".into())).expect("text");
    assert_eq!(
        (replay.act)(&args).err().map(|m| m.id),
        Some("err-not-a-match-number")
    );
}

/// The games offered are the domain's, by the names INTERFACES.md fixes.
#[test]
fn choices_come_from_the_domain() {
    let games: Vec<String> = parlor::games::GameKind::ALL
        .iter()
        .map(|g| g.name().to_owned())
        .collect();
    assert_eq!(Choices::Games.values(), games);
    assert_eq!(Choices::Scopes.values(), ["server", "global"]);
    assert_eq!(Choices::Languages.values(), ["auto", "en", "fr"]);
    assert!(Choices::Clocks.values().contains(&"1d".to_owned()));
    let variants = Choices::Variants.values();
    assert!(variants.contains(&"standard".to_owned()));
    assert!(variants.contains(&"scrambled-eggs".to_owned()));
    for choices in [Choices::Games, Choices::Variants, Choices::Languages] {
        for choice in choices.all() {
            for lang in Lang::ALL {
                let label = choice.label.text(lang);
                assert!((1..=100).contains(&label.chars().count()), "{label}");
                assert!(!label.starts_with("choice-"), "{label} is in the catalogue");
            }
        }
    }
}

/// `/help` names every command of its paragraphs, in both languages.
#[test]
fn help_names_every_command() {
    let reply = parlor::table::texts::help(None);
    for lang in Lang::ALL {
        let text: Vec<String> = reply.lines.iter().map(|m| m.text(lang)).collect();
        let text = text.join("\n");
        for command in ALL.iter().filter(|c| c.help != Group::None) {
            assert!(
                text.contains(&format!("/{}", command.name)),
                "{lang}: /{}",
                command.name
            );
        }
    }
}

/// The server's own options and a server ladder asked for by name need a server; a person's
/// own settings and the global ladder do not.
#[test]
fn only_a_servers_own_options_need_a_server() {
    let call = |name: &str, options: &[(&str, Value)]| {
        let mut args = Args::new(find(name).expect("a command"));
        for (key, value) in options {
            args.set(key, value.clone()).expect("a fitting option");
        }
        args.needs_server()
    };
    let text = |t: &str| Value::Text(t.to_owned());
    assert!(call("settings", &[("language", text("fr"))]));
    assert!(call("settings", &[("threads", Value::Bool(true))]));
    assert!(call("settings", &[("web", Value::Bool(true))]));
    assert!(!call("settings", &[("my-language", text("fr"))]));
    assert!(!call("settings", &[("reminders", Value::Bool(false))]));
    assert!(!call("settings", &[]));
    assert!(call(
        "leaderboard",
        &[("game", text("loa")), ("scope", text("server"))]
    ));
    assert!(!call(
        "leaderboard",
        &[("game", text("loa")), ("scope", text("global"))]
    ));
    assert!(!call("leaderboard", &[("game", text("loa"))]));
    assert!(!call("play", &[("game", text("loa"))]));
}
