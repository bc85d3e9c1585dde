//! Reading lines: `rustyline` with completion on a terminal, plain lines from a pipe. Lines are
//! read on a thread of their own, one at a time when the session asks for the next.

use std::io::{BufRead, IsTerminal};

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::{Context, ExternalPrinter, Helper, Highlighter, Hinter, Validator};
use tokio::sync::mpsc;

use crate::table::{Place, Table};

use super::parse::commands;

/// Asks for the next line (sending the prompt) and receives it; `None` at the end of input.
pub struct Lines {
    pub ask: std::sync::mpsc::Sender<String>,
    pub lines: mpsc::UnboundedReceiver<Option<String>>,
    pub interactive: bool,
    /// On a terminal: prints above the prompt being edited, so that a notice (the AI's move, a
    /// timeout) arriving while someone types does not garble their line.
    pub printer: Option<Box<dyn ExternalPrinter + Send>>,
}

/// Starts the reader thread.
pub fn start(table: Table, place: Place, handle: tokio::runtime::Handle) -> Lines {
    let (ask, asked) = std::sync::mpsc::channel::<String>();
    let (tx, lines) = mpsc::unbounded_channel();
    let interactive = std::io::stdin().is_terminal();
    let (printer_tx, printer_rx) = std::sync::mpsc::sync_channel(1);
    std::thread::spawn(move || {
        if interactive {
            let helper = Completion {
                table,
                place,
                handle,
            };
            let Ok(mut editor) = rustyline::Editor::new() else {
                let _ = printer_tx.send(None);
                let _ = tx.send(None);
                return;
            };
            editor.set_helper(Some(helper));
            let printer = editor
                .create_external_printer()
                .ok()
                .map(|p| Box::new(p) as Box<dyn ExternalPrinter + Send>);
            let _ = printer_tx.send(printer);
            while let Ok(prompt) = asked.recv() {
                match editor.readline(&prompt) {
                    Ok(line) => {
                        let _ = editor.add_history_entry(line.as_str());
                        if tx.send(Some(line)).is_err() {
                            break;
                        }
                    }
                    Err(ReadlineError::Interrupted) => {
                        let _ = tx.send(Some(String::new()));
                    }
                    Err(_) => {
                        let _ = tx.send(None);
                        break;
                    }
                }
            }
        } else {
            let _ = printer_tx.send(None);
            let stdin = std::io::stdin();
            let mut reader = stdin.lock();
            while asked.recv().is_ok() {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        break;
                    }
                    Ok(_) => {
                        if tx.send(Some(line)).is_err() {
                            break;
                        }
                    }
                }
            }
        }
    });
    Lines {
        ask,
        lines,
        interactive,
        printer: printer_rx.recv().ok().flatten(),
    }
}

/// Completes command names, and moves after `/move ` (the service's own hints).
#[derive(Helper, Highlighter, Hinter, Validator)]
struct Completion {
    table: Table,
    place: Place,
    handle: tokio::runtime::Handle,
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let line = &line[..pos];
        let pair = |s: String| Pair {
            display: s.clone(),
            replacement: s,
        };
        let command = line.split_whitespace().next().unwrap_or_default();
        if let Some((prefix, key)) = line
            .strip_prefix(command)
            .filter(|rest| rest.starts_with(' '))
            .zip(super::parse::autocompleted(command))
        {
            let prefix = prefix.trim_start();
            let prefix = prefix
                .strip_prefix(key)
                .and_then(|p| p.strip_prefix(':'))
                .unwrap_or(prefix);
            let start = pos - prefix.len();
            let hints = self
                .handle
                .block_on(self.table.matches().move_hints(&self.place, prefix));
            return Ok((start, hints.into_iter().map(pair).collect()));
        }
        if !line.contains(' ') {
            let found = commands()
                .into_iter()
                .filter(|(c, _)| c.starts_with(line))
                .map(|(c, _)| pair(format!("{c} ")))
                .collect();
            return Ok((0, found));
        }
        let word_start = line.rfind(' ').map_or(0, |i| i + 1);
        let word = &line[word_start..];
        let found = match super::parse::command_of(line) {
            Some((path, _)) => super::parse::complete_option(&path, word),
            None => super::parse::complete_subcommand(command, word),
        };
        Ok((word_start, found.into_iter().map(pair).collect()))
    }
}
