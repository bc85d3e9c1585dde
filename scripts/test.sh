#!/usr/bin/env bash
# Every test: the whole suite on SQLite (cargo test), then the match-service suite and the
# Discord end-to-end suite (the multi-process tests included) again on a throwaway PostgreSQL
# started by scripts/pg-test.sh (which installs PostgreSQL first if the machine has none).
# --locked: exactly the versions of Cargo.lock are tested.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked
scripts/pg-test.sh sh -c '
    cargo test --locked --test service &&
    cargo test --locked --test discord -- --include-ignored
'
