#!/usr/bin/env bash
# Runs the benchmarks of bench/ side by side in one run and writes
# BENCHMARKS.md: the generated validators against handwritten code, the
# Kubernetes reference generator's output (generated here, not committed),
# go-playground/validator and the API server's CRD pipeline, plus the speed
# of the two generators. Needs only Go (modules come from the Go module
# proxy). A full run takes about 20 minutes on 2 cores; keep the machine
# otherwise idle, the report records the load average.
#
#   hack/bench.sh            full run (BENCH_COUNT=6 runs of each benchmark,
#                            BENCH_TIME=1s each; lists of BENCH_LIST_SIZES
#                            items, the reference's up to
#                            BENCH_REFERENCE_MAX_ITEMS), writes BENCHMARKS.md
#   hack/bench.sh --smoke    every step once, quickly (each benchmark one
#                            iteration), report to a temporary file: checks
#                            that the benchmarks and the report work
#                            (hack/test.sh runs it); numbers meaningless;
#                            BENCH_SMOKE_REPORT=file keeps the report
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

smoke=0
case "${1:-}" in
--smoke) smoke=1 ;;
"") ;;
*)
  echo "usage: hack/bench.sh [--smoke]" >&2
  exit 2
  ;;
esac

count=${BENCH_COUNT:-6}
benchtime=${BENCH_TIME:-1s}
sizes=${BENCH_LIST_SIZES:-1000,10000,100000}
refmax=${BENCH_REFERENCE_MAX_ITEMS:-10000}
genruns=$count
profiletime=2s
out=$root/BENCHMARKS.md
if [ "$smoke" -eq 1 ]; then
  count=1
  benchtime=1x
  sizes=100,1000
  refmax=1000
  genruns=1
  profiletime=1x
fi
if [ "$smoke" -eq 0 ] && [ "$count" -lt 6 ]; then
  echo "hack/bench.sh: BENCH_COUNT=$count: the report needs at least 6 runs for its medians" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$smoke" -eq 1 ]; then
  out=${BENCH_SMOKE_REPORT:-$work/BENCHMARKS.md} # where to keep the smoke report, to read it
fi

cd bench
echo "==> the reference generator's validators (go run ./cmd/refgen)"
go run ./cmd/refgen

echo "==> building the benchmarks (go test -tags reference -c)"
go test -tags reference -c -o "$work/bench.test" .

date=$(date -u '+%Y-%m-%d %H:%M UTC')
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain 2>/dev/null)" ]; then
  commit="$commit (with uncommitted changes)"
fi
load_before=$(cat /proc/loadavg 2>/dev/null || true)

echo "==> benchmarks (-count $count -benchtime $benchtime)"
"$work/bench.test" -test.run '^$' -test.bench . -test.benchmem -test.count "$count" -test.benchtime "$benchtime" \
  -list-sizes "$sizes" -reference-max-items "$refmax" | tee "$work/raw.txt"

echo "==> generator speed ($genruns runs each)"
go run ./cmd/genspeed -runs "$genruns" -o "$work/genspeed.json"
load_after=$(cat /proc/loadavg 2>/dev/null || true)

go tool benchstat -col /impl "$work/raw.txt" >"$work/benchstat.txt"

echo "==> report"
go run ./cmd/report -raw "$work/raw.txt" -genspeed "$work/genspeed.json" -benchstat "$work/benchstat.txt" \
  -removed internal/reference/REMOVED_TAGS.txt -test-binary "$work/bench.test" -profile-benchtime "$profiletime" \
  -reference-max-items "$refmax" \
  -date "$date" -commit "$commit" -load-before "$load_before" -load-after "$load_after" -o "$out"

if [ "$smoke" -eq 1 ]; then
  for section in "## Goals" "## Validating one object" "## Large lists" "## Generator speed" "## benchstat"; do
    if ! grep -q "^$section" "$out"; then
      echo "hack/bench.sh --smoke: the report has no section '$section'" >&2
      exit 1
    fi
  done
  echo "hack/bench.sh --smoke: every benchmark ran and the report renders"
else
  echo "hack/bench.sh: wrote BENCHMARKS.md"
fi
