// Package engine searches positions of the rules core for forced wins: the
// puzzle solver (and, later, the AI opponent).
//
// # Basics
//
// MateIn(p, n) answers "can the side to move force a win within n of its
// moves?": it returns the shortest such n, a main line against the longest
// defence, and every first move that also wins within n. For budgets and
// repeated questions, make a Solver:
//
//	s := engine.New(engine.Options{MaxNodes: 2_000_000})
//	m, err := s.Mate(ctx, pos, 5)     // m.N, m.Line, m.FirstMoves
//	ok, err := s.Lost(ctx, pos, 2)    // after a move: is the defender lost within 2?
//	r, left, err := s.Defence(ctx, pos, 2, rules.NullMove)
//	r, err := s.Refute(ctx, pos, 2)   // the reply that beats a wrong move
//
// A win is checkmate, or a position where the loser has no legal move at all
// when the variant says that loses (Variant.StalemateLoses, as in xiangqi: 困斃).
// The search is a depth-first AND/OR search over rules.Position (Make/Unmake,
// PseudoMoves, Attacked) with iterative deepening, a transposition table keyed
// by Position.Hash, mobility ordering of the attacker's checks and the last
// refutation first for the defender. Positions are played on and taken back: the
// position passed in is unchanged when a call returns, whatever it returns.
//
// # Caveats
//
//   - The policy (Options.FullWidth) trades completeness for speed: with more
//     than FullWidth moves left the attacker tries only checks, so a mate whose
//     quiet move comes early may be found longer than it is, or not at all. The
//     first move is always tried in full, so FirstMoves lists quiet first moves
//     too. Proofs are always sound: a win found is a win.
//   - Repetition is not searched: a shortest win never repeats a position, and a
//     bounded search cannot use perpetual check. The move-limit rule is ignored.
//   - Variant goals (GameEnd hooks, capturing a royal piece) are not wins for
//     the engine; it knows checkmate and stalemate only.
//   - A Solver is not safe for concurrent use, and a search costs roughly 10 to
//     20 microseconds a node on one core: budget with Options.MaxNodes (results
//     then repeat exactly on any machine) or cancel with the context.
package engine
