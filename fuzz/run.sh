#!/usr/bin/env bash
# Runs every fuzz target in fuzz_targets/ for SECONDS each (default 60) with libFuzzer, on
# stable Rust: the same sanitizer-coverage instrumentation `cargo fuzz` adds, without the
# nightly-only AddressSanitizer (safe Rust needs it less). Corpora live in corpus/<target>
# (seeded from the snapshot's real documents), findings in artifacts/<target>; the summary
# line of each run (executions, coverage) is printed at the end.
#   fuzz/run.sh 60            every target, 60 s each
#   fuzz/run.sh 10 xml_extract   one target
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH="${1:-60}"
ONLY="${2:-}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/fuzz"
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# With an explicit --target (as cargo-fuzz does) RUSTFLAGS reach only the target code, not
# build scripts and proc macros, which cannot link the coverage hooks.
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release --bins --quiet --target "$TRIPLE"
BIN_DIR="$CARGO_TARGET_DIR/$TRIPLE/release"
DATA="${MARKET_DATA_DIR:-$PWD/../../shared/market-data}"
seed() { # seed corpus/<target> once from real documents
    local target=$1 dir=corpus/$1
    [ -d "$dir" ] && return 0
    mkdir -p "$dir"
    case "$target" in
        pdf_extract) [ -d "$DATA/documents/pdf" ] && head -c 200000 "$DATA/documents/pdf/uber_2021.pdf" >"$dir/uber_head.pdf" || true ;;
        # gzip is cut off by head (SIGPIPE): that is expected, not a failure under pipefail.
        html_extract) for f in "$DATA"/documents/10-K/*.html.gz; do [ -e "$f" ] && { gzip -dc "$f" || true; } | head -c 100000 >"$dir/$(basename "$f" .gz)"; done ;;
        xml_extract) printf '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "x&amp;y">]><r><b>&a;</b><![CDATA[<c>]]></r>' >"$dir/entity.xml" ;;
    esac
    return 0
}
status=0
summary=()
for src in fuzz_targets/*.rs; do
    target=$(basename "$src" .rs)
    [ -n "$ONLY" ] && [ "$ONLY" != "$target" ] && continue
    seed "$target"
    mkdir -p "artifacts/$target"
    log=$(mktemp)
    echo "==> $target for ${SECONDS_EACH}s"
    if "$BIN_DIR/$target" "corpus/$target" -max_total_time="$SECONDS_EACH" \
        -max_len=1048576 -rss_limit_mb=2048 -timeout=30 -artifact_prefix="artifacts/$target/" \
        -print_final_stats=1 >"$log" 2>&1; then
        result=ok
    else
        result="FINDING (see artifacts/$target)"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    summary+=("$target: $result, $runs executions, $cov")
    tail -3 "$log"
    rm -f "$log"
done
echo "==> summary"
printf '%s\n' "${summary[@]}"
exit "$status"
