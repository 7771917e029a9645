package bot

import (
	"context"
	"errors"
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// The bot as an opponent (issue 21). "/new VARIANT @bot level=N" and "/play"
// create a game with the engine in one seat (storage.Player.Level > 0, UserID
// the bot's own user id on the platform); it begins at once. The engine's
// replies are searched by a bounded pool of workers (RunEngine), never while a
// game lock is held: a worker reads the stored game, replays it into its own
// rules.Game, searches, and then plays the move through the same path as a
// player's move (request.play, one ChangeGame with its board in the outbox), at
// the version it searched; a game that changed meanwhile is looked at again.
//
// What the engine owes is derived from the stored game alone (engineOwes: its
// turn, or a draw offer or takeback request of its opponent), so a restart
// loses nothing: Tick finds every such game and queues it. Every write of a
// game (Service.keep) queues it too, so a move, an accepted takeback or an
// offer wakes the engine without a call in each command.

// EngineConfig tunes the bot's own play. (Added for issue 21.)
type EngineConfig struct {
	// Workers is how many searches run at once; default 1. Games beyond wait
	// in a queue; no game lock is held while they wait or search.
	Workers int
	// MoveTime is how long the engine thinks in a correspondence or untimed
	// game; default 10s, at most a minute. In a live game it takes a share of
	// its clock instead.
	MoveTime time.Duration
	// TableBits sizes each worker's transposition table (2^TableBits entries
	// of 24 bytes); default 18.
	TableBits int
	// ReviewNodes bounds /review's search of each position; default 80 000.
	ReviewNodes int64
	// Mover replaces the engine (tests; an external UCI engine for level 9).
	// nil: the bot's own search.
	Mover Mover
	// External, when set, plays the games at ExternalLevel (an external UCI
	// engine: engine.uci.path in the config).
	External Mover
}

// ExternalLevel is the level an external UCI engine plays, above the bot's
// own eight: the registry's default game only, standard xiangqi, without
// options (Fairy-Stockfish's and Pikafish's FEN and moves are those of
// xiangqi; the variants and house rules are ours).
const ExternalLevel = 9

// DefaultLevel is the level of /play and "/new @bot" without level=N.
const DefaultLevel = 4

// Mover chooses a move for the side to move of g at a level, within lim. g is
// the worker's own copy of the game and holds the true position, secrets
// included: a Mover must decide from what the side to move may know (the
// engine samples the rest, engine.Engine.Choose). Several workers may call it
// at once; it must honour ctx.
type Mover interface {
	Move(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error)
}

// MoverFunc adapts a function to Mover.
type MoverFunc func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error)

// Move implements Mover.
func (f MoverFunc) Move(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
	return f(ctx, g, level, lim)
}

func (c EngineConfig) withDefaults(seed func() uint64) EngineConfig {
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.MoveTime <= 0 {
		c.MoveTime = 10 * time.Second
	}
	c.MoveTime = min(c.MoveTime, time.Minute)
	if c.TableBits <= 0 {
		c.TableBits = 18
	}
	if c.ReviewNodes <= 0 {
		c.ReviewNodes = reviewPlyNodes
	}
	if c.Mover == nil {
		c.Mover = &engineMover{bits: c.TableBits, seed: seed}
	}
	return c
}

// engineMover is the bot's own search: a free list of engines, one per running
// search, each keeping its transposition table between searches.
type engineMover struct {
	bits int
	mu   sync.Mutex
	free []*engine.Engine
	seed func() uint64 // the service's Rand, for the weaker levels' noise
}

func (m *engineMover) Move(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
	m.mu.Lock()
	var e *engine.Engine
	if n := len(m.free); n > 0 {
		e, m.free = m.free[n-1], m.free[:n-1]
	} else {
		a := m.seed()
		e = engine.NewEngine(engine.Config{TableBits: m.bits, Rand: rand.New(rand.NewPCG(a, a>>32|a<<32))})
	}
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		m.free = append(m.free, e)
		m.mu.Unlock()
	}()
	e.SetLevel(level)
	return e.Choose(ctx, g, lim)
}

// RunEngine runs the workers that search the engine's replies until ctx ends;
// the main loop runs it beside RunOutbox. Without it, games against the bot
// wait (their searches are queued in memory and found again from the store by
// Tick after a restart). It is StartEngine followed by its wait.
func (s *Service) RunEngine(ctx context.Context) error { return s.StartEngine(ctx)() }

// StartEngine starts the engine's workers and returns at once with a function
// that waits until they stopped (after ctx ends). The workers count from the
// moment it returns, so a Settle that follows waits for them: with RunEngine
// in a goroutine of its own, a Settle that ran before that goroutine did found
// no worker and returned at once, before the bot's reply (the flake of
// TestNewAtBotPlaysFirstAsRed, "the bot did not open").
func (s *Service) StartEngine(ctx context.Context) (wait func() error) {
	done := s.ai.Start(ctx, s.aiCfg.Workers, func(ctx context.Context, id string) {
		if err := s.engineJob(ctx, id); err != nil && ctx.Err() == nil {
			s.log.Warn("engine reply", "game", id, "err", err)
		}
	})
	return func() error {
		done()
		return ctx.Err()
	}
}

// Settle waits until the engine has nothing queued or under way, or ctx ends:
// the console waits for the bot's reply before it reads the next line.
func (s *Service) Settle(ctx context.Context) { s.ai.Idle(ctx) }

// botSeat is the seat the engine plays in rec, or -1.
func botSeat(rec *storage.Game) int {
	for i, p := range rec.Players {
		if p.Level > 0 {
			return i
		}
	}
	return -1
}

// engineOwes reports whether the engine has to act in the stored game: its
// turn, or a question of its opponent to answer.
func engineOwes(rec *storage.Game, toMove rules.Side) bool {
	seat := botSeat(rec)
	if seat < 0 || rec.Status != storage.StatusActive {
		return false
	}
	human := 1 - seat
	return int(toMove) == seat || rec.DrawOffer == human || rec.TakebackRequest == human
}

// botUser is the bot itself on a platform: its own user id where the adapter
// knows it (Telegram's getMe, Discord's READY), else a name no person has.
func (s *Service) botUser(platform string) User {
	if p, ok := s.platform(platform).(interface{ BotUser() User }); ok {
		if u := p.BotUser(); u.ID != "" {
			if u.Name == "" {
				u.Name = s.botName
			}
			return u
		}
	}
	return User{ID: "bot:" + s.botName, Name: s.botName, Username: s.botName}
}

// isBot reports whether @name (without the @) or a resolved mention names the
// bot itself.
func (s *Service) isBot(platform, name, id string) bool {
	me := s.botUser(platform)
	if id != "" && id == me.ID {
		return true
	}
	return sameName(name, s.botName) || sameName(name, s.botName+"bot") || me.Username != "" && sameName(name, me.Username)
}

// engineLease is how long an engine job is its process's (engineJob): longer
// than any search (MoveTime is at most a minute; a live game's share of its
// clock less), so that a live process never loses it mid-search; a process
// that dies loses it at once on PostgreSQL.
const engineLease = 5 * time.Minute

// errStale says that the game changed while the engine searched it.
var errStale = errors.New("bot: game changed during the engine's search")

// engineJob does what the engine owes in game id: it answers its opponent's
// draw offer or takeback request, and moves when it is its turn. No lock is
// held while it searches.
func (s *Service) engineJob(ctx context.Context, id string) error {
	// Several processes on one database find the same owed reply (each Tick
	// reads the games due): the one that takes the job's lease searches, the
	// others pass, and look again at their next Tick should it die.
	key, holder := "engine/"+id, s.out.holder+"/engine"
	now := s.now()
	took, err := s.store.TakeLease(ctx, key, holder, now, now.Add(engineLease))
	if err != nil {
		return fmt.Errorf("engine job %s: %w", id, err)
	}
	if !took {
		s.log.Debug("another process is searching this game", "game", id)
		return nil
	}
	defer func() {
		if err := s.store.ReleaseLease(context.WithoutCancel(ctx), key, holder); err != nil {
			s.log.Warn("engine job: the lease stays until it runs out", "game", id, "err", err)
		}
	}()
	if gid, ok := strings.CutPrefix(id, reviewPrefix); ok {
		return s.reviewJob(ctx, gid)
	}
	rec, err := s.store.Game(ctx, id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return nil
		}
		return err
	}
	seat := botSeat(rec)
	if seat < 0 || rec.Status != storage.StatusActive {
		return nil
	}
	v, err := s.variant(rec.Variant, rec.Options)
	if err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	moves := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		moves[i] = m.Text
	}
	// The worker's own copy: the cached game belongs to whoever holds the lock.
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		return fmt.Errorf("replay game %s: %w", id, err)
	}
	// me and human are seats (players, clocks, offers); colour is what the
	// engine's seat plays (banqi's first flip may make seat 0 Black).
	me := rules.Side(seat)
	human := me.Other()
	colour := g.Position().SideOf(seat)
	level := rec.Players[seat].Level
	q := s.botRequest(ctx, rec)
	c := collectorOf(q.ctx)
	defer func() { s.runPremoves(ctx, q.moved) }() // after the flush (premove.go)
	defer q.flush(c)
	switch {
	case rec.DrawOffer == int(human):
		accept, err := s.drawWanted(ctx, g, colour)
		if err != nil {
			return err
		}
		return q.engineAnswer((*request).cmdDraw, id, accept)
	case rec.TakebackRequest == int(human):
		return q.engineAnswer((*request).cmdTakeback, id, level <= takebackLevel)
	case g.Position().ToMove() != colour || g.Outcome().Over:
		return nil
	}
	lim := s.engineLimits(rec, me)
	s.log.Debug("engine thinks", "game", id, "level", level, "ply", g.Ply(), "movetime", lim.MoveTime, "clock", lim.Time)
	res, err := s.mover(level).Move(ctx, g, level, lim)
	if err != nil {
		return fmt.Errorf("search game %s: %w", id, err)
	}
	coord := rules.FormatCoord(g.Position(), res.Move)
	q.expect = rec.Version
	err = q.play(id, coord, replyAll)
	if errors.Is(err, errStale) {
		s.ai.Add(id) // look again at the game as it is now
		return nil
	}
	var ue *userError
	if errors.As(err, &ue) {
		if strings.HasPrefix(ue.key, "err.move") {
			// The rules refused the engine's move: a bug between the engine and
			// the rules, never a secret (the key names no piece).
			s.log.Error("the rules refused the engine's move", "game", id, "why", ue.key)
			return nil
		}
		// The game ended or changed hands meanwhile (a resignation, a timeout).
		s.log.Debug("engine move not played", "game", id, "why", ue.key)
		return nil
	}
	return err
}

// botRequest is a request made by the bot itself in rec's chat, its messages
// collected and sent when flushed (as Tick's are).
func (s *Service) botRequest(ctx context.Context, rec *storage.Game) *request {
	c := &collector{}
	ctx = context.WithValue(ctx, outKey{}, c)
	var u User
	if seat := botSeat(rec); seat >= 0 {
		u = User{ID: rec.Players[seat].UserID, Name: rec.Players[seat].Name}
	}
	ev := Event{Platform: rec.Platform, ChatID: rec.ChatID, User: u, At: s.now()}
	q := &request{s: s, ctx: ctx, ev: ev, lang: En, chat: &storage.Chat{Platform: rec.Platform, ChatID: rec.ChatID}}
	if ch, err := s.store.Chat(ctx, rec.Platform, rec.ChatID); err == nil {
		q.chat = ch
		q.lang = ParseLang(ch.Language)
	}
	return q
}

// engineAnswer answers a question of the bot's opponent through the command a
// person would use.
func (q *request) engineAnswer(cmd func(*request, []string) error, id string, yes bool) error {
	a := "no"
	if yes {
		a = "yes"
	}
	err := cmd(q, []string{"#" + id, a})
	var ue *userError
	if errors.As(err, &ue) {
		q.s.log.Debug("engine answer not given", "game", id, "why", ue.key)
		return nil
	}
	return err
}

// takebackLevel is the strongest level that grants takebacks: the lower levels
// are for learning, where taking a blunder back is part of it; from level 5
// on, the bot plays as a tournament opponent and declines.
const takebackLevel = 4

// drawWanted decides a draw offered to the engine: it accepts when a short
// search says it stands worse by more than a soldier, or the game is level
// (within a fifth of a soldier) after sixty plies; otherwise it plays on. The
// judgement is the full level's, without the weaker levels' noise, whatever
// level plays: a beginner level that accepted draws at random would be no
// kinder, only odder.
func (s *Service) drawWanted(ctx context.Context, g *rules.Game, me rules.Side) (bool, error) {
	res, err := s.aiCfg.Mover.Move(ctx, g, engine.MaxLevel, engine.Limits{Depth: 6, MoveTime: time.Second})
	if errors.Is(err, engine.ErrNoMove) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	score := res.Score
	if res.Mate != 0 {
		score = 100_000 / res.Mate
	}
	if g.Position().ToMove() != me {
		score = -score
	}
	return score < -100 || g.Ply() >= 60 && score <= 20 && score >= -20, nil
}

// mover is what plays at level.
func (s *Service) mover(level int) Mover {
	if level == ExternalLevel && s.aiCfg.External != nil {
		return s.aiCfg.External
	}
	return s.aiCfg.Mover
}

// engineLimits is the time the engine may take for its move in rec: a share
// of its clock in a live game (engine.Limits.Time), else the configured
// MoveTime, and never past the deadline of a correspondence game.
func (s *Service) engineLimits(rec *storage.Game, me rules.Side) engine.Limits {
	now := s.now()
	c := &rec.Clock
	if c.Control.Kind == storage.KindLive {
		return engine.Limits{Time: max(gameclock.Left(c, now, me, me), 0), Inc: c.Control.Increment}
	}
	t := s.aiCfg.MoveTime
	if c.Control.Kind == storage.KindCorrespondence {
		t = min(t, max(c.Deadline.Sub(now)/2, time.Second))
	}
	return engine.Limits{MoveTime: t}
}
