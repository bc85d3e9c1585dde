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
    /// Run the Discord bot (the default): needs DISCORD_TOKEN (also read from a .env file).
    Bot,
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

/// Reads the configuration (and `.env`), then runs the bot until SIGTERM or ctrl-c.
fn run_bot() -> Result<()> {
    // A missing .env file is normal; the environment alone may hold everything.
    let _ = dotenvy::dotenv();
    let config = parlor::discord::Config::from_env()?;
    parlor::discord::init_logging();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(parlor::discord::run(config))
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None | Some(Command::Bot) => run_bot(),
        Some(Command::Engine) => {
            let stdin = io::stdin().lock();
            let stdout = BufWriter::new(io::stdout().lock());
            parlor::protocol::run(stdin, stdout).context("engine protocol I/O failed")
        }
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
