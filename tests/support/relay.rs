//! A TCP relay between Parlor and its PostgreSQL server that a test can cut (the address stops
//! answering and every open connection drops, as a failover or a network fault does) and mend
//! on the same address; shared by the service and Discord outage tests.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// A relay from a local port to the PostgreSQL server that can be cut (the port refuses
/// connections and every relayed connection is dropped) and mended on the same port.
pub struct Relay {
    pub addr: SocketAddr,
    target: Arc<Mutex<String>>,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Relay {
    /// A relay in front of the database at `url` (a `postgres://` URL on this machine), and
    /// the URL that reaches it through the relay (only the port changes, so TLS still names
    /// the host).
    pub async fn in_front_of(url: &str) -> (String, Relay) {
        let (scheme_user, rest) = url.split_once('@').expect("a postgres:// URL");
        let (host_port, path) = rest.split_once('/').expect("a database name");
        let (host, port) = host_port.rsplit_once(':').expect("a port");
        let relay = Relay::start(format!("127.0.0.1:{port}")).await;
        let url = format!("{scheme_user}@{host}:{}/{path}", relay.addr.port());
        (url, relay)
    }

    async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("its address");
        let relay = Relay {
            addr,
            target: Arc::new(Mutex::new(target)),
            tasks: Arc::default(),
        };
        relay.serve(listener);
        relay
    }

    fn serve(&self, listener: TcpListener) {
        let (target, tasks) = (self.target.clone(), self.tasks.clone());
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let target = target.lock().expect("the relay's target").clone();
                let pipe = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                tasks.lock().expect("the relay's tasks").push(pipe);
            }
        });
        self.tasks.lock().expect("the relay's tasks").push(accept);
    }

    /// The server is gone: no new connection, and the open ones drop.
    pub fn cut(&self) {
        for task in self.tasks.lock().expect("the relay's tasks").drain(..) {
            task.abort();
        }
    }

    /// The address now reaches another server on this machine, at `port` (a failover's new
    /// primary); takes effect for the connections made after it.
    pub fn retarget(&self, port: u16) {
        *self.target.lock().expect("the relay's target") = format!("127.0.0.1:{port}");
    }

    /// The server is back at the same address.
    pub async fn mend(&self) {
        let listener = TcpListener::bind(self.addr).await.expect("the same port");
        self.serve(listener);
    }
}
