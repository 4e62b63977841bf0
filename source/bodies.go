package source

import (
	"go/scanner"
	"go/token"
)

// blankFuncBodies returns src with the bodies of its functions (and of
// function literals at the top level) replaced by spaces, newlines kept:
// every declaration, doc comment and position stays where it was, and the
// parser no longer builds the statements of, in a package like
// k8s.io/api/core/v1, 1.6 MB of generated protobuf code that no type
// description reads. src is returned as it is if its braces do not
// balance (the parser then reports what is wrong).
func blankFuncBodies(src []byte) []byte {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	s.Init(file, src, nil, 0) // comments skipped
	out, copied := src, false
	inFunc := false // between func and its body
	parens := 0     // ( and [ open in the signature
	typeBraces := 0 // struct{ and interface{ open in the signature
	prev := token.ILLEGAL
	for {
		pos, tok, _ := s.Scan()
		switch {
		case tok == token.EOF:
			return out
		case tok == token.FUNC:
			if !inFunc {
				inFunc, parens, typeBraces = true, 0, 0
			}
		case !inFunc:
		case tok == token.LPAREN || tok == token.LBRACK:
			parens++
		case tok == token.RPAREN || tok == token.RBRACK:
			parens--
		case tok == token.LBRACE && (prev == token.STRUCT || prev == token.INTERFACE):
			typeBraces++
		case tok == token.RBRACE && typeBraces > 0:
			typeBraces--
		case tok == token.RBRACE:
			inFunc = false // the end of a struct a func-typed field ends
		case tok == token.SEMICOLON && parens == 0 && typeBraces == 0:
			inFunc = false // a declaration without a body, a func-typed field
		case tok == token.LBRACE && parens == 0 && typeBraces == 0:
			start := file.Offset(pos) + 1
			end, ok := matchingBrace(&s, file)
			if !ok {
				return src
			}
			if !copied {
				out, copied = append([]byte(nil), src...), true
			}
			for i := start; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			inFunc = false
		}
		prev = tok
	}
}

// matchingBrace scans to the brace that closes the one just scanned and
// returns its offset.
func matchingBrace(s *scanner.Scanner, file *token.File) (int, bool) {
	depth := 1
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return 0, false
		case token.LBRACE:
			depth++
		case token.RBRACE:
			if depth--; depth == 0 {
				return file.Offset(pos), true
			}
		}
	}
}
