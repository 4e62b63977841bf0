package runtime

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the counters of a Migration, registered on the caller's
// Prometheus registry:
//
//	declarative_validation_mismatch_total                                  every mismatch
//	declarative_validation_mismatch_by_identifier_total{validation_identifier}
//	declarative_validation_panic_total                                     every recovered panic
//	declarative_validation_panic_by_identifier_total{validation_identifier}
//
// A nil *Metrics counts nothing.
type Metrics struct {
	Mismatches             prometheus.Counter
	MismatchesByIdentifier *prometheus.CounterVec
	Panics                 prometheus.Counter
	PanicsByIdentifier     *prometheus.CounterVec
}

// NewMetrics creates the counters and registers them on reg. Counters that
// reg already holds (from an earlier NewMetrics on the same registry) are
// reused, so that several Migrations can share them.
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		Mismatches: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "declarative_validation_mismatch_total",
			Help: "Differences found between handwritten and declarative validation errors.",
		}),
		MismatchesByIdentifier: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "declarative_validation_mismatch_by_identifier_total",
			Help: "Differences between handwritten and declarative validation errors, by validation (<kind>_<subresource>_<create|update>).",
		}, []string{"validation_identifier"}),
		Panics: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "declarative_validation_panic_total",
			Help: "Panics recovered from declarative validation.",
		}),
		PanicsByIdentifier: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "declarative_validation_panic_by_identifier_total",
			Help: "Panics recovered from declarative validation, by validation (<kind>_<subresource>_<create|update>).",
		}, []string{"validation_identifier"}),
	}
	var err error
	m.Mismatches = register(reg, m.Mismatches, &err)
	m.MismatchesByIdentifier = register(reg, m.MismatchesByIdentifier, &err)
	m.Panics = register(reg, m.Panics, &err)
	m.PanicsByIdentifier = register(reg, m.PanicsByIdentifier, &err)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// register registers c, or returns the collector reg already has.
func register[C prometheus.Collector](reg prometheus.Registerer, c C, errp *error) C {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing
			}
		}
		*errp = errors.Join(*errp, err)
	}
	return c
}

func (m *Metrics) mismatch(id string) {
	if m == nil {
		return
	}
	m.Mismatches.Inc()
	m.MismatchesByIdentifier.WithLabelValues(id).Inc()
}

func (m *Metrics) panicked(id string) {
	if m == nil {
		return
	}
	m.Panics.Inc()
	m.PanicsByIdentifier.WithLabelValues(id).Inc()
}
