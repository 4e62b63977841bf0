#!/usr/bin/env bash
# Writes docs/k8s-coverage.md: what the tags of k8s.io/api cover of
# Kubernetes' handwritten validation, kind by kind (bench/k8sapi/cmd/
# coverage), after generating k8s.io/api's validators (go run ./cmd/gen,
# not committed). hack/bench.sh's migration step (in the test command,
# through hack/bench.sh --smoke) fails when the report is stale. Needs
# only Go; about two minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../bench/k8sapi"
go run ./cmd/gen
go run -tags generated ./cmd/coverage -o ../../docs/k8s-coverage.md
echo "wrote docs/k8s-coverage.md"
