// Package playground is the github.com/go-playground/validator side of the
// side-by-side benchmark: the example kinds CronTab (stable/v1), Gadget and
// Fleet (gadgets/v1) as a go-playground user would write them, with the
// same shape and JSON names as the originals and their `+k8s:` tags turned
// into `validate:"..."` struct tags, custom validations and struct-level
// validations. New returns the validator with every registration done;
// CronTabFrom, GadgetFrom and FleetFrom convert the originals (by field
// copies, once, outside the timed loop).
//
// # How the tags map
//
//   - +k8s:optional is omitempty: a nil pointer, a nil list or map, or a
//     zero scalar skips the field's other checks. (A non-nil pointer to a
//     zero value is checked, as Kubernetes checks it.)
//   - +k8s:required is required (not the zero value); +k8s:forbidden is
//     isdefault (must be the zero value).
//   - A field without a presence tag has no omitempty: its rules are
//     checked on its zero value too (vendor's format on "", for example).
//   - minimum is min, maxLength and maxItems are max (go-playground counts
//     a string's runes, as maxLength does), neq is ne, enum is oneof with
//     the enum's constants.
//   - eachVal is dive; eachKey is dive,keys,...,endkeys.
//   - listType=set is unique; listType=map with listMapKey=name is
//     unique=Name (go-playground takes the Go field name), followed by dive
//     so that the items' own rules apply.
//   - format=k8s-short-name, k8s-long-name and k8s-ip are custom
//     validations (RegisterValidation) with Kubernetes' own checks:
//     validation.IsDNS1123Label, validation.IsDNS1123Subdomain, and
//     k8s.io/utils/net.ParseIPSloppy succeeding.
//   - opaqueType on notes is validate:"-": Disk's own rules are not applied.
//   - Rules no field tag can express are struct-level validations
//     (RegisterStructValidation): Power's union with its discriminator kind
//     (powerRules), GadgetStatus's union of ready and failed
//     (gadgetStatusRules), and on GadgetSpec the subfield("size") rule of
//     disk and the item(name: "main") / item(name: "backup") rules of
//     ports (gadgetSpecRules).
//   - A tag-name function names fields by their JSON names, so that an
//     error's namespace, without its leading Go type name, reads like a
//     Kubernetes field path ("Gadget.spec.ports[0].port").
//
// # What go-playground cannot express
//
//   - Options. Gadget's level is +k8s:ifEnabled("GadgetStrict")=minimum=10
//     and +k8s:ifDisabled("GadgetStrict")=minimum=1; go-playground has no
//     validation options, so the mirror models GadgetStrict=false only
//     (omitempty,min=1). It agrees with the generated validator called with
//     the options {"GadgetStrict": false}, and only with those.
//   - Updates. go-playground validates one object: there is no old object,
//     so there is no ratcheting (on an update, Kubernetes does not validate
//     again a field whose value did not change). Its verdict is the
//     generated validator's on create; on an update it is the verdict of
//     creating the new object, which is stricter whenever the old object
//     already broke a rule.
//   - Error shapes. go-playground reports a failing tag per field, not a
//     field.Error, and stops at a field's first failing tag; the generated
//     validator may report several errors for one field. Where the two
//     report the same problem at different places: a duplicate in a set
//     or list-map is reported by unique at the list ("spec.tags"), not at
//     the later item ("spec.tags[2]"); a map key too long is reported at
//     the key ("spec.limits[toolongkey]"), not at the map
//     ("spec.limits"); and a list that fails unique is not dived into, so
//     its items' own errors (a bad tag, say) go unreported, where the
//     generated validator reports them beside the duplicate. A union
//     error of GadgetStatus is at the status: its namespace is
//     "Gadget.status." (the struct-level validation reports it with an
//     empty field name).
//
// # What the tests compare
//
// playground_test.go checks that go-playground's verdict (valid or not)
// is the generated validator's, on create, on tens of thousands of random
// objects, with two exclusions that follow from the above: Gadget is
// validated by the generated validator with the options
// {"GadgetStrict": false} only (GadgetStrict=true is not modelled), and
// no update is compared as an update: where validationtest.Run makes
// updates, both sides validate the new object as on create, and
// TestUpdateNotRatcheted records the difference on an unchanged invalid
// object. On hand-picked invalid objects it also checks that the failing
// fields, as JSON paths, are the ones the generated validator reports,
// with the two differences of place above normalized.
package playground
