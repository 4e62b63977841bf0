package bad

// JSON keeps X, whose json tag names it "Name": the Go field Name is in
// no JSON, so its maxLength would be checked on a value nobody sends.
type S struct {
	// +k8s:maxLength=2
	Name string
	X    string `json:"Name"`
}
