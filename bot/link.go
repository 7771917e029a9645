package bot

import (
	"context"
	"slices"
	"strings"
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

// identity is one user on one platform.
type identity struct{ platform, user string }

// linksBucket holds the identities linked to a person: key person|platform/user.
const linksBucket = "bot.links"

// identities lists the identities of a person: the one asked about first,
// then those linked to the same person.
func (s *Service) identities(ctx context.Context, person, platform, userID string) []identity {
	out := []identity{{platform, userID}}
	if p, u, ok := strings.Cut(person, "/"); ok && (p != platform || u != userID) {
		out = append(out, identity{p, u})
	}
	vs, err := s.store.Values(ctx, linksBucket, person+"|")
	if err != nil {
		s.log.Warn("linked identities", "err", err)
		return out
	}
	for _, v := range vs {
		p, u, ok := strings.Cut(strings.TrimPrefix(v.Key, person+"|"), "/")
		if !ok || slices.Contains(out, identity{p, u}) {
			continue
		}
		out = append(out, identity{p, u})
	}
	return out
}
