#!/usr/bin/env bash
# Our Postgres queue against graphile-worker on the same Postgres, same machine, same window:
# burn-down of JOBS no-op jobs with one and with two worker processes at the same concurrency
# per process, and add-to-start latency; three alternating rounds, then the ratios.
#
#   bench/queue-vs-graphile.sh            (env: JOBS=100000 CONCURRENCY=24 ROUNDS=3
#                                          SMALL_JOBS=5000 GRAPHILE_VERSION=0.17.3
#                                          PG=postgres://postgres@127.0.0.1:5432)
#
# graphile-worker is installed from the npm registry into a temporary folder (0.17.3 is the
# newest release that runs on Node 20; 0.18 needs Node 22). Its burn-down is its own
# `graphile-worker --once` CLI (as in its perfTest): jobs inserted with add_jobs, then the
# processes run until none is left. Ours is `queue-bench` (release build).
set -euo pipefail

JOBS=${JOBS:-100000}
CONCURRENCY=${CONCURRENCY:-24}
ROUNDS=${ROUNDS:-3}
SMALL_JOBS=${SMALL_JOBS:-5000}
GRAPHILE_VERSION=${GRAPHILE_VERSION:-0.17.3}
PG=${PG:-postgres://postgres@127.0.0.1:5432}
GW_DB=queue_vs_graphile_$$
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}

command -v node >/dev/null || { echo "node is required" >&2; exit 1; }
command -v psql >/dev/null || { echo "psql is required" >&2; exit 1; }

echo "# building queue-bench and worker (release)" >&2
(cd "$ROOT" && cargo build --release -q -p worker --features bench --bin worker --bin queue-bench)

TMP=$(mktemp -d)
cleanup() {
    psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $GW_DB WITH (FORCE)" >/dev/null 2>&1 || true
    rm -rf "$TMP"
}
trap cleanup EXIT

echo "# installing graphile-worker@$GRAPHILE_VERSION from npm into $TMP" >&2
(cd "$TMP" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error \
    "graphile-worker@$GRAPHILE_VERSION" >/dev/null)
mkdir -p "$TMP/tasks"
echo 'module.exports = async () => {};' > "$TMP/tasks/noop.js"
cat > "$TMP/latency.js" <<'JS'
// Add-to-start latency: a runner in this process, jobs added through Postgres (add_job),
// the time from just before the add to the task's first line; SAMPLES jobs 37 ms apart.
const { run, makeWorkerUtils, Logger } = require("graphile-worker");
const samples = Number(process.env.SAMPLES || 200);
(async () => {
  const started = new Map();
  const runner = await run({
    connectionString: process.env.GW_URL,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: new Logger(() => () => {}),
    taskList: { latency: async (p) => { started.get(p.n)(process.hrtime.bigint()); } },
  });
  // A pooled client, as our enqueue uses (quickAddJob would connect for every job).
  const utils = await makeWorkerUtils({ connectionString: process.env.GW_URL });
  await new Promise((r) => setTimeout(r, 2000));
  const ms = [];
  for (let n = 0; n < samples; n++) {
    const done = new Promise((r) => started.set(n, r));
    const sent = process.hrtime.bigint();
    await utils.addJob("latency", { n });
    ms.push(Number((await done) - sent) / 1e6);
    await new Promise((r) => setTimeout(r, 37));
  }
  await runner.stop();
  await utils.release();
  ms.sort((a, b) => a - b);
  const pick = (q) => ms[Math.round((ms.length - 1) * q)];
  console.log(`graphile add-to-start: p50 ${pick(0.5).toFixed(1)} ms, p99 ${pick(0.99).toFixed(1)} ms`);
})().catch((e) => { console.error(e); process.exit(1); });
JS

GW="$TMP/node_modules/.bin/graphile-worker"
GW_URL="$PG/$GW_DB"

# Fresh database with graphile's schema and N queued no-op jobs.
graphile_prepare() {
    psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $GW_DB WITH (FORCE)" >/dev/null
    psql -q "$PG/postgres" -c "CREATE DATABASE $GW_DB" >/dev/null
    (cd "$TMP" && "$GW" -c "$GW_URL" --schema-only >/dev/null 2>&1)
    psql -q "$GW_URL" -c "SELECT graphile_worker.add_jobs(array_agg(
        json_populate_record(null::graphile_worker.job_spec,
          '{\"identifier\":\"noop\",\"payload\":{}}')))
        FROM generate_series(1, $1)" >/dev/null
    psql -q "$GW_URL" -c "VACUUM ANALYZE" >/dev/null 2>&1
}

# Jobs/s of `$2` graphile-worker --once processes burning down $1 jobs.
graphile_burn() {
    graphile_prepare "$1"
    local start end pids=()
    start=$(date +%s.%N)
    for _ in $(seq "$2"); do
        (cd "$TMP" && "$GW" -c "$GW_URL" --once -j "$CONCURRENCY" >/dev/null 2>&1) &
        pids+=($!)
    done
    wait "${pids[@]}"
    end=$(date +%s.%N)
    local left
    left=$(psql -qtA "$GW_URL" -c "SELECT count(*) FROM graphile_worker.jobs")
    [ "$left" = 0 ] || { echo "graphile left $left jobs" >&2; exit 1; }
    awk -v n="$1" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", n / (e - s) }'
}

declare -a OURS1 OURS2 OURS_SMALL OURS1_RUN OURS_SMALL_RUN GW1 GW2 GW_SMALL OURS_LAT GW_LAT
for round in $(seq "$ROUNDS"); do
    echo "# round $round/$ROUNDS: graphile-worker" >&2
    GW_SMALL+=("$(graphile_burn "$SMALL_JOBS" 1)")
    GW1+=("$(graphile_burn "$JOBS" 1)")
    GW2+=("$(graphile_burn "$JOBS" 2)")
    graphile_prepare 0
    GW_LAT+=("$(cd "$TMP" && GW_URL="$GW_URL" node latency.js | sed 's/graphile add-to-start: //')")

    echo "# round $round/$ROUNDS: ours (queue-bench)" >&2
    out=$("$TARGET/release/queue-bench" --database postgres --jobs "$JOBS" \
        --concurrency "$CONCURRENCY" --small-jobs "$SMALL_JOBS" --idle-samples 0)
    echo "$out" >&2
    rate() { echo "$out" | grep "burn-down, $1 worker(s), $2 jobs" | awk -F: '{print $2}' | awk '{print $1}'; }
    OURS_SMALL+=("$(rate 1 "$SMALL_JOBS")")
    OURS1+=("$(rate 1 "$JOBS")")
    OURS2+=("$(rate 2 "$JOBS")")
    # The rate from the first job fetched, without the worker process's start.
    running() { echo "$out" | grep "burn-down, $1 worker(s), $2 jobs" | sed 's/.* \([0-9]*\) jobs\/s from then.*/\1/'; }
    OURS_SMALL_RUN+=("$(running 1 "$SMALL_JOBS")")
    OURS1_RUN+=("$(running 1 "$JOBS")")
    OURS_LAT+=("$(echo "$out" | grep '^enqueue-to-start, warm' | sed 's/.*warm: //; s/, max.*//')")
    i=$((round - 1))
    echo "# round $round: burn-down jobs/s ours/graphile: $SMALL_JOBS x1 ${OURS_SMALL[$i]}/${GW_SMALL[$i]}, $JOBS x1 ${OURS1[$i]}/${GW1[$i]}, $JOBS x2 ${OURS2[$i]}/${GW2[$i]}; latency ours ${OURS_LAT[$i]}, graphile ${GW_LAT[$i]}" >&2
done

ratios() { # ours[] / theirs[] per round
    local -n a=$1 b=$2
    for i in "${!a[@]}"; do awk -v x="${a[$i]}" -v y="${b[$i]}" 'BEGIN { printf "%.2fx ", x / y }'; done
}
echo
echo "## Postgres queue vs graphile-worker@$GRAPHILE_VERSION ($ROUNDS rounds, concurrency $CONCURRENCY per process, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "burn-down $SMALL_JOBS, 1 worker:  ours ${OURS_SMALL[*]} jobs/s | graphile ${GW_SMALL[*]} jobs/s | ratio $(ratios OURS_SMALL GW_SMALL)"
echo "burn-down $JOBS, 1 worker: ours ${OURS1[*]} jobs/s | graphile ${GW1[*]} jobs/s | ratio $(ratios OURS1 GW1)"
echo "burn-down $JOBS, 2 workers: ours ${OURS2[*]} jobs/s | graphile ${GW2[*]} jobs/s | ratio $(ratios OURS2 GW2)"
echo "ours at $JOBS vs at $SMALL_JOBS (1 worker): $(ratios OURS1 OURS_SMALL)"
echo "  from the first job fetched: ours $SMALL_JOBS ${OURS_SMALL_RUN[*]} jobs/s, $JOBS ${OURS1_RUN[*]} jobs/s: $(ratios OURS1_RUN OURS_SMALL_RUN)"
echo "add-to-start, warm: ours [$(IFS='|'; echo "${OURS_LAT[*]}")] | graphile [$(IFS='|'; echo "${GW_LAT[*]}")]"
