//! The tests of `parlor::discord::reach`.
//!
//! Moved out of src/discord/reach.rs (the library builds no unit-test harness).

use parlor::discord::answer::Answer;
use std::sync::Arc;

use parlor::discord::reach::*;
use parlor::table::ManualClock;

#[test]
fn a_token_lends_four_follow_ups_within_its_life() {
    let clock = ManualClock::new(1_000_000);
    let chats = Chats::new(Arc::new(clock.clone()));
    assert!(chats.lend(7).is_none(), "an unknown chat");
    chats.saw(7, "t");
    assert!(chats.is_outside(7) && !chats.is_outside(8));
    assert!(chats.lend(7).is_none(), "not answered yet");
    chats.answered(7, "other");
    assert!(chats.lend(7).is_none(), "another interaction answered");
    chats.answered(7, "t");
    let lent = (0..10).filter_map(|_| chats.lend(7)).count();
    assert_eq!(lent, MAX_FOLLOWUPS - 1, "one kept for the answer itself");
    chats.saw(7, "u");
    chats.answered(7, "u");
    assert!(chats.lend(7).is_some());
    clock.advance_ms(TOKEN_LIFE_MS);
    assert!(chats.lend(7).is_none(), "a dead token");
    assert_eq!(
        chats.hold(7, Answer::private("news")),
        Held::NextInteraction
    );
    chats.saw(7, "v");
    assert_eq!(chats.hold(7, Answer::private("more")), Held::AnswerComing);
    assert_eq!(chats.answered(7, "v").len(), 2, "the news waiting, taken");
    assert!(chats.answered(7, "v").is_empty());
}

/// News ready while an interaction is being answered is kept and handed over with the answer,
/// in one step: it never waits for the next interaction when this one can carry it.
#[test]
fn news_kept_while_an_answer_goes_is_handed_over_with_it() {
    let chats = Chats::new(Arc::new(ManualClock::new(1_000_000)));
    chats.saw(7, "t");
    let held = chats.lend_or_hold(7, Answer::private("the AI's move"));
    assert!(matches!(held, Err(Held::AnswerComing)), "{held:?}");
    let waiting = chats.answered(7, "t");
    assert_eq!(waiting.len(), 1, "handed over as the answer is marked");
    let (token, _) = chats
        .lend_or_hold(7, waiting.into_iter().next().unwrap())
        .expect("an answered token lends");
    assert_eq!(token.token, "t");
    assert!(chats.answered(7, "t").is_empty(), "nothing left behind");
}

#[test]
fn a_dm_between_people_and_a_server_without_the_bot_are_reached_by_interactions() {
    use poise::serenity_prelude::{
        AuthorizingIntegrationOwner as Owner, AuthorizingIntegrationOwners as Owners, GuildId,
        InteractionContext as Context, Permissions, UserId,
    };
    let user = Owners(vec![Owner::UserInstall(UserId::new(5))]);
    let guild = GuildId::new(9);
    let server = Owners(vec![Owner::GuildInstall(Some(guild))]);
    let all = Some(Permissions::all());
    let closed = Some(Permissions::all() - Permissions::USE_EXTERNAL_APPS);
    let open = Reach::Interactions {
        forced_private: false,
    };
    assert_eq!(
        Reach::of(Some(Context::PrivateChannel), None, &user, None),
        open
    );
    assert_eq!(
        Reach::of(Some(Context::BotDm), None, &user, None),
        Reach::Member
    );
    assert_eq!(
        Reach::of(Some(Context::Guild), Some(guild), &server, all),
        Reach::Member
    );
    assert_eq!(
        Reach::of(Some(Context::Guild), Some(guild), &user, all),
        open
    );
    assert!(Reach::of(Some(Context::Guild), Some(guild), &user, closed).forced_private());
    assert!(!Reach::of(Some(Context::Guild), Some(guild), &server, closed).forced_private());
    assert_eq!(
        Reach::of(None, Some(guild), &Owners::default(), all),
        Reach::Member
    );
}
