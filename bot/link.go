package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// Identities (issue 23). A person is known by one player key in ratings and
// histories: "platform/user", or, after /link, the key of the identity they
// linked to (stored in the user's Prefs under prefPerson). /link gives a
// one-time code, privately; /link CODE, written on another platform, joins
// that account to the person of the code. From then on both accounts' rated
// games count in one rating, and /profile, /history and /export mine show the
// games of both. Ratings the joining account had before stay where they were
// (two Glicko-2 histories cannot be merged into one honestly).

const (
	prefPerson = "person"
	// linksBucket holds the identities linked to a person: key
	// person|platform/user.
	linksBucket = "bot.links"
	// linkCodesBucket holds the pending codes: code -> linkCode.
	linkCodesBucket = "bot.link_codes"
	// linkTTL is how long a code may be used.
	linkTTL = 15 * time.Minute
	// linkAlphabet has no letters that read alike (0/O, 1/I/L).
	linkAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	linkCodeLen  = 8
)

type linkCode struct {
	Platform string    `json:"platform"`
	UserID   string    `json:"user_id"`
	Person   string    `json:"person"`
	Expires  time.Time `json:"expires"`
}

// person is the player key of a user.
func (s *Service) person(ctx context.Context, platform, userID string) string {
	if u, err := s.store.User(ctx, platform, userID); err == nil && u.Prefs[prefPerson] != "" {
		return u.Prefs[prefPerson]
	}
	return platform + "/" + userID
}

// identity is one user on one platform.
type identity struct{ platform, user string }

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

// cmdLink gives a code (/link) or uses one (/link CODE).
func (q *request) cmdLink(args []string) error {
	if len(args) == 0 {
		return q.newLinkCode()
	}
	return q.useLinkCode(strings.ToUpper(strings.TrimSpace(args[0])))
}

// newLinkCode makes a code and shows it to the sender only: whoever enters
// it becomes this person elsewhere.
func (q *request) newLinkCode() error {
	b := make([]byte, linkCodeLen)
	for i := range b {
		b[i] = linkAlphabet[q.s.intn(len(linkAlphabet))]
	}
	code := string(b)
	rec := linkCode{Platform: q.ev.Platform, UserID: q.ev.User.ID,
		Person: q.s.person(q.ctx, q.ev.Platform, q.ev.User.ID), Expires: q.s.now().Add(linkTTL)}
	if err := q.s.store.PutValue(q.ctx, linkCodesBucket, code, rec); err != nil {
		return fmt.Errorf("store link code: %w", err)
	}
	m := Message{Text: q.t("link.code", code, int(linkTTL/time.Minute))}
	if q.ev.Private {
		q.reply(m)
		return nil
	}
	q.replyPrivately(m, "")
	q.say("link.sent_privately")
	return nil
}

// useLinkCode joins the sender's account to the person of a code made on
// another platform.
func (q *request) useLinkCode(code string) error {
	var lc linkCode
	err := q.s.store.GetValue(q.ctx, linkCodesBucket, code, &lc)
	if errors.Is(err, storage.ErrNotFound) || err == nil && q.s.now().After(lc.Expires) {
		return oops("err.link_bad_code", code)
	}
	if err != nil {
		return fmt.Errorf("link code: %w", err)
	}
	if lc.Platform == q.ev.Platform {
		return oops("err.link_same_platform", lc.Platform)
	}
	// The code is used up first: a code read over someone's shoulder works once.
	if err := q.s.store.DeleteValue(q.ctx, linkCodesBucket, code); err != nil {
		return fmt.Errorf("use link code: %w", err)
	}
	if _, err := q.s.store.UpdateUser(q.ctx, q.ev.Platform, q.ev.User.ID, func(u *storage.User) error {
		if u.Prefs == nil {
			u.Prefs = map[string]string{}
		}
		u.Prefs[prefPerson] = lc.Person
		if u.Name == "" {
			u.Name = q.ev.User.Name
		}
		return nil
	}); err != nil {
		return fmt.Errorf("link %s/%s: %w", q.ev.Platform, q.ev.User.ID, err)
	}
	vs := []storage.Value{
		{Key: lc.Person + "|" + lc.Platform + "/" + lc.UserID, JSON: []byte("{}")},
		{Key: lc.Person + "|" + q.ev.Platform + "/" + q.ev.User.ID, JSON: []byte("{}")},
	}
	if err := q.s.store.PutValues(q.ctx, linksBucket, vs); err != nil {
		return fmt.Errorf("link %s/%s: %w", q.ev.Platform, q.ev.User.ID, err)
	}
	q.say("link.done", q.ev.User.Name, q.ev.Platform, lc.Platform)
	return nil
}
