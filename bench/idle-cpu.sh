#!/usr/bin/env bash
# What one box costs at rest: the API with its embedded worker and scheduler (the default
# one-box mode), started on a fresh database and left alone. Prints the share of one core it
# uses over SECONDS (after a WARMUP), ROUNDS times, and the SQLite WAL file's size at the end.
# With BACKEND=postgres it runs on a throwaway Postgres database instead.
#
#   bench/idle-cpu.sh      (env: ROUNDS=3 SECONDS_IDLE=30 WARMUP=10 BACKEND=sqlite API_BIN=<binary>)
set -euo pipefail

ROUNDS=${ROUNDS:-3}
SECONDS_IDLE=${SECONDS_IDLE:-30}
WARMUP=${WARMUP:-10}
BACKEND=${BACKEND:-sqlite}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-$ROOT/../shared/market-data}
if [ -z "${API_BIN:-}" ]; then
    echo "# building the api (release)" >&2
    (cd "$ROOT" && cargo build --release -q -p api --bin api)
fi
API_BIN=${API_BIN:-$TARGET/release/api}
TICKS=$(getconf CLK_TCK)

TMP=$(mktemp -d)
PG_DB="bench_idle_$$"
cleanup() {
    [ -f "$TMP/api.pid" ] && kill "$(cat "$TMP/api.pid")" 2>/dev/null || true
    wait 2>/dev/null || true
    [ "$BACKEND" = postgres ] && psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $PG_DB" 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

for round in $(seq 1 "$ROUNDS"); do
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    if [ "$BACKEND" = postgres ]; then
        psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $PG_DB" -c "CREATE DATABASE $PG_DB"
        export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$PG_DB"
    else
        rm -f "$TMP"/idle.db*
        export DATABASE_URL="sqlite://$TMP/idle.db"
    fi
    mkdir -p "$TMP/dist"
    PORT=$port MIGRATE_ON_START=true METRICS_ADDR=off WEB_DIST=$TMP/dist RUST_LOG=error \
        "$API_BIN" >"$TMP/api.log" 2>&1 &
    pid=$!
    echo $pid >"$TMP/api.pid"
    for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
    sleep "$WARMUP"
    before=$(cpu_ticks $pid)
    sleep "$SECONDS_IDLE"
    after=$(cpu_ticks $pid)
    wal=$( [ -f "$TMP/idle.db-wal" ] && du -k "$TMP/idle.db-wal" | cut -f1 || echo 0)
    awk -v r="$round" -v b="$before" -v a="$after" -v t="$TICKS" -v s="$SECONDS_IDLE" -v w="$wal" -v k="$BACKEND" \
        'BEGIN { printf "round %d (%s): %.1f%% of one core at rest over %d s; WAL %d KiB\n", r, k, (a - b) * 100 / (t * s), s, w }'
    kill $pid 2>/dev/null || true
    wait $pid 2>/dev/null || true
    rm -f "$TMP/api.pid"
done
