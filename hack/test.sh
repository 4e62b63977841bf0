#!/usr/bin/env bash
# THE test command: every check of the repository, stopping at the first
# failure. Needs only Go (modules come from the Go module proxy).
#
#   1. gofmt on every Go file (tracked or new; testdata excluded)
#   2. go vet ./...
#   3. hack/verify-codegen.sh (generated files and README tag reference fresh)
#   4. go test -count=1 ./...
#   5. go vet and go test in each nested module under test/, bench/ and
#      crwebhook/
#   6. hack/bench.sh --smoke: every benchmark once (with the Kubernetes
#      reference generator's output, generated on the spot) and the report
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$SECONDS
steps=0

step() {
  local name=$1
  shift
  echo "==> $name"
  if ! "$@"; then
    echo "FAIL: $name" >&2
    exit 1
  fi
  steps=$((steps + 1))
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

nested_module() {
  local dir=$1
  (cd "$dir" && go vet ./... && go test -count=1 ./...)
}

step "gofmt" check_gofmt
step "go vet ./..." go vet ./...
step "hack/verify-codegen.sh" hack/verify-codegen.sh
step "go test -count=1 ./..." go test -count=1 ./...

modules=0
for mod in $(find test bench crwebhook -name go.mod -not -path '*/testdata/*' 2>/dev/null | sort); do
  dir=$(dirname "$mod")
  step "$dir: go vet ./... && go test -count=1 ./..." nested_module "$dir"
  modules=$((modules + 1))
done

step "hack/bench.sh --smoke" hack/bench.sh --smoke

echo "hack/test.sh: PASS: $steps steps, nested modules: $modules, in $((SECONDS - start))s"
