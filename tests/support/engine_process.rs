//! `parlor engine` as a child process, for the test binaries of the root package that talk to
//! it (shared with `#[path]`).

use std::process::{Child, Command, Stdio};

/// Starts `parlor engine` with its standard input and output piped to the test.
pub fn spawn_engine() -> Child {
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("parlor engine starts")
}
