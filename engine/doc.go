// Package engine searches positions of the rules core: the game search that
// plays (the AI opponent, `bot uci`), and the puzzle solver that proves forced
// wins.
//
// # Playing
//
//	e := engine.NewEngine(engine.Config{Level: 8})
//	res, err := e.Search(ctx, game, engine.Limits{MoveTime: time.Second})
//	// res.Move, res.Score (centipawns for the side to move), res.Mate, res.PV
//
// Search takes a rules.Game so that it knows the history: it applies the
// variant's repetition rule to its own stack of position keys (a cycle of checks
// loses for the checking side, so it never walks into a perpetual-check loss),
// the move limit, the variant's goals (GameEnd), automatic moves (AutoMove), and
// no-legal-move losses where the variant says so (StalemateLoses). All of that
// goes through one adapter file, rules.go, which is what changes when the rules
// core's game-level interface lands. The search (search.go) is iterative
// deepening over a principal variation search with a fixed transposition table
// (tt.go), quiescence over captures and near-horizon check evasions, check
// extension, null move (through a copy of a hook-free variant with a pass move,
// and only with a major piece on the board), reverse futility, futility and
// late-move pruning, logarithmic late-move reductions, and TT, MVV-LVA, killer
// and history ordering; nothing allocates per node. The evaluation (eval.go)
// is material from Kind.Value, mobility, and safety around royal pieces for
// every variant, plus piece-square tables and king safety for the standard
// xiangqi kinds. Levels (level.go) go from 1, a beginner who sees one ply with
// large noise on its scores, to 8, the full search within the time given; the
// noise comes from Config.Rand, never a global source.
//
// Hidden pieces: the search still sees the true position. Sampling the secrets
// from what the engine's player may know (rules.View) is the next step.
//
// # Puzzles
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
// A win is checkmate, a position where the loser has no legal move at all when
// the variant says that loses (Variant.StalemateLoses, as in xiangqi: 困斃), or
// a goal of the variant (GameEnd, taking a royal piece). The Solver is a thin
// layer over the game search: each question is a null-window search of its
// mate-proof mode (prove.go) on the Engine's board, move buffers, ordering and
// transposition table, with mate scores and no evaluation, exact depth (no
// quiescence, extensions or unsound pruning), and mobility ordering of the
// attacker's checks. Positions are copied: the position passed in is never
// changed.
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
//   - A Solver is not safe for concurrent use, and a search costs roughly 10 to
//     20 microseconds a node on one core: budget with Options.MaxNodes (results
//     then repeat exactly on any machine) or cancel with the context.
package engine
