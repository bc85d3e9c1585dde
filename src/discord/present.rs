//! Turning the match service's [`Reply`] into a Discord message: the text, the picture inside an
//! embed, pings for the people concerned, the deadline as a live relative timestamp, and the
//! buttons and menus.

use poise::serenity_prelude as serenity;
use tracing::debug;

use crate::i18n::{Lang, Msg, Style, render};
use crate::render::DISCORD_DESCRIPTION;
use crate::render::describe::cut_to;
use crate::table::{
    ButtonStyle, Image, Picture, Pictures, Reply, ReplyKind, Undelivered, stamp_of_custom_id,
};

use super::answer::{Answer, Later};

/// Discord's limits on text.
const MAX_CONTENT: usize = 2000;
const MAX_DESCRIPTION: usize = 4096;
/// Discord allows five rows of components, five buttons a row.
const MAX_ROWS: usize = 5;
const MAX_BUTTONS: usize = 5;
/// Discord's longest address of a link button.
const MAX_URL: usize = 512;

/// The languages known for an answer: what the person and the server chose (`/settings
/// my-language:` and `language:`, `None` for `auto`), what Discord says of them (the
/// interaction's `locale` and `guild_locale`), and the bot's default (`PARLOR_LANG`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locales {
    /// The person's own setting.
    pub person: Option<Lang>,
    /// The language of the person's Discord app.
    pub user: Option<Lang>,
    /// The server's setting.
    pub server: Option<Lang>,
    /// Discord's language of the server (`en-US` for most servers that are not Community ones).
    pub guild: Option<Lang>,
    pub fallback: Lang,
}

impl Locales {
    /// Everything in `lang` (what a server's channel reads, known already).
    pub fn only(lang: Lang) -> Locales {
        Locales {
            person: None,
            user: None,
            server: Some(lang),
            guild: None,
            fallback: lang,
        }
    }

    /// The one choice of a language: what a channel reads follows the server's setting, else
    /// its Discord language (in a direct message, the person's); what one person reads follows
    /// their own setting, else their Discord app's language, else the server's.
    pub fn pick(&self, private: bool) -> Lang {
        let server = self.server.or(self.guild);
        let first = if private {
            self.person.or(self.user).or(server)
        } else {
            server.or(self.user)
        };
        first.unwrap_or(self.fallback)
    }
}

/// Discord's way of showing people, moves and times.
struct Discord;

impl Style for Discord {
    fn player(&self, id: u64, name: &str) -> String {
        if id == 0 {
            format!("@{name}")
        } else {
            format!("<@{id}>")
        }
    }

    fn code(&self, text: &str) -> String {
        format!("`{text}`")
    }

    fn channel(&self, id: u64) -> String {
        format!("<#{id}>")
    }

    fn time(&self, _lang: Lang, at_ms: i64) -> String {
        let secs = at_ms.div_euclid(1000);
        format!("<t:{secs}:R> (<t:{secs}:f>)")
    }
}

/// A message in `lang`, Discord-styled.
fn say(lang: Lang, msg: &Msg) -> String {
    render(lang, msg, &Discord)
}

/// Builds the message for a reply in the language `locales` pick for it, with its pictures
/// drawn (off the async threads).
pub async fn present(reply: Reply, locales: Locales, pictures: &Pictures) -> Answer {
    let mut answer = present_first(reply, locales, pictures).await;
    answer.draw(pictures).await;
    answer
}

/// The table's answer to `request`, presented in the asker's languages as they stand once it is
/// handled (so `/settings my-language:fr` answers in French); said private, with why, where
/// Discord forces answers private.
pub async fn handled(
    table: &crate::table::Table,
    tongues: &super::Tongues,
    asker: &super::Asker,
    actor: &crate::table::Actor,
    place: &crate::table::Place,
    request: impl Into<crate::table::Request>,
    forced_private: bool,
) -> Answer {
    let reply = table.handle(actor, place, request).await;
    let mut answer = present_first(reply, tongues.locales(asker).await, table.pictures()).await;
    if forced_private {
        say_private_here(&mut answer);
    }
    answer
}

/// Builds the message for a reply like [`present`], but leaves its main picture to draw: the
/// answer can go at once, and [`Answer::draw`] then adds the picture, to be edited in
/// ([`Answer::picture_edit`]). A reply with a text file (an export) is drawn at once.
pub async fn present_first(reply: Reply, locales: Locales, pictures: &Pictures) -> Answer {
    let lang = locales.pick(reply.private);
    let (image, later) = match (reply.picture.clone(), &reply.file) {
        // `/board text:true`: the picture's words take its place.
        (Some(_), _) if reply.in_words => (None, None),
        (Some(picture), None) => (None, Some(Later { picture, lang })),
        (picture, _) => (draw(pictures, picture, lang).await, None),
    };
    // Each further section is an embed of its own, with its picture.
    let mut more_embeds = Vec::new();
    let mut more_files = Vec::new();
    for section in &reply.sections {
        let text: Vec<String> = section.lines.iter().map(|m| say(lang, m)).collect();
        let mut embed =
            serenity::CreateEmbed::new().description(truncate(&text.join("\n"), MAX_DESCRIPTION));
        if let Some(image) = draw(pictures, section.picture.clone(), lang).await {
            embed = embed.image(format!("attachment://{}", image.file_name));
            more_files.push(attachment(image));
        }
        more_embeds.push(embed);
    }
    let mut lines: Vec<String> = reply
        .title
        .iter()
        .map(|t| format!("**{}**", say(lang, t)))
        .collect();
    lines.extend(reply.lines.iter().map(|m| say(lang, m)));
    if reply.in_words
        && let Some(picture) = &reply.picture
    {
        lines.push(picture.describe(lang).full());
    }
    if let Some(news) = &reply.undelivered {
        lines.push(say(lang, &undelivered(news)));
    }
    if let Some(at) = reply.deadline {
        let id = if matches!(reply.kind, ReplyKind::Challenge | ReplyKind::Lobby) {
            "discord-expires"
        } else {
            "discord-deadline"
        };
        lines.push(say(lang, &Msg::new(id).time("time", at)));
    }
    let text = lines.join("\n");
    let mentions: Vec<serenity::UserId> = reply
        .mentions
        .iter()
        .filter(|id| **id != 0)
        .map(|id| serenity::UserId::new(*id))
        .collect();
    let controls = rows(&reply, lang);
    let mut greyed = reply.clone();
    greyed.disable_controls();
    let board = match_of(&reply).map(|(id, seq)| (id, seq, rows(&greyed, lang)));

    let pictured = image.is_some() || later.is_some();
    // The board in words may be longer than a message's text: it goes in an embed.
    let fancy = reply.in_words
        || !reply.private && (pictured || !mentions.is_empty() || !more_embeds.is_empty());
    let (content, embed) = if fancy {
        let pings: Vec<String> = mentions.iter().map(|id| format!("<@{id}>")).collect();
        let mut embed = serenity::CreateEmbed::new().description(truncate(&text, MAX_DESCRIPTION));
        if let Some(image) = &image {
            embed = embed.image(format!("attachment://{}", image.file_name));
        }
        (pings.join(" "), Some(embed))
    } else {
        (truncate(&text, MAX_CONTENT), None)
    };
    let text_file = reply.file.as_ref().map(|f| {
        let words = Msg::new("describe-text-file").code("name", f.name.clone());
        serenity::CreateAttachment::bytes(f.body(lang).as_bytes().to_vec(), f.name.clone())
            .description(cut_to(&say(lang, &words), DISCORD_DESCRIPTION))
    });
    // A picture and a text file (`/rules`' start position and full rules): both attached.
    let file = match (image, text_file) {
        (Some(i), text_file) => {
            more_files.extend(text_file);
            Some(attachment(i))
        }
        (None, text_file) => text_file,
    };
    Answer {
        text: content,
        private: reply.private,
        embed,
        file,
        later,
        rows: controls,
        more_embeds,
        more_files,
        mentions,
        board,
        stale: reply.stale,
        // Discord's limit for a thread's name is 100 characters.
        thread: reply.thread.as_ref().map(|t| {
            let members = t
                .members
                .iter()
                .filter(|&&id| id != 0)
                .map(|&id| serenity::UserId::new(id));
            let card = t
                .card
                .filter(|&(c, m)| c != 0 && m != 0)
                .map(|(c, m)| (serenity::ChannelId::new(c), serenity::MessageId::new(m)));
            (
                t.match_id,
                truncate(&say(lang, &t.name), 100),
                members.collect(),
                card,
            )
        }),
        kind: reply.kind,
        match_id: reply.match_id,
        lang,
        tournament: reply.tournament.clone(),
        card: reply
            .card
            .as_ref()
            .filter(|c| c.channel != 0 && c.message != 0)
            .map(|c| {
                (
                    serenity::ChannelId::new(c.channel),
                    serenity::MessageId::new(c.message),
                    say(lang, &c.line),
                )
            }),
    }
}

/// What to say of news that could not be posted: the channel was gone, Discord failed for
/// minutes, or a permission was missing (stored as the bits of what was lacking, 0 when Discord did not say).
fn undelivered(news: &Undelivered) -> Msg {
    match news {
        Undelivered::Gone => Msg::new("undelivered-gone"),
        Undelivered::Unavailable => Msg::new("undelivered-unavailable"),
        Undelivered::Forbidden(bits) => {
            let lacking = bits
                .parse::<u64>()
                .map(serenity::Permissions::from_bits_truncate)
                .unwrap_or_default();
            if lacking.is_empty() {
                Msg::new("undelivered-refused")
            } else {
                Msg::new("undelivered-forbidden").list("perms", super::access::names(lacking))
            }
        }
    }
}

/// Adds to an answer Discord will show only to the person who asked (a server that turned "Use
/// External Apps" off, without the bot) why, and how the match goes on.
pub fn say_private_here(answer: &mut Answer) {
    if answer.private {
        return;
    }
    let note = Msg::new("note-private-here")
        .code("board", "/board")
        .code("move", "/move");
    let note = say(answer.lang, &note);
    answer.text = if answer.text.is_empty() {
        note
    } else {
        truncate(&format!("{}\n{note}", answer.text), MAX_CONTENT)
    };
}

impl Answer {
    /// Draws the picture left for later (see [`present_first`]) into the answer: attached, and
    /// shown in the embed when there is one. False when there was none, or it could not be
    /// drawn (logged; the answer stays as it is).
    pub async fn draw(&mut self, pictures: &Pictures) -> bool {
        match self.drawing(pictures) {
            Some(drawing) => self.show(drawing.await),
            None => false,
        }
    }

    /// The drawing of the picture left for later, taken out of the answer: it can go on while
    /// the answer is sent without it. `None` when there is none.
    pub fn drawing<'p>(
        &mut self,
        pictures: &'p Pictures,
    ) -> Option<impl Future<Output = Option<Image>> + Send + use<'p>> {
        let Later { picture, lang } = self.later.take()?;
        Some(draw(pictures, Some(picture), lang))
    }

    /// Puts a drawn picture in the answer (its embed shows it); false without one.
    pub fn show(&mut self, image: Option<Image>) -> bool {
        let Some(image) = image else {
            return false;
        };
        self.embed = self
            .embed
            .take()
            .map(|e| e.image(format!("attachment://{}", image.file_name)));
        self.file = Some(attachment(image));
        true
    }

    /// The edit that adds a drawn picture to a message sent without it: its embed and the file,
    /// leaving the text and the controls as they are (a newer board may have greyed them out
    /// meanwhile); and the files it names as its new attachments, in order.
    pub fn picture_edit(
        &self,
    ) -> (
        serenity::EditInteractionResponse,
        Vec<serenity::CreateAttachment>,
    ) {
        let mut edit =
            serenity::EditInteractionResponse::new().embeds(self.embed.iter().cloned().collect());
        if let Some(file) = &self.file {
            // The edit names the file (its name and words); its bytes go as the upload.
            let mut named = serenity::CreateAttachment::bytes(Vec::new(), file.filename.clone());
            named.description = file.description.clone();
            edit = edit.new_attachment(named);
        }
        (edit, self.file.iter().cloned().collect())
    }
}

/// A drawn picture as an attachment, with its words as the description screen readers say
/// (cut to Discord's limit, saying where the whole position is when it does not fit).
fn attachment(image: Image) -> serenity::CreateAttachment {
    let words = image.description.fitted(DISCORD_DESCRIPTION);
    serenity::CreateAttachment::bytes(image.bytes, image.file_name).description(words)
}

/// Draws a picture off the async threads; `None` (logged) if it cannot be drawn.
async fn draw(pictures: &Pictures, picture: Option<Picture>, lang: Lang) -> Option<Image> {
    match pictures.draw(picture?, lang).await {
        Ok(image) => Some(image),
        Err(e) => {
            debug!("no picture: {e}");
            None
        }
    }
}

/// The match a reply's controls act on and the log position they were drawn for, if any.
fn match_of(reply: &Reply) -> Option<(i64, u32)> {
    reply
        .all_buttons()
        .map(|b| b.id.as_str())
        .chain(reply.menus.iter().map(|m| m.id.as_str()))
        .find_map(stamp_of_custom_id)
        .map(|stamp| (stamp.match_id, stamp.seq))
}

/// Buttons first (at most five a row, as the service makes them), the link buttons after them
/// (in the last row of buttons while it has room), then one row per menu.
fn rows(reply: &Reply, lang: Lang) -> Vec<serenity::CreateActionRow> {
    let mut button_rows: Vec<Vec<serenity::CreateButton>> = reply
        .buttons
        .iter()
        .filter(|row| !row.is_empty())
        .map(|row| {
            row.iter()
                .take(MAX_BUTTONS)
                .map(|b| {
                    serenity::CreateButton::new(b.id.clone())
                        .label(truncate(&b.label.text(lang), 80))
                        .style(match b.style {
                            ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                            ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                            ButtonStyle::Success => serenity::ButtonStyle::Success,
                            ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                        })
                        .disabled(b.disabled)
                })
                .collect()
        })
        .collect();
    for link in reply.links.iter().filter(|l| l.url.len() <= MAX_URL) {
        let button = serenity::CreateButton::new_link(link.url.clone())
            .label(truncate(&link.label.text(lang), 80));
        match button_rows.last_mut() {
            Some(row) if row.len() < MAX_BUTTONS => row.push(button),
            _ => button_rows.push(vec![button]),
        }
    }
    let buttons = button_rows
        .into_iter()
        .map(serenity::CreateActionRow::Buttons);
    let menus = reply
        .menus
        .iter()
        .filter(|m| !m.options.is_empty())
        .map(|m| {
            let options = m
                .options
                .iter()
                .take(25)
                .map(|o| {
                    serenity::CreateSelectMenuOption::new(
                        truncate(&o.label.text(lang), 100),
                        o.value.clone(),
                    )
                })
                .collect();
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    m.id.clone(),
                    serenity::CreateSelectMenuKind::String { options },
                )
                .placeholder(truncate(&m.placeholder.text(lang), 150)),
            )
        });
    buttons.chain(menus).take(MAX_ROWS).collect()
}

/// At most `max` characters, with an ellipsis when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
