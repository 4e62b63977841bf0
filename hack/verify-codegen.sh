#!/usr/bin/env bash
# Fails if a generated file is out of date: the validators of the example
# API packages or the tag reference section of docs/tags.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source hack/lib/tagref.sh
source hack/lib/crd-patterns.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/validation-gen" ./cmd/validation-gen

failed=0
if ! "$tmp/validation-gen" --verify --go-header-file hack/boilerplate.go.txt --cel-tests ./examples/... 2>"$tmp/verify.log"; then
  cat "$tmp/verify.log" >&2
  if ! grep -q "out of date:" "$tmp/verify.log"; then
    echo "verify-codegen: validation-gen failed (see above); fix the tags it names, then run hack/update-codegen.sh" >&2
    exit 1
  fi
  failed=1
fi

if ! "$tmp/validation-gen" --verify --go-header-file hack/boilerplate.go.txt --cel-tests --crd-dir config/crd "${crd_patterns[@]}" 2>"$tmp/verify-crd.log"; then
  cat "$tmp/verify-crd.log" >&2
  failed=1
fi

"$tmp/validation-gen" --docs >"$tmp/docs.md"
render_tag_reference "$tmp/docs.md" docs/tags.md "$tmp/tags.md"
if ! diff -u docs/tags.md "$tmp/tags.md" >"$tmp/readme.diff"; then
  echo "out of date: docs/tags.md (tag reference section):" >&2
  cat "$tmp/readme.diff" >&2
  failed=1
fi

if [ "$failed" -ne 0 ]; then
  echo >&2
  echo "verify-codegen: generated files are stale (listed above); run hack/update-codegen.sh and commit the result" >&2
  exit 1
fi
echo "verify-codegen: generated files are up to date"
