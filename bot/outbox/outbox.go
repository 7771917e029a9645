package outbox

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// Config tunes the sender. Zero fields get the defaults.
type Config struct {
	// AlertAfter: a destination failing this long is logged as an error (once).
	// Default 10 minutes.
	AlertAfter time.Duration
	// MaxBackoff caps the wait between attempts. Default 5 minutes.
	MaxBackoff time.Duration
	// Poll is how often Run looks for due entries when not woken. Default 1 second.
	Poll time.Duration
	// Lease is how long the sender holds the entries it claimed. Default 2 minutes.
	Lease time.Duration
	// Parallel bounds the destinations delivered at once. Default 16.
	Parallel int
}

// WithDefaults is c with its zero fields set to the defaults.
func (c Config) WithDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.AlertAfter, 10*time.Minute)
	def(&c.MaxBackoff, 5*time.Minute)
	def(&c.Poll, time.Second)
	def(&c.Lease, 2*time.Minute)
	if c.Parallel <= 0 {
		c.Parallel = 16
	}
	return c
}

// Store is what the sender needs of the store: claiming due entries and
// recording what became of them (storage.Store has both).
type Store interface {
	ClaimOutbox(ctx context.Context, c storage.OutboxClaim) ([]*storage.OutboxEntry, error)
	FinishOutbox(ctx context.Context, holder string, results []storage.OutboxResult) error
}

// DeliverFunc sends one claimed entry and says what became of it. replaces
// counts the older entries of its game it stands for (superseded ones), for
// its text. A result with Err and a Retry stops the entry's destination for
// this round; Err without Retry gives the entry up.
type DeliverFunc func(ctx context.Context, e *storage.OutboxEntry, replaces int) storage.OutboxResult

// Options are what New needs. Store, Deliver and Holder are required.
type Options struct {
	Store   Store
	Deliver DeliverFunc
	// Holder names this sender in the entries' leases: unique per process.
	Holder string
	Config Config
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Logger: default slog.Default().
	Logger *slog.Logger
}

// Sender delivers the outbox. Its methods may be called from any goroutine.
type Sender struct {
	store   Store
	deliver DeliverFunc
	holder  string
	cfg     Config
	now     func() time.Time
	log     *slog.Logger
	wake    chan struct{}

	mu      sync.Mutex
	alerted map[string]bool // destinations logged as failing
}

// New makes a sender; it delivers nothing until Run or DeliverDue.
func New(o Options) *Sender {
	s := &Sender{store: o.Store, deliver: o.Deliver, holder: o.Holder, cfg: o.Config.WithDefaults(),
		now: o.Now, log: o.Logger, wake: make(chan struct{}, 1), alerted: map[string]bool{}}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Wake makes Run look for due entries now; it never blocks.
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Backoff is the wait after n failed attempts: 1s doubling, up to MaxBackoff.
func (s *Sender) Backoff(n int) time.Duration {
	d := time.Second
	for i := 1; i < n && d < s.cfg.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, s.cfg.MaxBackoff)
}

// Run delivers the outbox until ctx ends: at once (what is left from before a
// restart), on every Wake, and every Config.Poll for retries. It returns nil
// when ctx ends; what is not delivered by then stays in the store.
func (s *Sender) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.Poll)
	defer t.Stop()
	for {
		if _, err := s.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("outbox", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.wake:
		case <-t.C:
		}
	}
}

// DeliverDue claims what is due now and delivers it, destinations in parallel
// and each in order, and returns how many entries it finished (delivered,
// superseded or given up on).
func (s *Sender) DeliverDue(ctx context.Context) (int, error) {
	es, err := s.store.ClaimOutbox(ctx, storage.OutboxClaim{Holder: s.holder, Now: s.now(), Lease: s.cfg.Lease})
	if err != nil || len(es) == 0 {
		return 0, err
	}
	byDest := map[string][]*storage.OutboxEntry{}
	var order []string
	for _, e := range es {
		d := e.Dest()
		if byDest[d] == nil {
			order = append(order, d)
		}
		byDest[d] = append(byDest[d], e)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
		errs []error
		sem  = make(chan struct{}, s.cfg.Parallel)
	)
	for _, d := range order {
		wg.Add(1)
		sem <- struct{}{}
		go func(run []*storage.OutboxEntry) {
			defer wg.Done()
			defer func() { <-sem }()
			n, err := s.deliverRun(ctx, run)
			mu.Lock()
			done += n
			if err != nil {
				errs = append(errs, err)
			}
			mu.Unlock()
		}(byDest[d])
	}
	wg.Wait()
	return done, errors.Join(errs...)
}

// deliverRun delivers one destination's claimed entries in order. An undelivered
// board followed by a newer one of the same game in the run is superseded; a
// failure stops the run (the rest is released, to keep the order). When ctx
// ends, the send under way is not cancelled (an adapter would go on with it and
// report a failure, and it would be sent twice): the adapter's own drain bounds
// it; what is left is released for the next start.
func (s *Sender) deliverRun(ctx context.Context, run []*storage.OutboxEntry) (int, error) {
	sendCtx := context.WithoutCancel(ctx)
	newest := map[[2]string]int{} // kind, game -> index of its newest entry
	for i, e := range run {
		if e.Kind != "" && e.GameID != "" {
			newest[[2]string{e.Kind, e.GameID}] = i
		}
	}
	replaced := map[int]int{} // index of a newest board -> how many it replaces
	var results []storage.OutboxResult
	finished := 0
	flushResults := func() error {
		if len(results) == 0 {
			return nil
		}
		err := s.store.FinishOutbox(context.WithoutCancel(ctx), s.holder, results)
		results = results[:0]
		return err
	}
	var errs []error
	stopped := false
	for i, e := range run {
		if stopped || ctx.Err() != nil {
			results = append(results, storage.OutboxResult{ID: e.ID, Release: true})
			continue
		}
		if j, ok := newest[[2]string{e.Kind, e.GameID}]; ok && e.Kind != "" && j != i {
			replaced[j] += 1 + e.Replaces
			results = append(results, storage.OutboxResult{ID: e.ID, Superseded: true, SupersededBy: run[j].ID})
			finished++
			continue
		}
		res := s.deliver(sendCtx, e, e.Replaces+replaced[i])
		results = append(results, res)
		if res.Err != "" && !res.Retry.IsZero() {
			stopped = true
			s.noteFailing(e)
		} else {
			finished++
			s.noteRecovered(e)
		}
		// Record as we go: a delivered board must not be sent again after a crash.
		if err := flushResults(); err != nil {
			errs = append(errs, err)
		}
	}
	if err := flushResults(); err != nil {
		errs = append(errs, err)
	}
	return finished, errors.Join(errs...)
}

// noteFailing logs a destination that has been failing for AlertAfter, once.
func (s *Sender) noteFailing(e *storage.OutboxEntry) {
	if e.FirstFail.IsZero() || s.now().Sub(e.FirstFail) < s.cfg.AlertAfter {
		return
	}
	s.mu.Lock()
	already := s.alerted[e.Dest()]
	s.alerted[e.Dest()] = true
	s.mu.Unlock()
	if !already {
		s.log.Error("messages cannot be delivered; still trying", "platform", e.Platform, "chat", e.ChatID,
			"since", e.FirstFail, "attempts", e.Attempts, "err", e.LastError)
	}
}

// noteRecovered logs that a destination logged as failing delivers again.
func (s *Sender) noteRecovered(e *storage.OutboxEntry) {
	s.mu.Lock()
	was := s.alerted[e.Dest()]
	delete(s.alerted, e.Dest())
	s.mu.Unlock()
	if was {
		s.log.Info("messages are being delivered again", "platform", e.Platform, "chat", e.ChatID)
	}
}
