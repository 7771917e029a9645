package storage

import "encoding/binary"

// What another implementation of Store (storage/postgres) needs to check
// records exactly as Bolt does.

// Validate checks what a store needs of a game to keep its keys and indices
// sound (platform and chat set, no NUL byte in a key, a known status).
func (g *Game) Validate() error { return g.validate() }

// Validate checks an entry before it is stored: a platform, exactly one of
// chat and user, a payload.
func (e *OutboxEntry) Validate() error { return e.validate() }

// CheckKey checks one part of a composite key (a platform, a chat or user id):
// not empty, no NUL byte.
func CheckKey(what, s string) error { return keyPart(what, s) }

// ParseGameID turns a game id as players type it ("12") into its number.
// Anything CreateGame cannot have made is ErrNotFound.
func ParseGameID(id string) (uint64, error) {
	k, err := parseID(id)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(k), nil
}

// PlayerIDs lists the distinct non-empty user ids at a game: the keys of its
// player index.
func PlayerIDs(g *Game) []string { return playerIDs(g) }
