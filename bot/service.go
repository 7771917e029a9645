package bot

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chuhe/chuhe/bot/jobs"
	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// MaxText is the longest message the service reads; longer ones get a polite
// refusal and change nothing.
const MaxText = 1000

// Config is what New needs. Store is required; zero fields get production
// defaults.
type Config struct {
	Store storage.Store
	// Variants defaults to variants.Default().
	Variants *variants.Registry
	// Renderer draws board images; nil sends text boards only.
	Renderer Renderer
	// Clock defaults to SystemClock.
	Clock Clock
	// Rand draws the setup choices (default secrets, the side in "side=random");
	// default crypto/rand. Tests pass a seeded one. The service serializes its use.
	Rand *rand.Rand
	// Logger defaults to slog.Default(). It never receives secrets.
	Logger *slog.Logger
	// BotName is how users address the bot ("@Chuhe h2e2"). Default "Chuhe".
	BotName string
	// Puzzles is the daily-puzzle collection; nil means the embedded one
	// (puzzle.Load), loaded when first needed. (Added for issue 9.)
	Puzzles *puzzle.Collection
	// PuzzleTime and PuzzleZone are what /puzzle subscribe uses when the user gives
	// no time or no zone (config puzzle.time, puzzle.timezone); defaults "09:00"
	// and UTC.
	PuzzleTime, PuzzleZone string
	// Delivery tunes the outbox (outbox.go). (Added for issue 13.)
	Delivery DeliveryConfig
	// Engine tunes the bot's own play (engine.go). (Added for issue 21.)
	Engine EngineConfig
}

// Service is the platform-neutral bot: adapters hand it events (Handle) and
// register themselves as Platforms for messages outside any event; the main loop
// calls Tick for clocks and reminders. It is safe for concurrent use; work on one
// game is serialized.
type Service struct {
	store    storage.Store
	reg      *variants.Registry
	renderer Renderer
	clock    Clock
	log      *slog.Logger
	botName  string

	rngMu sync.Mutex
	rng   *rand.Rand

	mu        sync.Mutex
	platforms map[string]Platform
	locks     map[string]*sync.Mutex
	cache     map[string]*cached        // game id -> replayed game
	built     map[string]*rules.Variant // slug+options -> variant
	refs      map[MessageRef]string     // bot message -> game id
	refOrder  []MessageRef              // oldest first, to bound refs

	pz puzzleState // daily puzzles (puzzle.go)

	out *delivery // owed messages and their sender (outbox.go, package outbox)

	ai    *jobs.Queue  // games the engine owes a reply or a review (engine.go)
	aiCfg EngineConfig // with defaults
}

// cached is a replayed game at one stored version. The rules.Game is touched only
// under the game's lock; toMove and version never change once stored.
type cached struct {
	version uint64
	game    *rules.Game
	toMove  rules.Side
}

const (
	maxCache = 2048
	maxRefs  = 8192
)

// Handler is implemented by *Service.
var _ Handler = (*Service)(nil)

// New makes a service.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("bot: Config.Store is required")
	}
	s := &Service{
		store:     cfg.Store, // wrapped in a wakeStore below, once the clock is known
		reg:       cfg.Variants,
		renderer:  cfg.Renderer,
		clock:     cfg.Clock,
		log:       cfg.Logger,
		botName:   cfg.BotName,
		rng:       cfg.Rand,
		platforms: map[string]Platform{},
		locks:     map[string]*sync.Mutex{},
		cache:     map[string]*cached{},
		built:     map[string]*rules.Variant{},
		refs:      map[MessageRef]string{},
	}
	s.pz.coll = cfg.Puzzles
	s.pz.defaultTime, s.pz.defaultZone = cfg.PuzzleTime, cfg.PuzzleZone
	if s.pz.defaultTime == "" {
		s.pz.defaultTime = "09:00"
	}
	if _, err := puzzle.ParseSubscription(s.pz.defaultTime, s.pz.defaultZone); err != nil {
		return nil, fmt.Errorf("puzzle defaults: %w", err)
	}
	if s.reg == nil {
		s.reg = variants.Default()
	}
	if s.clock == nil {
		s.clock = SystemClock{}
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.botName == "" {
		s.botName = "Chuhe"
	}
	if s.rng == nil {
		// Secrets (setup defaults, random sides) come from the operating system's
		// cryptographic source, never from a PRNG seeded by the clock.
		s.rng = rand.New(cryptoSource{})
	}
	s.store = wakeStore{Store: cfg.Store, now: s.now}
	s.out = s.newDelivery(cfg.Delivery, fmt.Sprintf("bot-%x", rand.Uint64()))
	s.ai, s.aiCfg = jobs.NewQueue(), cfg.Engine.withDefaults(s.seed)
	return s, nil
}

// AddPlatform registers an adapter, so that the service can post reminders,
// timeouts and private boards on it outside any event. Adding a platform with the
// name of one already added replaces it.
func (s *Service) AddPlatform(p Platform) {
	s.mu.Lock()
	s.platforms[p.Name()] = p
	s.mu.Unlock()
}

func (s *Service) platform(name string) Platform {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.platforms[name]
}

// lockGame serializes all work on one game and returns the unlock function.
func (s *Service) lockGame(id string) func() {
	s.mu.Lock()
	l, ok := s.locks[id]
	if !ok {
		l = new(sync.Mutex)
		s.locks[id] = l
	}
	s.mu.Unlock()
	l.Lock()
	return l.Unlock
}

// cryptoSource is a math/rand/v2 Source that reads crypto/rand for every draw.
type cryptoSource struct{}

func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+: it crashes the program instead)
	return binary.LittleEndian.Uint64(b[:])
}

// deal draws the chance secrets of a new game of v from startFEN ("" = the
// variant's start) with the service's Rand (rules.Deal).
func (s *Service) deal(v *rules.Variant, startFEN string) (string, error) {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return rules.Deal(v, startFEN, s.rng)
}

// salt is 128 random bits in hex, from the service's source (crypto/rand).
func (s *Service) salt() string {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return fmt.Sprintf("%016x%016x", s.rng.Uint64(), s.rng.Uint64())
}

// seed draws a seed for an engine's noise from the service's Rand.
func (s *Service) seed() uint64 {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.Uint64()
}

func (s *Service) intn(n int) int {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return s.rng.IntN(n)
}

// remember maps a message the bot sent to the game it is about, so that a reply to
// it reaches that game. Only the latest maxRefs messages are remembered in memory;
// what the outbox delivered is also recorded in the store (gameOfMessage looks
// there after a restart).
func (s *Service) remember(ref MessageRef, gameID string) {
	if ref.ID == "" || gameID == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.refs[ref]; !ok {
		s.refOrder = append(s.refOrder, ref)
	}
	s.refs[ref] = gameID
	if len(s.refOrder) > maxRefs {
		old := s.refOrder[0]
		s.refOrder = s.refOrder[1:]
		delete(s.refs, old)
	}
}

func (s *Service) gameOfMessage(chatID, msgID string) string {
	if msgID == "" {
		return ""
	}
	s.mu.Lock()
	id, ok := s.refs[MessageRef{ChatID: chatID, ID: msgID}]
	s.mu.Unlock()
	if !ok {
		id = s.sentAbout(chatID, msgID)
	}
	if strings.HasPrefix(id, puzzleRefPrefix) {
		return "" // a message about the daily puzzle (puzzle.go)
	}
	return id
}

// sentAbout is what a message the outbox delivered is about, from the store: so
// that replies to a board find its game after a restart too.
// Chat ids do not say their platform; each running one is asked.
func (s *Service) sentAbout(chatID, msgID string) string {
	s.mu.Lock()
	names := make([]string, 0, len(s.platforms))
	for n := range s.platforms {
		names = append(names, n)
	}
	s.mu.Unlock()
	for _, n := range names {
		if m, err := s.store.Sent(context.Background(), n, chatID, msgID); err == nil {
			return m.About
		}
	}
	return ""
}

// variant builds (once) the variant a stored game is played with.
func (s *Service) variant(slug string, opts []string) (*rules.Variant, error) {
	key := slug + "\x00" + strings.Join(opts, "\x00")
	s.mu.Lock()
	v, ok := s.built[key]
	s.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := s.reg.Build(slug, opts)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.built[key] = v
	s.mu.Unlock()
	return v, nil
}

// loaded is a game as the service works on it: the stored record and the rules
// game replayed from it. It is valid while the game's lock is held.
type loaded struct {
	rec  *storage.Game
	game *rules.Game
	// rating is what the write that ended the game did to the ratings
	// (ratings.go), for its messages; nil otherwise.
	rating *gameRating
}

func (l *loaded) pos() *rules.Position { return l.game.Position() }

// toMove is the seat to move. In the bot a rules.Side that indexes Players,
// clocks and offers is a seat (0 moves first); the position says which colour
// each seat plays (rules.Position.Seat). Seat and colour are the same in every
// game but one whose colours are given in play (banqi's first flip).
func (l *loaded) toMove() rules.Side {
	p := l.game.Position()
	return rules.Side(p.Seat(p.ToMove()))
}

// colourOf is the colour seat plays, for outcomes and colour names.
func (l *loaded) colourOf(seat rules.Side) rules.Side { return l.game.Position().SideOf(int(seat)) }

// seatOfColour is the seat that plays colour c.
func (l *loaded) seatOfColour(c rules.Side) rules.Side { return rules.Side(l.game.Position().Seat(c)) }

// load reads a game from the store and derives its position, from the cache when
// the cached version is the stored one. The caller holds the game's lock.
func (s *Service) load(ctx context.Context, id string) (*loaded, error) {
	rec, err := s.store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	c := s.cache[id]
	s.mu.Unlock()
	if c != nil && c.version == rec.Version {
		return &loaded{rec: rec, game: c.game}, nil
	}
	v, err := s.variant(rec.Variant, rec.Options)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	moves := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = m.Text
	}
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		return nil, fmt.Errorf("replay game %s: %w", id, err)
	}
	l := &loaded{rec: rec, game: g}
	s.keep(l)
	return l, nil
}

// keep caches a loaded game at its version; forget drops a game from the cache
// (after a failed write left the rules game ahead of the store).
func (s *Service) keep(l *loaded) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.cache) >= maxCache {
		for id := range s.cache { // drop an arbitrary entry; a miss only costs a replay
			delete(s.cache, id)
			break
		}
	}
	c := &cached{version: l.rec.Version, game: l.game, toMove: l.toMove()}
	s.cache[l.rec.ID] = c
	if engineOwes(l.rec, c.toMove) {
		// Every write of a game passes here: the engine hears of its turn and
		// of its opponent's questions without a call in each command.
		s.ai.Add(l.rec.ID)
	}
}

func (s *Service) forget(id string) {
	s.mu.Lock()
	delete(s.cache, id)
	s.mu.Unlock()
}

// sideToMove tells whose turn it is in a stored game, replaying it if needed.
func (s *Service) sideToMove(ctx context.Context, rec *storage.Game) (rules.Side, error) {
	s.mu.Lock()
	c := s.cache[rec.ID]
	s.mu.Unlock()
	if c != nil && c.version == rec.Version {
		return c.toMove, nil
	}
	unlock := s.lockGame(rec.ID)
	defer unlock()
	l, err := s.load(ctx, rec.ID)
	if err != nil {
		return rules.Red, err
	}
	return l.toMove(), nil
}

// now is the service's time.
func (s *Service) now() time.Time { return s.clock.Now() }

// sortGames orders games by id number.
func sortGames(gs []*storage.Game) {
	sort.Slice(gs, func(i, j int) bool {
		a, b := gs[i].ID, gs[j].ID
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return a < b
	})
}
