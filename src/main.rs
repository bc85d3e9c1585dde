//! The `parlor` binary: one subcommand per entry point of INTERFACES.md.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};

use clap::{Parser, Subcommand};
use parlor::ai::Settings;
use parlor::ai::arena::ArenaConfig;
use parlor::games::{AnyGame, GameKind};

/// A perft count above this (minutes of work at tens of millions a second) is announced first.
const PERFT_WARN: u64 = 2_000_000_000;

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
    Bot(BotArgs),
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
    /// Play two AI players against each other (alternating seats) and print the score with a
    /// 95% confidence interval. Players: level=<1-5>, uct=<simulations>, with optional
    /// nodes=<n> and ms=<t> (e.g. --a level=5 --b uct=10000).
    Arena {
        /// loa, lightning, barrier or simultana
        game: GameKind,
        /// Game options as key=value (e.g. rules=olympiad).
        options: Vec<String>,
        /// Player A.
        #[arg(long, default_value = "level=3")]
        a: Settings,
        /// Player B.
        #[arg(long, default_value = "level=2")]
        b: Settings,
        /// How many games (A takes the first seat in the even-numbered ones).
        #[arg(long, short = 'n', default_value_t = 20)]
        games: usize,
        /// The seed of every search and of Lightning's piles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Plies after which a game counts as a draw.
        #[arg(long, default_value_t = 2000)]
        max_plies: usize,
        /// Print every game's moves.
        #[arg(long)]
        verbose: bool,
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
        /// The language of replies and pictures: en or fr (default: PARLOR_LANG, else en).
        #[arg(long)]
        lang: Option<parlor::i18n::Lang>,
        /// For tests and demos: time stands still (game clocks, an arena's end) except when
        /// `/wait MINUTES` lets it pass.
        #[arg(long)]
        manual_clock: bool,
    },
    /// Serve only the web pages (and /healthz) on PARLOR_HTTP, reading the database named by
    /// DATABASE_URL, for operators who keep the bot itself elsewhere.
    Web,
    /// Ask the /healthz of the bot serving PARLOR_HTTP (in this environment or .env): print its
    /// answer, exit 0 when healthy, 1 otherwise. For container health checks.
    Health,
    /// Pair the next round of the Swiss tournament in a FIDE TRF file by the Dutch system and
    /// print it as bbpPairings does: the number of boards, then `WHITE BLACK` start numbers a
    /// line (a bye as `ID 0`).
    Pair {
        /// The TRF file (TRF-2026, or TRF(x) as bbpPairings reads it).
        file: std::path::PathBuf,
    },
    /// Find puzzles and store them, or print the stored ones (DATABASE_URL names the database).
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
    /// Copy the SQLite database named by DATABASE_URL to a new FILE, consistently, even while the
    /// bot runs (on PostgreSQL, use pg_dump instead).
    Backup {
        /// The new file to write; an existing one is never overwritten.
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Search self-play games at several levels and the finished matches in the database for
    /// puzzles until COUNT of this game and options are stored (run again to go on).
    Generate {
        /// loa, barrier or simultana
        game: GameKind,
        /// Game options as key=value (e.g. setup=scrambled-eggs).
        options: Vec<String>,
        /// How many puzzles of this game and options to have stored.
        #[arg(long, default_value_t = 300)]
        count: i64,
        /// The longest puzzle, in the solver's own moves.
        #[arg(long, default_value_t = parlor::ai::puzzle::DEFAULT_MOVES)]
        max_moves: u32,
    },
    /// Print every stored puzzle, one a line (the format of INTERFACES.md).
    Export {
        /// Only this game's.
        game: Option<GameKind>,
    },
}

#[derive(clap::Args, Default)]
struct BotArgs {
    /// Run only these gateway shards, e.g. 0-3 (or one, e.g. 2), with --total-shards; several
    /// processes sharing one PostgreSQL database then serve every server once together.
    #[arg(long, value_name = "A-B")]
    shards: Option<String>,
    /// How many shards the bot has in all (with --shards).
    #[arg(long, value_name = "N")]
    total_shards: Option<u32>,
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
    /// LOA for four: the players' names in turn order, comma-separated (e.g. `ann,bob,cy,dee`).
    #[arg(long, value_delimiter = ',')]
    seats: Vec<String>,
    /// Simultana: shade the empty region that made the last move legal.
    #[arg(long)]
    region: bool,
    /// The language of the words drawn: en or fr.
    #[arg(long, default_value = "en")]
    lang: parlor::i18n::Lang,
    /// Moves of the position drawn to show as arrows, comma-separated (`b1-b3,c1-c3`): the
    /// first in the colour of a move played, the others in that of the AI's better move.
    #[arg(long, value_delimiter = ',')]
    arrows: Vec<String>,
    /// Write the coach's evaluation graph of the moves (PNG) instead of a board.
    #[arg(long)]
    graph: bool,
    /// With --graph: search steps per position (default: the analysis's default depth).
    #[arg(long)]
    nodes: Option<u64>,
}

/// mimalloc rather than glibc's malloc: the bot allocates on one tokio thread and frees on
/// another all the time, where glibc's arenas spend about a tenth of its CPU (issue 44).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`parlor ... | head`): nothing is wrong, nothing more to say.
        Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if parlor::logs::json() => {
            let error = format!("{e:#}");
            tracing::error!(error = error.as_str(), "parlor stopped");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("parlor: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has gone.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// `print!` panics when standard output is a pipe whose reader has gone (`parlor perft ... |
/// head`): that ends the program quietly, with success, instead of a backtrace. Any other panic
/// is reported as before.
fn quiet_on_closed_pipe() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info);
    }));
}

/// `parlor puzzles generate|export` on the database named by DATABASE_URL.
fn puzzles(command: PuzzlesCommand) -> Result<()> {
    use parlor::table::puzzles;
    let _ = dotenvy::dotenv();
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parlor.db".to_owned());
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let store = parlor::store::Store::open(&url).await?;
        match command {
            PuzzlesCommand::Generate {
                game,
                options,
                count,
                max_moves,
            } => {
                let now = || {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
                };
                let done = puzzles::generate(
                    &store,
                    game,
                    &options.join(" "),
                    count,
                    max_moves,
                    now,
                    |p| eprintln!("{} games, {} added, {} stored", p.games, p.added, p.stored),
                )
                .await?;
                println!(
                    "{} puzzles added from {} games; {} stored",
                    done.added, done.games, done.stored
                );
            }
            PuzzlesCommand::Export { game } => {
                let mut out = BufWriter::new(io::stdout().lock());
                for line in puzzles::export(&store, game).await? {
                    writeln!(out, "{line}")?;
                }
                out.flush()?;
            }
        }
        store.close().await;
        Ok(())
    })
}

/// Reads the configuration (and `.env`), then runs the bot until SIGTERM or ctrl-c.
fn run_bot(args: BotArgs) -> Result<()> {
    // Bad flags are said before anything else is looked at.
    let shards = parlor::discord::ShardSet::from_flags(args.shards.as_deref(), args.total_shards)?;
    // A missing .env file is normal; the environment alone may hold everything.
    let _ = dotenvy::dotenv();
    let config = parlor::discord::Config {
        shards,
        ..parlor::discord::Config::from_env()?
    };
    let http = parlor::http::address(std::env::var("PARLOR_HTTP").ok().as_deref())?;
    parlor::logs::init("info")?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        if let Some(addr) = http {
            serve_http(addr, config.health.clone()).await?;
        }
        parlor::discord::run(config).await
    })
}

/// Starts `/healthz` and `/metrics` on `addr` beside the bot, in a task of their own: the
/// metrics recorder, the listener (a port already taken stops the start here), the router.
async fn serve_http(addr: std::net::SocketAddr, health: parlor::discord::Health) -> Result<()> {
    let listener = parlor::http::bind(addr).await?;
    let metrics = parlor::http::Metrics::install()?;
    let pages = health.clone();
    let site = parlor::http::Site {
        probe: Some(parlor::http::probe(move || {
            let health = health.clone();
            async move { health.checks().await }
        })),
        metrics: Some(metrics),
    };
    let router =
        parlor::http::router(site).merge(parlor::web::router(Arc::new(move || pages.store())));
    parlor::http::serve(listener, router);
    Ok(())
}

/// `parlor web`: the pages and `/healthz` (the database's health) on `PARLOR_HTTP`, until
/// SIGTERM or ctrl-c.
fn web() -> Result<()> {
    let _ = dotenvy::dotenv();
    let addr = parlor::http::address(std::env::var("PARLOR_HTTP").ok().as_deref())?
        .ok_or(parlor::http::HttpError::NoPagesAddress)?;
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parlor.db".to_owned());
    parlor::logs::init("info")?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let listener = parlor::http::bind(addr).await?;
        let metrics = parlor::http::Metrics::install()?;
        let reading = parlor::web::Reading::open(url, std::time::Duration::from_secs(2)).await?;
        let checked = reading.clone();
        let site = parlor::http::Site {
            probe: Some(parlor::http::probe(move || {
                let reading = checked.clone();
                async move { vec![("database", reading.health().await)] }
            })),
            metrics: Some(metrics),
        };
        let pages = reading.clone();
        let router =
            parlor::http::router(site).merge(parlor::web::router(Arc::new(move || pages.store())));
        let server = parlor::http::serve(listener, router);
        tracing::info!(%addr, "serving the web pages, /healthz and /metrics");
        shutdown().await;
        server.abort();
        reading.close().await;
        anyhow::Ok(())
    })
}

/// Waits for ctrl-c or SIGTERM.
async fn shutdown() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// `parlor health`: asks the bot's `/healthz` on `PARLOR_HTTP`, prints the answer; fails unless
/// it is 200.
fn health() -> Result<()> {
    let _ = dotenvy::dotenv();
    let addr = parlor::http::address(std::env::var("PARLOR_HTTP").ok().as_deref())?
        .ok_or(parlor::http::HttpError::NotServed)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let (status, body) = runtime.block_on(parlor::http::ask_health(addr))?;
    println!("{body}");
    if status != 200 {
        anyhow::bail!("unhealthy (HTTP {status})");
    }
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => run_bot(BotArgs::default()),
        Some(Command::Bot(args)) => run_bot(args),
        Some(Command::Engine) => {
            let stdin = io::stdin().lock();
            let stdout = BufWriter::new(io::stdout().lock());
            parlor::protocol::run(stdin, stdout).context("engine protocol I/O failed")
        }
        Some(Command::Render(args)) => render(args),
        Some(Command::Local {
            name,
            out,
            lang,
            manual_clock,
        }) => local(name, out, lang, manual_clock),
        Some(Command::Backup { file }) => backup(&file),
        Some(Command::Puzzles(command)) => puzzles(command),
        Some(Command::Health) => health(),
        Some(Command::Web) => web(),
        Some(Command::Pair { file }) => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let out = parlor::tournament::pair_trf(&text)
                .with_context(|| format!("cannot pair {}", file.display()))?;
            print!("{out}");
            Ok(())
        }
        Some(Command::Perft {
            game,
            depth,
            options,
            divide,
        }) => {
            let position = AnyGame::new(game, &options.join(" "))?;
            let estimate = position.perft_estimate(depth);
            if estimate >= PERFT_WARN {
                eprintln!(
                    "perft: about {estimate:.1e} move sequences to count (from the first two plies); this may take a long time, Ctrl-C stops it",
                    estimate = estimate as f64
                );
            }
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
        Some(Command::Arena {
            game,
            options,
            a,
            b,
            games,
            seed,
            jobs,
            max_plies,
            verbose,
        }) => {
            if games == 0 {
                anyhow::bail!("-n 0 plays no game: give at least 1 (the default is 20)");
            }
            let config = ArenaConfig {
                kind: game,
                options: options.join(" "),
                a,
                b,
                games,
                seed,
                max_plies,
                jobs,
            };
            arena(&config, verbose)
        }
    }
}

/// `parlor local`: reads `.env`, then runs a session on a single-threaded runtime.
fn local(
    name: Option<String>,
    out: std::path::PathBuf,
    lang: Option<parlor::i18n::Lang>,
    manual_clock: bool,
) -> Result<()> {
    let _ = dotenvy::dotenv();
    parlor::logs::init("warn")?;
    let lang = lang.unwrap_or_else(parlor::i18n::Lang::from_env);
    let database_url =
        std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parlor.db".to_string());
    let name = name
        .or_else(|| std::env::var("USER").ok())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "player".to_string());
    let docs_url = parlor::table::docs_url(&std::env::var("PARLOR_DOCS_URL").unwrap_or_default())?;
    let public_url =
        parlor::table::public_url(&std::env::var("PARLOR_PUBLIC_URL").unwrap_or_default())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(parlor::local::run(parlor::local::Options {
        name,
        out,
        database_url,
        lang,
        docs_url,
        public_url,
        manual_clock,
    }))
}

/// `parlor backup FILE`: reads `.env` for `DATABASE_URL`, then copies the database.
fn backup(file: &std::path::Path) -> Result<()> {
    let _ = dotenvy::dotenv();
    let database_url =
        std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parlor.db".to_string());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let backup = runtime.block_on(parlor::store::backup::take(&database_url, file))?;
    println!(
        "backed up {} to {}: {} matches, {} move-log entries, {} bytes",
        parlor::store::shown_url(&database_url),
        file.display(),
        backup.matches,
        backup.entries,
        backup.bytes
    );
    Ok(())
}

/// Runs the arena and prints one line per game, then the totals.
fn arena(config: &ArenaConfig, verbose: bool) -> Result<()> {
    // Fail on bad options before any thinking.
    AnyGame::new(config.kind, &config.options)?;
    println!(
        "{}: A = {} vs B = {}, {} games, seed {}",
        config.kind, config.a, config.b, config.games, config.seed
    );
    let result = parlor::ai::arena::run(config, |g| {
        let seat = if g.a_first { "A first " } else { "A second" };
        let score = if g.score_a == 1.0 {
            "A wins"
        } else if g.score_a == 0.0 {
            "B wins"
        } else {
            "draw  "
        };
        println!(
            "game {:>3}  {seat}  {score}  {:>4} plies  {}",
            g.index + 1,
            g.plies,
            g.ending
        );
        if verbose {
            println!("  {}", g.moves.join(" "));
        }
    })?;
    let (lo, hi) = result.score_interval();
    let (wlo, whi) = result.win_interval();
    println!(
        "A: {} wins, {} draws, {} losses of {}",
        result.wins(),
        result.draws(),
        result.losses(),
        result.games.len()
    );
    println!(
        "A win rate {:.1}% (95% CI {:.1}-{:.1}%, Wilson); score {:.1}% (95% CI {:.1}-{:.1}%)",
        100.0 * result.wins() as f64 / result.games.len().max(1) as f64,
        100.0 * wlo,
        100.0 * whi,
        100.0 * result.score(),
        100.0 * lo,
        100.0 * hi
    );
    for (name, stats) in [("A", result.a), ("B", result.b)] {
        println!(
            "{name}: {} moves, {:.0} ms/move, {:.0} nodes/move, {:.0} nodes/s",
            stats.moves,
            stats.time_per_move().as_secs_f64() * 1000.0,
            stats.nodes as f64 / stats.moves.max(1) as f64,
            stats.speed()
        );
    }
    Ok(())
}

/// `parlor render`: plays the moves from the start and writes the picture or the replay.
fn render(args: RenderArgs) -> Result<()> {
    use parlor::render::{PlayerLabel, Scene};
    // The file's name says what it holds: refuse a name the picture would contradict.
    let wanted = if args.gif { "gif" } else { "png" };
    let named = args.output.extension().and_then(|e| e.to_str());
    if !named.is_some_and(|e| e.eq_ignore_ascii_case(wanted)) {
        anyhow::bail!(
            "{} would not be a {} file: parlor render writes PNG (GIF with --gif); name it .{wanted}",
            args.output.display(),
            wanted.to_uppercase()
        );
    }
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
    let label = |name: String, rating: Option<String>| PlayerLabel {
        name,
        rating,
        clock: None,
    };
    let players = [
        label(args.first, args.first_rating),
        label(args.second, args.second_rating),
    ];
    let seats: Vec<PlayerLabel> = args.seats.into_iter().map(PlayerLabel::new).collect();
    let arrows = args
        .arrows
        .iter()
        .filter(|t| !t.trim().is_empty())
        .enumerate()
        .map(|(i, text)| {
            let mv = game
                .parse_move(text)
                .with_context(|| format!("arrow {} `{text}`", i + 1))?;
            let kind = if i == 0 {
                parlor::render::ArrowKind::Played
            } else {
                parlor::render::ArrowKind::Better
            };
            Ok(parlor::render::Arrow { mv, kind })
        })
        .collect::<Result<Vec<_>>>()?;
    let bytes = if args.graph {
        use parlor::ai::analysis::{Depth, analyse};
        let depth = args
            .nodes
            .map_or_else(|| Depth::default_for(args.game), Depth::nodes);
        let analysis = analyse(&start, &moves, depth, |_, _| {})?;
        parlor::render::evaluation_png(&analysis, &start, args.lang)
    } else if args.gif {
        parlor::render::replay_gif_seats(&start, &moves, players, seats, None, args.lang)?
    } else {
        parlor::render::board_png_with_arrows(
            &Scene {
                game: &game,
                last_move: before_last.as_ref().zip(moves.last().copied()),
                players,
                seats,
                move_number: start.move_numbers(&moves).last().map_or(0, |&n| n as u32),
                show_region: args.region,
                lang: args.lang,
                result: None,
                caption: None,
            },
            &arrows,
        )
    };
    std::fs::write(&args.output, &bytes)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    println!("wrote {} ({} bytes)", args.output.display(), bytes.len());
    Ok(())
}
