#!/usr/bin/env bash
# Regenerates every generated file of the repository:
#   - zz_generated.validations.go in the example API packages;
#   - the tag reference section of docs/tags.md, from `validation-gen --docs`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source hack/lib/tagref.sh
source hack/lib/crd-patterns.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/validation-gen" ./cmd/validation-gen

"$tmp/validation-gen" --go-header-file hack/boilerplate.go.txt --cel-tests ./examples/...
# CRD manifests of the example groups that can be CRDs.
"$tmp/validation-gen" --go-header-file hack/boilerplate.go.txt --cel-tests --crd-dir config/crd "${crd_patterns[@]}"

"$tmp/validation-gen" --docs >"$tmp/docs.md"
render_tag_reference "$tmp/docs.md" docs/tags.md "$tmp/tags.md"
if ! cmp -s "$tmp/tags.md" docs/tags.md; then
  cat "$tmp/tags.md" >docs/tags.md
  echo "updated the tag reference in docs/tags.md"
fi
