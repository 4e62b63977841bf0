package crd

// The end-to-end test (issue 5): a real kube-apiextensions-apiserver with
// an embedded etcd, both started by the test on 127.0.0.1, serves the
// generated CRDs; random objects are created (POST) and updated (PUT) over
// HTTP, and the server's verdicts and error paths must match the Go
// validators'.
//
// Every request is also validated in process by the emulation of the
// request pipeline the differential test uses (server_test.go), and the
// real server and the emulation must report the same errors (type, field
// and message): that shows that the fast differential test models the
// server. Where they do, the error paths of Go and the server are compared
// by the differential's own rule (differential.check: both accept or both
// reject with the same set of error field paths, with the allowances
// documented there, such as the server skipping its CEL rules after a
// "blocking" schema error); the verdicts are compared on every request.
//
// Old objects of updates are built as the differential builds them
// (differential.bodies). The server stores an old body it accepts from a
// POST. An old body it rejects (the interesting case: ratcheting lets an
// update keep invalid values that did not change) is written straight into
// etcd, as an object stored before its schema became stricter would be;
// so is an old body with a status when the CRD has the status subresource
// (the main endpoint would drop it on create). The server reads either
// through its storage decoder (pruning, defaulting), as in production.
//
// E2E_OBJECTS sets the number of random objects per kind.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
)

const (
	// e2eSeed differs from differentialSeed: other objects than the
	// differential's.
	e2eSeed = 20260505
	// e2eObjects random objects per kind, each giving one create and 3 or 4
	// updates; E2E_OBJECTS overrides it.
	e2eObjects = 300
	e2eWorkers = 4
)

func TestEndToEndRealAPIServer(t *testing.T) {
	start := time.Now()
	n := e2eObjects
	if s := os.Getenv("E2E_OBJECTS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("E2E_OBJECTS=%q", s)
		}
		n = v
	}
	quietKlog(t)

	// The kinds to run, with their CRDs, as the differential selects them.
	type entry struct {
		k   kindCase
		crd *apiextv1.CustomResourceDefinition
		key string // pattern and enabled options
	}
	var entries []entry
	crds := map[string]map[string]*apiextv1.CustomResourceDefinition{}
	for _, k := range kinds {
		key := k.pattern + " " + strings.Join(enabledOptions(k.options), ",") + " " + k.stability
		if crds[key] == nil {
			crds[key] = generateWithOptions(t, enabledOptions(k.options), k.stability, k.pattern)
		}
		crd := crds[key][k.crdFile]
		if crd == nil {
			t.Fatalf("the generator wrote no %s for %s", k.crdFile, k.pattern)
		}
		entries = append(entries, entry{k, crd, key})
	}
	if len(entries) == 0 {
		return
	}

	// A server can hold a CRD name once: kinds whose options give another
	// CRD of the same name go to a later round, with a server of its own
	// (sharing the etcd, under another prefix).
	var rounds [][]entry
	for _, e := range entries {
		placed := false
		for i, r := range rounds {
			ok := true
			for _, o := range r {
				if o.crd.Name == e.crd.Name && o.key != e.key {
					ok = false
				}
			}
			if ok {
				rounds[i] = append(rounds[i], e)
				placed = true
				break
			}
		}
		if !placed {
			rounds = append(rounds, []entry{e})
		}
	}

	etcdURL, etcdClient := startEtcd(t)
	t.Setenv("KUBE_INTEGRATION_ETCD_URL", etcdURL)
	t.Logf("etcd ready at %s after %v", etcdURL, time.Since(start).Round(time.Millisecond))

	for ri, round := range rounds {
		func() {
			s := startAPIServer(t, etcdClient)
			defer s.tearDown()
			t.Logf("round %d: apiextensions-apiserver ready at %s after %v", ri+1, s.host, time.Since(start).Round(time.Millisecond))

			// All CRDs of the round first, then the waits for them to be
			// served, then one wait for the create delay.
			created := map[string]bool{}
			for _, e := range round {
				if created[e.crd.Name] {
					continue
				}
				if err := s.createCRD(e.crd); err != nil {
					t.Errorf("applying %s (%s): %v", e.k.crdFile, e.key, err)
					continue
				}
				created[e.crd.Name] = true
			}
			names := sortedKeysBool(created)
			errs := make([]error, len(names))
			established := make([]time.Time, len(names))
			var wg sync.WaitGroup
			for i, name := range names { // in parallel: each takes about 1 s (see waitCRD)
				wg.Go(func() { established[i], errs[i] = s.waitCRD(name) })
			}
			wg.Wait()
			var latest time.Time
			for i, err := range errs {
				if err != nil {
					t.Errorf("%s: %v", names[i], err)
					created[names[i]] = false
				} else if established[i].After(latest) {
					latest = established[i]
				}
			}
			waitCreateDelay(t, latest)
			t.Logf("round %d: %d CRDs established and served after %v", ri+1, len(created), time.Since(start).Round(time.Millisecond))

			for _, e := range round {
				t.Run(e.k.name, func(t *testing.T) {
					if !created[e.crd.Name] {
						t.Skipf("the server did not take %s", e.crd.Name)
					}
					srv, err := newAPIServer(e.crd)
					if err != nil {
						t.Fatalf("building the in-process server-side validator: %v", err)
					}
					d := newDifferential(t, e.k, e.crd, srv)
					r := &e2eRun{t: t, s: s, d: d, plural: e.crd.Spec.Names.Plural}
					r.run(e2eObjectsFor(e.k, n, os.Getenv("E2E_OBJECTS") != ""))
				})
			}
		}()
	}
	t.Logf("end-to-end test done in %v", time.Since(start).Round(time.Millisecond))
}

// e2eObjectsFor is n, scaled for a kind that runs fewer objects than the
// default in the differential test, unless E2E_OBJECTS set n.
func e2eObjectsFor(k kindCase, n int, set bool) int {
	if set || k.objects == 0 {
		return n
	}
	return max(1, n*k.objects/4000)
}

// quietKlog sends the server's klog output nowhere for the test's duration.
func quietKlog(t *testing.T) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	saved := map[string]string{}
	for name, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "stderrthreshold": "FATAL"} {
		saved[name] = fs.Lookup(name).Value.String()
		if err := fs.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	klog.SetOutput(io.Discard)
	t.Cleanup(func() {
		klog.Flush()
		for name, v := range saved {
			_ = fs.Set(name, v)
		}
		klog.SetOutput(os.Stderr)
	})
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startEtcd starts an embedded etcd on 127.0.0.1 and returns its client
// URL and a client; both are closed when the test ends.
func startEtcd(t *testing.T) (string, *clientv3.Client) {
	var e *embed.Etcd
	var cu url.URL
	var err error
	for try := 0; try < 3; try++ { // a free port can be taken before etcd binds it
		cfg := embed.NewConfig()
		cfg.UnsafeNoFsync = true
		cu = url.URL{Scheme: "http", Host: "127.0.0.1:" + strconv.Itoa(freePort(t))}
		pu := url.URL{Scheme: "http", Host: "127.0.0.1:" + strconv.Itoa(freePort(t))}
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{cu}, []url.URL{cu}
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{pu}, []url.URL{pu}
		cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
		cfg.Dir = t.TempDir()
		cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
		if e, err = embed.StartEtcd(cfg); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("starting etcd: %v", err)
	}
	t.Cleanup(e.Close)
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(60 * time.Second):
		e.Server.Stop()
		t.Fatal("etcd took too long to start")
	}
	c, err := clientv3.New(clientv3.Config{Endpoints: []string{cu.String()}, DialTimeout: 10 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return cu.String(), c
}

// e2eServer is a running apiextensions-apiserver and the clients the test
// uses on it.
type e2eServer struct {
	tearDown   func()
	host       string
	rc         *rest.RESTClient
	apiExt     clientset.Interface
	etcd       *clientv3.Client
	etcdPrefix string
}

func startAPIServer(t *testing.T, etcd *clientv3.Client) *e2eServer {
	tearDown, cfg, opts, err := fixtures.StartDefaultServer(t)
	if err != nil {
		t.Fatalf("starting the apiextensions-apiserver: %v", err)
	}
	cfg = rest.CopyConfig(cfg)
	cfg.QPS, cfg.Burst = -1, 0 // no client-side rate limit
	cfg.WarningHandler = rest.NoWarnings{}
	cfg.Timeout = time.Minute
	s := &e2eServer{tearDown: tearDown, host: cfg.Host, etcd: etcd, etcdPrefix: opts.RecommendedOptions.Etcd.StorageConfig.Prefix}
	if s.apiExt, err = clientset.NewForConfig(cfg); err == nil {
		s.rc, err = rest.UnversionedRESTClientFor(dynamic.ConfigFor(cfg))
	}
	if err != nil {
		tearDown()
		t.Fatal(err)
	}
	return s
}

// createCRD creates a CRD.
func (s *e2eServer) createCRD(crd *apiextv1.CustomResourceDefinition) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := s.apiExt.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd.DeepCopy(), metav1.CreateOptions{})
	return err
}

// waitCRD waits until a CRD is established and its resource is served,
// and returns the time of its Established condition.
func (s *e2eServer) waitCRD(name string) (time.Time, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var c *apiextv1.CustomResourceDefinition
	var established time.Time
	err := wait.PollUntilContextCancel(ctx, 20*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		var err error
		c, err = s.apiExt.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		for _, cond := range c.Status.Conditions {
			if cond.Type == apiextv1.Established && cond.Status == apiextv1.ConditionTrue {
				established = cond.LastTransitionTime.Time
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		if c != nil {
			return established, fmt.Errorf("waiting for Established: %w (conditions %+v)", err, c.Status.Conditions)
		}
		return established, fmt.Errorf("waiting for Established: %w", err)
	}
	// The handler can lag behind the condition the client sees, and its
	// first request to the resource builds the serving state (about 1 s).
	version := c.Spec.Versions[0].Name
	for _, v := range c.Spec.Versions {
		if v.Storage {
			version = v.Name
		}
	}
	list := "/apis/" + c.Spec.Group + "/" + version + "/" + c.Spec.Names.Plural
	err = wait.PollUntilContextCancel(ctx, 20*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		err := s.rc.Get().AbsPath(list).Do(ctx).Error()
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return err == nil, err
	})
	return established, err
}

// waitCreateDelay waits out the 2 s during which the handler delays
// creates of a just established CRD (customresource_handler.go; it compares
// with the condition's LastTransitionTime, which has whole seconds).
func waitCreateDelay(t *testing.T, established time.Time) {
	if d := time.Until(established.Add(2*time.Second + 50*time.Millisecond)); d > 0 {
		t.Logf("waiting %v for the handler's create delay of new CRDs", d.Round(time.Millisecond))
		time.Sleep(d)
	}
}

// response is the server's answer to one request.
type response struct {
	accepted bool
	rv       string          // the stored object's resourceVersion, when accepted
	causes   field.ErrorList // the causes of a 422, as errors (Detail = the message)
}

// send sends a body (method POST or PUT) to the path p; any answer other
// than success or 422 Invalid is an error.
func (s *e2eServer) send(ctx context.Context, method, p string, body []byte) (response, error) {
	res := s.rc.Verb(method).AbsPath(p).SetHeader("Content-Type", "application/json").Body(body).Do(ctx)
	raw, _ := res.Raw()
	err := res.Error() // decodes a Status body into a StatusError (Raw does not)
	if err == nil {
		var obj struct {
			Metadata struct {
				ResourceVersion string `json:"resourceVersion"`
			} `json:"metadata"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil || obj.Metadata.ResourceVersion == "" {
			return response{}, fmt.Errorf("%s %s: unreadable success response (%v): %s", method, p, err, raw)
		}
		return response{accepted: true, rv: obj.Metadata.ResourceVersion}, nil
	}
	var se *apierrors.StatusError
	if errors.As(err, &se) && se.ErrStatus.Code == http.StatusUnprocessableEntity && se.ErrStatus.Reason == metav1.StatusReasonInvalid && se.ErrStatus.Details != nil {
		r := response{}
		for _, c := range se.ErrStatus.Details.Causes {
			r.causes = append(r.causes, &field.Error{Type: field.ErrorType(c.Type), Field: c.Field, Detail: c.Message})
		}
		if len(r.causes) == 0 {
			return response{}, fmt.Errorf("%s %s: 422 without causes: %s\nrequest body: %s", method, p, se.ErrStatus.Message, body)
		}
		return r, nil
	}
	return response{}, fmt.Errorf("%s %s: %v\nrequest body: %s\nresponse: %s", method, p, err, body, raw)
}

// seed writes an object into etcd under the key the server's storage uses,
// bypassing validation, and returns its resourceVersion.
func (s *e2eServer) seed(ctx context.Context, group, plural, namespace, name string, body []byte) (string, error) {
	key := path.Join("/", s.etcdPrefix, group, plural, namespace, name)
	resp, err := s.etcd.Put(ctx, key, string(body))
	if err != nil {
		return "", fmt.Errorf("etcd put %s: %w", key, err)
	}
	return strconv.FormatInt(resp.Header.Revision, 10), nil
}

// withServerMeta replaces the metadata of a body (the differential's fixed
// one) by the one a request needs.
func withServerMeta(body []byte, meta map[string]any) ([]byte, error) {
	var m map[string]any
	if err := utiljson.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	m["metadata"] = meta
	return json.Marshal(m)
}

// e2eRun runs one kind against the server.
type e2eRun struct {
	t      *testing.T
	s      *e2eServer
	d      *differential // the kind, the in-process emulation, bodies and check
	plural string
}

// e2eResult is one validation: the Go validator and the emulation (from
// differential.check), the real server, and their comparison.
type e2eResult struct {
	c        testCase
	name     string
	oldVia   string // update: "POST" or "etcd"
	out      outcome
	real     response
	blocked  bool       // the real server skipped CEL
	mismatch []mismatch // Go versus the real server, by the differential's rule
	emuDiff  []string   // the emulation versus the real server
	err      error
}

func (r *e2eRun) collection() string {
	gv := r.d.srv.GVK.GroupVersion()
	p := "/apis/" + gv.Group + "/" + gv.Version
	if r.d.srv.Namespaced {
		p += "/namespaces/default"
	}
	return p + "/" + r.plural
}

func (r *e2eRun) namespace() string {
	if r.d.srv.Namespaced {
		return "default"
	}
	return ""
}

func (r *e2eRun) meta(name, rv string) map[string]any {
	m := map[string]any{"name": name}
	if ns := r.namespace(); ns != "" {
		m["namespace"] = ns
	}
	if rv != "" {
		m["resourceVersion"] = rv
	}
	return m
}

// do sends one case to the server: a create, or an update after storing
// its old object.
func (r *e2eRun) do(ctx context.Context, c testCase, name string) e2eResult {
	res := e2eResult{c: c, name: name}
	res.out = r.d.check(c)
	if res.out.err != nil {
		res.err = res.out.err
		return res
	}
	// The bytes the Go validator saw (status rule of the subresource applied).
	body, old := r.d.bodies(c)
	if c.op == operation.Create {
		b, err := withServerMeta(body, r.meta(name, ""))
		if err == nil {
			res.real, err = r.s.send(ctx, "POST", r.collection(), b)
		}
		res.err = err
		return res
	}
	var rv string
	_, hasStatus := c.old["status"]
	if !r.d.srv.Status || !hasStatus {
		b, err := withServerMeta(old, r.meta(name, ""))
		if err == nil {
			var created response
			if created, err = r.s.send(ctx, "POST", r.collection(), b); err == nil && created.accepted {
				rv, res.oldVia = created.rv, "POST"
			}
		}
		if err != nil {
			res.err = fmt.Errorf("storing the old object: %w", err)
			return res
		}
	}
	if rv == "" {
		m := r.meta(name, "")
		m["uid"] = string(uuid.NewUUID())
		m["creationTimestamp"] = time.Now().UTC().Format(time.RFC3339)
		b, err := withServerMeta(old, m)
		if err == nil {
			gv := r.d.srv.GVK.GroupVersion()
			rv, err = r.s.seed(ctx, gv.Group, r.plural, r.namespace(), name, b)
		}
		if err != nil {
			res.err = fmt.Errorf("storing the old object: %w", err)
			return res
		}
		res.oldVia = "etcd"
	}
	b, err := withServerMeta(body, r.meta(name, rv))
	if err == nil {
		res.real, err = r.s.send(ctx, "PUT", r.collection()+"/"+name, b)
	}
	res.err = err
	return res
}

// isRealBlockingMarker is isBlockingMarker for a server cause, whose
// message is the error body ("Invalid value: null: <detail>").
func isRealBlockingMarker(e *field.Error) bool {
	return e.Field == "<nil>" && strings.Contains(e.Detail, blockingMarker)
}

// compare compares the emulation's errors with the real server's, which
// must be the same (as multisets: the order is nondeterministic on both).
// Where they are, Go versus the real server is Go versus the emulation,
// which differential.check has compared with the differential's rule (so
// this test applies whatever that rule allows, and no copy of it); where
// they are not, only the verdicts of Go and the server are compared, and
// the emulation's disagreement is reported on its own.
func (res *e2eResult) compare() {
	for _, e := range res.real.causes {
		if isRealBlockingMarker(e) {
			res.blocked = true
		}
	}
	var emu, real []string
	for _, e := range res.out.srvErrs {
		emu = append(emu, fmt.Sprintf("%s %s: %s", string(e.Type), e.Field, e.ErrorBody()))
	}
	for _, e := range res.real.causes {
		real = append(real, fmt.Sprintf("%s %s: %s", string(e.Type), e.Field, e.Detail))
	}
	sort.Strings(emu)
	sort.Strings(real)
	i, j := 0, 0
	for i < len(emu) || j < len(real) {
		switch {
		case j == len(real) || (i < len(emu) && emu[i] < real[j]):
			res.emuDiff = append(res.emuDiff, "emulation only: "+emu[i])
			i++
		case i == len(emu) || real[j] < emu[i]:
			res.emuDiff = append(res.emuDiff, "real server only: "+real[j])
			j++
		default:
			i++
			j++
		}
	}
	if len(res.emuDiff) == 0 {
		res.mismatch = res.out.mismatches
	}
}

func (r *e2eRun) run(n int) {
	t, d := r.t, r.d
	start := time.Now()
	// The objects and cases of the differential's loop (another seed).
	g := newGenerator(e2eSeed, d.hintStrings, d.hintInts)
	objects := make([][]testCase, n)
	for i := range objects {
		g.drop = []float64{0.12, 0.5, 0.12}[i%3]
		g.focus = i%3 == 2
		body := g.object(d.k.goType)
		other := g.object(d.k.goType)
		changed := g.smallChange(d.k.goType, body)
		objects[i] = []testCase{
			{op: operation.Create, label: "create", body: body},
			{op: operation.Update, label: "update, old = another object", body: body, old: other},
			{op: operation.Update, label: "update, old = the object slightly changed", body: body, old: changed},
		}
		if i%4 == 0 {
			objects[i] = append(objects[i], testCase{op: operation.Update, label: "update, old = the same object", body: body, old: deepCopyJSON(body).(map[string]any)})
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	prefix := "e2e-" + strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(d.k.name))
	results := make([][]e2eResult, n)
	var next, failures atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < e2eWorkers; w++ {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || failures.Load() >= 5 {
					return
				}
				for j, c := range objects[i] {
					res := r.do(ctx, c, fmt.Sprintf("%s-%d-%d", prefix, i, j))
					if res.err != nil {
						failures.Add(1)
					} else {
						res.compare()
					}
					results[i] = append(results[i], res)
				}
			}
		})
	}
	wg.Wait()

	var (
		objectsRun, creates, updates, oldPOST, oldEtcd      int
		goRejected, realRejected, emuRejected, bothAccepted int
		blocked, nilCauses, metaCauses                      int
		disagree, emuDisagree, respelledVerdicts            int
		reorderedVerdicts, leftOutVerdicts                  int
		hardErrs                                            []error
		examples, emuExamples                               []e2eResult
	)
	categories := map[string]int{}
	for _, rs := range results {
		if len(rs) > 0 {
			objectsRun++
		}
		for _, res := range rs {
			if res.err != nil {
				hardErrs = append(hardErrs, fmt.Errorf("%s (%s): %w", res.name, res.c.label, res.err))
				continue
			}
			if res.c.op == operation.Create {
				creates++
			} else {
				updates++
				if res.oldVia == "POST" {
					oldPOST++
				} else {
					oldEtcd++
				}
			}
			if len(res.out.goErrs) > 0 {
				goRejected++
			}
			if !res.real.accepted {
				realRejected++
			}
			if len(res.out.srvErrs) > 0 {
				emuRejected++
			}
			if len(res.out.goErrs) == 0 && res.real.accepted {
				bothAccepted++
			}
			if res.blocked {
				blocked++
			}
			for _, e := range res.real.causes {
				if e.Field == "<nil>" && !isRealBlockingMarker(e) {
					nilCauses++
				}
				if e.Field == "metadata" || strings.HasPrefix(e.Field, "metadata.") || strings.HasPrefix(e.Field, "metadata[") {
					metaCauses++
				}
			}
			// The verdict: a mismatch-free comparison implies equal verdicts
			// (see differential.check), but this does not rely on it, except
			// for the two allowances of check that change a verdict by
			// design, which are counted on their own: a type's CEL rules
			// run again on the server when only the spelling of an empty
			// list changed ([] and null), and the server ratchets a
			// list-map whose items only changed order where Go checks it
			// again (docs/crd-design.md).
			verdictDiffers := (len(res.out.goErrs) == 0) != res.real.accepted
			if verdictDiffers && res.out.respelled && len(res.mismatch) == 0 && len(res.emuDiff) == 0 {
				respelledVerdicts++
				verdictDiffers = false
			}
			if verdictDiffers && res.out.reordered && len(res.mismatch) == 0 && len(res.emuDiff) == 0 {
				reorderedVerdicts++
				verdictDiffers = false
			}
			if verdictDiffers && res.out.leftOutStop && len(res.mismatch) == 0 && len(res.emuDiff) == 0 {
				leftOutVerdicts++
				verdictDiffers = false
			}
			if verdictDiffers || len(res.mismatch) > 0 {
				disagree++
				for _, m := range res.mismatch {
					categories[m.key(opName(res.c), res.blocked)]++
				}
				if verdictDiffers && len(res.mismatch) == 0 {
					categories[opName(res.c)+": verdicts differ"]++
				}
				if len(examples) < 10 {
					examples = append(examples, res)
				}
			}
			if len(res.emuDiff) > 0 || (len(res.out.srvErrs) == 0) != res.real.accepted {
				emuDisagree++
				if len(emuExamples) < 10 {
					emuExamples = append(emuExamples, res)
				}
			}
		}
	}
	t.Logf("%s: %d objects; %d creates, %d updates (old stored by POST %d, written to etcd %d); Go rejected %d, real server rejected %d (CEL skipped in %d), emulation rejected %d, Go and server both accepted %d; server causes on <nil> other than the CEL-skipped marker %d, on metadata %d; Go/server disagreements %d (verdicts that differ by the []/null allowance %d, by the reordered list-map allowance %d, by an alpha short-circuit %d), emulation/server disagreements %d; %v",
		d.k.name, objectsRun, creates, updates, oldPOST, oldEtcd, goRejected, realRejected, blocked, emuRejected, bothAccepted, nilCauses, metaCauses, disagree, respelledVerdicts, reorderedVerdicts, leftOutVerdicts, emuDisagree, time.Since(start).Round(time.Millisecond))

	if len(hardErrs) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %d requests failed other than with 422 Invalid (the run stops after 5):\n", d.k.name, len(hardErrs))
		for i, err := range hardErrs {
			if i == 10 {
				break
			}
			fmt.Fprintf(&b, "\n  %v\n", err)
		}
		t.Error(b.String())
	}
	if creates+updates > 0 && (bothAccepted == 0 || goRejected == 0) {
		t.Errorf("%s: the inputs do not exercise both verdicts (both accepted %d, Go rejected %d): the generator or the harness is broken", d.k.name, bothAccepted, goRejected)
	}
	if disagree > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: Go and the real API server disagree on %d of %d validations.\n\nCategories (operation: side path [error types], validations showing it):\n", d.k.name, disagree, creates+updates)
		keys := sortedKeysInt(categories)
		sort.SliceStable(keys, func(i, j int) bool { return categories[keys[i]] > categories[keys[j]] })
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s  x%d\n", k, categories[k])
		}
		fmt.Fprintf(&b, "\nThe first %d:\n", len(examples))
		for i, res := range examples {
			fmt.Fprintf(&b, "\n  disagreement %d:\n%s", i+1, r.describe(res))
		}
		t.Error(b.String())
	}
	if emuDisagree > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: the in-process emulation of the server (server_test.go) and the real server disagree on %d of %d validations: the differential test does not model the server there.\n", d.k.name, emuDisagree, creates+updates)
		for i, res := range emuExamples {
			fmt.Fprintf(&b, "\n  case %d:\n%s", i+1, r.describe(res))
			for _, s := range res.emuDiff {
				fmt.Fprintf(&b, "    %s\n", s)
			}
		}
		t.Error(b.String())
	}
}

func (r *e2eRun) describe(res e2eResult) string {
	var b strings.Builder
	body, old := r.d.bodies(res.c)
	fmt.Fprintf(&b, "    %s (object %s", res.c.label, res.name)
	if res.oldVia != "" {
		fmt.Fprintf(&b, ", old stored by %s", res.oldVia)
	}
	fmt.Fprintf(&b, ")\n    input: %s\n", stripMeta(body))
	if old != nil {
		fmt.Fprintf(&b, "    old:   %s\n", stripMeta(old))
	}
	fmt.Fprintf(&b, "    Go errors:\n%s", fmtErrs(res.out.goErrs))
	fmt.Fprintf(&b, "    real server causes:\n%s", fmtCauses(res.real.causes))
	fmt.Fprintf(&b, "    in-process emulation errors:\n%s", fmtErrs(res.out.srvErrs))
	for _, m := range res.mismatch {
		fmt.Fprintf(&b, "    mismatch: %s %s [%s]\n", m.side, m.path, m.types)
	}
	return b.String()
}

// fmtCauses prints the server's causes like fmtErrs prints errors (a
// cause's Detail holds its whole message).
func fmtCauses(causes field.ErrorList) string {
	if len(causes) == 0 {
		return "      (none)\n"
	}
	lines := make([]string, 0, len(causes))
	for _, e := range causes {
		s := fmt.Sprintf("      %s %s: %s", e.Type, e.Field, e.Detail)
		if len(s) > 400 {
			s = s[:400] + "..."
		}
		lines = append(lines, s)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

func sortedKeysBool(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
