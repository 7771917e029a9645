// Package storage keeps Chuhe's games, chat settings, users and puzzle scores.
//
// Store is the interface the bot uses; Bolt implements it on one embedded bbolt
// file, and storage/postgres on PostgreSQL for several processes (the contract
// suite in storage/storetest runs against both). Storage keeps bytes and versions, not rules: it never imports the rules,
// the variants or a chat platform, and it never judges a move.
//
// # Basics
//
// Open the data file once per process and share the *Bolt:
//
//	st, err := storage.Open("data/chuhe.db", &storage.Options{ServeBackups: true})
//	...
//	defer st.Close()
//
// A game is its setup (players, variant, options, setup secrets) plus its move list;
// the position is derived by the caller. CreateGame hands out short decimal ids
// ("12") from a per-store sequence, so players can type #12. Every write of a game
// carries the Version the writer read:
//
//	g, _ := st.Game(ctx, "12")
//	// ... check the move with the rules ...
//	g, err = st.AppendMove(ctx, g.ID, g.Version, mv, func(g *storage.Game) error {
//		g.Clock.Deadline = next // clocks, status, result: whatever the move changed
//		return nil
//	})
//	if errors.Is(err, storage.ErrConflict) {
//		// someone else moved (or the clock ran out) first: reload and answer again
//	}
//
// Of two writers racing with the same version exactly one wins; the other gets
// ErrConflict and nothing of its write lands. A write returns only after its
// transaction is committed and synced to disk (bbolt with NoSync off), so a move
// the bot has acknowledged survives a crash or a restart. Writes from many
// goroutines share commits: while one transaction is being synced, the next one
// collects every write that arrives (group commit), so 1,000 busy games cost far
// fewer fsyncs than 1,000 moves, and a lone writer waits for no timer.
//
// # Outbox
//
// Messages a change owes (the board after a move) are written with it:
// ChangeGame takes an Outbox function that makes them from the game as stored,
// in the same transaction, and removes the inbound event that caused the change
// (Consume). A sender then claims due entries with a lease (ClaimOutbox: per
// destination, oldest first, only while no other live lease holds the
// destination), delivers them, and reports each outcome (FinishOutbox):
// delivered (recording the platform message ids, for replies to a board),
// superseded by a newer entry, failed with a time to retry, or failed for good
// (kept, Failed, until a newer entry of its game and kind is delivered). In a
// bbolt file a lease taken before the current Open is void: the process that
// held it is gone. A networked store implements the same calls with row locks
// (SELECT … FOR UPDATE SKIP LOCKED) and lease times, so that several processes
// drain one outbox and each entry is sent by exactly one of them.
//
// The file holds JSON records (readable with `bbolt get`) under a schema version
// in its meta bucket; SchemaVersion documents the layout. Open migrates an older
// file step by step, each step one transaction, and refuses a newer one.
//
// # Backup and restore
//
// A backup is a data file: a consistent snapshot taken in one read transaction
// while the bot keeps writing. In the bot's process, call Bolt.BackupFile (or
// Backup to any io.Writer). From another process, BackupData copies the file
// directly when it is free, and otherwise asks the running bot through a unix
// socket next to the data file (SocketPath), which the bot serves when opened
// with Options.ServeBackups; that is what `go run ./cmd/bot backup -o FILE` does.
// Every backup file is written owner-only, synced, and renamed into place.
//
// To restore:
//
//  1. stop the bot (Restore refuses, with ErrLocked, while the data file is open);
//  2. call storage.Restore(backupFile, dataFile): it checks the backup (bbolt page
//     checks, a known schema, the store's own invariants), then replaces the data
//     file atomically, so a crash in the middle leaves the old file or the new one;
//  3. start the bot: Open migrates the file if the backup is from an older version.
//
// Without the Go API, the same can be done by hand with the bot stopped: copy the
// backup over the data file and `chmod 600` it. Bolt.Verify (or `bbolt check`)
// tells whether a file is sound.
//
// # Caveats
//
//   - The data file and its backups hold the secret setup choices of hidden-piece
//     games in the clear. They are created with mode 0600 and Open tightens an
//     existing file that is looser; keep them in a private directory and treat
//     backups as secrets. Secrets never reach a log (Secrets and Game implement
//     slog.LogValuer and fmt.Stringer to print only public facts).
//   - One process at a time: bbolt locks the file, and a second Open waits
//     LockTimeout and returns ErrLocked. That is also why a backup from another
//     process needs the running bot's socket.
//   - The mutate and fn callbacks of AppendMove and the Update methods may run more
//     than once for one call (a shared commit is retried when another write in it
//     fails), and run while the store's single writer is busy: keep them quick,
//     and let them change only the record they are given.
//   - Game.DrawOffer and Game.TakebackRequest use NoSide (-1) for "none"; their zero
//     value 0 means Red. Set them when building a new Game.
//   - A context that ends before a write runs cancels it; once the write has run,
//     the call waits for the commit, so the result it returns is always what is on
//     disk.
//   - Listing methods read whole games; a chat with thousands of finished games
//     makes GamesInChat(…, false) slow. Use activeOnly where it will do. The
//     scheduler lists nothing: it asks DueGames and DueChats, which read an
//     index of the wake times the bot stores with each game and chat.
//   - SIGKILL is survived by construction (tested); power loss depends on the disk
//     honouring fsync, as for any database.
package storage
