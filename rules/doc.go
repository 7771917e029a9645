// Package rules is the rules core of Chuhe: board geometry, piece kinds built from
// movement primitives, positions with exact undo, legality, check, the end of the
// game, FEN and move notation. It knows no chat, image, storage or clock.
//
// # Basics
//
// A Variant is data plus rule modules: a Board (any width and height, points or
// cells, holes, extra points, named zones per side), Kinds built from Atoms (Leap
// with blocking points, Ride, Hop over screens, GapHop; modes move-only,
// capture-only, attack-only, stack, exchange; zone limits; forward is always
// towards the opponent), a start FEN, and an ordered list of Modules for what data
// cannot say. A module implements only the optional interfaces it needs (module.go:
// its own moves, filters, effects after a move, extra attacks, goals, FEN fields,
// secrets, texts); the core calls every module of a list in order, and no module
// wraps another. Derive builds a child variant from a parent plus a delta (kinds,
// pieces on the start, modules): options are modules added that way, so they
// combine. Every atom is resolved into per-square tables once, by the variant's
// first position (Finalize only checks), so move generation does no geometry at
// run time and a registry of dozens of variants holds the tables of those played.
//
// Moves (Move) are from-to plus flags: captures, stacks, exchanges, drops from a
// hand (FlagDrop), promotions (FlagPromote), passes, and modules' special moves
// (FlagSpecial with a code the module claimed). A Position also holds hands,
// pieces on off-grid points, module variables, the seats and whether a turn is
// half made, all hashed and undone by Unmake.
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
//	g, err := rules.NewGame(v, fen) // a *FENError: English Reason, Key and Args to translate
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
//   - Perft and search take a fast path (makeQuick) only for variants whose modules
//     take no part in ordinary moves (Variant.Quick). Legality skips Make for moves
//     that touch no line or leg of the mover's general, in every variant whose
//     modules are AttackNeutral.
//   - A module's state lives in the Position, never in the module value, which
//     every game of the variant shares; claims (variables, move codes, FEN fields)
//     are made in Init and are the same in a derived variant, whose modules start
//     with its parent's.
//   - A kind may belong to one side only (Kind.Sides): two kinds may then share a
//     letter, and the letter's case picks the kind (KindFor). KindByLetter still
//     takes either case and prefers the case's side, so a caller that asks for
//     "the P" of such a variant gets White's.
package rules
