#!/usr/bin/env bash
# Every test: the whole suite on SQLite (cargo test), then the match-service suite (its TLS tests
# and the web pages' tests in a real browser included) and the Discord end-to-end suite (the
# multi-process tests included) again on a throwaway PostgreSQL serving TLS, started by
# scripts/pg-test.sh (which installs PostgreSQL and openssl first if the machine has none), with
# headless Chromium driven through ChromeDriver, started by scripts/browser-test.sh (which
# installs them first if missing). --locked: exactly the versions of Cargo.lock are tested.
set -euo pipefail
cd "$(dirname "$0")/.."
# Four tests at a time rather than one a core: the Discord and service tests spend most of their
# time waiting on the bot, the fake Discord and the database (on two cores, the Discord suite
# takes 44 s instead of 84 s, and no test does more work for it). Set it to choose otherwise.
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-4}"
cargo test --locked
echo "== tests: SQLite half done after $SECONDS s; now PostgreSQL, TLS and Chromium"
# The two suites run side by side (both mostly wait, and the Discord suite holds a two-minute
# Discord outage); the service suite's report is printed after the Discord suite's.
PARLOR_PG_SSL=1 scripts/pg-test.sh scripts/browser-test.sh sh -c '
    report=$(mktemp)
    cargo test --locked --test service -- --include-ignored >"$report" 2>&1 &
    service=$!
    status=0
    cargo test --locked --test discord -- --include-ignored || status=$?
    wait "$service" || status=$?
    cat "$report"
    rm -f "$report"
    exit "$status"
'
