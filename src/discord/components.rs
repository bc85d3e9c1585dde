//! The global handler for button presses and menu choices. It works from the `custom_id` alone
//! (no collectors), so the buttons of any board keep working after a restart; the match service
//! makes and parses the ids, and refuses a stale board.

use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::Data;
use super::present::present;
use super::respond::{Answer, FirstResponse, answer_component};
use crate::i18n::Msg;
use crate::table;

/// Answers one component interaction and logs it.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) {
    let start = Instant::now();
    let custom_id = interaction.data.custom_id.as_str();
    let values: Vec<String> = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let command = table::Request::from_custom_id(custom_id, &values);
    let actor = actor(interaction);
    let place = place(interaction);
    let table = data.table.clone();
    let locales = data.locales(
        interaction.guild_id.map(|g| g.get()),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    );
    let first = FirstResponse::since(start);
    let result = answer_component(&ctx.http, data, interaction, first, async move {
        match command {
            Some(command) => present(table.handle(&actor, &place, command).await, locales).await,
            None => {
                // An id this bot did not make, or no longer understands.
                let text = Msg::new("err-stale-button").code("board", "/board");
                Answer {
                    stale: true,
                    ..Answer::private(text.text(locales.pick(true)))
                }
            }
        }
    })
    .await;
    let what = match values.first() {
        Some(value) => format!("menu {custom_id} = {value}"),
        None => format!("button {custom_id}"),
    };
    super::log_interaction(
        interaction.user.id,
        &interaction.user.name,
        &what,
        start,
        result.as_ref().err(),
    );
}

fn actor(interaction: &serenity::ComponentInteraction) -> table::Actor {
    let user = &interaction.user;
    let (name, moderator) = match &interaction.member {
        Some(member) => (
            member.display_name().to_owned(),
            member
                .permissions
                .is_some_and(|p| p.manage_messages() || p.administrator()),
        ),
        None => (user.display_name().to_owned(), false),
    };
    let actor = table::Actor::new(user.id.get(), name);
    if moderator { actor.moderator() } else { actor }
}

fn place(interaction: &serenity::ComponentInteraction) -> table::Place {
    let mut place = table::Place::new(
        interaction.guild_id.map(|g| g.get()),
        interaction.channel_id.get(),
    );
    place.parent = super::thread_parent(interaction.channel.as_ref());
    place.can_thread = place.guild.is_some()
        && super::can_thread(interaction.channel.as_ref(), interaction.app_permissions);
    place
}
