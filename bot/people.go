package bot

import (
	"strings"
	"unicode/utf8"
)

// People are ids, not names. A user is known by the platform's id; a challenge
// to a user the platform could not resolve is bound to their unique handle
// (User.Username), never to a display name, which anybody may choose. And the
// names the bot shows cannot pass for somebody else's: a name that is not the
// user's handle loses a leading "@" and is followed by the handle ("Dave
// (@dave_w)", a Discord nickname) or, for a user without one, by the end of the
// user id ("Dave (…4821)", a Telegram user without a username), so that two
// users called Dave are told apart.

// shownName is how the bot writes user u in its texts.
func shownName(u User) string {
	name := strings.TrimSpace(u.Name)
	if u.Username != "" && sameName(name, u.Username) {
		return name // the handle itself, with the "@" or without, as the adapter writes it
	}
	name = strings.TrimSpace(strings.TrimLeft(name, "@＠ "))
	if name == "" {
		name = u.Username
	}
	if u.Username != "" {
		if strings.EqualFold(name, u.Username) {
			return name
		}
		// A display name beside a handle (a Discord nickname): the handle
		// tells apart two people who chose the same name.
		return name + " (@" + u.Username + ")"
	}
	if u.ID == "" {
		if name == "" {
			name = "?"
		}
		return name
	}
	if name == "" {
		name = "user"
	}
	return name + " (" + idSuffix(u.ID) + ")"
}

// idSuffix is the end of a user id ("…1234"), enough to tell two namesakes apart.
func idSuffix(id string) string {
	const n = 4
	if utf8.RuneCountInString(id) <= n {
		return id
	}
	r := []rune(id)
	return "…" + string(r[len(r)-n:])
}

// handleOf is the handle a by-name invitation is for: the stored seat name
// without its "@".
func handleOf(seatName string) string {
	return strings.TrimLeft(seatName, "@＠")
}

// isHandle reports whether user u's unique handle is h (without "@").
func isHandle(u User, h string) bool {
	return u.Username != "" && h != "" && strings.EqualFold(u.Username, h)
}
