package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Calc is a kind whose spec's rules use the compiled subset.
type Calc struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CalcSpec `json:"spec"`
}

// CalcSpec has rules on ints (arithmetic, with CEL's overflow, division
// and modulus errors), strings (matches() and the strings extension),
// lists (indexing and every macro) and maps. Each rule has one place that
// can fail, so that the differential test sees each error.
//
// +k8s:rule(rule: "self.a + self.b != 3", message: "a+b is not 3")
// +k8s:rule(rule: "self.a - self.b != 3", message: "a-b is not 3")
// +k8s:rule(rule: "self.a * self.b != 6", messageExpression: "self.a > 0 ? 'a*b is not 6 for a positive a' : 'a*b is not 6'")
// +k8s:rule(rule: "self.a / self.c != 2", reason: "FieldValueForbidden", fieldPath: ".a")
// +k8s:rule(rule: "self.a % self.c != 1", reason: "FieldValueRequired", message: "a%c is not 1")
// +k8s:rule(rule: "-self.a != 10 && self.a != -9223372036854775807", message: "-a is not 10")
// +k8s:rule(rule: "!has(self.limit) || self.a <= self.limit + 1", message: "a is at most limit plus one")
// +k8s:rule(rule: "size(self.names) == 0 || self.names[size(self.names) - 1] != 'last'", message: "the last name is not last")
// +k8s:rule(rule: "self.names[self.c] != 'valid-name'", message: "names[c] is not valid-name")
// +k8s:rule(rule: "[has(self.limit), has(self.size), has(self.pattern)].filter(x, x).size() <= 2", message: "at most two of limit, size and pattern")
// +k8s:rule(rule: "[10 / self.c, 10 % (self.c - 1)].size() == 2", message: "never false")
// +k8s:rule(rule: "self.mode in ['Auto', 'Manual'] || self.mode.startsWith('x')", message: "unknown mode")
// +k8s:rule(rule: "!has(self.size) || self.a >= 0", message: "a size needs a non-negative a")
// +k8s:rule(rule: "self.names.exists_one(n, n == 'primary') || !self.names.exists(n, n == 'primary')", message: "primary at most once")
// +k8s:rule(rule: "self.labels['team'] != 'x'", message: "the team is not x")
// +k8s:rule(rule: "self.pattern.indexOf('a', self.c) != 1", message: "no a at c")
// +k8s:rule(rule: "self.pattern.lastIndexOf('a', self.c) != 0", message: "no a at or before c")
// +k8s:rule(rule: "self.pattern.substring(self.c, 3) != 'b'", message: "not b from c to 3")
type CalcSpec struct {
	// +k8s:optional
	A int64 `json:"a,omitempty"`
	// +k8s:optional
	B int64 `json:"b,omitempty"`
	C int64 `json:"c"`
	// +k8s:optional
	Limit *int32 `json:"limit,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=8
	// +k8s:eachVal=+k8s:maxLength=300
	// +k8s:rule(rule: "self.all(x, self.exists_one(y, x == y))", message: "names are unique")
	// +k8s:rule(rule: "size(self.filter(n, n.startsWith('a'))) <= 2", message: "at most two names start with a")
	// +k8s:rule(rule: "self.map(n, size(n)).all(l, l < 60)", message: "names are shorter than 60")
	// +k8s:rule(rule: "self.filter(n, n == 'abc' ? 10 / (size(n) - 3) > 0 : 10 % (size(n) - 1) > 0).size() >= 0", message: "filter's last error")
	// +k8s:rule(rule: "self.exists_one(n, n == 'abc' ? 10 / (size(n) - 3) > 0 : 10 % (size(n) - 1) > 0)", message: "exists_one's last error")
	// +k8s:rule(rule: "self.map(n, n == 'abc' ? 10 / (size(n) - 3) : 10 % (size(n) - 1)).size() >= 0", message: "map's first error")
	// +k8s:rule(rule: "self.map(n, n == 'abc' ? 10 / (size(n) - 3) > 0 : true, 10 % (size(n) - 1)).size() >= 0", message: "map's predicate error")
	// +k8s:rule(rule: "self.all(n, n == 'abc' ? 10 / (size(n) - 3) > 0 : 10 % (size(n) - 1) >= 0)", message: "all's first error")
	// +k8s:rule(rule: "self.exists(n, n == 'abc' ? 10 / (size(n) - 3) > 0 : 10 % (size(n) - 1) < 0)", message: "exists' first error")
	// +k8s:rule(rule: "self.filter(n, n.size() > 1).map(n, n + '!').exists_one(n, n == 'primary!')", message: "primary once among the longer names")
	// +k8s:rule(rule: "self.filter(n, 10 % (size(n) - 1) > 0).all(n, n.size() < 5)", message: "a filter's error before all's verdict")
	// +k8s:rule(rule: "'abc' in self.map(n, n.lowerAscii())", message: "abc in any case")
	// +k8s:rule(rule: "self != ['a', 'abc']", message: "not a and abc")
	Names []string `json:"names,omitempty"`

	// +k8s:optional
	// +k8s:maxLength=64
	// +k8s:rule(rule: "self.matches('^[a-z.]*$') || self.matches('^[A-Z]+$')", message: "lower case and dots, or upper case")
	// +k8s:rule(rule: "self.lowerAscii() != 'upper'", message: "not upper")
	// +k8s:rule(rule: "self.upperAscii() != 'ABC'", message: "not abc")
	// +k8s:rule(rule: "self.indexOf('.') != 2", message: "no dot at 2")
	// +k8s:rule(rule: "self.lastIndexOf('a') != 0", message: "no last a at 0")
	// +k8s:rule(rule: "self.indexOf('e', 3) != 4", message: "no e at 4")
	// +k8s:rule(rule: "self.substring(2) != 'c'", message: "not xxc")
	// +k8s:rule(rule: "self.substring(1, 3) != 'al'", message: "not xal")
	// +k8s:rule(rule: "self.trim() == self", message: "trimmed")
	// +k8s:rule(rule: "self.replace('.', '-') != 'my-example-com'", message: "not my.example.com")
	// +k8s:rule(rule: "self.split('.').size() <= 3", message: "at most three parts")
	// +k8s:rule(rule: "self.split('').size() != 3", message: "not three characters")
	Pattern string `json:"pattern,omitempty"`

	// +k8s:optional
	Size *resource.Quantity `json:"size,omitempty"`

	// +k8s:optional
	// +default="Auto"
	Mode string `json:"mode,omitempty"`

	// +k8s:optional
	// +k8s:maxProperties=4
	// +k8s:eachKey=+k8s:maxLength=300
	// +k8s:eachVal=+k8s:maxLength=300
	// +k8s:rule(rule: "self.all(k, k.size() < 20 && self[k] != 'bad')", message: "short keys, no bad value")
	// +k8s:rule(rule: "!has(self.team) || self.team != ''", message: "a team is named")
	// +k8s:rule(rule: "!('Ready' in self) || self.exists_one(k, self[k] == 'Ready')", message: "Ready once")
	// +k8s:rule(rule: "self.filter(k, self[k].startsWith('a')).size() < 3", message: "fewer than three values start with a")
	// +k8s:rule(rule: "self.map(k, size(k)).all(n, n != 1)", message: "no one-character key")
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=4
	Steps []Step `json:"steps,omitempty"`
}

// Step is an item of an atomic list, compared whole by transition rules.
//
// +k8s:rule(rule: "!has(self.count) || self.count * 2 > self.count", message: "count is positive")
// +k8s:rule(rule: "self.name.matches('^[a-z]*$')", message: "a lower-case name")
type Step struct {
	// +k8s:optional
	// +k8s:maxLength=300
	Name string `json:"name,omitempty"`
	// +k8s:optional
	Count *int32 `json:"count,omitempty"`
	// +k8s:optional
	Note string `json:"note,omitempty"`
}

// Ledger is a kind with transition rules that compare lists, maps and
// objects with their old values.
type Ledger struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec LedgerSpec `json:"spec"`
}

// +k8s:rule(rule: "!has(oldSelf.steps) || !has(self.steps) || self.steps == oldSelf.steps || !self.frozen", message: "frozen steps do not change")
// +k8s:rule(rule: "!has(oldSelf.labels) || !has(self.labels) || self.labels == oldSelf.labels || !self.frozen", message: "frozen labels do not change")
// +k8s:rule(rule: "!has(self.first) || !has(oldSelf.first) || self.first == oldSelf.first || !self.frozen", message: "frozen first step does not change")
// +k8s:rule(rule: "!has(self.names) || self.names == oldSelf.names || !self.frozen", message: "frozen names do not change")
type LedgerSpec struct {
	// +k8s:optional
	Frozen bool `json:"frozen,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	Steps []Step `json:"steps,omitempty"`
	// +k8s:optional
	// +k8s:maxProperties=4
	// +k8s:eachKey=+k8s:maxLength=300
	// +k8s:eachVal=+k8s:maxLength=300
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:optional
	First *Step `json:"first,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:maxLength=300
	Names []string `json:"names,omitempty"`
}
