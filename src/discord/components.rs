//! The global handler for button presses and menu choices. It works from the `custom_id` alone
//! (no collectors), so the buttons of any board keep working after a restart; the match service
//! makes and parses the ids, and refuses a stale board.

use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use super::present::handled;
use super::reach::Reach;
use super::respond::{FirstResponse, answer_component};
use super::{Asker, Data, access};
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
    let reach = reach(interaction);
    if !reach.is_member() {
        data.chats
            .saw(interaction.channel_id.get(), &interaction.token);
    }
    let place = place(interaction, reach);
    let table = data.table.clone();
    let tongues = data.tongues.clone();
    let asker = Asker::of(
        interaction.guild_id,
        &interaction.user,
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    );
    tongues.heard(&asker);
    let have = interaction.app_permissions;
    data.known.saw(place.channel, have);
    let lacking = match (&command, place.guild) {
        (Some(request), Some(_)) => {
            access::missing(have, access::needed(&request.act, place.parent.is_some()))
        }
        _ => serenity::Permissions::empty(),
    };
    if let Some(request) = command
        .as_ref()
        .filter(|r| matches!(r.act, table::Act::Analyse(_)))
    {
        // An analysis can take a while: a new public "thinking" message at once, edited with
        // the progress and then the analysis.
        let result = async {
            let defer = serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new(),
            );
            interaction.create_response(&ctx.http, defer).await?;
            let locales = tongues.locales(&asker).await;
            let reply = table.handle(&actor, &place, request.clone()).await;
            let pictures = table.pictures();
            super::respond::show_analysis(&ctx.http, &interaction.token, reply, locales, pictures)
                .await
        }
        .await;
        super::log_interaction(
            interaction.user.id,
            &interaction.user.name,
            &format!("button {custom_id}"),
            start,
            result.as_ref().err(),
        );
        return;
    }
    let first = FirstResponse::since(start);
    let forced_private = reach.forced_private();
    let result = answer_component(&ctx.http, data, interaction, first, async move {
        match command {
            Some(command) if lacking.is_empty() => {
                let (tongues, asker) = (&tongues, &asker);
                handled(
                    &table,
                    tongues,
                    asker,
                    &actor,
                    &place,
                    command,
                    forced_private,
                )
                .await
            }
            Some(_) => {
                let lang = tongues.locales(&asker).await.pick(true);
                Answer::private(access::refusal(lacking).text(lang))
            }
            None => {
                let locales = tongues.locales(&asker).await;
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
    if !reach.is_member() {
        let token = &interaction.token;
        super::respond::tell_waiting(&ctx.http, data, interaction.channel_id, token).await;
    }
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

/// How the bot reaches the chat of the pressed message.
fn reach(interaction: &serenity::ComponentInteraction) -> Reach {
    let member = interaction.member.as_ref().and_then(|m| m.permissions);
    Reach::of(
        interaction.context,
        interaction.guild_id,
        &interaction.authorizing_integration_owners,
        member,
    )
}

/// Where the press was made; a chat the bot is no member of belongs to no server.
fn place(interaction: &serenity::ComponentInteraction, reach: Reach) -> table::Place {
    if !reach.is_member() {
        return table::Place::new(None, interaction.channel_id.get());
    }
    let mut place = table::Place::new(
        interaction.guild_id.map(|g| g.get()),
        interaction.channel_id.get(),
    );
    place.parent = super::thread_parent(interaction.channel.as_ref());
    place.can_thread = place.guild.is_some()
        && super::can_thread(interaction.channel.as_ref(), interaction.app_permissions);
    place
}
