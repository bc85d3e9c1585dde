//! The tests of `parlor::discord::present`.
//!
//! Moved out of src/discord/present.rs (the library builds no unit-test harness).

use parlor::i18n::Lang;
use parlor::i18n::Msg;
use parlor::table::ButtonStyle;
use parlor::table::Pictures;
use parlor::table::Reply;
use parlor::table::Undelivered;
use poise::serenity_prelude as serenity;

use parlor::discord::present::*;
use parlor::table::{Button, Menu, MenuOption};

#[test]
fn truncates_by_characters() {
    assert_eq!(truncate("abc", 3), "abc");
    assert_eq!(truncate("abcdé", 4), "abc…");
}

#[tokio::test]
async fn a_board_pings_and_carries_its_match() {
    let mut reply = Reply::public(Msg::verbatim("Move 3"));
    reply.mentions = vec![7];
    reply.deadline = Some(1_700_000_000_000);
    reply.buttons = vec![vec![Button {
        id: "pl:res:12:3".into(),
        label: Msg::new("btn-resign"),
        style: ButtonStyle::Danger,
        disabled: false,
    }]];
    reply.menus = vec![Menu {
        id: "pl:src:12:3".into(),
        placeholder: Msg::new("menu-pick-piece"),
        options: vec![MenuOption {
            label: Msg::verbatim("b1"),
            value: "b1".into(),
        }],
    }];
    let answer = present(reply, Locales::default(), &Pictures::default()).await;
    assert_eq!(answer.text, "<@7>");
    assert_eq!(answer.rows.len(), 2);
    assert!(answer.embed.is_some());
    let (id, seq, greyed) = answer.board.expect("a board");
    assert_eq!((id, seq), (12, 3));
    assert_eq!(greyed.len(), 1, "menus dropped from an old board");
}

/// The one choice of a language, case by case.
#[test]
fn settings_come_before_discord_and_a_person_before_their_server() {
    use Lang::{En, Fr};
    let discord_only = Locales {
        user: Some(Fr),
        guild: Some(En),
        ..Locales::default()
    };
    assert_eq!(discord_only.pick(true), Fr, "a French app, privately");
    assert_eq!(
        discord_only.pick(false),
        En,
        "the server's Discord language"
    );
    let server_set = Locales {
        server: Some(Fr),
        user: Some(En),
        ..discord_only
    };
    assert_eq!(
        server_set.pick(false),
        Fr,
        "the setting beats Discord's en-US"
    );
    assert_eq!(server_set.pick(true), En, "a person's app beats the server");
    let person_set = Locales {
        person: Some(Fr),
        ..Locales {
            user: Some(En),
            guild: Some(En),
            ..Locales::default()
        }
    };
    assert_eq!(person_set.pick(true), Fr, "their own setting first");
    assert_eq!(person_set.pick(false), En, "but not for the channel");
    let unknown_app = Locales {
        server: Some(Fr),
        ..Locales::default()
    };
    assert_eq!(unknown_app.pick(true), Fr, "else the server's");
    let nothing = Locales {
        fallback: Fr,
        ..Locales::default()
    };
    assert_eq!((nothing.pick(true), nothing.pick(false)), (Fr, Fr));
}

#[tokio::test]
async fn news_that_could_not_be_posted_is_said_with_the_answer() {
    let lacking = serenity::Permissions::ATTACH_FILES | serenity::Permissions::SEND_MESSAGES;
    let stored = Undelivered::Forbidden(lacking.bits().to_string()).to_text();
    let mut reply = Reply::public(Msg::verbatim("Move 3"));
    reply.undelivered = Some(Undelivered::from_text(&stored));
    let french = Locales {
        guild: Some(Lang::Fr),
        ..Locales::default()
    };
    let answer = present(reply.clone(), french, &Pictures::default()).await;
    assert!(
        answer
            .text
            .contains("**Envoyer des messages**, **Joindre des fichiers**"),
        "{}",
        answer.text
    );
    reply.undelivered = Some(Undelivered::from_text(&Undelivered::Gone.to_text()));
    let answer = present(reply, Locales::default(), &Pictures::default()).await;
    assert!(answer.text.contains("was deleted"), "{}", answer.text);
}

#[tokio::test]
async fn a_refusal_is_plain_and_private() {
    let refusal = Msg::new("err-not-your-turn").player("player", 9, "Bob");
    let locales = Locales {
        user: Some(Lang::Fr),
        guild: Some(Lang::En),
        ..Locales::default()
    };
    let answer = present(Reply::private(refusal), locales, &Pictures::default()).await;
    assert!(answer.private);
    assert_eq!(
        answer.text,
        "Ce n\u{2019}est pas votre tour\u{202F}: c\u{2019}est à <@9> de jouer."
    );
    assert!(answer.embed.is_none() && answer.board.is_none());
}
