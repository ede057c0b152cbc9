#!/usr/bin/env bash
# The nightly market run (jobs/docs/market.md) end to end on a synthetic market: N companies
# (default 10,000) made from the snapshot's real company facts and submissions, each copy
# re-keyed to a CIK and ticker of its own (its JSON's "cik" rewritten, so every copy has its
# own fingerprint), packed as SEC packs its bulk zips, with a snapshot-shaped data folder
# (ticker list, each synthetic ticker's prices linked to its original's, the yields and short
# interest) in a temp dir that is removed at the end and never committed. Then, on SQLite and
# on Postgres, real release-built `worker` processes score it: wall time, jobs/s, each
# process's peak RSS, and a second run with nothing changed.
#
#   bench/market-score.sh        (env: N=10000 WORKERS=2 CONCURRENCY=4 DATABASES="sqlite postgres"
#                                 MARKET_DATA_DIR=/work/shared/market-data
#                                 TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
set -euo pipefail

N=${N:-10000}
WORKERS=${WORKERS:-2}
CONCURRENCY=${CONCURRENCY:-4}
DATABASES=${DATABASES:-sqlite postgres}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SNAPSHOT=${MARKET_DATA_DIR:-/work/shared/market-data}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
MARKET=$(mktemp -d -t synthetic-market-XXXXXX)
trap 'rm -rf "$MARKET"' EXIT

echo "# building worker and market-bench (release)" >&2
(cd "$ROOT" && cargo build --release -q -p worker --features bench --bin worker --bin market-bench)

echo "# synthetic market of $N companies in $MARKET" >&2
started=$(date +%s)
python3 - "$SNAPSHOT" "$MARKET" "$N" <<'PY'
import glob, gzip, json, os, re, sys, zipfile

snapshot, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
tickers = json.load(open(f"{snapshot}/sec/company_tickers.json"))
first = {}
for entry in tickers.values():
    first.setdefault(entry["cik_str"], entry)
facts, submissions = [], {}
for path in sorted(glob.glob(f"{snapshot}/sec/companyfacts/CIK*.json.gz")):
    cik = int(os.path.basename(path)[3:13])
    if cik in first:
        facts.append((cik, gzip.open(path).read()))
for path in glob.glob(f"{snapshot}/sec/submissions/CIK??????????.json.gz"):
    submissions[int(os.path.basename(path)[3:13])] = gzip.open(path).read()

def ticker(i):  # QAAAA, QAAAB, ...: one common stock per synthetic company
    letters = ""
    for _ in range(4):
        i, r = divmod(i, 26)
        letters = chr(65 + r) + letters
    return "Q" + letters

CIK = re.compile(rb'"cik"\s*:\s*"?\d+"?')
data = f"{out}/data"
os.makedirs(f"{data}/sec", exist_ok=True)
os.makedirs(f"{data}/prices/daily", exist_ok=True)
for name in ("rates", "short-interest", "ownership"):
    os.symlink(f"{snapshot}/{name}", f"{data}/{name}")
listed = {}
with zipfile.ZipFile(f"{out}/companyfacts.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=1) as fz, \
     zipfile.ZipFile(f"{out}/submissions.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=1) as sz:
    for i in range(n):
        src, body = facts[i % len(facts)]
        cik, symbol = 100_000_000 + i, ticker(i)
        name = f"CIK{cik:010}.json"
        fz.writestr(name, CIK.sub(f'"cik":{cik}'.encode(), body, count=1))
        if src in submissions:
            sz.writestr(name, CIK.sub(f'"cik":"{cik}"'.encode(), submissions[src], count=1))
        original = first[src]
        prices = f"{snapshot}/prices/daily/{original['ticker']}.csv"
        if os.path.exists(prices):
            os.symlink(prices, f"{data}/prices/daily/{symbol}.csv")
        listed[str(i)] = {"cik_str": cik, "ticker": symbol, "title": f"{original['title']} {i}"}
json.dump(listed, open(f"{data}/sec/company_tickers.json", "w"))
PY
echo "# built in $(( $(date +%s) - started )) s: $(du -sh "$MARKET/companyfacts.zip" | cut -f1) of company facts" >&2

echo "# load: $(uptime)"
for database in $DATABASES; do
    "$TARGET/release/market-bench" --database "$database" --market "$MARKET" \
        --worker "$TARGET/release/worker" --workers "$WORKERS" --concurrency "$CONCURRENCY"
done
echo "# load: $(uptime)"
