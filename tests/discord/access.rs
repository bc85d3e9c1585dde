//! The tests of `parlor::discord::access`.
//!
//! Moved out of src/discord/access.rs (the library builds no unit-test harness).

use poise::serenity_prelude as serenity;
use serenity::Permissions;

use parlor::discord::access::*;
use parlor::i18n::Lang;

#[test]
fn the_invite_asks_for_exactly_what_is_wanted() {
    let url = invite_url(42);
    let bits = Permissions::VIEW_CHANNEL.bits()
        | Permissions::SEND_MESSAGES.bits()
        | Permissions::SEND_MESSAGES_IN_THREADS.bits()
        | Permissions::EMBED_LINKS.bits()
        | Permissions::ATTACH_FILES.bits()
        | Permissions::READ_MESSAGE_HISTORY.bits()
        | Permissions::CREATE_PUBLIC_THREADS.bits();
    assert!(url.ends_with(&format!("permissions={bits}")), "{url}");
    assert!(url.contains("client_id=42"));
    let user = user_install_url(42);
    assert!(user.contains("client_id=42") && user.contains("integration_type=1"));
    assert!(!user.contains("permissions=") && !user.contains("bot%20"));
}

#[test]
fn a_refusal_names_exactly_what_is_missing() {
    let have = wanted() - Permissions::ATTACH_FILES;
    let lacking = missing(Some(have), to_post_board(false));
    assert_eq!(lacking, Permissions::ATTACH_FILES);
    let text = refusal(lacking).text(Lang::En);
    assert!(text.contains("Attach Files"), "{text}");
    assert!(!text.contains("Send Messages"), "{text}");
    let text = refusal(lacking).text(Lang::Fr);
    assert!(text.contains("Joindre des fichiers"), "{text}");
    let admin = Permissions::ADMINISTRATOR;
    assert!(missing(Some(admin), to_post_board(true)).is_empty());
    assert!(missing(None, to_post_board(true)).is_empty());
}
