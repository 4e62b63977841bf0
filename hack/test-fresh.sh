#!/usr/bin/env bash
# Runs the test command as on a new machine: hack/test.sh in a fresh clone
# of HEAD (committed work only), with an empty module cache and an empty
# build cache (temporary directories), so that every download and every
# compile is paid inside the run, as on a first CI run. Then, with
# --warm, once more in the same clone with the caches the first run
# filled. Each run ends with hack/test.sh's table of step times; docs/development.md
# records those of the last such run.
#
#   hack/test-fresh.sh          one run, empty caches
#   hack/test-fresh.sh --warm   that run, then a second one, warm
#
# Writes nothing outside its temporary directory, which it removes (the
# module cache's read-only files included); VG_FRESH_KEEP=1 keeps it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

warm=0
case "${1:-}" in
--warm) warm=1 ;;
"") ;;
*)
  echo "usage: hack/test-fresh.sh [--warm]" >&2
  exit 2
  ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/validation-gen-fresh.XXXXXX")
cleanup() {
  if [ "${VG_FRESH_KEEP:-}" = 1 ]; then
    echo "hack/test-fresh.sh: VG_FRESH_KEEP=1: kept $tmp"
    return
  fi
  chmod -R u+w "$tmp" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

git clone --quiet --no-local "$root" "$tmp/repo"
echo "hack/test-fresh.sh: $(git -C "$tmp/repo" rev-parse --short HEAD) cloned into $tmp/repo; $(nproc 2>/dev/null || echo '?') cores; $(go version)"
if [ -n "$(git -C "$root" status --porcelain)" ]; then
  echo "hack/test-fresh.sh: note: the working tree has uncommitted changes, which the clone leaves out"
fi

# TMPDIR too: tests keep tools they build there (controller-gen for the
# oracle), which a new machine does not have either.
mkdir -p "$tmp/tmpdir"
export GOCACHE=$tmp/cache/go-build GOMODCACHE=$tmp/cache/mod TMPDIR=$tmp/tmpdir
run() {
  local label=$1 start=$SECONDS
  echo "hack/test-fresh.sh: $label run (GOCACHE=$GOCACHE, GOMODCACHE=$GOMODCACHE)"
  if ! "$tmp/repo/hack/test.sh"; then
    echo "hack/test-fresh.sh: FAIL: the $label run failed after $((SECONDS - start))s" >&2
    return 1
  fi
  echo "hack/test-fresh.sh: the $label run passed in $((SECONDS - start))s"
}

run cold
if [ "$warm" -eq 1 ]; then
  run warm
fi
