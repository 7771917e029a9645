package engine

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// The game search: iterative deepening over a principal variation search with
// a transposition table, quiescence over captures (and check evasions near the
// horizon), check extension, late move reductions, reverse futility pruning at
// the frontier, and killer, history and MVV-LVA move ordering. This file is
// performance-critical: nothing in it allocates per node.
//
// Null-move pruning passes the turn with the core's rules.PassMove (see playPass
// in rules.go), in variants whose modules take no part in ordinary moves.

const (
	maxPly     = 64
	mateValue  = 30000
	mateBound  = mateValue - 2*maxPly // scores beyond are mates
	infinity   = 32000
	maxQPly    = 12 // captures
	maxQChecks = 2  // evasions are searched only this close to the horizon
)

// ErrNoMove is returned when the side to move has no legal move (or the game
// is over).
var ErrNoMove = errors.New("engine: no legal move to search")

// Limits bound one search. Zero fields are unlimited; with no limit at all the
// search stops at MaxDepth or when ctx ends.
type Limits struct {
	Depth    int           // plies
	Nodes    int64         // nodes
	MoveTime time.Duration // exactly this long (at most)
	// Time and Inc are the clock of the side to move; MovesToGo the moves until
	// the next time control (0 = sudden death). The search takes a share.
	Time, Inc time.Duration
	MovesToGo int
}

// MaxDepth is the deepest iteration.
const MaxDepth = maxPly - 8

// Info reports one finished iteration.
type Info struct {
	Depth int
	Score int // centipawns for the side to move; see Mate
	Mate  int // moves to mate (negative: being mated); 0 when none is known
	Nodes int64
	Time  time.Duration
	PV    []rules.Move
}

// Result is what a search chose.
type Result struct {
	Move  rules.Move
	Score int // centipawns for the side to move (mate scores: see Mate)
	Mate  int
	Depth int
	Nodes int64
	Time  time.Duration
	PV    []rules.Move
}

// Config configures an Engine. The zero value is usable.
type Config struct {
	// TableBits sizes the transposition table at 2^TableBits entries of 24
	// bytes; 0 means 20 (24 MiB).
	TableBits int
	// Level is the playing strength, 1 (beginner) to 8 (full); 0 means 8.
	Level int
	// Rand draws the noise of the weaker levels; nil means a fixed seed, so that
	// a search repeats exactly.
	Rand *rand.Rand
	// Info, when set, is called after every finished iteration.
	Info func(Info)
}

// Engine plays games: it finds a move for the side to move. It keeps its
// transposition table between searches. It is not safe for concurrent use,
// except Stop, which may be called from any goroutine.
type Engine struct {
	cfg   Config
	level Level
	tt    *ttable
	rng   *rand.Rand
	stopF atomic.Bool

	// refused, when set, tells the root moves the game itself would refuse
	// (Game.Refuses); set by Search for one call.
	refused func(rules.Move) bool

	// per variant
	v       *rules.Variant
	ev      *evaluator
	history []int32      // from*n+to, within ±historyMax
	counter []rules.Move // from*n+to of the opponent's last move: the quiet move that refuted it
	n       int

	// per search
	b        *board
	ctx      context.Context
	start    time.Time
	hard     time.Time // stop now
	soft     time.Time // no new iteration after
	timed    bool
	maxNodes int64
	nodes    int64
	aborted  bool
	// overtaker is the index of the last root move that, in the running
	// iteration, finished with a score above every move before it (0: none).
	overtaker int

	// off switches prunings off, for tests that compare (offNull, offFutility, ...).
	off uint8

	killers [maxPly + 1][2]rules.Move
	played  [maxPly + 1]rules.Move                 // the move being searched at each ply
	quiets  [maxPly + 1][maxQuietsTried]rules.Move // the quiet moves tried at each ply, for the history malus
	moves   [maxPly + 1][]rules.Move
	scores  [maxPly + 1][]int32
	mob     [maxPly + 1]int32
	pv      [maxPly + 1][maxPly + 1]rules.Move
	pvLen   [maxPly + 1]int
}

// NewEngine returns an engine.
func NewEngine(cfg Config) *Engine {
	if cfg.TableBits == 0 {
		cfg.TableBits = 20
	}
	e := &Engine{cfg: cfg, tt: newTTable(cfg.TableBits), rng: cfg.Rand}
	if e.rng == nil {
		e.rng = rand.New(rand.NewPCG(1, 2))
	}
	e.level = LevelOf(cfg.Level)
	for i := range e.moves {
		e.moves[i] = make([]rules.Move, 0, 256)
		e.scores[i] = make([]int32, 256)
	}
	return e
}

// SetLevel changes the playing strength (1 to 8; out of range is clamped).
func (e *Engine) SetLevel(level int) { e.level = LevelOf(level) }

// Level is the current playing strength.
func (e *Engine) Level() Level { return e.level }

// NewGame forgets what earlier searches learnt.
func (e *Engine) NewGame() {
	e.tt.clear()
	clear(e.history)
	e.resetCounters()
	e.killers = [maxPly + 1][2]rules.Move{}
}

// resetCounters forgets every countermove (the zero Move is a real square pair).
func (e *Engine) resetCounters() {
	for i := range e.counter {
		e.counter[i] = rules.NullMove
	}
}

// Stop ends a running search soon; it returns the best move found so far.
// Safe to call from another goroutine.
func (e *Engine) Stop() { e.stopF.Store(true) }

// Search finds a move for the side to move of g, honouring the repetition of
// the game's history. g is not changed.
func (e *Engine) Search(ctx context.Context, g *rules.Game, lim Limits) (Result, error) {
	if g.Outcome().Over {
		return Result{}, ErrNoMove
	}
	p, hist, err := gameHistory(g)
	if err != nil {
		return Result{}, err
	}
	// The search scores repetitions by the rules, but a move the arbiter
	// refuses outright (a perpetual chase) must not be chosen at all: the
	// game would not take it.
	e.refused = func(m rules.Move) bool { return g.Refuses(m) != nil }
	defer func() { e.refused = nil }()
	return e.run(ctx, p, hist, lim)
}

// SearchPosition finds a move for the side to move of p, a position without
// history. p is not changed.
func (e *Engine) SearchPosition(ctx context.Context, p *rules.Position, lim Limits) (Result, error) {
	return e.run(ctx, p.Clone(), nil, lim)
}

func (e *Engine) prepare(v *rules.Variant) {
	if e.v == v {
		return
	}
	e.v = v
	e.ev = newEvaluator(v)
	e.n = v.Board.NumSquares()
	e.history = make([]int32, e.n*e.n)
	e.counter = make([]rules.Move, e.n*e.n)
	e.resetCounters()
	e.tt.clear()
}

func (e *Engine) run(ctx context.Context, p *rules.Position, hist []histEntry, lim Limits) (Result, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	e.prepare(p.Variant())
	e.b = newBoard(p, hist)
	e.b.canPass = p.Variant().Quick()
	e.ctx = ctx
	e.stopF.Store(false)
	e.aborted = false
	e.nodes = 0
	e.start = time.Now()
	e.tt.age++
	e.setClock(lim)
	e.maxNodes = lim.Nodes
	if e.level.Nodes > 0 && (e.maxNodes == 0 || e.level.Nodes < e.maxNodes) {
		e.maxNodes = e.level.Nodes
	}
	for i := range e.history {
		e.history[i] /= 4 // old history fades
	}
	defer func() { e.b, e.ctx = nil, nil }()
	return e.iterate(lim)
}

// setClock turns the limits into a soft deadline (start no new iteration) and a
// hard one (stop the search).
func (e *Engine) setClock(lim Limits) {
	e.timed = false
	var budget time.Duration
	switch {
	case lim.MoveTime > 0:
		budget = lim.MoveTime
		e.timed = true
		e.hard = e.start.Add(budget)
		e.soft = e.start.Add(budget / 2)
	case lim.Time > 0 || lim.Inc > 0:
		moves := lim.MovesToGo
		if moves <= 0 || moves > 30 {
			moves = 30
		}
		budget = lim.Time/time.Duration(moves) + lim.Inc*3/4
		// keep a reserve for the transport and the rest of the game
		budget = min(budget, max(lim.Time-50*time.Millisecond, lim.Time/2))
		budget = max(budget, 5*time.Millisecond)
		e.timed = true
		e.soft = e.start.Add(budget * 6 / 10)
		e.hard = e.start.Add(min(budget*3, max(lim.Time/4, budget)))
	}
}

// tick counts a node and reports whether the search must stop.
func (e *Engine) tick() bool {
	if e.aborted {
		return true
	}
	e.nodes++
	if e.nodes&1023 == 0 {
		if e.stopF.Load() || e.ctx.Err() != nil ||
			(e.maxNodes > 0 && e.nodes >= e.maxNodes) ||
			(e.timed && time.Now().After(e.hard)) {
			e.aborted = true
		}
	}
	return e.aborted
}

// rootMove is a legal root move with its last score.
type rootMove struct {
	m     rules.Move
	score int32
	pv    []rules.Move
}

func (e *Engine) iterate(lim Limits) (Result, error) {
	b := e.b
	p := b.p
	side := p.ToMove()
	var roots []rootMove
	buf := p.PseudoMoves(nil)
	for _, m := range buf {
		if !b.legalBefore(m) {
			continue
		}
		b.play(m)
		ok := b.legalAfter(side)
		b.unplay()
		if ok {
			roots = append(roots, rootMove{m: m, score: -infinity})
		}
	}
	if len(roots) == 0 {
		return Result{}, ErrNoMove
	}
	if e.refused != nil {
		allowed := roots[:0:0]
		for _, r := range roots {
			if !e.refused(r.m) {
				allowed = append(allowed, r)
			}
		}
		if len(allowed) > 0 { // were every move refused, the rules decide what follows
			roots = allowed
		}
	}
	// Order the first iteration by the table's move and captures.
	if ent, ok := e.tt.probe(p.Hash()); ok {
		for i, r := range roots {
			if r.m == ent.move() {
				roots[0], roots[i] = roots[i], roots[0]
				break
			}
		}
	}
	maxDepth := MaxDepth
	if lim.Depth > 0 {
		maxDepth = min(maxDepth, lim.Depth)
	}
	if e.level.Depth > 0 {
		maxDepth = min(maxDepth, e.level.Depth)
	}
	res := Result{Move: roots[0].m}
	e.mob[0] = int32(len(buf))
	var done []rootMove // the root moves as the last finished iteration left them
	for depth := 1; depth <= maxDepth; depth++ {
		// Aspiration: from depth 5 on, a window around the last score, widened
		// to the full one when the score falls outside.
		alpha, beta := int32(-infinity), int32(infinity)
		if depth >= 5 && e.level.Noise == 0 && abs(int(res.Score)) < mateBound {
			alpha, beta = int32(res.Score)-40, int32(res.Score)+40
		}
		for {
			score := e.rootSearch(roots, depth, alpha, beta)
			if e.aborted || (score > alpha && score < beta) || (alpha == -infinity && beta == infinity) {
				break
			}
			alpha, beta = -infinity, infinity
		}
		if e.aborted && depth > 1 {
			// A move that overtook the last best one within the unfinished
			// iteration is better by a deeper search: play it.
			if o := e.overtaker; o > 0 && e.level.Noise == 0 {
				r := roots[o]
				res.Move, res.Score, res.Mate = r.m, int(r.score), mateMoves(r.score)
				res.PV = append(res.PV[:0], r.pv...)
			}
			break
		}
		// Stable sort by score: the best first, earlier order among equals.
		for i := 1; i < len(roots); i++ {
			for j := i; j > 0 && roots[j].score > roots[j-1].score; j-- {
				roots[j], roots[j-1] = roots[j-1], roots[j]
			}
		}
		best := roots[0]
		res = Result{Move: best.m, Score: int(best.score), Depth: depth, PV: append([]rules.Move(nil), best.pv...)}
		if e.level.Noise > 0 {
			done = append(done[:0], roots...)
			for i := range done {
				done[i].pv = append([]rules.Move(nil), done[i].pv...) // roots' rows are reused
			}
		}
		res.Mate = mateMoves(best.score)
		res.Nodes, res.Time = e.nodes, time.Since(e.start)
		if e.cfg.Info != nil {
			e.cfg.Info(Info{Depth: depth, Score: res.Score, Mate: res.Mate, Nodes: res.Nodes, Time: res.Time, PV: res.PV})
		}
		if e.aborted {
			break
		}
		if len(roots) == 1 && e.timed {
			break // the only move: no time to spend
		}
		if res.Mate != 0 && depth >= 2*abs(res.Mate)+2 {
			break
		}
		if e.timed && time.Now().After(e.soft) {
			break
		}
	}
	if e.level.Noise > 0 && len(done) > 1 {
		res = e.noisyChoice(done, res)
	}
	res.Nodes, res.Time = e.nodes, time.Since(e.start)
	return res, nil
}

// noisyChoice picks the root move of best score plus Gaussian noise: the weaker
// levels see roughly, and now and then prefer a worse move, as people do. A mate
// found for them is never thrown away.
func (e *Engine) noisyChoice(roots []rootMove, res Result) Result {
	if roots[0].score > mateBound {
		return res
	}
	noise := float64(e.level.Noise)
	bestI, bestV := 0, -1e18
	for i, r := range roots {
		if r.score == -infinity {
			continue // not searched in the last iteration
		}
		v := float64(r.score) + e.rng.NormFloat64()*noise
		if v > bestV {
			bestI, bestV = i, v
		}
	}
	r := roots[bestI]
	res.Move, res.Score, res.Mate = r.m, int(r.score), mateMoves(r.score)
	res.PV = append([]rules.Move(nil), r.pv...)
	return res
}

// rootSearch searches every root move at depth and stores its score. The
// weaker levels get a score for every move (within a window below the best), so
// that their noise has something to choose from.
func (e *Engine) rootSearch(roots []rootMove, depth int, alpha, beta int32) int32 {
	b := e.b
	p := b.p
	side := p.ToMove()
	wide := e.level.Noise > 0
	best := int32(-infinity)
	e.overtaker = 0
	for i := range roots {
		r := &roots[i]
		e.pvLen[0] = 0
		e.played[0] = r.m
		end := b.play(r.m)
		var score int32
		newDepth := depth - 1
		if b.checks[len(b.checks)-1] {
			newDepth++
		}
		switch {
		case wide:
			lo := alpha - 3*int32(e.level.Noise)
			if i == 0 || alpha == -infinity {
				lo = -infinity
			}
			score = e.child(newDepth, lo, beta, 0, -1, end, side)
		case i == 0:
			score = e.child(newDepth, alpha, beta, 0, -1, end, side)
		default:
			score = e.child(newDepth, alpha, alpha+1, 0, -1, end, side)
			if score > alpha && !e.aborted {
				score = e.child(newDepth, alpha, beta, 0, -1, end, side)
			}
		}
		b.unplay()
		if e.aborted {
			return best
		}
		best = max(best, score)
		if score > alpha && i > 0 && alpha > -infinity {
			e.overtaker = i
		}
		if score > alpha || i == 0 || wide {
			r.score = score
			r.pv = append(r.pv[:0], r.m)
			r.pv = append(r.pv, e.pv[1][1:e.pvLen[1]]...)
		} else {
			r.score = -infinity + 1 // worse than the best, order kept
		}
		if score > alpha {
			alpha = score
		}
		if alpha >= beta {
			return best // above the aspiration window: search again, wider
		}
	}
	if best > -infinity && best < beta {
		e.tt.store(p.Hash(), bestOf(roots), best, depth, boundExact)
	}
	return best
}

func bestOf(roots []rootMove) rules.Move {
	best := 0
	for i := range roots {
		if roots[i].score > roots[best].score {
			best = i
		}
	}
	return roots[best].m
}

// child scores the position just played (by side, at ply), from side's view:
// negated when the turn passed, as it is when the move kept the turn (the first
// half of a double move, a reveal). q < 0 is the main search, q >= 0 the
// quiescence ply.
func (e *Engine) child(depth int, alpha, beta int32, ply, q int, end endKind, side rules.Side) int32 {
	p := e.b.p
	e.pvLen[ply+1] = ply + 1
	same := p.ToMove() == side
	var v int32
	switch end {
	case endDraw:
		return 0
	case endWin:
		v = mateValue - int32(ply+1)
		if !same {
			v = -v
		}
		return v
	case endLoss:
		v = -mateValue + int32(ply+1)
		if !same {
			v = -v
		}
		return v
	}
	inCheck := e.b.checks[len(e.b.checks)-1]
	if same {
		if q >= 0 || depth <= 0 {
			return e.quiesce(alpha, beta, ply+1, q+1, inCheck)
		}
		return e.search(depth, alpha, beta, ply+1, inCheck)
	}
	if q >= 0 || depth <= 0 {
		return -e.quiesce(-beta, -alpha, ply+1, q+1, inCheck)
	}
	return -e.search(depth, -beta, -alpha, ply+1, inCheck)
}

// Prunings that tests can switch off (Engine.off).
const (
	offNull uint8 = 1 << iota
	offFutility
	offLate
	offReverse
	offLMR
	offAll = offNull | offFutility | offLate | offReverse | offLMR
)

// Move ordering scores: the table's move, captures that do not lose the
// capturer (by the cheap exchange test of losingCapture), variant moves, killers,
// the countermove, captures that may lose the capturer, and quiet moves by history
// (within ±historyMax).
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 22
	orderCounter = orderKiller - 2
	orderLosing  = orderKiller / 2
	historyMax   = 1 << 14

	maxQuietsTried = 32
)

// order scores the moves of ply for the main search (or, with capturesOnly,
// the quiescence search).
func (e *Engine) order(moves []rules.Move, scores []int32, ply int, ttMove rules.Move) {
	p := e.b.p
	ev := e.ev
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	counter := rules.NullMove
	if ply > 0 {
		if prev := e.played[ply-1]; prev.From >= 0 && prev.To >= 0 {
			counter = e.counter[int(prev.From)*e.n+int(prev.To)]
		}
	}
	for i, m := range moves {
		var s int32
		switch {
		case m == ttMove:
			s = orderTT
		case m.Flags&(rules.FlagCapture|rules.FlagExchange) != 0 && m.To >= 0:
			s = orderCapture
			if e.losingCapture(m) {
				s = orderLosing
			}
			if t := p.At(m.To); t != rules.NoPiece {
				s += ev.value[t.Kind()] * 16
			}
			if m.From >= 0 {
				if a := p.At(m.From); a != rules.NoPiece {
					s -= ev.value[a.Kind()] / 16
				}
			}
		case m.Flags&rules.FlagSpecial != 0:
			s = orderKiller - 1 // variant moves (reveals, flips) are worth a look
		case m == k0:
			s = orderKiller + 1
		case m == k1:
			s = orderKiller
		case m == counter:
			s = orderCounter
		default:
			if m.From >= 0 && m.To >= 0 {
				s = e.history[int(m.From)*e.n+int(m.To)]
			}
		}
		scores[i] = s
	}
}

// losingCapture reports whether the capture m may lose the capturer for less:
// the victim is worth less than the capturer and the enemy attacks the square
// (a cheap exchange test; screens that the move opens or closes are ignored).
// Drops and captures of equal or more value never lose.
func (e *Engine) losingCapture(m rules.Move) bool {
	if m.From < 0 {
		return false
	}
	p := e.b.p
	a, t := p.At(m.From), p.At(m.To)
	if a == rules.NoPiece || t == rules.NoPiece || t.Side() == a.Side() {
		return false
	}
	va, vt := e.ev.value[a.Kind()], e.ev.value[t.Kind()]
	if e.ev.royal[a.Kind()] || va <= vt+50 {
		return false
	}
	return p.Attacked(m.To, a.Side().Other(), true)
}

// updateHistory moves a history entry by bonus, less the more it already has:
// entries stay within ±historyMax, and recent results weigh more.
func updateHistory(h *int32, bonus int32) {
	*h += bonus - *h*abs32(bonus)/historyMax
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// pick moves the best-scored move from i on to i.
func pick(moves []rules.Move, scores []int32, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
}

func (e *Engine) genMoves(ply int) ([]rules.Move, []int32) {
	moves := e.b.p.PseudoMoves(e.moves[ply][:0])
	e.moves[ply] = moves[:0]
	if len(moves) > len(e.scores[ply]) {
		e.scores[ply] = make([]int32, len(moves)*2) // once, for very wide variants
	}
	e.mob[ply] = int32(len(moves))
	return moves, e.scores[ply][:len(moves)]
}

// evaluate is the static score for the side to move at ply.
func (e *Engine) evaluate(ply int) int32 {
	s := e.ev.eval(e.b.p)
	if e.b.p.ToMove() == rules.Black {
		s = -s
	}
	if ply > 0 {
		s += mobilityWeight * (e.mob[ply] - e.mob[ply-1])
	}
	return s
}

func (e *Engine) search(depth int, alpha, beta int32, ply int, inCheck bool) int32 {
	e.pvLen[ply] = ply
	if e.tick() {
		return 0
	}
	if ply >= maxPly {
		return e.evaluate(ply)
	}
	// Mate distance pruning.
	alpha = max(alpha, -mateValue+int32(ply))
	beta = min(beta, mateValue-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	b := e.b
	p := b.p
	pvNode := beta-alpha > 1
	key := p.Hash()
	ttMove := rules.NullMove
	if ent, ok := e.tt.probe(key); ok {
		ttMove = ent.move()
		if !pvNode && int(ent.depth) >= depth {
			s := fromTT(int32(ent.score), ply)
			switch {
			case ent.bound == boundExact,
				ent.bound == boundLower && s >= beta,
				ent.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}
	moves, scores := e.genMoves(ply)
	static := int32(-infinity)
	danger := inCheck
	if !inCheck {
		static = e.evaluate(ply)
		danger = e.ev.danger[p.ToMove()] > 0
	}
	// Reverse futility: far above beta near the horizon, a quiet position will
	// not fall below it in a move or two. (Not without a legal move: that ends
	// the game, as a loss in xiangqi.)
	if !pvNode && !danger && e.off&offReverse == 0 && depth <= 3 && beta < mateBound && beta > -mateBound &&
		static-int32(110*depth) >= beta && b.anyLegal(moves) {
		return static
	}
	// Null move: if passing still keeps the score above beta, a real move will
	// too. Not in check, not near mate scores, and only with a major piece on the
	// board (zugzwang, where passing would be best, comes with few pieces).
	if !pvNode && !danger && b.canPass && e.off&offNull == 0 && depth >= 3 && static >= beta && beta < mateBound && beta > -mateBound &&
		b.hasMajor(p.ToMove()) {
		r := 3 + depth/6
		e.played[ply] = rules.NullMove
		b.playPass()
		var score int32
		if depth-1-r <= 0 {
			score = -e.quiesce(-beta, -beta+1, ply+1, 0, b.checks[len(b.checks)-1])
		} else {
			score = -e.search(depth-1-r, -beta, -beta+1, ply+1, b.checks[len(b.checks)-1])
		}
		b.unplayPass()
		if e.aborted {
			return 0
		}
		if score >= beta {
			return min(score, mateBound)
		}
	}
	// Internal iterative reduction: a node the table knows no move for is
	// likely unimportant, or will be searched again once its move is known.
	if depth >= 4 && ttMove == rules.NullMove && !inCheck {
		depth--
	}
	// Futility: so far below alpha near the horizon that a quiet move will not
	// lift the score to it; such moves are skipped once one move was tried.
	futile := !pvNode && !inCheck && e.off&offFutility == 0 && depth <= 2 && alpha > -mateBound && alpha < mateBound &&
		static+int32(140*depth) <= alpha
	lateLimit := 1 << 30
	if !pvNode && !inCheck && e.off&offLate == 0 && depth <= 3 {
		lateLimit = 4 + 3*depth*depth
	}
	e.order(moves, scores, ply, ttMove)
	side := p.ToMove()
	best, bestMove := int32(-infinity), rules.NullMove
	origAlpha := alpha
	legal, nQuiets := 0, 0
	for i := 0; i < len(moves); i++ {
		pick(moves, scores, i)
		m := moves[i]
		if !b.legalBefore(m) {
			continue
		}
		quiet := m.Flags&(rules.FlagCapture|rules.FlagExchange|rules.FlagSpecial) == 0
		e.played[ply] = m
		end := b.play(m)
		if !b.legalAfter(side) {
			b.unplay()
			continue
		}
		legal++
		gaveCheck := b.checks[len(b.checks)-1]
		if legal > 1 && quiet && !gaveCheck && end == notOver && (futile || legal > lateLimit) && scores[i] < orderKiller {
			b.unplay()
			continue
		}
		newDepth := depth - 1
		if gaveCheck && ply < maxPly/2 {
			newDepth++
		}
		var score int32
		if legal == 1 {
			score = e.child(newDepth, alpha, beta, ply, -1, end, side)
		} else {
			r := 0
			if depth >= 3 && quiet && !inCheck && !gaveCheck && legal > 2 && scores[i] < orderKiller && e.off&offLMR == 0 {
				r = int(lmr[min(depth, 63)][min(legal, 63)])
				if pvNode && r > 0 {
					r--
				}
				if m.From >= 0 && m.To >= 0 {
					r -= int(e.history[int(m.From)*e.n+int(m.To)] / (historyMax / 2))
				}
				r = max(min(r, newDepth-1), 0)
			}
			score = e.child(newDepth-r, alpha, alpha+1, ply, -1, end, side)
			if r > 0 && score > alpha {
				score = e.child(newDepth, alpha, alpha+1, ply, -1, end, side)
			}
			if score > alpha && score < beta {
				score = e.child(newDepth, alpha, beta, ply, -1, end, side)
			}
		}
		b.unplay()
		if e.aborted {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				e.setPV(ply, m)
				if score >= beta {
					if quiet {
						e.rewardQuiet(ply, depth, m, nQuiets)
					}
					break
				}
			}
		}
		if quiet && nQuiets < maxQuietsTried {
			e.quiets[ply][nQuiets] = m
			nQuiets++
		}
	}
	if legal == 0 {
		return b.noMoveScore(ply)
	}
	e.tt.storeSearched(key, bestMove, best, origAlpha, beta, depth, ply)
	return best
}

// rewardQuiet records that the quiet move m refuted the position at ply: it
// becomes a killer and the countermove of the opponent's last move, its history
// rises and that of the quiet moves tried before it falls.
func (e *Engine) rewardQuiet(ply, depth int, m rules.Move, nQuiets int) {
	if e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if ply > 0 {
		if prev := e.played[ply-1]; prev.From >= 0 && prev.To >= 0 {
			e.counter[int(prev.From)*e.n+int(prev.To)] = m
		}
	}
	if m.From < 0 || m.To < 0 {
		return
	}
	bonus := int32(min(depth*depth*16, historyMax/4))
	updateHistory(&e.history[int(m.From)*e.n+int(m.To)], bonus)
	for _, q := range e.quiets[ply][:nQuiets] {
		if q.From >= 0 && q.To >= 0 {
			updateHistory(&e.history[int(q.From)*e.n+int(q.To)], -bonus)
		}
	}
}

func (e *Engine) quiesce(alpha, beta int32, ply, q int, inCheck bool) int32 {
	e.pvLen[ply] = ply
	if e.tick() {
		return 0
	}
	moves, scores := e.genMoves(ply)
	if ply >= maxPly || e.level.NoQuiesce {
		return e.evaluate(ply)
	}
	evasions := inCheck && q <= maxQChecks
	best := int32(-infinity)
	var stand int32
	if !evasions {
		stand = e.evaluate(ply)
		if stand >= beta || q >= maxQPly {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
	}
	b := e.b
	p := b.p
	e.order(moves, scores, ply, rules.NullMove)
	side := p.ToMove()
	legal := 0
	for i := 0; i < len(moves); i++ {
		pick(moves, scores, i)
		m := moves[i]
		if !evasions {
			if scores[i] < orderCapture {
				break // captures come first: the rest are quiet
			}
			// Delta pruning: even winning this piece cannot reach alpha.
			if t := p.At(m.To); t != rules.NoPiece && stand+e.ev.value[t.Kind()]+200 < alpha {
				continue
			}
		}
		if !b.legalBefore(m) {
			continue
		}
		e.played[ply] = m
		end := b.play(m)
		if !b.legalAfter(side) {
			b.unplay()
			continue
		}
		legal++
		score := e.child(0, alpha, beta, ply, q, end, side)
		b.unplay()
		if e.aborted {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				e.setPV(ply, m)
				if score >= beta {
					break
				}
			}
		}
	}
	if evasions && legal == 0 {
		return -mateValue + int32(ply) // in check without a legal move
	}
	return best
}

func (e *Engine) setPV(ply int, m rules.Move) {
	e.pv[ply][ply] = m
	n := e.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(e.pv[ply][ply+1:n], e.pv[ply+1][ply+1:n])
	e.pvLen[ply] = n
}

// toTT and fromTT make mate scores relative to the stored position.
func toTT(s int32, ply int) int32 {
	switch {
	case s > mateBound:
		return s + int32(ply)
	case s < -mateBound:
		return s - int32(ply)
	}
	return s
}

func fromTT(s int32, ply int) int32 {
	switch {
	case s > mateBound:
		return s - int32(ply)
	case s < -mateBound:
		return s + int32(ply)
	}
	return s
}

// mateMoves is the number of moves to mate of a score (negative: being mated).
func mateMoves(s int32) int {
	switch {
	case s > mateBound:
		return int(mateValue-s+1) / 2
	case s < -mateBound:
		return -int(mateValue+s+1) / 2
	}
	return 0
}

// lmr is the late-move reduction by depth and move number: it grows with the
// logarithm of both, as in most modern engines.
var lmr = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(0.5 + math.Log(float64(d))*math.Log(float64(n))/2.2)
		}
	}
	return t
}()

// SetInfo sets the function called after every finished iteration (nil: none).
// Not while a search runs.
func (e *Engine) SetInfo(f func(Info)) { e.cfg.Info = f }
