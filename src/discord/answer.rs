//! A message ready for Discord ([`Answer`]), and how it fills each of serenity's message
//! builders; shared by the code that presents replies and the code that sends them.

use poise::CreateReply;
use poise::serenity_prelude as serenity;

use crate::i18n::Lang;
use crate::table::{Picture, ReplyKind};

/// Fills one of serenity's message builders from an [`Answer`]: they share these method names
/// but no trait. `$attach` is the builder's method for a file.
macro_rules! fill {
    ($builder:expr, $answer:expr, $attach:ident) => {{
        let answer = $answer;
        let mut builder = $builder
            .content(answer.text.clone())
            .allowed_mentions(answer.allowed_mentions())
            .components(answer.rows.clone());
        if let Some(embed) = &answer.embed {
            builder = builder.embed(embed.clone());
        }
        if let Some(file) = &answer.file {
            builder = builder.$attach(file.clone());
        }
        builder
    }};
}

/// A message ready for Discord.
#[derive(Debug, Default, Clone)]
pub struct Answer {
    /// The message text (markdown); for boards, the pings.
    pub text: String,
    /// Only the person who asked sees it (errors that concern one person).
    pub private: bool,
    pub embed: Option<serenity::CreateEmbed>,
    /// The picture the embed shows.
    pub file: Option<serenity::CreateAttachment>,
    /// The picture still to draw: the answer goes without it, and it is edited in after.
    pub later: Option<Later>,
    /// Rows of buttons and select menus.
    pub rows: Vec<serenity::CreateActionRow>,
    /// Embeds after the first (a reply's further sections), and their pictures.
    pub more_embeds: Vec<serenity::CreateEmbed>,
    pub more_files: Vec<serenity::CreateAttachment>,
    /// Users the message may notify.
    pub mentions: Vec<serenity::UserId>,
    /// The match whose controls this message carries, the log position they were drawn for,
    /// and those controls greyed out (for when a newer message replaces it).
    pub board: Option<(i64, u32, Vec<serenity::CreateActionRow>)>,
    /// The pressed message is an old board: grey out its controls (this also mends boards
    /// posted before a restart, which the in-memory [`Boards`] no longer knows).
    pub stale: bool,
    /// The match starts in a thread of its own: its match id, the thread's name, who to add,
    /// and the challenge card to start it from when known.
    pub thread: Option<ThreadAsk>,
    /// What the message is (a board, a challenge card ...), as the match service says.
    pub kind: ReplyKind,
    /// The match it is about.
    pub match_id: Option<i64>,
    /// The challenge card to edit now (the result), and the line to put on it.
    pub card: Option<(serenity::ChannelId, serenity::MessageId, String)>,
    /// The language of the words, for what is written later (the card's link to a thread).
    pub lang: crate::i18n::Lang,
    /// The tournament it is about: its card to keep up to date, its thread.
    pub tournament: Option<crate::table::TournamentNews>,
}

impl Answer {
    /// A public message that stays: a board, a card or a result, whose controls are greyed
    /// out once a newer one replaces it.
    pub(super) fn keeps(&self) -> bool {
        !self.private
            && matches!(
                self.kind,
                ReplyKind::Board
                    | ReplyKind::Offer
                    | ReplyKind::Challenge
                    | ReplyKind::Lobby
                    | ReplyKind::Result
            )
    }

    /// A message for the person who asked only.
    pub fn private(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            private: true,
            ..Self::default()
        }
    }

    pub(super) fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(self.mentions.clone())
    }

    /// As a poise reply (slash commands).
    pub fn to_reply(&self) -> CreateReply {
        let reply = fill!(
            CreateReply::default().ephemeral(self.private),
            self,
            attachment
        );
        let reply = self
            .more_embeds
            .iter()
            .cloned()
            .fold(reply, CreateReply::embed);
        self.more_files
            .iter()
            .cloned()
            .fold(reply, CreateReply::attachment)
    }

    /// As the first response to a component interaction, posting a new message.
    pub fn to_response(&self) -> serenity::CreateInteractionResponseMessage {
        let msg = serenity::CreateInteractionResponseMessage::new().ephemeral(self.private);
        fill!(msg, self, add_file)
    }

    /// As a follow-up message.
    pub fn to_followup(&self) -> serenity::CreateInteractionResponseFollowup {
        let msg = serenity::CreateInteractionResponseFollowup::new().ephemeral(self.private);
        fill!(msg, self, add_file)
            .add_embeds(self.more_embeds.clone())
            .add_files(self.more_files.clone())
    }

    /// As a channel message (notices: the AI's moves, timeouts, an analysis resumed after a
    /// restart).
    pub fn to_message(&self) -> serenity::CreateMessage {
        fill!(serenity::CreateMessage::new(), self, add_file)
            .add_embeds(self.more_embeds.clone())
            .add_files(self.more_files.clone())
    }

    /// As the new content of the interaction's first message (after a deferral): every part
    /// of it replaced.
    pub fn to_edit(&self) -> serenity::EditInteractionResponse {
        let mut embeds: Vec<serenity::CreateEmbed> = self.embed.iter().cloned().collect();
        embeds.extend(self.more_embeds.iter().cloned());
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.text.clone())
            .allowed_mentions(self.allowed_mentions())
            .embeds(embeds)
            .components(self.rows.clone())
            .clear_attachments();
        for file in self.file.iter().chain(&self.more_files) {
            edit = edit.new_attachment(file.clone());
        }
        edit
    }
}

/// A thread to start: the match, the thread's name, who to add, the card to start it from.
pub type ThreadAsk = (
    i64,
    String,
    Vec<serenity::UserId>,
    Option<(serenity::ChannelId, serenity::MessageId)>,
);

/// A picture left to draw after the answer went, in the answer's language.
#[derive(Clone, Debug)]
pub struct Later {
    pub(super) picture: Picture,
    pub(super) lang: Lang,
}
