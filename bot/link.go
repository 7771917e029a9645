package bot

import (
	"context"
)

// Identities (issue 23). A person is known by one player key in ratings and
// histories: "platform/user", or, after /link, the key of the identity they
// linked to (stored in the user's Prefs under prefPerson).

const prefPerson = "person"

// person is the player key of a user.
func (s *Service) person(ctx context.Context, platform, userID string) string {
	if u, err := s.store.User(ctx, platform, userID); err == nil && u.Prefs[prefPerson] != "" {
		return u.Prefs[prefPerson]
	}
	return platform + "/" + userID
}
