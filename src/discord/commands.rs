//! The slash commands, registered and dispatched from the transport-free catalogue
//! ([`crate::table::catalogue`]): names and option names are INTERFACES.md's, words come from
//! the Fluent catalogue in English with French as Discord's `fr` localization. One handler reads
//! any command's options, turns them into an act as the catalogue says, and shows the reply.

use std::time::Instant;

use poise::BoxFuture;
use poise::serenity_prelude as serenity;

use super::answer::Answer;
use super::present::{Locales, handled};
use super::reach::Reach;
use super::respond::answer_command;
use super::{Asker, Context, Data, Error, access};
use crate::i18n::{Lang, Msg};
use crate::table::catalogue::{
    self, Args, Command, Kind, Opt, Person, Places, Source, Value, Values,
};
use crate::table::{self, Act, UserRef};

/// Every command, in the order Discord lists them, for poise to dispatch: each runs
/// [`slash`]; an option with suggestions runs [`autocomplete`].
pub fn all() -> Vec<poise::Command<Data, Error>> {
    catalogue::ALL.iter().map(dispatched).collect()
}

/// One command (with its subcommands) as poise dispatches it.
fn dispatched(command: &'static Command) -> poise::Command<Data, Error> {
    poise::Command {
        name: command.leaf_name().into(),
        qualified_name: command.name.into(),
        identifying_name: command.name.into(),
        // poise finds a subcommand only under a parent that has an action too.
        slash_action: Some(slash),
        subcommands: command.subcommands.iter().map(dispatched).collect(),
        parameters: command
            .options
            .iter()
            .filter(|o| matches!(o.kind, Kind::Text(Values::Autocomplete(_))))
            .map(|o| poise::CommandParameter {
                name: o.name.into(),
                name_localizations: Default::default(),
                description: None,
                description_localizations: Default::default(),
                required: o.required,
                channel_types: None,
                choices: Default::default(),
                type_setter: None,
                autocomplete_callback: Some(autocomplete),
                __non_exhaustive: (),
            })
            .collect(),
        ..Default::default()
    }
}

/// What Discord registers: every command of the catalogue with its options, described in
/// English and French.
pub fn registration() -> Vec<serenity::CreateCommand> {
    catalogue::ALL.iter().map(create_command).collect()
}

/// A text of the catalogue in English and in French.
fn both(id: &str) -> (String, String) {
    let text = |lang| crate::i18n::lookup(lang, id).unwrap_or_else(|| id.to_owned());
    (text(Lang::En), text(Lang::Fr))
}

fn create_command(command: &Command) -> serenity::CreateCommand {
    let (en, fr) = both(&command.description_id());
    let builder = serenity::CreateCommand::new(command.name)
        .description(en)
        .description_localized("fr", fr)
        .integration_types(installs(command.places))
        .contexts(contexts(command.places));
    let builder = command.subcommands.iter().fold(builder, |builder, sub| {
        builder.add_option(create_subcommand(sub))
    });
    command.options.iter().fold(builder, |builder, option| {
        builder.add_option(create_option(command, option))
    })
}

/// A subcommand (`/tournament create`) with its options.
fn create_subcommand(sub: &Command) -> serenity::CreateCommandOption {
    let (en, fr) = both(&sub.description_id());
    let builder = serenity::CreateCommandOption::new(
        serenity::CommandOptionType::SubCommand,
        sub.leaf_name(),
        en,
    )
    .description_localized("fr", fr);
    sub.options.iter().fold(builder, |builder, option| {
        builder.add_sub_option(create_option(sub, option))
    })
}

/// How the app must be installed for a command to be offered (Discord's `integration_types`):
/// to a server, to a person's account.
pub fn installs(places: Places) -> Vec<serenity::InstallationContext> {
    use serenity::InstallationContext as Install;
    [
        (places.guild_install, Install::Guild),
        (places.user_install, Install::User),
    ]
    .into_iter()
    .filter_map(|(yes, install)| yes.then_some(install))
    .collect()
}

/// Where a command is offered (Discord's `contexts`): a server's channel, a DM with the bot,
/// DMs and group DMs between people.
pub fn contexts(places: Places) -> Vec<serenity::InteractionContext> {
    use serenity::InteractionContext as Where;
    [
        (places.server, Where::Guild),
        (places.bot_dm, Where::BotDm),
        (places.private_channel, Where::PrivateChannel),
    ]
    .into_iter()
    .filter_map(|(yes, context)| yes.then_some(context))
    .collect()
}

fn create_option(command: &Command, option: &Opt) -> serenity::CreateCommandOption {
    use serenity::CommandOptionType as Type;
    let kind = match option.kind {
        Kind::Text(_) => Type::String,
        Kind::Number { .. } => Type::Integer,
        Kind::Bool => Type::Boolean,
        Kind::User => Type::User,
        Kind::Channel => Type::Channel,
    };
    let (en, fr) = both(&command.option_id(option));
    let builder = serenity::CreateCommandOption::new(kind, option.name, en)
        .description_localized("fr", fr)
        .required(option.required)
        .set_autocomplete(matches!(option.kind, Kind::Text(Values::Autocomplete(_))));
    match option.kind {
        Kind::Number { min, max } => builder
            .min_number_value(min as f64)
            .max_number_value(max as f64),
        Kind::Text(Values::Choices(choices)) => {
            choices
                .all()
                .into_iter()
                .take(25)
                .fold(builder, |builder, choice| {
                    let name = |lang| {
                        choice
                            .label
                            .text(lang)
                            .chars()
                            .take(100)
                            .collect::<String>()
                    };
                    builder.add_string_choice_localized(
                        name(Lang::En),
                        choice.value.clone(),
                        [("fr", name(Lang::Fr))],
                    )
                })
        }
        _ => builder,
    }
}

/// Runs any command: its options read as the catalogue declares them, then its act.
fn slash(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        handle(ctx)
            .await
            .map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

async fn handle(app: poise::ApplicationContext<'_, Data, Error>) -> Result<(), Error> {
    let ctx = Context::Application(app);
    let Some(command) = catalogue::find_path(&app.command().qualified_name) else {
        anyhow::bail!("/{} is not in the catalogue", app.command().qualified_name);
    };
    let reach = reach(ctx);
    if !reach.is_member() {
        app.data()
            .chats
            .saw(ctx.channel_id().get(), &app.interaction.token);
    }
    // What only makes sense in a server that added the bot says so anywhere else.
    let in_server = reach.is_member() && ctx.guild_id().is_some();
    let act = args(app, command).and_then(|args| {
        if args.needs_server() && !in_server {
            return Err(Msg::new("err-server-only")
                .code("settings", "/settings")
                .code("leaderboard", "/leaderboard scope:global"));
        }
        (command.act)(&args)
    });
    let act = match act {
        Ok(Act::Challenge(spec)) if app.interaction.context == Some(BOT_DM) => in_bot_dm(spec),
        other => other,
    };
    let answered = answer_act(app, act).await;
    if !reach.is_member() {
        let token = &app.interaction.token;
        super::respond::tell_waiting(ctx.http(), ctx.data(), ctx.channel_id(), token).await;
    }
    answered
}

/// A DM with Parlor itself: the context where `/play` plays the AI.
const BOT_DM: serenity::InteractionContext = serenity::InteractionContext::BotDm;

/// `/play` in a DM with Parlor: nobody else is there, so Parlor is the opponent; a challenge
/// to someone else is refused, saying where to challenge them.
fn in_bot_dm(mut spec: table::ChallengeSpec) -> Result<Act, Msg> {
    match &spec.opponent {
        table::Opponent::Anyone => spec.opponent = table::Opponent::Bot,
        table::Opponent::User(user) => {
            return Err(Msg::new("err-dm-play-a-friend")
                .player("player", user.id, &user.name)
                .code("play", "/play"));
        }
        table::Opponent::Bot => {}
    }
    Ok(Act::Challenge(spec))
}

/// Answers a command's act (or its refusal).
async fn answer_act(
    app: poise::ApplicationContext<'_, Data, Error>,
    act: Result<Act, Msg>,
) -> Result<(), Error> {
    let ctx = Context::Application(app);
    match act {
        Err(refusal) => {
            let text = refusal.text(locales(ctx).await.pick(true));
            answer_command(ctx, async move { Answer::private(text) }).await
        }
        Ok(Act::Analyse(Some(id))) => analyze(app, id).await,
        Ok(Act::Settings(mut change)) => {
            change.server_name = ctx
                .guild_id()
                .and_then(|guild| ctx.data().guild_names.get(guild.get()));
            run(ctx, Act::Settings(change)).await
        }
        Ok(act) => run(ctx, act).await,
    }
}

/// The options Discord sent, as the catalogue reads them.
fn args(
    app: poise::ApplicationContext<'_, Data, Error>,
    command: &'static Command,
) -> Result<Args, Msg> {
    let mut args = Args::new(command);
    for option in app.args {
        let value = match &option.value {
            serenity::ResolvedValue::String(text) => Value::Text((*text).to_owned()),
            serenity::ResolvedValue::Integer(n) => Value::Number(*n),
            serenity::ResolvedValue::Boolean(b) => Value::Bool(*b),
            serenity::ResolvedValue::Channel(channel) => Value::Channel(channel.id.get()),
            serenity::ResolvedValue::User(user, _) => Value::User(Person {
                user: user_ref(user),
                is_this_bot: user.id == app.data().bot_id,
                is_bot: user.bot,
            }),
            _ => return Err(Msg::new("err-internal")),
        };
        args.set(option.name, value)?;
    }
    Ok(args)
}

/// Lists the legal moves that start with what was typed (Discord shows at most 25).
fn autocomplete<'a>(
    ctx: poise::ApplicationContext<'a, Data, Error>,
    partial: &'a str,
) -> BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let start = Instant::now();
        let source = catalogue::find(&ctx.command().name).and_then(|c| {
            c.options.iter().find_map(|o| match o.kind {
                Kind::Text(Values::Autocomplete(source)) => Some(source),
                _ => None,
            })
        });
        let mut hints = match source {
            Some(Source::LegalMoves) => {
                let place = place(Context::Application(ctx));
                let table = &ctx.data().table;
                match table.matches().live_here(&place).await {
                    Some(_) => table.matches().move_hints(&place, partial).await,
                    // No match here: the person's puzzle, if one is under way.
                    None => {
                        let puzzles = table.puzzles();
                        puzzles.move_hints(ctx.author().id.get(), partial).await
                    }
                }
            }
            Some(Source::PuzzleMoves) => {
                let puzzles = ctx.data().table.puzzles();
                puzzles.move_hints(ctx.author().id.get(), partial).await
            }
            None => Vec::new(),
        };
        hints.truncate(25);
        let author = ctx.author();
        super::log_interaction(
            author.id,
            &author.name,
            &format!(
                "autocomplete /{} {partial:?}: {} moves",
                ctx.command().name,
                hints.len()
            ),
            start,
            None::<&str>,
        );
        let choices = hints
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect();
        serenity::CreateAutocompleteResponse::new().set_choices(choices)
    })
}

/// Who is asking: their id, the name this server shows, and whether they may moderate here.
fn actor(ctx: Context<'_>) -> table::Actor {
    let user = ctx.author();
    let (name, moderator, manager, events) = match ctx {
        Context::Application(app) => match &app.interaction.member {
            Some(member) => {
                let has = |p: fn(serenity::Permissions) -> bool| {
                    member
                        .permissions
                        .is_some_and(|m| p(m) || m.administrator())
                };
                (
                    member.display_name().to_owned(),
                    has(serenity::Permissions::manage_messages),
                    has(serenity::Permissions::manage_guild),
                    has(serenity::Permissions::manage_events),
                )
            }
            None => (user.display_name().to_owned(), false, false, false),
        },
        Context::Prefix(_) => (user.display_name().to_owned(), false, false, false),
    };
    let mut actor = table::Actor::new(user.id.get(), name);
    if moderator {
        actor = actor.moderator();
    }
    if manager {
        actor = actor.manager();
    }
    if events {
        actor = actor.events_manager();
    }
    actor
}

/// How the bot reaches this interaction's chat.
fn reach(ctx: Context<'_>) -> Reach {
    match ctx {
        Context::Application(app) => {
            let i = app.interaction;
            let member = i.member.as_ref().and_then(|m| m.permissions);
            Reach::of(
                i.context,
                i.guild_id,
                &i.authorizing_integration_owners,
                member,
            )
        }
        Context::Prefix(_) => Reach::Member,
    }
}

/// Where: the server, the channel, and the parent channel when this is a thread. A chat the bot
/// is no member of belongs to no server (its matches count in the global ladder only).
fn place(ctx: Context<'_>) -> table::Place {
    if !reach(ctx).is_member() {
        return table::Place::new(None, ctx.channel_id().get());
    }
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
    tongues.heard(&asker);
    let forced_private = reach(ctx).forced_private();
    answer_command(ctx, async move {
        handled(
            &table,
            &tongues,
            &asker,
            &actor,
            &place,
            command,
            forced_private,
        )
        .await
    })
    .await
}

/// `/analyze`: an analysis can take a while, so "thinking" is said at once, publicly, and that
/// message is edited once the review is ready.
async fn analyze(app: poise::ApplicationContext<'_, Data, Error>, id: i64) -> Result<(), Error> {
    let ctx = Context::Application(app);
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
