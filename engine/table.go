package engine

import "github.com/chuhe/chuhe/rules"

// entry is what the transposition table knows about one position for the mate
// search: the side to move can be forced to lose (or, for the attacker, can force
// a win) within win attacker moves, and cannot within noWin moves.
type entry struct {
	key   uint64
	win   uint8 // smallest n proven to win; 0 = none proven
	noWin uint8 // largest n proven not to win; 0 = none
	from  int16 // best move: the winning move, or the defence that held longest
	to    int16
}

// table is a fixed-size, always-replace transposition table keyed by
// rules.Position.Hash. Proofs (win) do not depend on the search policy; disproofs
// (noWin) do, so one table serves one policy (one Solver).
type table struct {
	entries []entry
	mask    uint64
}

func newTable(bits int) *table {
	if bits < 8 {
		bits = 8
	}
	if bits > 26 {
		bits = 26
	}
	n := 1 << bits
	return &table{entries: make([]entry, n), mask: uint64(n - 1)}
}

func (t *table) probe(key uint64) *entry {
	e := &t.entries[key&t.mask]
	if e.key != key {
		return nil
	}
	return e
}

func (t *table) slot(key uint64) *entry {
	e := &t.entries[key&t.mask]
	if e.key != key {
		*e = entry{key: key, from: -1, to: -1}
	}
	return e
}

func (t *table) storeWin(key uint64, n int, m rules.Move) {
	e := t.slot(key)
	if e.win == 0 || int(e.win) > n {
		e.win = uint8(n)
		e.from, e.to = int16(m.From), int16(m.To)
	}
}

func (t *table) storeNoWin(key uint64, n int, m rules.Move) {
	e := t.slot(key)
	if int(e.noWin) < n {
		e.noWin = uint8(n)
		if m != rules.NullMove {
			e.from, e.to = int16(m.From), int16(m.To)
		}
	}
}

func (t *table) clear() {
	clear(t.entries)
}
