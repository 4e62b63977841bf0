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
// kept is the description as controller-gen wrote it before v0.16: every
// line kept, and a blank line between paragraphs written as two.
func description(cg *ast.CommentGroup) (desc, kept string) {
	if cg == nil {
		return "", ""
	}
	text := &ast.CommentGroup{}
	block := false
	for _, c := range cg.List {
		if strings.HasPrefix(c.Text, "//") && strings.HasPrefix(strings.TrimSpace(c.Text[2:]), "+") {
			continue
		}
		if strings.HasPrefix(c.Text, "/*") {
			block = true
		}
		text.List = append(text.List, c)
	}
	if len(text.List) == 0 {
		return "", ""
	}
	body := text.Text()
	if body == "" {
		// Empty comment lines only (go/ast drops them): no lines at all.
		return "", ""
	}
	var out, all []string
	fenced, ended := false, false
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if block {
			line = strings.TrimSpace(line)
		}
		if line == "" {
			all = append(all, "\n")
		} else {
			all = append(all, line)
		}
		if ended {
			continue
		}
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fenced = !fenced
		}
		if !fenced {
			if strings.HasPrefix(line, "TODO") {
				continue
			}
			if strings.HasPrefix(line, "---") {
				ended = true
				continue
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n"), strings.Join(all, "\n")
}

// DescriptionStyle is how a controller-gen version writes a doc comment
// as a description.
type DescriptionStyle int

const (
	// Stripped is v0.16's and later's: lines starting with TODO and
	// those from --- on left out (description).
	Stripped DescriptionStyle = iota
	// Kept is v0.14's and v0.15's: every line, and two blank lines
	// between paragraphs.
	Kept
)

// TypeDescription is the description controller-gen writes for a type of
// any loaded package: its doc comment proper (not the marker block a
// blank line separates from it).
func (l *Loaded) TypeDescription(pkg, name string, style DescriptionStyle) string {
	if pc := l.commentsOf(pkg); pc != nil {
		if kept, ok := pc.typeTextKept[name]; ok && style == Kept {
			return kept
		}
		return pc.typeText[name]
	}
	return ""
}

// FieldDescription is the description controller-gen writes for a struct
// field of a type of any loaded package.
func (l *Loaded) FieldDescription(pkg, typeName, field string, style DescriptionStyle) string {
	if pc := l.commentsOf(pkg); pc != nil {
		if kept, ok := pc.fieldTextKept[typeName+"."+field]; ok && style == Kept {
			return kept
		}
		return pc.fieldText[typeName+"."+field]
	}
	return ""
}
