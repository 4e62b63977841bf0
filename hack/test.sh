#!/usr/bin/env bash
# THE test command: every check of the repository, stopping at the first
# failure. Needs only Go (modules come from the Go module proxy). Each
# step prints its time when it ends; the table of every step's time, and
# the slowest test packages, close the run (also when a step fails).
#
#   1. go mod download in every module, timed on its own: what a cold
#      run spends on downloads, before anything else
#   2. gofmt on every Go file (tracked or new; testdata excluded)
#   3. go vet ./...
#   4. hack/verify-codegen.sh (generated files and the tag reference of docs/tags.md fresh)
#   5. go test ./..., then TestDeterministic again under the race
#      detector: the run loads, renders Go files and builds CRDs at the
#      same time, and it renders the examples of both dialects at
#      GOMAXPROCS 1 and 4
#   6. go vet, then go test, in each nested module under test/, bench/
#      and crwebhook/
#   7. hack/bench.sh --smoke: every benchmark once (with the Kubernetes
#      reference generator's output, generated on the spot) and the report
#
# hack/test-fresh.sh runs this in a fresh clone with empty module and
# build caches, as on a new machine; docs/development.md records both runs' times.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# test_timeout is go test's -timeout for the packages of a module. It is a
# test binary's budget, and it counts what its tests run themselves: the
# go build, go mod download, go mod tidy and go test of other modules
# (test/kubebuilder builds every project's module with its own versions of
# Kubernetes' modules, test/refparity and test/k8sapi build the reference
# generator, the generator fuzz test vets what it generates); with an empty
# build cache that compile is most of it. go test compiles the test binary
# itself before the clock starts. go test's default, 10 minutes, is less
# than test/kubebuilder needs on a cold cache.
#
# The slowest packages of each module, in seconds, with empty caches then
# with warm ones (hack/test-fresh.sh --warm at 03b2805, 2 cores, while
# other work ran on the machine; two packages run at once, so each one's
# time includes the other's load). test/kubebuilder builds 15 projects'
# modules, each with its own versions of Kubernetes' modules: most of its
# cold time. The budgets leave about 2x the cold figure; a hung test still
# fails inside CI's 90 minutes.
#
#   .                 generators 326 / 420, runtime 73 / 106, cmd/validation-gen 26 / 23
#   test              kubebuilder 1944 / 561, crd 607 / 488, k8sapi 141 / 121,
#                     refparity 101 / 70
#   bench, crwebhook  under 30
test_timeout() {
  case $1 in
  .) echo 20m ;;
  test) echo 60m ;;
  *) echo 10m ;;
  esac
}

work=$(mktemp -d)
start=$SECONDS
steps=()
times=()
current=""

summary() {
  local status=$? i
  if [ -n "$current" ]; then
    steps+=("$current (FAILED)")
    times+=($((SECONDS - current_start)))
  fi
  echo
  echo "hack/test.sh: time of each step"
  for i in "${!steps[@]}"; do
    printf '  %6ss  %s\n' "${times[$i]}" "${steps[$i]}"
  done
  if [ -s "$work/packages" ]; then
    echo "the slowest test packages (go test's time, which runs two at once):"
    sort -k2 -rn "$work/packages" | head -n 8 | while read -r pkg secs; do
      printf '  %6.0fs  %s\n' "$secs" "$pkg"
    done
  fi
  rm -rf "$work"
  if [ "$status" -eq 0 ]; then
    echo "hack/test.sh: PASS: ${#steps[@]} steps, nested modules: $((${#modules[@]} - 1)), in $((SECONDS - start))s"
  else
    echo "hack/test.sh: FAIL after $((SECONDS - start))s" >&2
  fi
  exit "$status"
}
trap summary EXIT

step() {
  local name=$1
  shift
  echo "==> $name"
  current=$name
  current_start=$SECONDS
  if ! "$@"; then
    echo "FAIL: $name (after $((SECONDS - current_start))s)" >&2
    exit 1
  fi
  steps+=("$name")
  times+=($((SECONDS - current_start)))
  current=""
  echo "<== $name: $((SECONDS - current_start))s"
}

go_files() {
  if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard -- '*.go'
  else
    find . -name '*.go' -not -path './.git/*' | sed 's|^\./||'
  fi | grep -Ev '(^|/)(testdata|vendor)/' | while IFS= read -r f; do
    [ -f "$f" ] && printf '%s\n' "$f"
  done
}

check_gofmt() {
  local files unformatted
  files=$(go_files)
  [ -z "$files" ] && return 0
  # shellcheck disable=SC2086 # file names in this repository have no spaces
  unformatted=$(printf '%s\n' "$files" | xargs gofmt -l)
  if [ -n "$unformatted" ]; then
    echo "gofmt: these files are not formatted (fix: gofmt -w <file>):" >&2
    printf '  %s\n' $unformatted >&2
    return 1
  fi
}

modules=(.)
for mod in $(find test bench crwebhook -name go.mod -not -path '*/testdata/*' 2>/dev/null | sort); do
  modules+=("$(dirname "$mod")")
done

download_modules() {
  local dir
  for dir in "${modules[@]}"; do
    (cd "$dir" && go mod download) || return 1
  done
}

# go_test runs a module's tests and keeps each package's time for the
# summary.
go_test() {
  local dir=$1
  (cd "$dir" && go test -count=1 -timeout="$(test_timeout "$dir")" ./...) 2>&1 | tee "$work/go-test.log"
  local status=${PIPESTATUS[0]}
  sed -nE 's/^ok +([^ ]+)[[:space:]]+([0-9.]+)s$/\1 \2/p' "$work/go-test.log" >>"$work/packages"
  return "$status"
}

step "go mod download (${#modules[@]} modules)" download_modules
step "gofmt" check_gofmt
step "go vet ./..." go vet ./...
step "hack/verify-codegen.sh" hack/verify-codegen.sh
step "go test -timeout=$(test_timeout .) ./..." go_test .
# The race detector needs cgo, which the go command turns off where no C
# compiler is found: then the step says so instead of failing.
race_determinism() {
  if [ "$(go env CGO_ENABLED)" != 1 ]; then
    echo "skipped: the race detector needs cgo, and go env CGO_ENABLED is not 1 (no C compiler found)"
    return 0
  fi
  go test -race -count=1 -timeout=10m -run '^TestDeterministic$' ./generators/
}
step "go test -race -run TestDeterministic ./generators/" race_determinism

for dir in "${modules[@]:1}"; do
  step "$dir: go vet ./..." bash -c "cd '$dir' && go vet ./..."
  step "$dir: go test -timeout=$(test_timeout "$dir") ./..." go_test "$dir"
done

step "hack/bench.sh --smoke" hack/bench.sh --smoke
