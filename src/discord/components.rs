//! The global handler for button presses and menu choices. It works from the `custom_id` alone
//! (no collectors), so the buttons of any board keep working after a restart.

use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::Data;
use super::respond::{Answer, answer_component};

/// Answers one component interaction and logs it.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) {
    let start = Instant::now();
    let _ = data;
    let custom_id = interaction.data.custom_id.as_str();
    let result = answer_component(&ctx.http, interaction, async {
        Answer::private(
            "This button is out of date: use the newest board, or `/board` to show it again.",
        )
    })
    .await;
    super::log_interaction(
        interaction.user.id,
        &interaction.user.name,
        &format!("button {custom_id}"),
        start,
        result.as_ref().err(),
    );
}
