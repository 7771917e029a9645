// Package puzzle is the daily xiangqi puzzle: the collection checked by the
// engine's solver and embedded in the binary, the schedule that gives every
// chat the same puzzle on a date, the solving session that plays the opponent's
// replies, and the streak arithmetic of the leaderboard.
//
// # Basics
//
//	c, err := puzzle.Load()                  // the embedded collection (puzzle/data)
//	pz := c.Daily(time.Now().In(chatTZ))     // the chat's puzzle of its local date
//	s, err := puzzle.NewSession(v, pz, saved, puzzle.Options{})
//	r, err := s.Answer(ctx, "炮二平五")        // Correct (with the reply) or Wrong
//	h, err := s.Hint(ctx)                    // the piece, then the move
//	save(s.State())                          // small JSON-able state; replay to resume
//
// Levels run from 1 on Monday to 7 on Sunday; each level's puzzles come round
// one a week in a fixed order shuffled by id, so the schedule depends only on
// the collection and the calendar date. A session accepts the main line's move
// at once and any other move when the solver proves that the win still holds
// within the moves left; a wrong move ends the try and the next answer starts
// from the puzzle's position again. Score.Credit and Rank are the streak and
// leaderboard rules; the bot keeps the numbers in storage.
//
// The collection is made by cmd/puzzlegen from the Chinese Chess Practical
// Dataset by Yu-Han Tseng (CC BY 4.0): every puzzle carries its source, and
// Puzzle.Credit is the attribution line to post with it.
//
// # Caveats
//
//   - Daily reads no clock: pass the chat's local time. Two chats in different
//     time zones see different puzzles at the same instant when their dates differ.
//   - Rebuilding the collection with other data or settings changes the schedule.
//   - A confirmation off the main line may run out of solver budget: the answer
//     is then Unconfirmed, neither accepted nor counted wrong.
//   - The package stores nothing and posts nothing; a Session is not safe for
//     concurrent use (keep one per chat or user, behind the bot's lock).
package puzzle
