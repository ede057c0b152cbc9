#!/usr/bin/env bash
# Whether the read paths grow with the number of stored companies: the release API on SQLite
# and on Postgres, seeded with N = 100, 1,000 and 10,000 companies made from real analysis
# rows, each call timed at each N (median of REQUESTS sequential requests, signed in as an
# admin where the call needs it), over ROUNDS rounds. Prints one table per database.
#
#   bench/read-growth.sh    (env: ROUNDS=3 REQUESTS=21 SIZES="100 1000 10000"
#                            PG=postgres://postgres@127.0.0.1:5432 API_BIN=<another build>)
#
# The seed: the API analyses SOURCES (real snapshot companies) through its own queue, then
# plain SQL copies their rows to N companies ('Z9' + a number, their own CIK and ticker row,
# scores spread below the original's): the record, the plain text, two quarters of trends
# with the kept change between them, and a few signed-in views of each in the last hour.
set -euo pipefail

ROUNDS=${ROUNDS:-3}
REQUESTS=${REQUESTS:-21}
SIZES=${SIZES:-100 1000 10000}
SOURCES=(AAPL MSFT NVDA KO JPM WMT PG HD CVX CAT)
PG=${PG:-postgres://postgres@127.0.0.1:5432}
PG_DB=read_growth_$$
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
export MARKET_DATA_DIR=${MARKET_DATA_DIR:-$ROOT/../shared/market-data}
ADMIN=growth-admin@example.com
export ADMIN_USERNAME=$ADMIN
PASSWORD=porch-swing-42

command -v psql >/dev/null || { echo "psql is required" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is required" >&2; exit 1; }
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

# api NAME DATABASE_URL WORKER: starts the API; prints its port.
api() {
    local name=$1 url=$2 port
    port=$(free_port)
    mkdir -p "$TMP/dist"
    DATABASE_URL=$url PORT=$port API_WORKER=$3 MIGRATE_ON_START=true METRICS_ADDR=off \
        WEB_DIST=$TMP/dist RUST_LOG=error "$API_BIN" >"$TMP/$name.log" 2>&1 &
    echo $! >"$TMP/$name.pid"
    for _ in $(seq 1 600); do
        curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
        sleep 0.2
    done
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$TMP/$name.log" >&2; exit 1; }
    curl -sf -c "$TMP/$name.jar" -H 'content-type: application/json' \
        -d "{\"username\":\"$ADMIN\",\"password\":\"$PASSWORD\"}" "http://127.0.0.1:$port/api/login" >/dev/null
    echo "$port"
}

# start NAME DATABASE_URL: the SOURCES analysed by the API's own worker, then the API again
# without a worker (the history backfills those analyses queue would run during the timing).
start() {
    local name=$1 url=$2 port
    DATABASE_URL=$url "$API_BIN" migrate >/dev/null
    DATABASE_URL=$url ADMIN_PASSWORD=$PASSWORD "$API_BIN" create-admin --username "$ADMIN" >/dev/null
    port=$(api "$name" "$url" true)
    for t in "${SOURCES[@]}"; do
        curl -sf -b "$TMP/$name.jar" "http://127.0.0.1:$port/api/analyze-stock/$t" >/dev/null ||
            echo "# $name: $t could not be analysed" >&2
    done
    kill "$(cat "$TMP/$name.pid")"
    wait "$(cat "$TMP/$name.pid")" 2>/dev/null || true
    api "$name" "$url" false
}

# The copies numbered FROM..TO of the real rows, as one SQL script for either database:
# `growth_pick` (this benchmark's own table) says which real company each copy is made from.
seed_sql() {
    local from=$1 to=$2 range="g.i BETWEEN $1 AND $2"
    cat <<SQL
CREATE TABLE IF NOT EXISTS growth_pick (symbol TEXT PRIMARY KEY, source TEXT NOT NULL, i INTEGER NOT NULL);
WITH RECURSIVE n(i) AS (SELECT $from UNION ALL SELECT i + 1 FROM n WHERE i < $to),
src AS (SELECT symbol, ROW_NUMBER() OVER (ORDER BY symbol) - 1 AS k FROM stock_analysis_records WHERE symbol NOT LIKE 'Z9%')
INSERT INTO growth_pick (symbol, source, i)
SELECT 'Z9' || n.i, src.symbol, n.i FROM n JOIN src ON src.k = n.i % (SELECT COUNT(*) FROM src);

INSERT INTO tickers (ticker, cik, name, exchange)
SELECT g.symbol, 9000000 + g.i, t.name || ' ' || g.i, t.exchange
FROM growth_pick g JOIN tickers t ON t.ticker = g.source WHERE $range;

INSERT INTO stock_analysis_records (symbol, company_name, record, score, answered_questions, latest_filing_accession,
    computed_at, unanswered_questions, data_fault_count, rank_group)
SELECT g.symbol, r.company_name, r.record, r.score - g.i % 11, r.answered_questions, r.latest_filing_accession,
    r.computed_at, r.unanswered_questions, r.data_fault_count, r.rank_group
FROM growth_pick g JOIN stock_analysis_records r ON r.symbol = g.source WHERE $range;

INSERT INTO python_analysis_cache (symbol, success, data, created_at, updated_at)
SELECT g.symbol, c.success, c.data, c.created_at, c.updated_at
FROM growth_pick g JOIN python_analysis_cache c ON c.symbol = g.source WHERE $range;

-- Two quarters: the original's newest row as 2026-Q4 and again as 2026-Q3, its score moved
-- by -4..+4 so there are rises and falls.
INSERT INTO ai_stock_analysis_data (stock_symbol, company_name, industry, sector, overall_score,
    q1_revenue_growth, q2_revenue_vs_expense, q3_earnings, q4_margin, q5_cash_flow, q6_debt,
    q7_yield_comparison, q8_forward_returns, q9_price_ratios, q10_ownership_dilution,
    q11_ownership_structure, q12_short_seller, analysis_quarter, analysis_date, record, provisional_reason)
SELECT g.symbol, d.company_name, d.industry, d.sector, d.overall_score + q.shift * (g.i % 9 - 4),
    d.q1_revenue_growth, d.q2_revenue_vs_expense, d.q3_earnings, d.q4_margin, d.q5_cash_flow, d.q6_debt,
    d.q7_yield_comparison, d.q8_forward_returns, d.q9_price_ratios, d.q10_ownership_dilution,
    d.q11_ownership_structure, d.q12_short_seller, q.quarter, d.analysis_date, d.record, d.provisional_reason
FROM growth_pick g
JOIN ai_stock_analysis_data d ON d.stock_symbol = g.source
  AND d.analysis_quarter = (SELECT MAX(analysis_quarter) FROM ai_stock_analysis_data x WHERE x.stock_symbol = g.source)
JOIN (SELECT '2026-Q4' AS quarter, 0 AS shift UNION ALL SELECT '2026-Q3', 1) q ON 1 = 1
WHERE $range;

INSERT INTO score_changes (symbol, current_quarter, previous_quarter, score_change)
SELECT g.symbol, c.analysis_quarter, p.analysis_quarter, c.overall_score - p.overall_score
FROM growth_pick g
JOIN ai_stock_analysis_data c ON c.stock_symbol = g.symbol AND c.analysis_quarter = '2026-Q4'
JOIN ai_stock_analysis_data p ON p.stock_symbol = g.symbol AND p.analysis_quarter = '2026-Q3'
WHERE $range;
SQL
}

# The signed-in views: (i % 4) + 1 views of each copy in the last hour, in the per-view table,
# the hourly counts and each trending window already built (as recording a view does).
views_sql_sqlite() {
    cat <<SQL
WITH RECURSIVE v(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM v WHERE k < 4)
INSERT INTO stock_views (user_id, symbol, viewed_at)
SELECT (SELECT id FROM users WHERE username = '$ADMIN'), g.symbol, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
FROM growth_pick g JOIN v ON v.k <= g.i % 4 + 1 WHERE g.i BETWEEN $1 AND $2;
INSERT INTO stock_view_hours (hour, symbol, views)
SELECT strftime('%Y-%m-%dT%H:00:00+00:00', 'now'), g.symbol, g.i % 4 + 1 FROM growth_pick g WHERE g.i BETWEEN $1 AND $2;
INSERT INTO trending_views (period, symbol, views)
SELECT w.period, g.symbol, g.i % 4 + 1 FROM growth_pick g JOIN trending_windows w ON w.hours_from IS NOT NULL
WHERE g.i BETWEEN $1 AND $2;
SQL
}
views_sql_postgres() {
    cat <<SQL
INSERT INTO stock_views (user_id, symbol, viewed_at)
SELECT (SELECT id FROM users WHERE username = '$ADMIN'), g.symbol, now()
FROM growth_pick g JOIN generate_series(1, 4) AS v(k) ON v.k <= g.i % 4 + 1 WHERE g.i BETWEEN $1 AND $2;
INSERT INTO stock_view_hours (hour, symbol, views)
SELECT date_trunc('hour', now()), g.symbol, g.i % 4 + 1 FROM growth_pick g WHERE g.i BETWEEN $1 AND $2;
INSERT INTO trending_views (period, symbol, views)
SELECT w.period, g.symbol, g.i % 4 + 1 FROM growth_pick g JOIN trending_windows w ON w.hours_from IS NOT NULL
WHERE g.i BETWEEN $1 AND $2;
SQL
}

seed_sqlite() { { seed_sql "$1" "$2"; views_sql_sqlite "$1" "$2"; } | sqlite3 -bail "$TMP/growth.db"; }
seed_postgres() {
    { echo "SET client_min_messages TO warning;"; seed_sql "$1" "$2"; views_sql_postgres "$1" "$2"; } |
        psql -q -v ON_ERROR_STOP=1 "$PG/$PG_DB" >/dev/null
    psql -q "$PG/$PG_DB" -c "VACUUM ANALYZE" >/dev/null
}

CALLS=(
    "/api/top-stocks"
    "/api/trending?period=24h"
    "/api/admin/kv-stocks"
    "/api/admin/kv-totals"
    "/api/admin/trends/most-improved?limit=5"
    "/api/admin/trends/quarterly-changes"
    "/api/admin/stocks"
    "/api/admin/analyzable-stocks"
)

# time_call NAME PORT PATH: "median_ms bytes" over REQUESTS requests.
time_call() {
    local name=$1 port=$2 path=$3
    for _ in $(seq 1 "$REQUESTS"); do
        curl -s -o /dev/null -b "$TMP/$name.jar" -H 'accept-encoding: gzip, br' \
            -w '%{http_code} %{time_total} %{size_download}\n' "http://127.0.0.1:$port$path"
    done | python3 -c '
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
bad = [r[0] for r in rows if r[0] != "200"]
if bad: sys.exit("HTTP " + bad[0] + " from '"$path"'")
print(f"{statistics.median(float(r[1]) for r in rows) * 1000:.1f} {rows[-1][2]}")'
}

declare -A RESULT
run_db() {
    local name=$1 url=$2 port seeded=0
    port=$(start "$name" "$url")
    for n in $SIZES; do
        "seed_$name" $((seeded + 1)) "$n"
        seeded=$n
        for round in $(seq 1 "$ROUNDS"); do
            for path in "${CALLS[@]}"; do
                RESULT["$name|$n|$path|$round"]=$(time_call "$name" "$port" "$path")
            done
        done
        echo "# $name: N = $n measured" >&2
    done
    kill "$(cat "$TMP/$name.pid")" 2>/dev/null || true
}

run_db sqlite "sqlite://$TMP/growth.db"
psql -q "$PG/postgres" -c "CREATE DATABASE $PG_DB" >/dev/null
run_db postgres "$PG/$PG_DB"

for name in sqlite postgres; do
    echo
    echo "## $name: median ms per call (rounds: ${ROUNDS}; compressed bytes of the answer at the largest N)"
    printf '| call |'; for n in $SIZES; do printf ' N = %s |' "$n"; done; echo ' bytes |'
    printf '|---|'; for _ in $SIZES; do printf -- '---|'; done; echo '---|'
    for path in "${CALLS[@]}"; do
        printf '| `%s` |' "$path"
        bytes=
        for n in $SIZES; do
            cells=
            for round in $(seq 1 "$ROUNDS"); do
                read -r ms bytes <<<"${RESULT["$name|$n|$path|$round"]}"
                cells+="${cells:+ / }$ms"
            done
            printf ' %s |' "$cells"
        done
        echo " $bytes |"
    done
done
