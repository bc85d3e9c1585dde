//! `sslmode=verify-ca` and `verify-full` checked as libpq checks them, which sqlx cannot do: its
//! rustls configuration takes no verifier of Parlor's, and webpki refuses what PostgreSQL's own
//! documentation sets up (a self-signed server certificate, marked as an authority, that is
//! itself the root given in `sslrootcert`, with the host name in its CN alone).
//!
//! So for these modes sqlx talks plain PostgreSQL to a [`Relay`] on 127.0.0.1, which opens each
//! connection to the real server, asks it for TLS as libpq does (SSLRequest), checks its
//! certificate with [`LibpqVerifier`] and then copies the bytes both ways. The relay adds no
//! credential: whoever reaches it still logs in to PostgreSQL with the address's user and
//! password (end to end through the relay), as from this machine directly. A refusal is sent to
//! sqlx as a PostgreSQL error carrying the words for the operator ([`refusal`] reads it back).

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, OtherError, RootCertStore};
use sqlx::postgres::PgDatabaseError;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use x509_cert::Certificate;
use x509_cert::der::asn1::{Ia5StringRef, PrintableStringRef, TeletexStringRef, Utf8StringRef};
use x509_cert::der::oid::ObjectIdentifier;
use x509_cert::der::{Decode, Tag, Tagged};
use x509_cert::ext::pkix::SubjectAltName;
use x509_cert::ext::pkix::name::GeneralName;

/// The `routine` field of the errors the relay sends to sqlx, which marks them as its own.
const ROUTINE: &str = "parlor-tls-relay";
/// SQLSTATE of a server that cannot be reached (waiting may cure it).
const UNREACHABLE: &str = "08001";
/// SQLSTATE of a server whose TLS or certificate was refused (a person must act).
const REFUSED: &str = "08004";
/// The longest the relay waits for the server's TCP connection and TLS handshake.
const SETUP_WAIT: Duration = Duration::from_secs(10);
/// PostgreSQL's SSLRequest: length 8, code 80877103.
const SSL_REQUEST: [u8; 8] = [0, 0, 0, 8, 4, 210, 22, 47];
/// The CN attribute (2.5.4.3).
const COMMON_NAME: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.5.4.3");

/// Which of libpq's checks the certificate gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// `verify-ca`: signed by the root (or the root itself); any name.
    Ca,
    /// `verify-full`: that, and made out to the host of the address.
    Full,
}

/// A relay on 127.0.0.1 to one PostgreSQL server, TLS checked as libpq does; it stops when
/// dropped (its connections end with the pool's).
#[derive(Debug)]
pub struct Relay {
    address: SocketAddr,
    accepting: JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

impl Relay {
    /// Starts a relay to `host:port` whose certificate is checked against the certificates of
    /// `pem` (the file `root` names, for the messages).
    pub async fn start(
        host: &str,
        port: u16,
        check: Check,
        pem: &[u8],
        root: &str,
    ) -> Result<Relay, String> {
        let verifier = LibpqVerifier::new(host, check, pem, root)?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("cannot set up TLS: {e}"))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        // The name sent in SNI and handed to the verifier; an address is sent as none.
        let name = ServerName::try_from(host.to_string())
            .map_err(|e| format!("`{host}` is not a host name TLS can check: {e}"))?;
        let listener = TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(|e| format!("cannot open the local TLS relay: {e}"))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("cannot open the local TLS relay: {e}"))?;
        let upstream = Upstream {
            host: host.to_string(),
            port,
            config: Arc::new(config),
            name,
            relay: address,
        };
        let accepting = tokio::spawn(accept(listener, Arc::new(upstream)));
        Ok(Relay { address, accepting })
    }

    /// The port sqlx connects to on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.address.port()
    }
}

/// The real server and how its TLS is set up.
struct Upstream {
    host: String,
    port: u16,
    config: Arc<ClientConfig>,
    name: ServerName<'static>,
    /// The relay's own address: with no server on the database's port, the relay can be given
    /// that very port, and must not connect to itself.
    relay: SocketAddr,
}

/// Takes sqlx's connections, each served by a task of its own.
async fn accept(listener: TcpListener, upstream: Arc<Upstream>) {
    loop {
        match listener.accept().await {
            Ok((client, peer)) if peer.ip().is_loopback() => {
                tokio::spawn(serve(client, upstream.clone()));
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(error = %e, "the local TLS relay to PostgreSQL cannot accept");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// One connection: TLS to the server, checked, then the bytes copied both ways; or the refusal,
/// told to sqlx as PostgreSQL would tell it.
async fn serve(mut client: TcpStream, upstream: Arc<Upstream>) {
    let _ = client.set_nodelay(true);
    let setup = tokio::time::timeout(SETUP_WAIT, connect(&upstream)).await;
    match setup {
        Ok(Ok(mut server)) => {
            let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
        }
        Ok(Err((code, message))) => refuse(client, code, &message).await,
        Err(_) => {
            let message = format!(
                "the database at {}:{} did not complete its TLS handshake within {} s",
                upstream.host,
                upstream.port,
                SETUP_WAIT.as_secs()
            );
            refuse(client, UNREACHABLE, &message).await;
        }
    }
}

/// The server's connection, TLS set up and its certificate accepted; else the SQLSTATE and the
/// words of the refusal.
async fn connect(
    upstream: &Upstream,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, (&'static str, String)> {
    let at = format!("{}:{}", upstream.host, upstream.port);
    let unreachable = |e: io::Error| {
        (
            UNREACHABLE,
            format!("cannot reach the database at {at}: {e}"),
        )
    };
    let mut tcp = TcpStream::connect((upstream.host.as_str(), upstream.port))
        .await
        .map_err(unreachable)?;
    // A relay that reached itself would relay each connection to itself again, without end,
    // until the process runs out of descriptors: nothing else listens there.
    if tcp.peer_addr().is_ok_and(|peer| peer == upstream.relay) {
        return Err(unreachable(io::Error::from(
            io::ErrorKind::ConnectionRefused,
        )));
    }
    let _ = tcp.set_nodelay(true);
    tcp.write_all(&SSL_REQUEST).await.map_err(unreachable)?;
    let answer = tcp.read_u8().await.map_err(unreachable)?;
    if answer != b'S' {
        return Err((
            REFUSED,
            format!(
                "the database at {at} does not offer TLS, which sslmode=verify-ca and verify-full require: turn ssl on in its postgresql.conf (ssl = on, with ssl_cert_file and ssl_key_file), or use sslmode=prefer"
            ),
        ));
    }
    let connector = tokio_rustls::TlsConnector::from(upstream.config.clone());
    connector
        .connect(upstream.name.clone(), tcp)
        .await
        .map_err(|e| {
            let tls = e.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>());
            match tls {
                Some(rustls::Error::InvalidCertificate(CertificateError::Other(OtherError(
                    refused,
                )))) if refused.downcast_ref::<Refused>().is_some() => {
                    (REFUSED, refused.to_string())
                }
                Some(tls) => (
                    REFUSED,
                    format!("the TLS handshake with the database at {at} failed: {tls}"),
                ),
                None => unreachable(e),
            }
        })
}

/// Tells sqlx why, as a PostgreSQL ErrorResponse after its startup message (read first, so
/// that closing does not reset the connection before sqlx reads the answer).
async fn refuse(mut client: TcpStream, code: &str, message: &str) {
    let read_startup = async {
        let length = client.read_u32().await? as usize;
        let mut rest = vec![0u8; length.saturating_sub(4).min(64 * 1024)];
        client.read_exact(&mut rest).await.map(|_| ())
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), read_startup).await;
    let mut fields = Vec::new();
    for (field, value) in [
        (b'S', "FATAL"),
        (b'V', "FATAL"),
        (b'C', code),
        (b'M', message),
        (b'R', ROUTINE),
    ] {
        fields.push(field);
        fields.extend_from_slice(value.replace('\0', " ").as_bytes());
        fields.push(0);
    }
    fields.push(0);
    let mut answer = vec![b'E'];
    answer.extend_from_slice(&(fields.len() as u32 + 4).to_be_bytes());
    answer.extend_from_slice(&fields);
    let _ = client.write_all(&answer).await;
    let _ = client.shutdown().await;
    // sqlx closes its end once it has read the answer.
    let mut rest = [0u8; 256];
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while matches!(client.read(&mut rest).await, Ok(n) if n > 0) {}
    })
    .await;
}

/// The relay's refusal in an error sqlx returned: its words for the operator, and whether
/// waiting may cure it (the server cannot be reached yet).
pub fn refusal(error: &sqlx::Error) -> Option<(&str, bool)> {
    let sqlx::Error::Database(error) = error else {
        return None;
    };
    let error = error.try_downcast_ref::<PgDatabaseError>()?;
    (error.routine() == Some(ROUTINE)).then(|| (error.message(), error.code() == UNREACHABLE))
}

/// A certificate refused by [`LibpqVerifier`], in words for the operator.
#[derive(Debug)]
struct Refused(String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// libpq's checks of the server's certificate (OpenSSL's chain, then its own name check): a
/// chain to a certificate of `sslrootcert` (webpki), or the certificate being one of those
/// roots itself, self-issued and within its dates; for `verify-full`, the host in its
/// subjectAltName, or in its CN when it has no subjectAltName of the host's kind (a name or an
/// address). The handshake's signatures are checked as usual.
#[derive(Debug)]
struct LibpqVerifier {
    webpki: Arc<WebPkiServerVerifier>,
    roots: Vec<CertificateDer<'static>>,
    host: String,
    check: Check,
    root: String,
}

impl LibpqVerifier {
    fn new(host: &str, check: Check, pem: &[u8], root: &str) -> Result<Self, String> {
        use rustls::pki_types::pem::PemObject;
        let roots = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("sslrootcert={root} cannot be read: {e}"))?;
        let mut store = RootCertStore::empty();
        let (_, unusable) = store.add_parsable_certificates(roots.iter().cloned());
        if store.is_empty() {
            return Err(format!(
                "sslrootcert={root} holds no certificate TLS can use ({unusable} unreadable)"
            ));
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(store), provider)
            .build()
            .map_err(|e| format!("sslrootcert={root} cannot be used: {e}"))?;
        Ok(LibpqVerifier {
            webpki,
            roots,
            host: host.to_string(),
            check,
            root: root.to_string(),
        })
    }

    /// The refusal of a certificate webpki refused, said for the operator.
    fn refusal(&self, error: &CertificateError, cert: &Parsed, now: UnixTime) -> String {
        let root = &self.root;
        match error {
            CertificateError::Expired | CertificateError::ExpiredContext { .. } => format!(
                "the database's certificate (or one above it) has expired: it is valid from {} to {}, and it is now {}; renew it on the server (ssl_cert_file) and reload PostgreSQL",
                cert.not_before,
                cert.not_after,
                cert.now(now)
            ),
            CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. } => format!(
                "the database's certificate (or one above it) is not valid yet: it is valid from {} to {}, and it is now {}; check the clocks of this machine and of the server",
                cert.not_before,
                cert.not_after,
                cert.now(now)
            ),
            CertificateError::Other(OtherError(other))
                if matches!(
                    other.downcast_ref::<webpki::Error>(),
                    Some(webpki::Error::CaUsedAsEndEntity)
                ) =>
            {
                format!(
                    "the database's certificate ({}) is marked as a certificate authority (CA:TRUE) and is not itself in sslrootcert={root}: give the server's own certificate (its server.crt) as sslrootcert, as PostgreSQL's documentation does for a self-signed certificate, or give the server a certificate signed by the root",
                    cert.subject
                )
            }
            CertificateError::UnknownIssuer
            | CertificateError::BadSignature
            | CertificateError::UnsupportedSignatureAlgorithmContext { .. } => format!(
                "the database's certificate was not signed by the root in sslrootcert={root}: it is {}, issued by {}; give sslrootcert the certificate of the authority that signed it (or, for a self-signed certificate, the server's certificate itself)",
                cert.subject, cert.issuer
            ),
            CertificateError::InvalidPurpose | CertificateError::InvalidPurposeContext { .. } => {
                format!(
                    "the database's certificate ({}) is not for a TLS server (its extendedKeyUsage leaves out serverAuth): give the server a certificate for serverAuth",
                    cert.subject
                )
            }
            other => format!(
                "the database's certificate ({}, issued by {}) was refused by the check against sslrootcert={root}: {other:?}",
                cert.subject, cert.issuer
            ),
        }
    }

    /// libpq's name check (`verify-full`), on a certificate whose chain is accepted.
    fn name(&self, cert: &Parsed) -> Result<(), String> {
        if self.check == Check::Ca || cert.holds(&self.host) {
            return Ok(());
        }
        Err(format!(
            "the database's certificate is not made out to `{}`, the host in the address (sslmode=verify-full checks it): it holds {}; connect by one of those names, or use sslmode=verify-ca",
            self.host,
            cert.names()
        ))
    }
}

impl ServerCertVerifier for LibpqVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let refused = |words: String| {
            rustls::Error::InvalidCertificate(CertificateError::Other(OtherError(Arc::new(
                Refused(words),
            ))))
        };
        let checked = self.webpki.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        );
        let error = match checked {
            Ok(verified) => return Ok(verified),
            Err(rustls::Error::InvalidCertificate(error)) => error,
            Err(other) => return Err(other),
        };
        // Read only now: a certificate webpki accepts is never refused for its encoding.
        let cert = Parsed::read(end_entity).map_err(|e| {
            refused(format!(
                "the database's certificate was refused ({error:?}) and cannot be read as X.509 ({e}): give the server a PEM certificate made by openssl or a certificate authority"
            ))
        })?;
        match error {
            // The chain is accepted (webpki checks it first); the name is libpq's to judge.
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => {
                self.name(&cert)
                    .map(|()| ServerCertVerified::assertion())
                    .map_err(refused)
            }
            // The certificate is one of the roots itself (PostgreSQL's recipe for a self-signed
            // one): trusted as OpenSSL trusts a self-signed root, within its dates.
            _ if cert.self_issued && self.roots.iter().any(|r| r == end_entity) => {
                if now.as_secs() < cert.from || now.as_secs() > cert.to {
                    let error = if now.as_secs() < cert.from {
                        CertificateError::NotValidYet
                    } else {
                        CertificateError::Expired
                    };
                    return Err(refused(self.refusal(&error, &cert, now)));
                }
                self.name(&cert)
                    .map(|()| ServerCertVerified::assertion())
                    .map_err(refused)
            }
            error => Err(refused(self.refusal(&error, &cert, now))),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.webpki.supported_verify_schemes()
    }
}

/// What the checks and their words need of a certificate.
struct Parsed {
    subject: String,
    issuer: String,
    self_issued: bool,
    /// Its dates, in seconds since 1970 and as written.
    from: u64,
    to: u64,
    not_before: String,
    not_after: String,
    /// Its subjectAltName's DNS names and addresses, and its CNs.
    dns: Vec<String>,
    ips: Vec<IpAddr>,
    common_names: Vec<String>,
}

impl Parsed {
    fn read(der: &CertificateDer<'_>) -> Result<Parsed, x509_cert::der::Error> {
        let cert = Certificate::from_der(der.as_ref())?;
        let tbs = &cert.tbs_certificate;
        let mut dns = Vec::new();
        let mut ips = Vec::new();
        for extension in tbs.extensions.iter().flatten() {
            if extension.extn_id != x509_cert::der::oid::db::rfc5280::ID_CE_SUBJECT_ALT_NAME {
                continue;
            }
            let names = SubjectAltName::from_der(extension.extn_value.as_bytes())?;
            for name in names.0 {
                match name {
                    GeneralName::DnsName(name) => dns.push(name.as_str().to_string()),
                    GeneralName::IpAddress(bytes) => match bytes.as_bytes().len() {
                        4 => {
                            let octets: [u8; 4] = bytes.as_bytes().try_into().unwrap_or_default();
                            ips.push(IpAddr::from(octets));
                        }
                        16 => {
                            let octets: [u8; 16] = bytes.as_bytes().try_into().unwrap_or_default();
                            ips.push(IpAddr::from(octets));
                        }
                        _ => {}
                    },
                    _ => {}
                }
            }
        }
        let common_names = tbs
            .subject
            .0
            .iter()
            .flat_map(|rdn| rdn.0.iter())
            .filter(|attribute| attribute.oid == COMMON_NAME)
            .filter_map(|attribute| {
                let value = &attribute.value;
                let text = match value.tag() {
                    Tag::Utf8String => Utf8StringRef::try_from(value).ok().map(|s| s.as_str()),
                    Tag::PrintableString => {
                        PrintableStringRef::try_from(value).ok().map(|s| s.as_str())
                    }
                    Tag::Ia5String => Ia5StringRef::try_from(value).ok().map(|s| s.as_str()),
                    Tag::TeletexString => {
                        TeletexStringRef::try_from(value).ok().map(|s| s.as_str())
                    }
                    _ => None,
                };
                text.map(str::to_string)
            })
            .collect();
        let validity = &tbs.validity;
        Ok(Parsed {
            subject: name_or_empty(&tbs.subject.to_string()),
            issuer: name_or_empty(&tbs.issuer.to_string()),
            self_issued: tbs.subject == tbs.issuer,
            from: validity.not_before.to_unix_duration().as_secs(),
            to: validity.not_after.to_unix_duration().as_secs(),
            not_before: validity.not_before.to_date_time().to_string(),
            not_after: validity.not_after.to_date_time().to_string(),
            dns,
            ips,
            common_names,
        })
    }

    /// Whether libpq's verify-full accepts `host` for this certificate: a subjectAltName of the
    /// host's kind (DNS name, or IP address) if it has any, else its CN.
    fn holds(&self, host: &str) -> bool {
        match host.parse::<IpAddr>() {
            Ok(ip) if !self.ips.is_empty() => self.ips.contains(&ip),
            Ok(_) => self.common_names.iter().any(|cn| cn == host),
            Err(_) if !self.dns.is_empty() => self.dns.iter().any(|name| matches(name, host)),
            Err(_) => self.common_names.iter().any(|cn| matches(cn, host)),
        }
    }

    /// The names it holds, as an operator would look for them.
    fn names(&self) -> String {
        let mut names: Vec<String> = self.dns.iter().map(|name| format!("DNS:{name}")).collect();
        names.extend(self.ips.iter().map(|ip| format!("IP:{ip}")));
        if names.is_empty() {
            names = self
                .common_names
                .iter()
                .map(|cn| format!("CN={cn} (it has no subjectAltName)"))
                .collect();
        } else {
            names.extend(
                self.common_names
                    .iter()
                    .map(|cn| format!("CN={cn} (not used, as it has a subjectAltName)")),
            );
        }
        if names.is_empty() {
            "no name at all".to_string()
        } else {
            names.join(", ")
        }
    }

    /// The time `now`, written as the certificate's dates are.
    fn now(&self, now: UnixTime) -> String {
        x509_cert::der::DateTime::from_unix_duration(Duration::from_secs(now.as_secs()))
            .map(|time| time.to_string())
            .unwrap_or_else(|_| format!("{} s after 1970", now.as_secs()))
    }
}

/// A distinguished name as written, or a word for an empty one.
fn name_or_empty(name: &str) -> String {
    if name.is_empty() {
        "a certificate with an empty name".to_string()
    } else {
        format!("`{name}`")
    }
}

/// libpq's match of a certificate's name with the host: equal ignoring case, or a `*.` in front
/// standing for exactly one label.
fn matches(name: &str, host: &str) -> bool {
    if name.eq_ignore_ascii_case(host) {
        return true;
    }
    match (name.strip_prefix('*'), host.split_once('.')) {
        (Some(rest), Some((label, _))) if rest.starts_with('.') && !label.is_empty() => {
            host[label.len()..].eq_ignore_ascii_case(rest)
        }
        _ => false,
    }
}
