//! Answering interactions within Discord's rules: a first response within 3 seconds, exactly once,
//! with its visibility (public or only for the person) fixed by the first response.

use std::future::Future;
use std::time::Duration;

use poise::CreateReply;
use poise::serenity_prelude as serenity;

use super::{Context, Error};

/// How long the work may take before the interaction is deferred ("Parlor is thinking..."). Well
/// inside Discord's 3 seconds, leaving room for the round trip.
pub const DEFER_AFTER: Duration = Duration::from_millis(1200);

/// What the bot says in answer to one interaction, before it is turned into Discord's builders.
#[derive(Debug, Default, Clone)]
pub struct Answer {
    /// The message text (markdown).
    pub text: String,
    /// Only the person who asked sees it (errors that concern one person).
    pub private: bool,
    /// A picture, as (file name, PNG or GIF bytes), shown inside an embed.
    pub picture: Option<(String, Vec<u8>)>,
    /// Rows of buttons and select menus.
    pub rows: Vec<serenity::CreateActionRow>,
    /// Users whose mention in `text` should notify them.
    pub mentions: Vec<serenity::UserId>,
}

impl Answer {
    /// A message for the person who asked only.
    pub fn private(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            private: true,
            ..Self::default()
        }
    }

    /// A message everyone in the channel sees.
    pub fn public(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Self::default()
        }
    }

    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(self.mentions.clone())
    }

    fn embed(&self) -> Option<(serenity::CreateEmbed, serenity::CreateAttachment)> {
        let (name, bytes) = self.picture.as_ref()?;
        let embed = serenity::CreateEmbed::new().image(format!("attachment://{name}"));
        Some((
            embed,
            serenity::CreateAttachment::bytes(bytes.clone(), name.clone()),
        ))
    }

    /// As a poise reply (slash commands).
    pub fn into_reply(self) -> CreateReply {
        let mut reply = CreateReply::default()
            .content(self.text.clone())
            .ephemeral(self.private)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows.clone());
        if let Some((embed, file)) = self.embed() {
            reply = reply.embed(embed).attachment(file);
        }
        reply
    }

    /// As the first response to a component interaction, posting a new message.
    pub fn into_response_message(self) -> serenity::CreateInteractionResponseMessage {
        let mut msg = serenity::CreateInteractionResponseMessage::new()
            .content(self.text.clone())
            .ephemeral(self.private)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows.clone());
        if let Some((embed, file)) = self.embed() {
            msg = msg.embed(embed).add_file(file);
        }
        msg
    }

    /// As a follow-up message (after a deferral, or a second message).
    pub fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut msg = serenity::CreateInteractionResponseFollowup::new()
            .content(self.text.clone())
            .ephemeral(self.private)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows.clone());
        if let Some((embed, file)) = self.embed() {
            msg = msg.embed(embed).add_file(file);
        }
        msg
    }
}

/// Answers a slash command with the result of `work`: directly if it is ready within
/// [`DEFER_AFTER`], otherwise after a public deferral. A private result after a public deferral
/// removes the "thinking" message and follows up privately, so an error never shows to everyone.
pub async fn answer_command(
    ctx: Context<'_>,
    work: impl Future<Output = Answer> + Send,
) -> Result<(), Error> {
    let mut work = std::pin::pin!(work);
    let answer = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(answer) => answer,
        Err(_) => {
            ctx.defer().await?;
            let answer = work.await;
            if answer.private {
                if let Context::Application(app) = ctx {
                    app.interaction.delete_response(ctx.http()).await?;
                }
            }
            answer
        }
    };
    ctx.send(answer.into_reply()).await?;
    Ok(())
}

/// Answers a component interaction (button or menu) by posting `work`'s result as a new message.
/// If that takes longer than [`DEFER_AFTER`], the press is acknowledged first (a deferred update,
/// which shows nothing) and the result follows as a new message, public or private as it says.
pub async fn answer_component(
    http: &serenity::Http,
    interaction: &serenity::ComponentInteraction,
    work: impl Future<Output = Answer> + Send,
) -> Result<(), serenity::Error> {
    let mut work = std::pin::pin!(work);
    match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(answer) => {
            interaction
                .create_response(
                    http,
                    serenity::CreateInteractionResponse::Message(answer.into_response_message()),
                )
                .await
        }
        Err(_) => {
            interaction.defer(http).await?;
            let answer = work.await;
            interaction
                .create_followup(http, answer.into_followup())
                .await?;
            Ok(())
        }
    }
}
