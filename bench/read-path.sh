#!/usr/bin/env bash
# The stock page's read path: requests per second and p99 of
# `GET /api/analyze-stock/AAPL` for a stored analysis, signed in and anonymous, and for a user
# with 20,000 views today, next to `/healthz`, with `wrk` at 32 connections against the release
# API on SQLite and on Postgres, both running, alternated over three rounds. Each round also
# times cold analyses: a signed-in `GET` of COLD companies not analysed yet,
# each queued, run by the API's embedded worker, stored and answered (curl's total time).
#
#   bench/read-path.sh          (env: ROUNDS=3 CONNECTIONS=32 DURATION=10 HEAVY_VIEWS=20000
#                                TICKER=AAPL COLD=8 PG=postgres://postgres@127.0.0.1:5432
#                                PG_QUERY=?sslmode=prefer to measure the API over TLS)
#
# Requests send `Accept-Encoding: gzip, deflate, br` as a browser does, so the answer is the
# kept brotli copy. The API logs errors only (per-request logs would measure the terminal).
# `wrk` comes from Debian (installed with apt-get when missing).
set -euo pipefail

ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-32}
DURATION=${DURATION:-10}
HEAVY_VIEWS=${HEAVY_VIEWS:-20000}
TICKER=${TICKER:-AAPL}
COLD=${COLD:-8}
# Snapshot companies with SEC facts (market-data README), the benchmark's own TICKER left out;
# a signed-in user may open 25 new ones a day, so ROUNDS * COLD <= 24.
COLD_TICKERS=(ABBV ABNB ADBE AMAT AMD AMZN ANET AVGO AXP BA BLK CAT CDNS CMCSA COIN COP CRM
    CRWD CVX DDOG DE DIS ETN GE)
PG=${PG:-postgres://postgres@127.0.0.1:5432}
PG_DB=read_path_$$
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-$ROOT/../shared/market-data}
SESSION_ID=6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b
PASSWORD=porch-swing-42

command -v psql >/dev/null || { echo "psql is required" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is required" >&2; exit 1; }
if ! command -v wrk >/dev/null; then
    echo "# installing wrk (Debian)" >&2
    apt-get install -y -q wrk >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
fi

# API_BIN runs another build (a check of this script); the figures are the release build's.
if [ -z "${API_BIN:-}" ]; then
    echo "# building the api (release)" >&2
    (cd "$ROOT" && cargo build --release -q -p api --bin api)
fi
API_BIN=${API_BIN:-$TARGET/release/api}

TMP=$(mktemp -d)
cleanup() {
    for pidfile in "$TMP"/*.pid; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start NAME DATABASE_URL: runs the API with its embedded worker, waits for the directory.
start() {
    local name=$1 url=$2 port
    port=$(free_port)
    mkdir -p "$TMP/dist"
    DATABASE_URL=$url PORT=$port API_WORKER=true MIGRATE_ON_START=true METRICS_ADDR=off \
        WEB_DIST=$TMP/dist RUST_LOG=error "$API_BIN" >"$TMP/$name.log" 2>&1 &
    echo $! >"$TMP/$name.pid"
    for _ in $(seq 1 600); do
        curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
        sleep 0.2
    done
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$TMP/$name.log" >&2; exit 1; }
    echo "$port"
}

# register PORT EMAIL: signs a new user in; prints the session cookie's value.
register() {
    local port=$1 email=$2 jar="$TMP/$2.jar"
    curl -sf -c "$jar" -H 'content-type: application/json' \
        -d "{\"username\":\"$email\",\"password\":\"$PASSWORD\",\"acceptTerms\":true,\"acceptPrivacy\":true}" \
        "http://127.0.0.1:$port/api/register" >/dev/null
    awk '$6 == "sid" { print $7 }' "$jar"
}

# The 20,000 views today of the heavy user, written straight into the table.
heavy_views_sqlite() {
    sqlite3 "$1" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $HEAVY_VIEWS)
        INSERT INTO stock_views (user_id, symbol, viewed_at)
        SELECT (SELECT id FROM users WHERE username = 'heavy@example.com'), 'V' || (i % 9000),
               strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM n;"
}
heavy_views_postgres() {
    psql -q "$PG/$PG_DB" -c "INSERT INTO stock_views (user_id, symbol, viewed_at)
        SELECT (SELECT id FROM users WHERE username = 'heavy@example.com'), 'V' || (i % 9000), now()
        FROM generate_series(1, $HEAVY_VIEWS) AS i;"
}

# prepare NAME PORT: the analysis stored, each viewer's first (counted) read done.
prepare() {
    local name=$1 port=$2 base="http://127.0.0.1:$2"
    SIGNED[$name]=$(register "$port" "reader@example.com")
    COLD_USER[$name]=$(register "$port" "cold@example.com")
    HEAVY[$name]=$(register "$port" "heavy@example.com")
    "heavy_views_$name" ${3:-}
    curl -sf -b "sid=${SIGNED[$name]}" "$base/api/analyze-stock/$TICKER" -o "$TMP/$name.json"
    curl -sf -b "sid=${HEAVY[$name]}" "$base/api/analyze-stock/$TICKER" >/dev/null
    curl -sf -H "x-session-id: $SESSION_ID" "$base/api/analyze-stock/$TICKER" >/dev/null
    echo "# $name: $TICKER stored ($(wc -c <"$TMP/$name.json") bytes of JSON), viewers counted" >&2
}

# measure LABEL URL [HEADER]: one wrk run; prints "rps p99".
measure() {
    local out
    out=$(wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency \
        -H 'accept-encoding: gzip, deflate, br' ${3:+-H "$3"} "$2")
    if grep -q "Non-2xx" <<<"$out"; then echo "$1: errors: $out" >&2; exit 1; fi
    local rps p99
    rps=$(awk '/Requests\/sec/ { printf "%d", $2 }' <<<"$out")
    p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
    echo "$rps $p99"
}

# cold NAME ROUND: times COLD first analyses; prints "p50 max" in ms.
cold() {
    local name=$1 round=$2 base="http://127.0.0.1:${PORT[$1]}" times=() t
    for ticker in "${COLD_TICKERS[@]:$(( (round - 1) * COLD )):$COLD}"; do
        t=$(curl -sf -o /dev/null -w '%{time_total}' -b "sid=${COLD_USER[$name]}" \
            "$base/api/analyze-stock/$ticker")
        times+=("$(awk -v t="$t" 'BEGIN { printf "%.1f", t * 1000 }')")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { printf "%s %s\n", v[int((NR + 1) / 2)], v[NR] }'
}

declare -A SIGNED HEAVY COLD_USER PORT
PORT[sqlite]=$(start sqlite "sqlite://$TMP/read-path.db")
prepare sqlite "${PORT[sqlite]}" "$TMP/read-path.db"
psql -q "$PG/postgres" -c "CREATE DATABASE $PG_DB" >/dev/null
PORT[postgres]=$(start postgres "$PG/$PG_DB${PG_QUERY:-}")
prepare postgres "${PORT[postgres]}"

echo "# load before: $(uptime)"
printf '%-9s %-5s %14s %14s %14s %14s %10s %11s %14s\n' backend round healthz signed-in anonymous \
    20k-views "signed/hz" "heavy/fresh" "cold p50/max"
for round in $(seq 1 "$ROUNDS"); do
    for name in sqlite postgres; do
        base="http://127.0.0.1:${PORT[$name]}"
        url="$base/api/analyze-stock/$TICKER"
        read -r hz hz99 < <(measure healthz "$base/healthz")
        read -r si si99 < <(measure signed-in "$url" "Cookie: sid=${SIGNED[$name]}")
        read -r an an99 < <(measure anonymous "$url" "x-session-id: $SESSION_ID")
        read -r hv hv99 < <(measure heavy "$url" "Cookie: sid=${HEAVY[$name]}")
        read -r c50 cmax < <(cold "$name" "$round")
        printf '%-9s %-5s %14s %14s %14s %14s %9s%% %10s%% %14s\n' "$name" "$round" \
            "$hz/$hz99" "$si/$si99" "$an/$an99" "$hv/$hv99" \
            "$((100 * si / hz))" "$((100 * hv / si))" "${c50}/${cmax}ms"
    done
done
echo "# cells: requests/s / p99 latency; cold: ms per first analysis; load after: $(uptime)"
