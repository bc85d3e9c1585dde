//! Every slash command, in the order Discord lists them: its options, who and where, its
//! paragraph of `/help`, and how its options become an act. Names and option names are the ones
//! INTERFACES.md fixes; the words are in the catalogue under ids made from them.

use crate::i18n::Msg;
use crate::table::{
    Act, ChallengeSpec, Opponent, PuzzleAct, Scope, SettingsChange, TournamentAct, TournamentCreate,
};

use super::{Args, Choices, Command, Group, Kind, Opt, Places, Source, Values, Who, missing};
use crate::table::tournaments::MAX_ROUNDS;

/// An option anyone may set.
const fn opt(name: &'static str, kind: Kind, required: bool) -> Opt {
    Opt {
        name,
        kind,
        required,
        who: Who::Anyone,
    }
}

/// A server's own setting: Manage Server.
const fn server_opt(name: &'static str, kind: Kind) -> Opt {
    Opt {
        name,
        kind,
        required: false,
        who: Who::ManageServer,
    }
}

/// A command anyone may use anywhere.
const fn command(
    name: &'static str,
    options: &'static [Opt],
    help: Group,
    act: fn(&Args) -> Result<Act, Msg>,
) -> Command {
    Command {
        name,
        options,
        who: Who::Anyone,
        places: Places::EVERYWHERE,
        help,
        act,
        subcommands: &[],
    }
}

/// A subcommand of `/tournament` (named by its whole path), for servers only.
const fn tournament(
    name: &'static str,
    options: &'static [Opt],
    act: fn(&Args) -> Result<Act, Msg>,
) -> Command {
    Command {
        name,
        options,
        who: Who::Anyone,
        places: Places::SERVER,
        help: Group::None,
        act,
        subcommands: &[],
    }
}

/// A tournament act of no option.
fn simply(act: TournamentAct) -> Result<Act, Msg> {
    Ok(Act::Tournament(act))
}

/// A command without options, acting on this channel's match.
const fn control(name: &'static str, act: fn(&Args) -> Result<Act, Msg>) -> Command {
    command(name, &[], Group::Match, act)
}

const GAME: Kind = Kind::Text(Values::Choices(Choices::Games));
const VARIANT: Kind = Kind::Text(Values::Choices(Choices::Variants));
const LANGUAGE: Kind = Kind::Text(Values::Choices(Choices::Languages));
const MATCH: Kind = Kind::Text(Values::Free {
    placeholder: "id",
    example: "12",
});

/// The slash commands.
pub static ALL: [Command; 18] = [
    command(
        "play",
        &[
            opt("game", GAME, true),
            opt("opponent", Kind::User, false),
            opt("variant", VARIANT, false),
            opt("rated", Kind::Bool, false),
            opt("clock", Kind::Text(Values::Choices(Choices::Clocks)), false),
            opt("level", Kind::Number { min: 1, max: 5 }, false),
        ],
        Group::Play,
        play,
    ),
    command(
        "move",
        &[opt(
            "move",
            Kind::Text(Values::Autocomplete(Source::LegalMoves)),
            true,
        )],
        Group::Play,
        |a| Ok(Act::Move(a.need_text("move")?.trim().to_owned())),
    ),
    // `text:true`: the board in words, privately, for screen readers and whoever prefers it.
    command(
        "board",
        &[opt("text", Kind::Bool, false)],
        Group::Match,
        |a| {
            Ok(match a.bool("text") {
                Some(true) => Act::BoardText,
                _ => Act::Board,
            })
        },
    ),
    // Typed, so deliberate: it resigns at once (only the button asks to confirm).
    control("resign", |_| Ok(Act::Resign)),
    // Typed, so deliberate: it accepts a standing offer at once (only a button asks first).
    control("draw", |_| Ok(Act::Draw)),
    control("takeback", |_| Ok(Act::Takeback)),
    control("abort", |_| Ok(Act::Abort)),
    command("rules", &[opt("game", GAME, true)], Group::Rules, |a| {
        Ok(Act::Rules(a.need_game("game")?))
    }),
    command(
        "leaderboard",
        &[
            opt("game", GAME, true),
            opt("scope", Kind::Text(Values::Choices(Choices::Scopes)), false),
            // The widest page is poise's old limit for a `u32`, kept as registered.
            opt(
                "page",
                Kind::Number {
                    min: 1,
                    max: u32::MAX as i64,
                },
                false,
            ),
            opt("variant", VARIANT, false),
        ],
        Group::Results,
        |a| {
            Ok(Act::Leaderboard {
                game: a.need_game("game")?,
                scope: a.scope("scope").unwrap_or(Scope::Server),
                page: a
                    .number("page")
                    .and_then(|p| u32::try_from(p).ok())
                    .unwrap_or(1),
                variant: a.text("variant").map(str::to_owned),
            })
        },
    ),
    command(
        "stats",
        &[
            opt("user", Kind::User, false),
            opt("game", GAME, false),
            opt("against", Kind::User, false),
        ],
        Group::Results,
        |a| {
            let user = a.user("user").map(|p| p.user.clone());
            let game = a.game("game");
            Ok(match a.user("against") {
                Some(against) => Act::HeadToHead {
                    user: against.user.clone(),
                    other: user,
                    game,
                },
                None => Act::Stats { user, game },
            })
        },
    ),
    command(
        "history",
        &[opt("user", Kind::User, false)],
        Group::Results,
        |a| {
            Ok(Act::History {
                user: a.user("user").map(|p| p.user.clone()),
            })
        },
    ),
    command(
        "replay",
        &[opt("match", MATCH, true)],
        Group::Results,
        |a| Ok(Act::Replay(a.need_match_number("match")?)),
    ),
    // Everywhere: a person's own settings are theirs wherever they are; the server's own
    // options are refused outside a server that added the bot ([`Args::needs_server`]).
    command(
        "settings",
        &[
            server_opt("threads", Kind::Bool),
            opt("reminders", Kind::Bool, false),
            server_opt("language", LANGUAGE),
            opt("my-language", LANGUAGE, false),
            server_opt("web", Kind::Bool),
            opt("my-web", Kind::Bool, false),
            server_opt("puzzle-channel", Kind::Channel),
        ],
        Group::Settings,
        |a| {
            Ok(Act::Settings(SettingsChange {
                threads: a.bool("threads"),
                reminders: a.bool("reminders"),
                language: a.language("language"),
                my_language: a.language("my-language"),
                web: a.bool("web"),
                my_web: a.bool("my-web"),
                puzzle_channel: a.channel("puzzle-channel"),
                server_name: None,
            }))
        },
    ),
    command(
        "moves",
        &[opt("match", MATCH, false)],
        Group::Results,
        |a| Ok(Act::Moves(a.match_number("match")?)),
    ),
    command("help", &[], Group::None, |_| Ok(Act::Help)),
    command(
        "analyze",
        &[opt("match", MATCH, true)],
        Group::Results,
        // Without a number (the terminal's press of the final board's button): the requester's
        // last finished match here.
        |a| Ok(Act::Analyse(a.match_number("match")?)),
    ),
    // One command with options rather than subcommands, so that `/puzzle game:barrier` works;
    // `daily` is the option INTERFACES.md names, `move` and `hint` play the puzzle under way.
    command(
        "puzzle",
        &[
            opt("game", GAME, false),
            opt("variant", VARIANT, false),
            opt("daily", Kind::Bool, false),
            opt(
                "move",
                Kind::Text(Values::Autocomplete(Source::PuzzleMoves)),
                false,
            ),
            opt("hint", Kind::Bool, false),
        ],
        Group::Puzzles,
        puzzle,
    ),
    // One command, its subcommands named by INTERFACES.md; a tournament lives in a server.
    Command {
        name: "tournament",
        options: &[],
        who: Who::Anyone,
        places: Places::SERVER,
        help: Group::Tournaments,
        act: |a| Err(missing(a.command(), "create")),
        subcommands: &[
            tournament(
                "tournament create",
                &[
                    opt("game", GAME, true),
                    opt(
                        "format",
                        Kind::Text(Values::Choices(Choices::Formats)),
                        true,
                    ),
                    opt("variant", VARIANT, false),
                    opt(
                        "rounds",
                        Kind::Number {
                            min: 1,
                            max: MAX_ROUNDS as i64,
                        },
                        false,
                    ),
                    opt("clock", Kind::Text(Values::Choices(Choices::Clocks)), false),
                    opt("rated", Kind::Bool, false),
                    opt(
                        "starts",
                        Kind::Text(Values::Free {
                            placeholder: "when",
                            example: "20:30",
                        }),
                        false,
                    ),
                    opt(
                        "duration",
                        Kind::Text(Values::Free {
                            placeholder: "length",
                            example: "1h",
                        }),
                        false,
                    ),
                    opt(
                        "interval",
                        Kind::Text(Values::Free {
                            placeholder: "length",
                            example: "1h",
                        }),
                        false,
                    ),
                ],
                create,
            ),
            tournament("tournament join", &[], |_| {
                simply(TournamentAct::Join(None))
            }),
            tournament("tournament leave", &[], |_| {
                simply(TournamentAct::Leave(None))
            }),
            tournament("tournament start", &[], |_| simply(TournamentAct::Start)),
            tournament("tournament standings", &[], |_| {
                simply(TournamentAct::Standings)
            }),
            tournament("tournament pairings", &[], |_| {
                simply(TournamentAct::Pairings)
            }),
            tournament("tournament bye", &[], |_| simply(TournamentAct::Bye)),
            tournament(
                "tournament add-bot",
                &[opt("level", Kind::Number { min: 1, max: 5 }, false)],
                |a| {
                    let level = a.number("level").and_then(|l| u8::try_from(l).ok());
                    simply(TournamentAct::AddBot(level.unwrap_or(2)))
                },
            ),
            tournament("tournament cancel", &[], |_| simply(TournamentAct::Cancel)),
            tournament("tournament export", &[], |_| simply(TournamentAct::Export)),
            tournament("tournament berserk", &[], |_| {
                simply(TournamentAct::Berserk)
            }),
        ],
    },
];

/// `/tournament create`: the options as typed (the table reads the times and the format).
fn create(a: &Args) -> Result<Act, Msg> {
    Ok(Act::Tournament(TournamentAct::Create(TournamentCreate {
        game: a.need_game("game")?,
        variant: a.text("variant").map(str::to_owned),
        format: a.need_text("format")?.to_owned(),
        rounds: a.number("rounds").and_then(|r| usize::try_from(r).ok()),
        clock: a.text("clock").map(str::to_owned),
        rated: a.bool("rated"),
        starts: a.text("starts").map(str::to_owned),
        duration: a.text("duration").map(str::to_owned),
        interval: a.text("interval").map(str::to_owned),
    })))
}

/// `/puzzle`: a move or a hint for the puzzle under way, the daily puzzle, or a new one.
fn puzzle(a: &Args) -> Result<Act, Msg> {
    let act = if let Some(text) = a.text("move") {
        PuzzleAct::Move(text.trim().to_owned())
    } else if a.bool("hint") == Some(true) {
        PuzzleAct::Hint
    } else if a.bool("daily") == Some(true) {
        PuzzleAct::Daily
    } else {
        PuzzleAct::New {
            game: a.game("game"),
            variant: a.text("variant").map(str::to_owned),
        }
    };
    Ok(Act::Puzzle(act))
}

/// `/play`: a challenge; naming the bot itself plays the AI, another bot is refused.
fn play(a: &Args) -> Result<Act, Msg> {
    let opponent = match a.user("opponent") {
        None => Opponent::Anyone,
        Some(p) if p.is_this_bot => Opponent::Bot,
        Some(p) if p.is_bot => {
            return Err(Msg::new("err-other-bot").plain("name", p.user.name.clone()));
        }
        Some(p) => Opponent::User(p.user.clone()),
    };
    let mut spec = ChallengeSpec::new(a.need_game("game")?, opponent);
    spec.variant = a.text("variant").map(str::to_owned);
    spec.rated = a.bool("rated");
    spec.clock = a.text("clock").map(str::to_owned);
    spec.level = a.number("level").and_then(|l| u8::try_from(l).ok());
    Ok(Act::Challenge(spec))
}
