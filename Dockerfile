# syntax=docker/dockerfile:1
# Parlor in a container: `docker build -t parlor .`, then see compose.yaml (the bot with
# PostgreSQL) or the README's "Run it on a server". Two stages: the build, with the whole Rust
# toolchain, and a small runtime with only the binary, run by an unprivileged user.

# The Rust of Cargo.toml's rust-version (a test checks that they agree).
ARG RUST_VERSION=1.95

FROM rust:${RUST_VERSION}-slim-trixie AS build
WORKDIR /src
COPY . .
# --locked: exactly the dependency versions of Cargo.lock, as in CI.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin parlor \
    && cp target/release/parlor /usr/local/bin/parlor

FROM debian:trixie-slim AS runtime
# CA certificates for TLS to a database outside the container; nothing else is needed (rustls,
# no OpenSSL).
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin parlor \
    && mkdir /data \
    && chown parlor:parlor /data
COPY --from=build /usr/local/bin/parlor /usr/local/bin/parlor
USER parlor:parlor
WORKDIR /data
# The SQLite database (and `parlor backup` copies) live on this volume; with PostgreSQL it
# stays empty.
VOLUME ["/data"]
# /healthz and /metrics on the container's loopback; publish them with PARLOR_HTTP=0.0.0.0:9090
# and `-p 127.0.0.1:9090:9090` to scrape from the host.
ENV DATABASE_URL=sqlite:///data/parlor.db \
    PARLOR_LOG_FORMAT=json \
    PARLOR_HTTP=127.0.0.1:9090
# `parlor health` asks the bot's /healthz (the image has no curl): gateway connected, database
# answering.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["/usr/local/bin/parlor", "health"]
# SIGTERM (docker stop) shuts the bot down cleanly: matches are saved, the database closed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/parlor"]
CMD ["bot"]
