//! The tests of `parlor::local::parse`.
//!
//! Moved out of src/local/parse.rs (the library builds no unit-test harness).

use parlor::i18n::Msg;
use parlor::table::Act;

use parlor::local::parse::*;
use parlor::table::Opponent;

#[test]
fn reads_the_slash_commands() {
    let Ok(Input::Service(Act::Challenge(spec))) = parse("/play game:loa opponent:bot level:2")
    else {
        panic!("not a challenge");
    };
    assert_eq!(spec.opponent, Opponent::Bot);
    assert_eq!(spec.level, Some(2));
    assert_eq!(
        parse("/move b1-b3"),
        Ok(Input::Service(Act::Move("b1-b3".into())))
    );
    assert_eq!(parse("/as Bob"), Ok(Input::As("Bob".into())));
    assert_eq!(parse("/legal"), Ok(Input::Legal));
    assert_eq!(parse("/moves"), Ok(Input::Service(Act::Moves(None))));
    assert_eq!(parse("/analyze"), Ok(Input::Service(Act::Analyse(None))));
    for line in ["/analyze match:12", "/analyze #12", "/analyse 12"] {
        assert_eq!(
            parse(line),
            Ok(Input::Service(Act::Analyse(Some(12)))),
            "{line}"
        );
    }
    for line in ["/moves match:12", "/moves #12", "/moves 12"] {
        assert_eq!(
            parse(line),
            Ok(Input::Service(Act::Moves(Some(12)))),
            "{line}"
        );
    }
    let id = |line: &str| parse(line).err().map(|m| m.id);
    assert_eq!(
        id(&format!("/as {}", "x".repeat(500))),
        Some("local-err-name-long")
    );
    assert_eq!(id(&format!("/as {}", "é".repeat(MAX_NAME))), None);
    assert_eq!(id("/as Parlor"), Some("local-err-name-bot"));
    assert_eq!(id(&"z".repeat(1 << 20)), Some("local-err-too-long"));
    assert_eq!(shorten(&"é".repeat(1 << 20)).chars().count(), 121);
    assert_eq!(shorten("/board"), "/board");
    assert_eq!(id("/as @BOT"), Some("local-err-name-bot"));
    assert_eq!(parse("/wait 20"), Ok(Input::Wait(20)));
    assert_eq!(parse("/wait minutes:3"), Ok(Input::Wait(3)));
    assert_eq!(id("/wait"), Some("local-err-how-long"));
    for line in ["/wait 0", "/wait 1441", "/wait soon", "/wait -2"] {
        assert_eq!(id(line), Some("err-option-number"), "{line}");
    }
}

#[test]
fn tab_completes_options_and_their_values() {
    assert_eq!(complete_option("/play", "opp"), vec!["opponent:"]);
    assert_eq!(
        complete_option("/play", "level:"),
        ["1", "2", "3", "4", "5"].map(|l| format!("level:{l}"))
    );
    assert_eq!(
        complete_option("/play", "game:l"),
        vec!["game:loa", "game:lightning"]
    );
    assert!(complete_option("/play", "variant:").contains(&"variant:cylinder".to_string()));
    assert_eq!(complete_option("/leaderboard", "sc"), vec!["scope:"]);
    assert_eq!(
        complete_option("/leaderboard", "scope:g"),
        vec!["scope:global"]
    );
    assert!(complete_option("/board", "x").is_empty());
    assert!(complete_option("/play", "nonsense:1").is_empty());
    // A subcommand's name, then its own options.
    assert_eq!(complete_subcommand("/tournament", "cr"), vec!["create "]);
    assert_eq!(command_of("/tournament cr"), None);
    let (path, rest) = command_of("/tournament create form").expect("a subcommand");
    assert_eq!((path.as_str(), rest), ("/tournament create", "form"));
    assert_eq!(complete_option(&path, "form"), vec!["format:"]);
    assert!(complete_option(&path, "format:").contains(&"format:swiss".to_string()));
    let text = |m: Msg| m.text(parlor::i18n::Lang::En);
    assert!(text(parse("/frobnicate").unwrap_err()).contains("/help"));
    assert!(text(parse("b1-b3").unwrap_err()).contains("/move b1-b3"));
    assert!(parse("/rules game:chess").is_err());
    assert_eq!(user_id("Bob"), user_id("bob"));
    assert_ne!(user_id("bob"), 0);
}

#[test]
fn unknown_and_repeated_options_are_refused_by_name() {
    let refusal = |line: &str| {
        let m = parse(line).expect_err(line);
        (m.id, m.text(parlor::i18n::Lang::En))
    };
    let (id, text) = refusal("/play game:loa bogus:1");
    assert_eq!(id, "local-err-unknown-option");
    assert!(
        text.contains("bogus:") && text.contains("opponent:"),
        "{text}"
    );
    let (id, text) = refusal("/play game:loa level:2 level:3");
    assert_eq!(id, "local-err-repeated-option");
    assert!(text.contains("level:"), "{text}");
    assert_eq!(refusal("/board page:2").0, "local-err-unknown-option");
    assert_eq!(
        refusal("/rules game:loa scope:global").0,
        "local-err-unknown-option"
    );
    assert!(parse("/leaderboard game:loa scope:global page:2").is_ok());
}

#[test]
fn a_name_reads_the_same_after_opponent_and_after_as() {
    let Ok(Input::As(me)) = parse("/as Jean Dupont") else {
        panic!("/as takes the whole name");
    };
    let Ok(Input::Service(Act::Challenge(spec))) =
        parse("/play game:loa opponent:Jean Dupont level:2")
    else {
        panic!("not a challenge");
    };
    assert_eq!(spec.opponent, Opponent::User(user_ref(&me)));
    assert_eq!(spec.level, Some(2));
    let Ok(Input::Service(Act::Challenge(spec))) = parse("/play loa opponent:@Zoé🎲") else {
        panic!("not a challenge");
    };
    assert_eq!(spec.opponent, Opponent::User(user_ref("Zoé🎲")));
    assert_eq!(parse("/as @Zoé🎲"), Ok(Input::As("Zoé🎲".into())));
}
