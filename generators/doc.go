// Package generators turns loaded Go packages into validation code.
//
// The pipeline is load (gengo, with comment positions), build (every tag
// becomes one typed Rule of the model, checked once, with file:line on
// every error), and emit (Go, with jennifer). Run ties them together and
// returns the files to write without writing any, so a failed run leaves
// every file as it was.
package generators
