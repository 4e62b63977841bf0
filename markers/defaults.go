package markers

import "strings"

// FieldDefault finds a field's +default=<json> (defaulter-gen's tag,
// which Kubernetes' validation-gen reads for +k8s:optional).
func FieldDefault(lines []Line) (value string, line Line, ok bool, err error) {
	var found []Line
	for _, l := range lines {
		s := strings.TrimSpace(l.Text)
		if s == "+default" || strings.HasPrefix(s, "+default=") || strings.HasPrefix(s, "+default(") {
			found = append(found, l)
		}
	}
	if len(found) == 0 {
		return "", Line{}, false, nil
	}
	if len(found) > 1 {
		err = &Error{Pos: found[1].Pos, Tag: strings.TrimPrefix(strings.TrimSpace(found[1].Text), "+"),
			Msg: "a field has one default; this is its second +default", Fix: "remove one of the +default lines"}
	}
	s := strings.TrimSpace(found[0].Text)
	value, _ = strings.CutPrefix(s, "+default=")
	if value == s {
		value = ""
	}
	return strings.TrimSpace(value), found[0], true, err
}
