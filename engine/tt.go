package engine

import "github.com/chuhe/chuhe/rules"

// Bounds of a stored score.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one position the game search remembers: 24 bytes.
type ttEntry struct {
	key      uint64
	from, to int16
	flags    rules.MoveFlag
	aux      uint8
	score    int16
	depth    int8
	bound    uint8
	age      uint8
}

func (t *ttEntry) move() rules.Move {
	return rules.Move{From: rules.Square(t.from), To: rules.Square(t.to), Flags: t.flags, Aux: t.aux}
}

// ttable is the game search's transposition table: a fixed array allocated
// once, keyed by rules.Position.Hash, that prefers deeper entries of the current
// search and replaces those of earlier searches.
type ttable struct {
	entries []ttEntry
	mask    uint64
	age     uint8
}

func newTTable(bits int) *ttable {
	bits = min(max(bits, 10), 28)
	n := 1 << bits
	return &ttable{entries: make([]ttEntry, n), mask: uint64(n - 1)}
}

func (t *ttable) probe(key uint64) (*ttEntry, bool) {
	e := &t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *ttable) store(key uint64, m rules.Move, score int32, depth int, bound uint8) {
	e := &t.entries[key&t.mask]
	if e.key == key || e.age != t.age || int(e.depth) <= depth+2 || e.bound == boundNone {
		if m == rules.NullMove && e.key == key {
			m = e.move() // keep the old best move of this position
		}
		*e = ttEntry{
			key: key, from: int16(m.From), to: int16(m.To), flags: m.Flags, aux: m.Aux,
			score: int16(score), depth: int8(min(depth, 127)), bound: bound, age: t.age,
		}
	}
}

// storeSearched stores the score best that a search of depth at ply found
// with the window (alpha, beta) it began with: a lower bound at or above beta,
// an upper bound at or below alpha, else exact.
func (t *ttable) storeSearched(key uint64, m rules.Move, best, alpha, beta int32, depth, ply int) {
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= alpha:
		bound = boundUpper
	}
	t.store(key, m, toTT(best, ply), depth, bound)
}

func (t *ttable) clear() {
	clear(t.entries)
	t.age = 0
}
