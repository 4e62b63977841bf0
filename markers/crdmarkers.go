package markers

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// CRD-level markers use the syntax CRD authors know from controller-gen:
// +kubebuilder:<name>[:<key>=<value>,<key>=<value>...]. Unlike
// controller-gen, an unknown or misspelt kubebuilder marker is an error.

// CRDMarkers are the CRD settings read from a root type's comments.
type CRDMarkers struct {
	Plural, Singular, Scope string
	ShortNames, Categories  []string
	Status                  bool
	Scale                   *ScaleMarker
	PrintColumns            []PrintColumn
	SelectableFields        []string
	StorageVersion          bool
	// SkipVersion, Unserved and Deprecated (with its warning) shape the
	// kind's version; Annotations and Labels go on the CRD.
	SkipVersion, Unserved, Deprecated bool
	DeprecationWarning                *string
	Annotations, Labels               map[string]string
}

type ScaleMarker struct {
	SpecPath, StatusPath, SelectorPath string
	Pos                                token.Position
	Tag                                string
}

type PrintColumn struct {
	Name, Type, JSONPath, Description, Format string
	Priority                                  int32
}

// crdMarkerKeys lists each marker's allowed keys (nil: none).
var crdMarkerKeys = map[string][]string{
	"resource":           {"path", "singular", "shortName", "categories", "scope"},
	"subresource:status": nil,
	"subresource:scale":  {"specpath", "statuspath", "selectorpath"},
	"printcolumn":        {"name", "type", "JSONPath", "description", "format", "priority"},
	"selectablefield":    {"JSONPath"},
	"storageversion":     nil,
	"skipversion":        nil,
	"unservedversion":    nil,
	"deprecatedversion":  {"warning"},
	"metadata":           {"annotations", "labels"},
}

// crdMarkerLists are the keys whose values are lists ([]string to
// controller-gen): "a";"b", {a,b} and a;b are two items, "a;b" one.
var crdMarkerLists = map[string]bool{"shortName": true, "categories": true, "annotations": true, "labels": true}

// listSep joins the items of a list value of ParseMarkerArgs: a byte no
// marker holds, so that an item may hold a semicolon.
const listSep = "\x00"

// foreignKubebuilder are markers of other controller-tools generators
// (deepcopy, RBAC, webhooks), which validation-gen leaves alone.
var foreignKubebuilder = []string{"object:", "rbac:", "webhook:", "ac:"}

// ParseCRDMarkers reads the kubebuilder markers of a type.
func ParseCRDMarkers(lines []Line) (CRDMarkers, []error) {
	var m CRDMarkers
	var errs []error
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		if !strings.HasPrefix(text, KubebuilderPrefix) {
			continue
		}
		body := text[len(KubebuilderPrefix):]
		if _, near := MisspeltKubebuilder(text); near != "" && SchemaFamilies[near] {
			continue // reported with the type's tags (xValidations)
		}
		if isForeignKubebuilder(body) || IsSchemaKubebuilder(body) {
			continue // schema markers: reported with the type's tags (xValidations)
		}
		name := ""
		for n := range crdMarkerKeys {
			if (body == n || strings.HasPrefix(body, n+":")) && len(n) > len(name) {
				name = n
			}
		}
		args := strings.TrimPrefix(strings.TrimPrefix(body, name), ":")
		keys, known := crdMarkerKeys[name]
		if name == "" || !known {
			// controller-gen passes over a marker it does not know (Kong's
			// +kubebuilder:subresource:finalizer): a warning, which a
			// package read as Kubernetes reads it makes an error.
			errs = append(errs, &Warning{Kind: UnknownMarker, Pos: l.Pos, Tag: strings.TrimPrefix(text, "+"),
				Msg:  "unknown kubebuilder marker",
				Does: "passes over unknown markers in silence, so it changes nothing (nor here)",
				Fix:  "delete the line, or use one of +kubebuilder:resource, subresource:status, subresource:scale, printcolumn, selectablefield, storageversion, skipversion, unservedversion, deprecatedversion, metadata"})
			continue
		}
		kv, err := ParseMarkerArgs(args, keys, crdMarkerLists)
		if err != nil {
			errs = append(errs, &Error{Pos: l.Pos, Tag: strings.TrimPrefix(text, "+"), Msg: err.Error(),
				Fix: fmt.Sprintf("write +kubebuilder:%s:%s", name, exampleArgs(keys))})
			continue
		}
		bad := func(msg, fix string) {
			errs = append(errs, &Error{Pos: l.Pos, Tag: strings.TrimPrefix(text, "+"), Msg: msg, Fix: fix})
		}
		switch name {
		case "resource":
			// Each line applies in turn, as controller-gen applies it:
			// path and singular when given, the others always (a second
			// line with only scope keeps the first's path).
			if kv["path"] != "" {
				m.Plural = kv["path"]
			}
			if kv["singular"] != "" {
				m.Singular = kv["singular"]
			}
			m.ShortNames = splitList(kv["shortName"])
			m.Categories = splitList(kv["categories"])
			m.Scope = kv["scope"]
			if m.Scope != "" && m.Scope != "Namespaced" && m.Scope != "Cluster" {
				bad(fmt.Sprintf("scope %q is neither Namespaced nor Cluster", m.Scope), "write scope=Namespaced or scope=Cluster")
			}
		case "subresource:status":
			m.Status = true
		case "subresource:scale":
			if kv["specpath"] == "" || kv["statuspath"] == "" {
				bad("scale needs specpath and statuspath", "write +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas")
				continue
			}
			m.Scale = &ScaleMarker{SpecPath: kv["specpath"], StatusPath: kv["statuspath"], SelectorPath: kv["selectorpath"],
				Pos: l.Pos, Tag: strings.TrimPrefix(text, "+")}
		case "printcolumn":
			c := PrintColumn{Name: kv["name"], Type: kv["type"], JSONPath: kv["JSONPath"], Description: kv["description"], Format: kv["format"]}
			if c.Name == "" || c.Type == "" || c.JSONPath == "" {
				bad("printcolumn needs name, type and JSONPath", `write +kubebuilder:printcolumn:name="Image",type=string,JSONPath=".spec.image"`)
				continue
			}
			if p := kv["priority"]; p != "" {
				n, err := strconv.ParseInt(p, 10, 32)
				if err != nil {
					bad(fmt.Sprintf("priority %q is not an integer", p), "write priority=0")
					continue
				}
				c.Priority = int32(n)
			}
			m.PrintColumns = append(m.PrintColumns, c)
		case "selectablefield":
			if kv["JSONPath"] == "" {
				bad("selectablefield needs JSONPath", "write +kubebuilder:selectablefield:JSONPath=`.spec.color`")
				continue
			}
			m.SelectableFields = append(m.SelectableFields, kv["JSONPath"])
		case "storageversion":
			m.StorageVersion = true
		case "skipversion":
			m.SkipVersion = true
		case "unservedversion":
			m.Unserved = true
		case "deprecatedversion":
			m.Deprecated = true
			if w, ok := kv["warning"]; ok {
				m.DeprecationWarning = &w
			}
		case "metadata":
			for _, key := range []string{"annotations", "labels"} {
				if kv[key] == "" {
					continue
				}
				// Every line adds its entries, as controller-gen applies
				// each (mongodb's six annotations lines).
				out := &m.Labels
				if key == "annotations" {
					out = &m.Annotations
				}
				for _, pair := range splitList(kv[key]) {
					k, v, ok := strings.Cut(pair, "=")
					if !ok {
						bad(fmt.Sprintf("%s entry %q has no =", key, pair), "write "+key+`="key=value";"key2=value2"`)
						continue
					}
					if *out == nil {
						*out = map[string]string{}
					}
					(*out)[k] = v
				}
			}
		}
	}
	return m, errs
}

func isForeignKubebuilder(body string) bool {
	for _, f := range foreignKubebuilder {
		if body == strings.TrimSuffix(f, ":") || strings.HasPrefix(body, f) {
			return true
		}
	}
	return false
}

func exampleArgs(keys []string) string {
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"=...")
	}
	return strings.Join(parts, ",")
}

// splitList is the items of a list value of ParseMarkerArgs.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, listSep)
}

// ParseMarkerArgs reads key=value pairs separated by commas; values may be
// double- or back-quoted (then they may hold commas). The values of the
// keys in lists are lists, their items joined by listSep (splitList);
// the others are strings, where a list's items are joined by semicolons.
func ParseMarkerArgs(s string, keys []string, lists map[string]bool) (map[string]string, error) {
	out := map[string]string{}
	allowed := map[string]bool{}
	for _, k := range keys {
		allowed[k] = true
	}
	for s = strings.TrimSpace(s); s != ""; {
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return nil, fmt.Errorf("cannot read %q: want key=value", s)
		}
		key := strings.TrimSpace(s[:eq])
		if !allowed[key] {
			if len(keys) == 0 {
				return nil, fmt.Errorf("takes no arguments")
			}
			return nil, fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(keys, ", "))
		}
		// Spaces around = are controller-gen's scanner's to skip
		// (Kong's message = "...").
		rest := strings.TrimLeft(s[eq+1:], " \t")
		sep := ";"
		if lists[key] {
			sep = listSep
		}
		var val string
		switch {
		case strings.HasPrefix(rest, `"`):
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("unterminated string after %s=", key)
			}
			val, _ = strconv.Unquote(q)
			rest = rest[len(q):]
			// controller-gen's list of quoted items: "a";"b" is a;b.
			for strings.HasPrefix(rest, ";") {
				rest = rest[1:]
				var item string
				if strings.HasPrefix(rest, `"`) {
					q, err := strconv.QuotedPrefix(rest)
					if err != nil {
						return nil, fmt.Errorf("unterminated string in the list after %s=", key)
					}
					item, _ = strconv.Unquote(q)
					rest = rest[len(q):]
				} else {
					end := strings.IndexAny(rest, ",;")
					if end < 0 {
						end = len(rest)
					}
					item, rest = strings.TrimSpace(rest[:end]), rest[end:]
				}
				val += sep + item
			}
		case strings.HasPrefix(rest, "`"):
			end := strings.IndexByte(rest[1:], '`')
			if end < 0 {
				return nil, fmt.Errorf("unterminated string after %s=", key)
			}
			val, rest = rest[1:end+1], rest[end+2:]
		case strings.HasPrefix(rest, "{"):
			// controller-gen's list: {a,b} is a;b.
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return nil, fmt.Errorf("unterminated {...} after %s=", key)
			}
			var items []string
			for _, it := range strings.Split(rest[1:end], ",") {
				if it = strings.Trim(strings.TrimSpace(it), `"`); it != "" {
					items = append(items, it)
				}
			}
			val, rest = strings.Join(items, sep), rest[end+1:]
		default:
			end := strings.IndexByte(rest, ',')
			if end < 0 {
				end = len(rest)
			}
			val, rest = strings.TrimSpace(rest[:end]), rest[end:]
			if lists[key] { // a;b, unquoted: two items
				items := strings.Split(val, ";")
				for i := range items {
					items[i] = strings.TrimSpace(items[i])
				}
				val = strings.Join(items, listSep)
			}
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("key %q given twice", key)
		}
		out[key] = val
		rest = strings.TrimSpace(rest)
		if rest != "" && !strings.HasPrefix(rest, ",") {
			return nil, fmt.Errorf("expected a comma before %q", rest)
		}
		s = strings.TrimSpace(strings.TrimPrefix(rest, ","))
	}
	return out, nil
}
