# The example groups written as CRDs (config/crd), for update-codegen.sh and
# verify-codegen.sh alike. widgets has a recursive type, which a CRD schema
# cannot describe.
crd_patterns=(./examples/apis/stable/... ./examples/apis/gadgets/... ./examples/apis/probe/... ./examples/apis/review/... ./examples/apis/audit/... ./examples/apis/jobs/...)
