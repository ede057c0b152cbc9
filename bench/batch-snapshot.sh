#!/usr/bin/env bash
# One batch of every snapshot company (the 83 with company facts plus the price-only tickers,
# which fail fast), no delay between children, on SQLite and on Postgres: total time from the
# start call to the batch's end, and stocks per second. Each round uses a fresh database and
# an in-process worker (the API's embedded mode).
#
#   bench/batch-snapshot.sh        (env: ROUNDS=3 CONCURRENCY=16 PROFILE=release|debug
#                                   MARKET_DATA_DIR=/work/shared/market-data
#                                   TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
set -euo pipefail

ROUNDS=${ROUNDS:-3}
CONCURRENCY=${CONCURRENCY:-16}
PROFILE=${PROFILE:-release}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-/work/shared/market-data}
export RUST_LOG=${RUST_LOG:-warn}

echo "# building batch-bench ($PROFILE)" >&2
if [ "$PROFILE" = release ]; then
    (cd "$ROOT" && cargo build --release -q -p worker --features bench --bin batch-bench)
else
    (cd "$ROOT" && cargo build -q -p worker --features bench --bin batch-bench)
fi
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE/batch-bench

echo "# load: $(uptime)"
for database in sqlite postgres; do
    "$BIN" --database "$database" --rounds "$ROUNDS" --concurrency "$CONCURRENCY"
done
echo "# load: $(uptime)"
