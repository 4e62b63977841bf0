#!/usr/bin/env bash
# Regenerates every generated file of the repository:
#   - zz_generated.validations.go in the example API packages;
#   - the tag reference section of README.md, from `validation-gen --docs`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source hack/lib/tagref.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/validation-gen" ./cmd/validation-gen

"$tmp/validation-gen" --go-header-file hack/boilerplate.go.txt ./examples/...
# CRD manifests of the example groups that can be CRDs (widgets has a
# recursive type, which a CRD schema cannot describe).
"$tmp/validation-gen" --go-header-file hack/boilerplate.go.txt --crd-dir config/crd ./examples/apis/stable/... ./examples/apis/gadgets/...

"$tmp/validation-gen" --docs >"$tmp/docs.md"
render_tag_reference "$tmp/docs.md" README.md "$tmp/README.md"
if ! cmp -s "$tmp/README.md" README.md; then
  cat "$tmp/README.md" >README.md
  echo "updated the tag reference in README.md"
fi
