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
    chats.hold(7, Answer::private("news"));
    assert_eq!(chats.take_waiting(7).len(), 1);
    assert!(chats.take_waiting(7).is_empty());
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
