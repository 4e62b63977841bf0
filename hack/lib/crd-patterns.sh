# The example groups written as CRDs (config/crd), for update-codegen.sh and
# verify-codegen.sh alike. widgets has a recursive type, which a CRD schema
# cannot describe. kubebuilder and cgalloc are written for controller-gen and read as it reads it.
crd_patterns=(./examples/apis/stable/... ./examples/apis/kubebuilder/... ./examples/apis/cgalloc/... ./examples/apis/gadgets/... ./examples/apis/probe/... ./examples/apis/review/... ./examples/apis/audit/... ./examples/apis/jobs/...)
