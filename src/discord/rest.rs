//! The REST calls of every move, made so that Discord's answers are read only in part. serenity
//! parses each message Discord sends back into a whole `Message` (author, components, embeds,
//! attachments), although the bot needs at most where the message is: these calls read that
//! much, or nothing; and a first response can carry its picture (issue 44).

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route};

/// What the bot reads of a message Discord sent back: where it is.
#[derive(Clone, Copy, Debug, serde::Deserialize)]
pub struct Posted {
    pub id: serenity::MessageId,
    pub channel_id: serenity::ChannelId,
    /// Sent by Discord with some messages only.
    #[serde(default)]
    pub guild_id: Option<serenity::GuildId>,
}

impl From<&serenity::Message> for Posted {
    fn from(message: &serenity::Message) -> Self {
        Posted {
            id: message.id,
            channel_id: message.channel_id,
            guild_id: message.guild_id,
        }
    }
}

/// Edits a message in its channel, reading nothing of the message sent back.
pub async fn edit_message(
    http: &serenity::Http,
    channel_id: serenity::ChannelId,
    message_id: serenity::MessageId,
    edit: &serenity::EditMessage,
) -> Result<(), serenity::Error> {
    let route = Route::ChannelMessage {
        channel_id,
        message_id,
    };
    let request = with_payload(Request::new(route, LightMethod::Patch), edit, Vec::new())?;
    send(http, request).await.map(drop)
}

/// Edits the first response of the interaction of `token`, adding `files` (the edit names
/// them, in order, as its new attachments); returns where the message is.
pub async fn edit_original(
    http: &serenity::Http,
    token: &str,
    edit: &serenity::EditInteractionResponse,
    files: Vec<serenity::CreateAttachment>,
) -> Result<Posted, serenity::Error> {
    let route = Route::WebhookOriginalInteractionResponse {
        application_id: http.application_id().ok_or_else(no_application_id)?,
        token,
    };
    let request = with_payload(Request::new(route, LightMethod::Patch), edit, files)?;
    Ok(serde_json::from_slice(send(http, request).await?.as_ref())?)
}

/// Sends the first response to an interaction asking Discord (`?with_response=true`) where the
/// message it made is: a picture can go with the answer instead of in an edit after it, which
/// would be needed to learn that. `response` names `files` as its attachments, in order.
/// `None` for a response that makes no message, or when Discord does not say: the response
/// went all the same.
pub async fn respond(
    http: &serenity::Http,
    interaction_id: serenity::InteractionId,
    token: &str,
    response: &serenity::CreateInteractionResponse,
    files: Vec<serenity::CreateAttachment>,
) -> Result<Option<Posted>, serenity::Error> {
    /// Discord's answer, as far as it is read.
    #[derive(serde::Deserialize)]
    struct Answer {
        resource: Option<Resource>,
    }
    #[derive(serde::Deserialize)]
    struct Resource {
        message: Option<Posted>,
    }
    let route = Route::InteractionResponse {
        interaction_id,
        token,
    };
    let request = Request::new(route, LightMethod::Post)
        .params(Some(vec![("with_response", "true".to_owned())]));
    let request = with_payload(request, response, files)?;
    let answer = serde_json::from_slice::<Answer>(send(http, request).await?.as_ref());
    Ok(answer.ok().and_then(|a| a.resource?.message))
}

/// `request` carrying `payload` as its JSON body, or as the `payload_json` of a multipart form
/// with `files`.
fn with_payload<'a>(
    request: Request<'a>,
    payload: &impl serde::Serialize,
    files: Vec<serenity::CreateAttachment>,
) -> Result<Request<'a>, serde_json::Error> {
    Ok(if files.is_empty() {
        request.body(Some(serde_json::to_vec(payload)?))
    } else {
        request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(files),
            payload_json: Some(serde_json::to_string(payload)?),
            fields: Vec::new(),
        }))
    })
}

/// Edits a follow-up message of the interaction of `token`, reading nothing sent back.
pub async fn edit_followup(
    http: &serenity::Http,
    token: &str,
    message_id: serenity::MessageId,
    edit: &serenity::EditInteractionResponse,
) -> Result<(), serenity::Error> {
    let route = Route::WebhookFollowupMessage {
        application_id: http.application_id().ok_or_else(no_application_id)?,
        token,
        message_id,
    };
    let request = with_payload(Request::new(route, LightMethod::Patch), edit, Vec::new())?;
    send(http, request).await.map(drop)
}

/// Where the first response of the interaction of `token` is.
pub async fn original(http: &serenity::Http, token: &str) -> Result<Posted, serenity::Error> {
    let route = Route::WebhookOriginalInteractionResponse {
        application_id: http.application_id().ok_or_else(no_application_id)?,
        token,
    };
    let request = Request::new(route, LightMethod::Get);
    Ok(serde_json::from_slice(send(http, request).await?.as_ref())?)
}

/// Sends `request` (an error unless Discord accepts it) and returns the body of the answer,
/// read whole so that the connection goes back to the pool.
async fn send(
    http: &serenity::Http,
    request: Request<'_>,
) -> Result<impl AsRef<[u8]>, serenity::Error> {
    Ok(http.request(request).await?.bytes().await?)
}

/// Every interaction's webhook route names the bot's application, which serenity learns at
/// start-up.
fn no_application_id() -> serenity::Error {
    serenity::Error::Http(serenity::HttpError::ApplicationIdMissing)
}
