module github.com/declval/validation-gen/test

go 1.26.0

replace github.com/declval/validation-gen => ../
