//! The `parlor` binary: one subcommand per entry point of INTERFACES.md.

use std::io::{self, BufWriter};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use parlor::games::{AnyGame, GameKind};

#[derive(Parser)]
#[command(
    name = "parlor",
    version,
    about = "Board games for Discord: Lines of Action, Lightning, Barrier and Simultana"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the engine protocol on standard input and output.
    Engine,
    /// Count the move sequences of a given length from the start position, and time it.
    Perft {
        /// loa, lightning, barrier or simultana
        game: GameKind,
        /// How many moves deep to count.
        depth: u32,
        /// Game options as key=value (e.g. rules=olympiad setup=scrambled-eggs).
        options: Vec<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Draw a position as a PNG, or a whole match as an animated GIF.
    Render(RenderArgs),
    /// Play in the terminal through the bot's match service: its commands typed as text.
    Local {
        /// Who speaks first (switch with `/as NAME`).
        #[arg(long = "as", value_name = "NAME")]
        name: Option<String>,
        /// Where board pictures (PNG) and replays (GIF) are written.
        #[arg(long, default_value = "parlor-boards")]
        out: std::path::PathBuf,
    },
}

#[derive(clap::Args)]
struct RenderArgs {
    /// loa, lightning, barrier or simultana
    game: GameKind,
    /// Game options as key=value (e.g. setup=parachute, seed=42).
    options: Vec<String>,
    /// The moves to play from the start, separated by spaces.
    #[arg(long, default_value = "")]
    moves: String,
    /// Where to write the picture.
    #[arg(short, long)]
    output: std::path::PathBuf,
    /// Write an animated replay of the moves (GIF) instead of the final position.
    #[arg(long)]
    gif: bool,
    /// Names shown for the first and second seats.
    #[arg(long, default_value = "")]
    first: String,
    #[arg(long, default_value = "")]
    second: String,
    /// Ratings shown next to the names.
    #[arg(long)]
    first_rating: Option<String>,
    #[arg(long)]
    second_rating: Option<String>,
    /// Simultana: shade the empty region that made the last move legal.
    #[arg(long)]
    region: bool,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlor: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => {
            anyhow::bail!(
                "the Discord bot is not part of this build yet; try `parlor engine` or `parlor perft loa 4`"
            )
        }
        Some(Command::Engine) => {
            let stdin = io::stdin().lock();
            let stdout = BufWriter::new(io::stdout().lock());
            parlor::protocol::run(stdin, stdout).context("engine protocol I/O failed")
        }
        Some(Command::Render(args)) => render(args),
        Some(Command::Local { name, out }) => local(name, out),
        Some(Command::Perft {
            game,
            depth,
            options,
            divide,
        }) => {
            let position = AnyGame::new(game, &options.join(" "))?;
            let start = Instant::now();
            let count = if divide {
                let mut total = 0;
                for (mv, text) in position
                    .legal_moves()
                    .iter()
                    .zip(position.legal_move_texts())
                {
                    let mut child = position.clone();
                    child.play(mv)?;
                    let n = child.perft(depth.saturating_sub(1));
                    println!("{text}: {n}");
                    total += n;
                }
                total
            } else {
                position.perft(depth)
            };
            let seconds = start.elapsed().as_secs_f64();
            println!("perft {depth} {count}");
            let rate = if seconds > 0.0 {
                count as f64 / seconds
            } else {
                0.0
            };
            println!("time {seconds:.3} s ({:.1} M/s)", rate / 1e6);
            Ok(())
        }
    }
}

/// `parlor local`: reads `.env`, then runs a session on a single-threaded runtime.
fn local(name: Option<String>, out: std::path::PathBuf) -> Result<()> {
    let _ = dotenvy::dotenv();
    let database_url =
        std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parlor.db".to_string());
    let name = name
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "player".to_string());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(parlor::local::run(parlor::local::Options {
        name,
        out,
        database_url,
    }))
}

/// `parlor render`: plays the moves from the start and writes the picture or the replay.
fn render(args: RenderArgs) -> Result<()> {
    use parlor::render::{PlayerLabel, Scene};
    let start = AnyGame::new(args.game, &args.options.join(" "))?;
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut before_last = None;
    for (i, text) in args.moves.split_whitespace().enumerate() {
        let mv = game
            .parse_move(text)
            .with_context(|| format!("move {} `{text}`", i + 1))?;
        before_last = Some(game.clone());
        game.play(&mv)
            .with_context(|| format!("move {} `{text}`", i + 1))?;
        moves.push(mv);
    }
    let label = |name: String, rating: Option<String>| PlayerLabel { name, rating };
    let players = [
        label(args.first, args.first_rating),
        label(args.second, args.second_rating),
    ];
    let bytes = if args.gif {
        parlor::render::replay_gif(&start, &moves, players)?
    } else {
        parlor::render::board_png(&Scene {
            game: &game,
            last_move: before_last.as_ref().zip(moves.last().copied()),
            players,
            move_number: moves.len() as u32,
            show_region: args.region,
        })
    };
    std::fs::write(&args.output, &bytes)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    println!("wrote {} ({} bytes)", args.output.display(), bytes.len());
    Ok(())
}
