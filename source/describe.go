package source

import (
	"go/ast"
	"strings"
)

// description is a doc comment as controller-gen turns it into a schema's
// description: marker lines (a // comment whose text starts with +) left
// out, the rest as go/ast renders a comment group's text, lines of /* */
// comments trimmed, lines starting with TODO dropped outside code fences,
// and nothing from a line starting with --- on. Line breaks are kept.
func description(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	kept := &ast.CommentGroup{}
	block := false
	for _, c := range cg.List {
		if strings.HasPrefix(c.Text, "//") && strings.HasPrefix(strings.TrimSpace(c.Text[2:]), "+") {
			continue
		}
		if strings.HasPrefix(c.Text, "/*") {
			block = true
		}
		kept.List = append(kept.List, c)
	}
	if len(kept.List) == 0 {
		return ""
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(strings.TrimSuffix(kept.Text(), "\n"), "\n") {
		if block {
			line = strings.TrimSpace(line)
		}
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fenced = !fenced
		}
		if !fenced {
			if strings.HasPrefix(line, "TODO") {
				continue
			}
			if strings.HasPrefix(line, "---") {
				break
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// TypeDescription is the description controller-gen writes for a type of
// any loaded package: its doc comment proper (not the marker block a
// blank line separates from it).
func (l *Loaded) TypeDescription(pkg, name string) string {
	if pc := l.commentsOf(pkg); pc != nil {
		return pc.typeText[name]
	}
	return ""
}

// FieldDescription is the description controller-gen writes for a struct
// field of a type of any loaded package.
func (l *Loaded) FieldDescription(pkg, typeName, field string) string {
	if pc := l.commentsOf(pkg); pc != nil {
		return pc.fieldText[typeName+"."+field]
	}
	return ""
}
