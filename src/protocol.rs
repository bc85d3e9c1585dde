//! The engine protocol of INTERFACES.md (`parlor engine`): one command per line in, exactly one
//! answer line out (`show` prints a drawing and then `.`). Bad input answers `error: ...` and
//! changes nothing.

use std::io::{BufRead, Write};

use crate::ai;
use crate::games::{AnyGame, AnyMove, GameKind, Status};

/// The plies `puzzle` looks through by default, and the most it accepts.
pub const PUZZLE_PLIES: u32 = 5;
pub const MAX_PUZZLE_PLIES: u32 = 9;

/// What one input line asks the caller to do after printing the answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One protocol session: the current game, if any.
#[derive(Clone, Debug, Default)]
pub struct Session {
    game: Option<AnyGame>,
    /// The position of the last `new`, and the moves played since: what `analyse` reviews.
    start: Option<AnyGame>,
    history: Vec<AnyMove>,
}

impl Session {
    pub fn new() -> Self {
        Self::default()
    }

    /// The current position, once `new` has been given.
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// Handles one input line and returns the answer lines (none for an empty line).
    pub fn handle(&mut self, line: &str) -> (Vec<String>, Flow) {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return (Vec::new(), Flow::Continue);
        };
        let args: Vec<&str> = words.collect();
        let answer = match command {
            "quit" => return (Vec::new(), Flow::Quit),
            "new" => self.new_game(&args),
            "moves" => self.moves(&args),
            "legal" => self.current().map(|g| {
                let mut line = String::from("legal");
                for mv in g.legal_move_texts() {
                    line.push(' ');
                    line.push_str(&mv);
                }
                line
            }),
            "status" => self.current().map(status_line),
            "perft" => self.perft(&args),
            "go" => self.go(&args),
            "puzzle" => self.puzzle(&args),
            "analyse" => {
                return match self.analyse(&args) {
                    Ok(lines) => (lines, Flow::Continue),
                    Err(e) => (vec![format!("error: {e}")], Flow::Continue),
                };
            }
            "show" => {
                return match self.current() {
                    Ok(g) => {
                        let mut lines: Vec<String> =
                            g.draw_text().lines().map(String::from).collect();
                        lines.push(".".to_string());
                        (lines, Flow::Continue)
                    }
                    Err(e) => (vec![format!("error: {e}")], Flow::Continue),
                };
            }
            other => Err(format!(
                "unknown command `{}`; commands: new, moves, legal, status, perft, go, analyse, puzzle, show, quit",
                printable(other)
            )),
        };
        // Errors may quote the input: its control characters (NUL, escapes) stay out.
        let line = answer
            .unwrap_or_else(|e| format!("error: {}", e.replace(|c: char| c.is_control(), "")));
        (vec![line], Flow::Continue)
    }

    fn current(&self) -> Result<&AnyGame, String> {
        self.game
            .as_ref()
            .ok_or_else(|| "no game yet; start one with `new <game>`".to_string())
    }

    fn new_game(&mut self, args: &[&str]) -> Result<String, String> {
        let Some((kind, options)) = args.split_first() else {
            return Err("new needs a game: loa, lightning, barrier or simultana".to_string());
        };
        let kind: GameKind = kind.parse()?;
        let game = AnyGame::new(kind, &options.join(" ")).map_err(|e| e.to_string())?;
        self.start = Some(game.clone());
        self.game = Some(game);
        self.history.clear();
        Ok("ok".to_string())
    }

    fn moves(&mut self, args: &[&str]) -> Result<String, String> {
        let mut game = self.current()?.clone();
        let mut played = Vec::with_capacity(args.len());
        for (i, text) in args.iter().enumerate() {
            let mv = if game.status().is_over() {
                Err(crate::games::MoveError::GameOver)
            } else {
                game.parse_move(text)
            };
            mv.and_then(|mv| game.play(&mv).map(|()| mv))
                .map(|mv| played.push(mv))
                .map_err(|e| format!("{}: {e}", i + 1))?;
        }
        self.game = Some(game);
        self.history.extend(played);
        Ok("ok".to_string())
    }

    /// `go [level=<1-5>] [nodes=<n>] [ms=<t>] [seed=<n>]`: the AI's move, position unchanged.
    /// `ms` caps the time; the search stops at its node count (the level's, or `nodes`) first
    /// when that comes sooner.
    fn go(&self, args: &[&str]) -> Result<String, String> {
        let game = self.current()?;
        let mut seed = 0;
        let mut settings = Vec::new();
        for word in args {
            match word.split_once('=') {
                Some((key, value)) if key.eq_ignore_ascii_case("seed") => {
                    seed = value.parse().map_err(|_| {
                        format!("`{}` is not a seed; write seed=<n>", printable(value))
                    })?;
                }
                _ => settings.push(*word),
            }
        }
        let settings = ai::Settings::parse_words(settings)
            .map_err(|e| format!("{e}; write go [level=<1-5>] [nodes=<n>] [ms=<t>]"))?;
        if game.status().is_over() {
            return Err("the game is over".to_string());
        }
        let thought = ai::think(game, &settings, seed).map_err(|e| e.to_string())?;
        Ok(format!("bestmove {}", thought.notation))
    }

    /// `analyse [nodes=<n>] [seed=<n>]`: the AI's review of the moves played since `new`, one
    /// line per ply, `ply <n> <move> <eval> <best>`, then `.` (INTERFACES.md). `eval` is the
    /// mover's chance of winning after the move (0 to 1); `nodes` and `seed` change the depth
    /// (default [`ai::analysis::Depth::default_for`]) and the searches' seed.
    fn analyse(&self, args: &[&str]) -> Result<Vec<String>, String> {
        let game = self.current()?;
        let mut depth = ai::analysis::Depth::default_for(game.kind());
        for word in args {
            let number = word
                .split_once('=')
                .and_then(|(k, v)| Some((k.to_ascii_lowercase(), v.parse::<u64>().ok()?)));
            match number {
                Some((k, n)) if k == "nodes" && n > 0 => depth.nodes = n,
                Some((k, n)) if k == "seed" => depth.seed = n,
                _ => {
                    return Err(format!(
                        "`{}` is not an analyse setting; write analyse [nodes=<n>] [seed=<n>]",
                        printable(word)
                    ));
                }
            }
        }
        let start = self.start.as_ref().unwrap_or(game);
        let analysis = ai::analysis::analyse(start, &self.history, depth, |_, _| {})
            .map_err(|e| e.to_string())?;
        let mut lines: Vec<String> = analysis
            .plies
            .iter()
            .map(|p| {
                format!(
                    "ply {} {} {:.3} {}",
                    p.ply, p.played_text, p.chance, p.best_text
                )
            })
            .collect();
        lines.push(".".to_string());
        Ok(lines)
    }

    /// `puzzle [plies=<n>]` (an extension): the shortest forced win of the side to move within
    /// `n` plies (default [`PUZZLE_PLIES`]), `puzzle win <plies> <m1> ...` with the longest
    /// resistance, or `puzzle none`.
    fn puzzle(&self, args: &[&str]) -> Result<String, String> {
        let game = self.current()?;
        let mut plies = PUZZLE_PLIES;
        for word in args {
            let value = word
                .split_once('=')
                .filter(|(k, _)| k.eq_ignore_ascii_case("plies"))
                .and_then(|(_, v)| v.parse::<u32>().ok())
                .filter(|n| (1..=MAX_PUZZLE_PLIES).contains(n));
            match value {
                Some(n) => plies = n,
                None => {
                    return Err(format!(
                        "`{}` is not a puzzle setting; write puzzle [plies=<1-{MAX_PUZZLE_PLIES}>]",
                        printable(word)
                    ));
                }
            }
        }
        if game.status().is_over() {
            return Err("the game is over".to_string());
        }
        let own_moves = plies.div_ceil(2);
        match ai::puzzle::forced_win_any(game, own_moves, ai::puzzle::DEFAULT_BUDGET) {
            Ok(found) => {
                let mut position = game.clone();
                let mut line = format!("puzzle win {}", found.plies());
                for mv in &found.line {
                    let text = position.format_move(mv).map_err(|e| e.to_string())?;
                    position.play(mv).map_err(|e| e.to_string())?;
                    line.push(' ');
                    line.push_str(&text);
                }
                Ok(line)
            }
            Err(ai::puzzle::Rejection::NoWin(_)) => Ok("puzzle none".to_string()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn perft(&self, args: &[&str]) -> Result<String, String> {
        let game = self.current()?;
        let depth: u32 = match args {
            [d] => d
                .parse()
                .map_err(|_| format!("`{}` is not a depth; write perft <depth>", printable(d)))?,
            _ => return Err("write perft <depth>".to_string()),
        };
        Ok(format!("perft {depth} {}", game.perft(depth)))
    }
}

/// `to-move <side>` (with four-player Lines of Action the seat, `to-move b1`),
/// `win <side> <reason>` (a team wins under its colour) or `draw <reason>`.
pub fn status_line(game: &AnyGame) -> String {
    match game.status() {
        Status::ToMove(side) => format!(
            "to-move {}",
            game.mover_name().unwrap_or_else(|| game.side_name(side))
        ),
        Status::Over(outcome) => match outcome.winner {
            Some(side) => format!("win {} {}", game.side_name(side), outcome.reason),
            None => format!("draw {}", outcome.reason),
        },
    }
}

/// The input that brings `parlor engine` to a match's position: `new <game> <options>` with
/// every option of the start position (Lightning's seed included), then `moves` with the plies
/// played, in canonical notation. One command a line, each line ending in a newline.
pub fn replay_script(start: &AnyGame, plies: &[String]) -> String {
    let options = start.options_text();
    let mut script = format!("new {}", start.kind());
    if !options.is_empty() {
        script.push(' ');
        script.push_str(&options);
    }
    script.push('\n');
    if !plies.is_empty() {
        script.push_str("moves ");
        script.push_str(&plies.join(" "));
        script.push('\n');
    }
    script
}

/// Keeps echoed input short and on one line.
fn printable(text: &str) -> String {
    let mut s: String = text.chars().filter(|c| !c.is_control()).take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// Runs the protocol over any reader and writer until `quit` or end of input.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut session = Session::new();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
        }
        // Bytes that are not UTF-8 are garbage like any other: they get an error answer.
        let line = String::from_utf8_lossy(&buffer);
        let (lines, flow) = session.handle(&line);
        for l in lines {
            writeln!(output, "{l}")?;
        }
        output.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}
