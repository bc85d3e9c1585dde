//! The slash commands of INTERFACES.md: names and option names are fixed, descriptions are free.

use poise::serenity_prelude as serenity;

use super::choices::{Clock, Game, Scope, Variant};
use super::respond::{Answer, answer_command};
use super::{Context, Error};

/// Every command, in the order Discord lists them.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
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
    ]
}

const NOT_YET: &str = "Matches are not available yet: the match service is still being built.";

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
    let _ = (game, opponent, variant, rated, clock, level);
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
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
    let _ = mv;
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Lists the legal moves that start with what was typed (Discord shows at most 25).
async fn autocomplete_move(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let _ = (ctx, partial);
    Vec::new()
}

/// Show this channel's match again.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Give up this channel's match.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Ask to take back your last move (your opponent accepts or refuses).
#[poise::command(slash_command)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Cancel this channel's match before it really started (moderators: at any time).
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Learn how to play a game.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which game"] game: Game,
) -> Result<(), Error> {
    let _ = game;
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// The best players of a game.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: Game,
    #[description = "This server's players, or everyone (this server by default)"] scope: Option<
        Scope,
    >,
) -> Result<(), Error> {
    let _ = (game, scope);
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Ratings and results of a player (you by default).
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (yours if not set)"] user: Option<serenity::User>,
    #[description = "Only this game"] game: Option<Game>,
) -> Result<(), Error> {
    let _ = (user, game);
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// The latest matches of a player (you by default).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose matches (yours if not set)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let _ = user;
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}

/// Watch a finished match again, as an animation.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The match number (see /history)"]
    #[rename = "match"]
    match_id: String,
) -> Result<(), Error> {
    let _ = match_id;
    answer_command(ctx, async { Answer::private(NOT_YET) }).await
}
