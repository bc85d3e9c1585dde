#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests and trials, set up from nothing:
#   - installs the server from the distribution's packages if it is missing (Debian/Ubuntu);
#   - creates a cluster in a temporary directory with initdb;
#   - starts it with pg_ctl on a free port on 127.0.0.1;
#   - prints DATABASE_URL (postgres://parlor@127.0.0.1:PORT/parlor), and exports it together with
#     PARLOR_TEST_POSTGRES (the server the tests create their databases on);
#   - with PARLOR_PG_SSL=1, serves TLS too (ssl=on): a throwaway certificate authority signs a
#     certificate for `localhost` (made with openssl, installed if missing), and the authority's
#     certificate is exported as PARLOR_TEST_POSTGRES_CA (for sslrootcert=...); and a second
#     server (a copy of the first cluster) serves a certificate made by PostgreSQL's own recipe
#     for a self-signed one (openssl req -new -x509 ... -subj "/CN=localhost": marked as an
#     authority, the host name in its CN alone), exported as PARLOR_TEST_POSTGRES_SELF_SIGNED
#     (the server) and PARLOR_TEST_POSTGRES_SELF_SIGNED_CRT (its server.crt);
#   - exports where its programs are (PARLOR_TEST_POSTGRES_BIN) and, as root, the user that owns
#     the clusters (PARLOR_TEST_POSTGRES_OWNER), for a test that runs and stops a server of its own;
#   - stops it and removes the directory when done.
#
# Usage:
#   scripts/pg-test.sh COMMAND [ARGS...]   runs COMMAND with DATABASE_URL set, then cleans up
#   scripts/pg-test.sh                     prints the URL and serves until Ctrl-C
set -euo pipefail

log() { echo "pg-test: $*" >&2; }

# The server's programs: on the PATH, or in Debian's versioned directory.
find_bin() {
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return 0
        fi
    done
    return 1
}

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

if ! BIN=$(find_bin); then
    log "PostgreSQL is not installed: installing it from the distribution's packages"
    $SUDO apt-get update -qq >&2
    $SUDO apt-get install -y -qq postgresql >&2
    BIN=$(find_bin) || { log "no initdb after installing postgresql"; exit 1; }
fi

SSL=${PARLOR_PG_SSL:-0}
if [ "$SSL" = 1 ] && ! command -v openssl >/dev/null 2>&1; then
    log "openssl is not installed: installing it from the distribution's packages"
    $SUDO apt-get update -qq >&2
    $SUDO apt-get install -y -qq openssl >&2
fi

# initdb refuses to run as root: as root, the cluster belongs to an unprivileged user.
AS=()
if [ "$(id -u)" = 0 ]; then
    OWNER=${PG_TEST_USER:-postgres}
    if ! id "$OWNER" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$OWNER"
    fi
    AS=(runuser -u "$OWNER" --)
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/parlor-pg.XXXXXX")
chmod 755 "$DIR"
if [ ${#AS[@]} -gt 0 ]; then chown "$OWNER" "$DIR"; fi

cleanup() {
    local data
    for data in "$DIR/data" "$DIR/data-self-signed"; do
        if [ -f "$data/postmaster.pid" ]; then
            "${AS[@]}" "$BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
        fi
    done
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A certificate authority made for this run, and the server's certificate for `localhost` signed
# by it (so that verify-full accepts localhost and refuses 127.0.0.1).
make_certificates() {
    local dir=$1
    mkdir -p "$dir"
    cat >"$dir/ca.cnf" <<'CNF'
[req]
distinguished_name = dn
prompt = no
x509_extensions = ca
[dn]
CN = Parlor throwaway test authority
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
CNF
    cat >"$dir/server.ext" <<'EXT'
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EXT
    openssl req -x509 -config "$dir/ca.cnf" -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
        -nodes -days 2 -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -subj "/CN=localhost" -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
    openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" \
        -CAcreateserial -days 2 -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
    chmod 600 "$dir/server.key"
    if [ ${#AS[@]} -gt 0 ]; then chown -R "$OWNER" "$dir"; fi
}

# PostgreSQL's own recipe for a self-signed server certificate ("Creating Certificates" in its
# documentation), for `localhost`.
make_self_signed() {
    local dir=$1
    mkdir -p "$dir"
    (cd "$dir" && openssl req -new -x509 -days 365 -nodes -text -out server.crt \
        -keyout server.key -subj "/CN=localhost" 2>/dev/null)
    chmod og-rwx "$dir/server.key"
    if [ ${#AS[@]} -gt 0 ]; then chown -R "$OWNER" "$dir"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
PORT=$(free_port)

SERVER_OPTS="-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_wal_size=64MB -c min_wal_size=32MB"
if [ "$SSL" = 1 ]; then
    make_certificates "$DIR/tls"
    SERVER_OPTS="$SERVER_OPTS -c ssl=on -c ssl_cert_file=$DIR/tls/server.crt -c ssl_key_file=$DIR/tls/server.key"
    export PARLOR_TEST_POSTGRES_CA="$DIR/tls/ca.crt"
fi

"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U parlor --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 \
    || { cat "$DIR/initdb.log" >&2; exit 1; }
if [ "$SSL" = 1 ]; then
    # A copy of the cluster, made before either starts, is a second server at once.
    "${AS[@]}" cp -a "$DIR/data" "$DIR/data-self-signed"
fi
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
    -o "$SERVER_OPTS" start >/dev/null \
    || { cat "$DIR/server.log" >&2; exit 1; }
# The client may live elsewhere than the server (a client-only package on the PATH).
CREATEDB="$BIN/createdb"
[ -x "$CREATEDB" ] || CREATEDB=$(command -v createdb)
"$CREATEDB" -h 127.0.0.1 -p "$PORT" -U parlor parlor

if [ "$SSL" = 1 ]; then
    make_self_signed "$DIR/self-signed"
    PORT2=$(free_port)
    "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data-self-signed" -l "$DIR/server-self-signed.log" -w \
        -o "-p $PORT2 -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c ssl=on -c ssl_cert_file=$DIR/self-signed/server.crt -c ssl_key_file=$DIR/self-signed/server.key" \
        start >/dev/null \
        || { cat "$DIR/server-self-signed.log" >&2; exit 1; }
    "$CREATEDB" -h 127.0.0.1 -p "$PORT2" -U parlor parlor
    export PARLOR_TEST_POSTGRES_SELF_SIGNED="postgres://parlor@127.0.0.1:$PORT2/parlor"
    export PARLOR_TEST_POSTGRES_SELF_SIGNED_CRT="$DIR/self-signed/server.crt"
fi

export DATABASE_URL="postgres://parlor@127.0.0.1:$PORT/parlor"
# Parlor's tests make a database of their own on this server for each test.
export PARLOR_TEST_POSTGRES="$DATABASE_URL"
# A test that stops its server (tests/support/pg_server.rs) makes a cluster of its own with these.
export PARLOR_TEST_POSTGRES_BIN="$BIN"
export PARLOR_TEST_POSTGRES_OWNER="${OWNER:-}"
log "PostgreSQL is ready${PARLOR_TEST_POSTGRES_CA:+ (TLS on; its authority: $PARLOR_TEST_POSTGRES_CA)}"
echo "DATABASE_URL=$DATABASE_URL"

if [ $# -gt 0 ]; then
    "$@"
else
    log "serving until Ctrl-C"
    while true; do sleep 3600; done
fi
