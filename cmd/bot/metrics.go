package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/chuhe/chuhe/storage"
)

// MetricsConfig is where the bot serves /metrics (Prometheus) and /healthz.
type MetricsConfig struct {
	// Listen is the address (":9090", "127.0.0.1:9090"); empty: not served.
	Listen string `yaml:"listen"`
	// Pprof also serves Go's profiles under /debug/pprof/ (heap, goroutines,
	// CPU) on that address, to find what holds memory under load. Off by
	// default: a profile shows what the bot is doing, so keep the address
	// private.
	Pprof bool `yaml:"pprof"`
}

// metrics are the bot's Prometheus metrics, in a registry of their own (no
// global state). They are measured at the store, which every move, owed
// message and tick goes through, so that no bot code needs to know of them.
type metrics struct {
	reg          *prometheus.Registry
	moves        *prometheus.CounterVec
	replies      *prometheus.CounterVec
	moveSeconds  prometheus.Histogram
	storeSeconds *prometheus.HistogramVec
	tickSeconds  prometheus.Histogram
}

func newMetrics(st storage.Store) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "chuhe_moves_total",
			Help: "Moves written, by platform and outcome (ok; conflict: another write came first; error)."},
			[]string{"platform", "outcome"}),
		replies: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "chuhe_replies_total",
			Help: "Owed messages (boards, announcements, reminders) by platform and outcome: delivered, retry, failed (for good), superseded, released."},
			[]string{"platform", "outcome"}),
		moveSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "chuhe_move_write_seconds",
			Help: "Time to store a move with the messages it owes.", Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
		storeSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "chuhe_store_seconds",
			Help: "Time of store calls, by operation.", Buckets: prometheus.ExponentialBuckets(0.0002, 2, 16)},
			[]string{"op"}),
		tickSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "chuhe_tick_seconds",
			Help: "Duration of a tick (timeouts, reminders, puzzle posts, outbox).", Buckets: prometheus.ExponentialBuckets(0.001, 2, 16)}),
	}
	stats := func() (int, time.Time) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, oldest, err := st.OutboxStats(ctx)
		if err != nil {
			return -1, time.Time{}
		}
		return n, oldest
	}
	m.reg.MustRegister(m.moves, m.replies, m.moveSeconds, m.storeSeconds, m.tickSeconds,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "chuhe_outbox_depth",
			Help: "Owed messages waiting for delivery (-1: the store did not answer)."},
			func() float64 { n, _ := stats(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "chuhe_outbox_age_seconds",
			Help: "Age of the oldest owed message waiting for delivery (0: none)."},
			func() float64 {
				if _, oldest := stats(); !oldest.IsZero() {
					return time.Since(oldest).Seconds()
				}
				return 0
			}))
	return m
}

// observeTick records the duration of one tick.
func (m *metrics) observeTick(d time.Duration) { m.tickSeconds.Observe(d.Seconds()) }

// wrap is st with its calls measured.
func (m *metrics) wrap(st storage.Store) storage.Store {
	return &metricStore{Store: st, m: m, platformOf: map[uint64]string{}}
}

// metricStore measures the store calls of the bot and counts moves and the
// outcomes of owed messages. It remembers the platform of the entries it saw
// written or claimed until they are finished (FinishOutbox names ids only).
type metricStore struct {
	storage.Store
	m          *metrics
	mu         sync.Mutex
	platformOf map[uint64]string
}

// maxTracked bounds platformOf: entries a dead sender never finished would
// otherwise pile up. Forgetting them only loses a label.
const maxTracked = 100_000

func (s *metricStore) track(es []*storage.OutboxEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.platformOf)+len(es) > maxTracked {
		clear(s.platformOf)
	}
	for _, e := range es {
		s.platformOf[e.ID] = e.Platform
	}
}

func (s *metricStore) timed(op string) func() {
	start := time.Now()
	return func() { s.m.storeSeconds.WithLabelValues(op).Observe(time.Since(start).Seconds()) }
}

func (s *metricStore) ChangeGame(ctx context.Context, c storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	start := time.Now()
	defer s.timed("change_game")()
	g, es, err := s.Store.ChangeGame(ctx, c)
	if c.Append != nil {
		platform, outcome := "", "ok"
		switch {
		case errors.Is(err, storage.ErrConflict):
			outcome = "conflict"
		case err != nil:
			outcome = "error"
		default:
			platform = g.Platform
			s.m.moveSeconds.Observe(time.Since(start).Seconds())
		}
		s.m.moves.WithLabelValues(platform, outcome).Inc()
	}
	if err == nil {
		s.track(es)
	}
	return g, es, err
}

func (s *metricStore) Enqueue(ctx context.Context, es []*storage.OutboxEntry, consumed ...storage.ValueRef) error {
	defer s.timed("enqueue")()
	err := s.Store.Enqueue(ctx, es, consumed...)
	if err == nil {
		s.track(es)
	}
	return err
}

func (s *metricStore) ClaimOutbox(ctx context.Context, c storage.OutboxClaim) ([]*storage.OutboxEntry, error) {
	defer s.timed("claim_outbox")()
	es, err := s.Store.ClaimOutbox(ctx, c)
	s.track(es)
	return es, err
}

func (s *metricStore) FinishOutbox(ctx context.Context, holder string, results []storage.OutboxResult) error {
	defer s.timed("finish_outbox")()
	err := s.Store.FinishOutbox(ctx, holder, results)
	if err != nil && !errors.Is(err, storage.ErrLeaseLost) {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range results {
		outcome := "delivered"
		switch {
		case r.Release:
			outcome = "released"
		case r.Err != "" && r.Retry.IsZero():
			outcome = "failed"
		case r.Err != "":
			outcome = "retry"
		case r.Superseded:
			outcome = "superseded"
		}
		s.m.replies.WithLabelValues(s.platformOf[r.ID], outcome).Inc()
		if outcome != "released" && outcome != "retry" {
			delete(s.platformOf, r.ID)
		}
	}
	return err
}

func (s *metricStore) Game(ctx context.Context, id string) (*storage.Game, error) {
	defer s.timed("game")()
	return s.Store.Game(ctx, id)
}

func (s *metricStore) DueGames(ctx context.Context, now time.Time, limit int) ([]*storage.Game, error) {
	defer s.timed("due_games")()
	return s.Store.DueGames(ctx, now, limit)
}

// serveMetrics serves /metrics and /healthz on listen until ctx ends. The
// health check reads the store: a bot whose database is gone is not healthy.
func serveMetrics(ctx context.Context, mc MetricsConfig, m *metrics, st storage.Store, log *slog.Logger) error {
	ln, err := net.Listen("tcp", mc.Listen)
	if err != nil {
		return err
	}
	h := metricsHandler(m, st, log)
	if mc.Pprof {
		mux := http.NewServeMux()
		mux.Handle("/", h)
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		h = mux
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	log.Info("serving /metrics and /healthz", "listen", ln.Addr().String())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// metricsHandler serves /metrics and /healthz.
func metricsHandler(m *metrics, st storage.Store, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if _, err := st.Chat(ctx, "healthz", "-"); err != nil && !errors.Is(err, storage.ErrNotFound) {
			log.Warn("health check", "err", err)
			http.Error(w, "store unavailable\n", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	return mux
}
