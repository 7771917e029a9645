package storage

import "errors"

// The errors of this package. They come wrapped with context (which game, which
// operation); test for them with errors.Is.
var (
	// ErrNotFound is returned when a game, chat, user, score or value does not exist,
	// including a game id that is not a number this store could have made.
	ErrNotFound = errors.New("storage: not found")

	// ErrConflict is returned by UpdateGame and AppendMove when the game's stored
	// version is not the one the caller read: someone else wrote the game first.
	// Nothing was written. Reload the game and decide again.
	ErrConflict = errors.New("storage: game changed meanwhile")

	// ErrInvalid is returned when a record cannot be stored as given: an empty
	// platform or chat id, a NUL byte in a key, an unknown status, CreateGame with
	// an id already set.
	ErrInvalid = errors.New("storage: invalid record")

	// ErrClosed is returned by every method called after Close.
	ErrClosed = errors.New("storage: store closed")

	// ErrLocked is returned by Open when another process (or another Open in this
	// process) holds the data file, and by Restore when the target is in use.
	ErrLocked = errors.New("storage: data file in use")

	// ErrSchemaTooNew is returned by Open and Restore for a data file written by a
	// newer version of Chuhe: this program does not know how to read it.
	ErrSchemaTooNew = errors.New("storage: data file schema is newer than this program")

	// ErrCorrupt is returned by Verify and Restore when a data file fails its checks.
	ErrCorrupt = errors.New("storage: data file inconsistent")
)
