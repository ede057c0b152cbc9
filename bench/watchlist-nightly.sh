#!/usr/bin/env bash
# The nightly watchlist work at scale: 1,000 users watching 20 stocks each from the snapshot's
# scorable companies, then the rescoring (RefreshAnalyses -> one AnalyzeStock and one
# CreateAlerts per watched stock) and the weekly digests (one SendDigest per user, SendEmail
# for those with a change), run by 2 real worker processes, on SQLite and on Postgres: wall
# time per phase, jobs per queue, alerts, e-mails rendered, each worker's peak RSS. Each round
# uses a fresh database (worker/src/bin/watchlist-bench.rs).
#
#   bench/watchlist-nightly.sh     (env: ROUNDS=1 USERS=1000 STOCKS_PER_USER=20 WORKERS=2
#                                   CONCURRENCY=8 PROFILE=release|debug
#                                   MARKET_DATA_DIR=/work/shared/market-data
#                                   TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
set -euo pipefail

ROUNDS=${ROUNDS:-1}
USERS=${USERS:-1000}
STOCKS_PER_USER=${STOCKS_PER_USER:-20}
WORKERS=${WORKERS:-2}
CONCURRENCY=${CONCURRENCY:-8}
PROFILE=${PROFILE:-release}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-/work/shared/market-data}
export RUST_LOG=${RUST_LOG:-warn}

echo "# building worker and watchlist-bench ($PROFILE)" >&2
FLAGS=(-q -p worker --features bench --bin worker --bin watchlist-bench)
if [ "$PROFILE" = release ]; then
    (cd "$ROOT" && cargo build --release "${FLAGS[@]}")
else
    (cd "$ROOT" && cargo build "${FLAGS[@]}")
fi
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE/watchlist-bench

echo "# load: $(uptime)"
for round in $(seq 1 "$ROUNDS"); do
    for database in sqlite postgres; do
        echo "# round $round"
        "$BIN" --database "$database" --users "$USERS" --stocks-per-user "$STOCKS_PER_USER" \
            --workers "$WORKERS" --concurrency "$CONCURRENCY"
    done
done
echo "# load: $(uptime)"
