//! The slash commands of INTERFACES.md: names and option names are fixed, descriptions are free.
//! Each one turns its options into a match-service command and shows the reply.

use std::borrow::Cow;
use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use super::choices::{Clock, Game, Language, Scope, Variant};
use super::present::{Locales, present_first};
use super::respond::answer_command;
use super::{Asker, Context, Error, access};
use crate::i18n::{Lang, Msg};
use crate::table::{self, Act, ChallengeSpec, Opponent, SettingsChange, UserRef};

/// Every command, in the order Discord lists them, described in English and French.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut commands = unlocalized();
    for command in &mut commands {
        localize(command);
    }
    commands
}

/// The catalogue id of a command's description (`cmd-play`) or of an option's (`cmd-play-game`).
pub fn description_id(command: &str, option: Option<&str>) -> String {
    match option {
        Some(o) => format!("cmd-{command}-{o}"),
        None => format!("cmd-{command}"),
    }
}

/// Takes the descriptions of a command and its options from the catalogue: English as the
/// default, French as Discord's `fr` localization. Names stay as INTERFACES.md fixes them.
fn localize(command: &mut poise::Command<super::Data, Error>) {
    let name = command.name.clone();
    let texts = |id: &str| {
        (
            crate::i18n::lookup(Lang::En, id),
            crate::i18n::lookup(Lang::Fr, id),
        )
    };
    if let (Some(en), Some(fr)) = texts(&description_id(&name, None)) {
        command.description = Some(en.into());
        set_french(command.description_localizations.to_mut(), fr);
    }
    for p in &mut command.parameters {
        if let (Some(en), Some(fr)) = texts(&description_id(&name, Some(&p.name))) {
            p.description = Some(en.into());
            set_french(p.description_localizations.to_mut(), fr);
        }
    }
}

/// Sets the `fr` entry of a list of localizations (locale, text).
fn set_french(localizations: &mut Vec<(Cow<'static, str>, Cow<'static, str>)>, text: String) {
    localizations.retain(|(locale, _)| locale != "fr");
    localizations.push(("fr".into(), text.into()));
}

/// The `fr` entry of a list of localizations.
#[cfg(test)]
fn french<'a>(localizations: &'a [(Cow<'static, str>, Cow<'static, str>)]) -> Option<&'a str> {
    localizations
        .iter()
        .find(|(locale, _)| locale == "fr")
        .map(|(_, text)| text.as_ref())
}

fn unlocalized() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        play(),
        move_(),
        board(),
        resign(),
        draw(),
        takeback(),
        abort(),
        rules(),
        leaderboard(),
        stats(),
        history(),
        replay(),
        settings(),
        moves(),
        help(),
        analyze(),
    ]
}

/// Who is asking: their id, the name this server shows, and whether they may moderate here.
fn actor(ctx: Context<'_>) -> table::Actor {
    let user = ctx.author();
    let (name, moderator, manager) = match ctx {
        Context::Application(app) => match &app.interaction.member {
            Some(member) => (
                member.display_name().to_owned(),
                member
                    .permissions
                    .is_some_and(|p| p.manage_messages() || p.administrator()),
                member
                    .permissions
                    .is_some_and(|p| p.manage_guild() || p.administrator()),
            ),
            None => (user.display_name().to_owned(), false, false),
        },
        Context::Prefix(_) => (user.display_name().to_owned(), false, false),
    };
    let mut actor = table::Actor::new(user.id.get(), name);
    if moderator {
        actor = actor.moderator();
    }
    if manager {
        actor = actor.manager();
    }
    actor
}

/// Where: the server, the channel, and the parent channel when this is a thread.
fn place(ctx: Context<'_>) -> table::Place {
    let mut place = table::Place::new(ctx.guild_id().map(|g| g.get()), ctx.channel_id().get());
    if let Context::Application(app) = ctx {
        place.parent = super::thread_parent(app.interaction.channel.as_ref());
        place.can_thread = place.guild.is_some()
            && super::can_thread(
                app.interaction.channel.as_ref(),
                app.interaction.app_permissions,
            );
    }
    place
}

/// A named user as the service knows them.
fn user_ref(user: &serenity::User) -> UserRef {
    UserRef::new(user.id.get(), user.display_name())
}

/// Who asked and where, as Discord says.
fn asker(ctx: Context<'_>) -> Asker {
    match ctx {
        Context::Application(app) => Asker::of(
            ctx.guild_id(),
            ctx.author(),
            &app.interaction.locale,
            app.interaction.guild_locale.as_deref(),
        ),
        Context::Prefix(_) => Asker::default(),
    }
}

/// The languages of this interaction: the person's and the server's.
pub(super) async fn locales(ctx: Context<'_>) -> Locales {
    ctx.data().tongues.locales(&asker(ctx)).await
}

/// Hands `command` to the match service and answers with its reply, in the languages as they
/// stand once it is handled (so `/settings my-language:fr` answers in French). An act the bot
/// lacks a permission for here is refused first, naming it.
async fn run(ctx: Context<'_>, command: Act) -> Result<(), Error> {
    let actor = actor(ctx);
    let place = place(ctx);
    if let Context::Application(app) = ctx {
        let have = app.interaction.app_permissions;
        ctx.data().known.saw(place.channel, have);
        let need = access::needed(&command, place.parent.is_some());
        let lacking = access::missing(have, need);
        if place.guild.is_some() && !lacking.is_empty() {
            let text = access::refusal(lacking).text(locales(ctx).await.pick(true));
            return answer_command(ctx, async move { Answer::private(text) }).await;
        }
    }
    let table = ctx.data().table.clone();
    let tongues = ctx.data().tongues.clone();
    let asker = asker(ctx);
    answer_command(ctx, async move {
        let reply = table.handle(&actor, &place, command).await;
        present_first(reply, tongues.locales(&asker).await, table.pictures()).await
    })
    .await
}

/// Challenge someone to a game (or the bot, or anyone).
#[poise::command(slash_command)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Which game to play"] game: Game,
    #[description = "Who to challenge; pick me to play the computer; leave empty for an open challenge"]
    opponent: Option<serenity::User>,
    #[description = "A variant of the rules (standard if not set)"] variant: Option<Variant>,
    #[description = "Whether the result changes ratings (yes by default; never against the computer)"]
    rated: Option<bool>,
    #[description = "Time allowed for each move (1 day by default)"] clock: Option<Clock>,
    #[description = "The computer's strength, 1 (easy) to 5 (strong)"]
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
) -> Result<(), Error> {
    let opponent = match opponent {
        None => Opponent::Anyone,
        Some(user) if user.id == ctx.data().bot_id => Opponent::Bot,
        Some(user) if user.bot => {
            let text = Msg::new("err-other-bot")
                .plain("name", user.display_name())
                .text(locales(ctx).await.pick(true));
            return answer_command(ctx, async move { Answer::private(text) }).await;
        }
        Some(user) => Opponent::User(user_ref(&user)),
    };
    let mut spec = ChallengeSpec::new(game.kind(), opponent);
    spec.variant = variant.map(|v| v.0);
    spec.rated = rated;
    spec.clock = clock.map(|c| c.0);
    spec.level = level;
    run(ctx, Act::Challenge(spec)).await
}

/// Play a move in this channel's match.
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "Your move, e.g. b1-b3 (start typing to see the legal moves)"]
    #[rename = "move"]
    #[autocomplete = "autocomplete_move"]
    mv: String,
) -> Result<(), Error> {
    run(ctx, Act::Move(mv)).await
}

/// Lists the legal moves that start with what was typed (Discord shows at most 25).
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let start = Instant::now();
    let mut hints = ctx
        .data()
        .table
        .matches()
        .move_hints(&place(ctx), partial)
        .await;
    hints.truncate(25);
    super::log_interaction(
        ctx.author().id,
        &ctx.author().name,
        &format!("autocomplete /move {partial:?}: {} moves", hints.len()),
        start,
        None::<&str>,
    );
    let choices = hints
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Show this channel's match again.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Act::Board).await
}

/// Give up this channel's match.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    // Typed, so deliberate: it resigns at once (only the button asks to confirm). The doc
    // comment above is the command's description in Discord.
    run(ctx, Act::Resign).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    // Typed, so deliberate: it accepts a standing offer at once (only a button asks first).
    run(ctx, Act::Draw).await
}

/// Ask to take back your last move (your opponent accepts or refuses).
#[poise::command(slash_command)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Act::Takeback).await
}

/// Cancel this channel's match before it really started (moderators: at any time).
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Act::Abort).await
}

/// Learn how to play a game.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game"] game: Game,
) -> Result<(), Error> {
    run(ctx, Act::Rules(game.kind())).await
}

/// The best players of a game.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: Game,
    #[description = "This server's players, or everyone (this server by default)"] scope: Option<
        Scope,
    >,
    #[description = "Which page of ten (the first by default)"]
    #[min = 1]
    page: Option<u32>,
    #[description = "A variant with a ladder of its own (ambidextrous, cylinder)"] variant: Option<
        Variant,
    >,
) -> Result<(), Error> {
    let scope = scope.unwrap_or(Scope::Server).scope();
    let page = page.unwrap_or(1);
    run(
        ctx,
        Act::Leaderboard {
            game: game.kind(),
            scope,
            page,
            variant: variant.map(|v| v.0),
        },
    )
    .await
}

/// Ratings and results of a player (you by default), or their record against someone.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (yours if not set)"] user: Option<serenity::User>,
    #[description = "Only this game"] game: Option<Game>,
    #[description = "Show the results against this player instead"] against: Option<serenity::User>,
) -> Result<(), Error> {
    let command = match against {
        Some(against) => Act::HeadToHead {
            user: user_ref(&against),
            other: user.as_ref().map(user_ref),
            game: game.map(Game::kind),
        },
        None => Act::Stats {
            user: user.as_ref().map(user_ref),
            game: game.map(Game::kind),
        },
    };
    run(ctx, command).await
}

/// The latest matches of a player (you by default).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose matches (yours if not set)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    run(
        ctx,
        Act::History {
            user: user.as_ref().map(user_ref),
        },
    )
    .await
}

/// Watch a finished match again, as an animation.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The match number (see /history)"]
    #[rename = "match"]
    match_id: String,
) -> Result<(), Error> {
    match match_id.trim().trim_start_matches('#').parse::<i64>() {
        Ok(match_id) => run(ctx, Act::Replay(match_id)).await,
        Err(_) => {
            let text = Msg::new("err-not-a-match-number")
                .code("text", match_id.trim())
                .code("history", "/history")
                .text(locales(ctx).await.pick(true));
            answer_command(ctx, async move { Answer::private(text) }).await
        }
    }
}

/// The moves of this channel's match, or of a finished match with its export.
#[poise::command(slash_command)]
pub async fn moves(
    ctx: Context<'_>,
    #[description = "A match number (see /history); this channel's match if not set"]
    #[rename = "match"]
    match_id: Option<String>,
) -> Result<(), Error> {
    let Some(text) = match_id else {
        return run(ctx, Act::Moves(None)).await;
    };
    match text.trim().trim_start_matches('#').parse::<i64>() {
        Ok(id) => run(ctx, Act::Moves(Some(id))).await,
        Err(_) => {
            let text = Msg::new("err-not-a-match-number")
                .code("text", text.trim())
                .code("history", "/history")
                .text(locales(ctx).await.pick(true));
            answer_command(ctx, async move { Answer::private(text) }).await
        }
    }
}

/// The AI's review of a finished match: where it was won and lost.
#[poise::command(slash_command)]
pub async fn analyze(
    ctx: Context<'_>,
    #[description = "The match number (see /history)"]
    #[rename = "match"]
    match_id: String,
) -> Result<(), Error> {
    let Ok(id) = match_id.trim().trim_start_matches('#').parse::<i64>() else {
        let text = Msg::new("err-not-a-match-number")
            .code("text", match_id.trim())
            .code("history", "/history")
            .text(locales(ctx).await.pick(true));
        return answer_command(ctx, async move { Answer::private(text) }).await;
    };
    let Context::Application(app) = ctx else {
        return run(ctx, Act::Analyse(Some(id))).await;
    };
    // An analysis can take a while: say "thinking" at once, publicly, then edit that message.
    ctx.defer().await?;
    let reply = ctx
        .data()
        .table
        .handle(&actor(ctx), &place(ctx), Act::Analyse(Some(id)))
        .await;
    super::respond::show_analysis(
        ctx.http(),
        &app.interaction.token,
        reply,
        locales(ctx).await,
        ctx.data().table.pictures(),
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command and option is described in both languages by the catalogue.
    #[test]
    fn every_description_comes_from_the_catalogue() {
        for command in all() {
            let fr = french(&command.description_localizations);
            assert!(fr.is_some(), "/{} has no French description", command.name);
            for p in &command.parameters {
                let id = description_id(&command.name, Some(&p.name));
                assert!(
                    french(&p.description_localizations).is_some(),
                    "{id} is not in the catalogue"
                );
                assert!(p.description.as_ref().is_some_and(|d| d.len() <= 100));
                assert!(fr.is_some_and(|d| d.chars().count() <= 100));
            }
        }
    }
}

/// Show or change the settings: the server's (Manage Server), your reminders and language.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Whether each accepted match gets a thread of its own (this server)"]
    threads: Option<bool>,
    #[description = "Whether you are reminded when your clock runs low"] reminders: Option<bool>,
    #[description = "What the whole server reads (Manage Server)"] language: Option<Language>,
    #[description = "What you read in answers only you see"]
    #[rename = "my-language"]
    my_language: Option<Language>,
    #[description = "Whether this server's ladders and matches are on the web (Manage Server)"]
    web: Option<bool>,
    #[description = "Whether your name is shown on the web pages (else: anonymous)"]
    #[rename = "my-web"]
    my_web: Option<bool>,
) -> Result<(), Error> {
    let server_name = ctx
        .guild_id()
        .and_then(|guild| ctx.data().guild_names.get(guild.get()));
    let act = Act::Settings(SettingsChange {
        threads,
        reminders,
        language: language.map(Language::lang),
        my_language: my_language.map(Language::lang),
        web,
        my_web,
        server_name,
    });
    run(ctx, act).await
}

/// The commands, in short, and where the rules are.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Act::Help).await
}
