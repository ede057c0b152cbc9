#!/usr/bin/env bash
# The API's peak memory under concurrent document uploads: UPLOADS admins at once, each
# sending FILES text files of FILE_MB MB (4 x 3 x 19 MB = 4 uploads of 57 MB by default),
# against the API on SQLite with no worker. Prints the API's peak resident memory (VmHWM)
# before and after, and how many uploads were stored.
#
#   bench/upload-memory.sh      (env: UPLOADS=4 FILES=3 FILE_MB=19 API_BIN=<binary>)
set -euo pipefail

UPLOADS=${UPLOADS:-4}
FILES=${FILES:-3}
FILE_MB=${FILE_MB:-19}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-$ROOT/../shared/market-data}
if [ -z "${API_BIN:-}" ]; then
    echo "# building the api (release)" >&2
    (cd "$ROOT" && cargo build --release -q -p api --bin api)
fi
API_BIN=${API_BIN:-$TARGET/release/api}
ADMIN=bench-admin@example.com
PASSWORD=porch-admin-1

TMP=$(mktemp -d)
cleanup() {
    [ -f "$TMP/api.pid" ] && kill "$(cat "$TMP/api.pid")" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
mkdir -p "$TMP/dist"
export DATABASE_URL="sqlite://$TMP/upload.db" ADMIN_USERNAME=$ADMIN ADMIN_PASSWORD=$PASSWORD
PORT=$port API_WORKER=false MIGRATE_ON_START=true METRICS_ADDR=off WEB_DIST=$TMP/dist \
    RUST_LOG=error "$API_BIN" >"$TMP/api.log" 2>&1 &
pid=$!
echo $pid >"$TMP/api.pid"
for _ in $(seq 1 300); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.2; done
"$API_BIN" create-admin --username "$ADMIN" >/dev/null
curl -sf -c "$TMP/jar" -H 'content-type: application/json' \
    -d "{\"username\":\"$ADMIN\",\"password\":\"$PASSWORD\"}" "$base/api/login" >/dev/null
# The upload checks the symbol against SEC's ticker list.
sqlite3 "$TMP/upload.db" "INSERT INTO tickers (cik, ticker, name, exchange)
    VALUES (320193, 'AAPL', 'Apple Inc.', 'Nasdaq')"

for f in $(seq 1 "$FILES"); do
    # `yes` stops on a closed pipe, which pipefail would call a failure.
    yes "Bubba reads the annual report line by line, number $f." | head -c "$((FILE_MB * 1024 * 1024))" >"$TMP/part$f.txt" || true
done
hwm() { awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status"; }
before=$(hwm)
forms=()
for f in $(seq 1 "$FILES"); do forms+=(-F "file=@$TMP/part$f.txt"); done
started=$(date +%s.%N)
for u in $(seq 1 "$UPLOADS"); do
    curl -s -o "$TMP/out$u.json" -w '%{http_code}\n' -b "$TMP/jar" -H 'x-requested-with: XMLHttpRequest' \
        "${forms[@]}" "$base/api/admin/upload-rag/AAPL" >"$TMP/code$u" &
done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
elapsed=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
stored=$(cat "$TMP"/code* | grep -c '^201$' || true)
echo "uploads: $UPLOADS x $((FILES * FILE_MB)) MB; stored $stored; ${elapsed} s"
echo "API peak memory (VmHWM): ${before} MiB at start, $(hwm) MiB after"
