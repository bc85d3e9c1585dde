//! A PostgreSQL server of one test's own, which the test can stop as a crash or a maintenance
//! does (every connection drops, the port refuses) and start again on the same port; made with
//! the programs `scripts/pg-test.sh` found (`PARLOR_TEST_POSTGRES_BIN`, and as root the user
//! that owns its clusters, `PARLOR_TEST_POSTGRES_OWNER`). The server the other tests share is
//! never stopped.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// A throwaway cluster on a port of its own, stopped and removed when dropped.
pub struct PgServer {
    dir: tempfile::TempDir,
    port: u16,
    bin: PathBuf,
    owner: Option<String>,
}

impl PgServer {
    /// Creates and starts one; `None` where `scripts/pg-test.sh` did not say where
    /// PostgreSQL's programs are.
    pub fn create() -> Option<PgServer> {
        let bin = PathBuf::from(std::env::var_os("PARLOR_TEST_POSTGRES_BIN")?);
        let owner = std::env::var("PARLOR_TEST_POSTGRES_OWNER")
            .ok()
            .filter(|o| !o.is_empty());
        let dir = tempfile::tempdir().expect("a folder for the cluster");
        if let Some(owner) = &owner {
            succeeds(Command::new("chown").arg(owner).arg(dir.path()), "chown");
        }
        let server = PgServer {
            dir,
            port: free_port(),
            bin,
            owner,
        };
        let data = server.data();
        let mut initdb = server.program("initdb");
        initdb.arg("-D").arg(&data).args([
            "-U",
            "parlor",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        ]);
        succeeds(&mut initdb, "initdb");
        server.start();
        Some(server)
    }

    /// A new server on a port of its own holding a copy of this one's files, as a standby
    /// promoted in a failover holds the primary's data; call it once this one is stopped.
    pub fn promoted_copy(&self) -> PgServer {
        let dir = tempfile::tempdir().expect("a folder for the copy");
        let mut copy = Command::new("cp");
        copy.arg("-a").arg(self.data()).arg(dir.path().join("data"));
        succeeds(&mut copy, "copy the cluster");
        if let Some(owner) = &self.owner {
            succeeds(Command::new("chown").arg(owner).arg(dir.path()), "chown");
        }
        let server = PgServer {
            dir,
            port: free_port(),
            bin: self.bin.clone(),
            owner: self.owner.clone(),
        };
        server.start();
        server
    }

    /// Its port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Its URL (the `postgres` database initdb makes).
    pub fn url(&self) -> String {
        format!("postgres://parlor@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts it (again), on the same port; returns once it accepts connections.
    pub fn start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let mut start = self.program("pg_ctl");
        start
            .arg("-D")
            .arg(self.data())
            .arg("-l")
            .arg(self.dir.path().join("server.log"))
            .args(["-w", "-o", &options, "start"]);
        tokio::task::block_in_place(|| succeeds(&mut start, "pg_ctl start"));
    }

    /// Stops it at once, as a crash does (`-m immediate`: no goodbye to the clients).
    pub fn stop(&self) {
        tokio::task::block_in_place(|| succeeds(&mut self.stopping(), "pg_ctl stop"));
    }

    fn stopping(&self) -> Command {
        let mut stop = self.program("pg_ctl");
        stop.arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "-w", "stop"]);
        stop
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// One of PostgreSQL's programs, run as the clusters' owner where the tests run as root.
    fn program(&self, name: &str) -> Command {
        let path = self.bin.join(name);
        match &self.owner {
            Some(owner) => {
                let mut command = Command::new("runuser");
                command.args(["-u", owner, "--"]).arg(path);
                command
            }
            None => Command::new(path),
        }
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        if self.data().join("postmaster.pid").exists() {
            let _ = self.stopping().output();
        }
    }
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Runs `command` and fails the test with its output if it fails.
fn succeeds(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what}: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
