// Package rules is the rules core of Chuhe: board geometry, piece kinds built from
// movement primitives, positions with exact undo, legality, check, the end of the
// game, FEN and move notation. It knows no chat, image, storage or clock.
//
// # Basics
//
// A Variant is data: a Board (any width and height, points or cells, holes, extra
// points, named zones per side), Kinds built from Atoms (Leap with blocking points,
// Ride, Hop over screens, GapHop; modes move-only, capture-only, attack-only,
// stack, exchange; zone limits; forward is always towards the opponent), a start
// FEN and a few optional hooks for what data cannot say (SpecialMoves and
// ApplySpecial for flips, reveals and drops; AfterMove; GameEnd; ...). Finalize
// resolves every atom into per-square tables once, so move generation does no
// geometry at run time.
//
// A Position holds the true state. Make and Unmake are exact inverses: every
// change goes through an undo log (Set, SetUnder, SetVar), which is also how hooks
// apply effects. A Game is a position with its history: it checks each move,
// keeps the repetition keys and decides the Outcome. Its arbiter of repetitions
// (RepetitionAsian: long check and long chase, docs/repetition.md) runs only when
// a position repeats; JudgeRepetition and RepetitionAfter give a search the same
// verdicts on its own move stack.
//
// Everything shown to people is made from a View: the position as one audience
// (Public, or one side) may see it. Face-down pieces and secret kinds (PublicAs)
// are hidden there, so images and texts made from views cannot leak a secret.
//
//	v, _ := variants.Default().Get("xiangqi")
//	g, _ := rules.NewGame(v, "")
//	m, err := rules.ParseMove(g.Position(), "炮二平五") // or "h2e2", "C2.5"
//	if err != nil { ... } // *ParseError or *IllegalMoveError, with a reason for the user
//	_ = g.Play(m)
//
// # Caveats
//
//   - A Position is not safe for concurrent use; a finalized Variant is.
//   - Position.FEN holds secrets (face-down kinds, the Jinchan decoy): store it, never
//     show it. Show PublicFEN or a View. Position's String and LogValue are public.
//   - Attacked ignores pins and freezes, as check does in every spec: a pinned or
//     frozen piece still gives check.
//   - Perft and search take a fast path (no hooks, no stacks) only for variants that
//     have no hooks; any hook makes every move go through Make in full.
package rules
