go mod edit -require=github.com/declval/validation-gen@v0.0.0 \
  -replace=github.com/declval/validation-gen=../validation-gen \
  -tool=github.com/declval/validation-gen/cmd/validation-gen
go mod tidy
