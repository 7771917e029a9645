package bot

import "testing"

// TestOuyaRulesInEveryLanguage: /rules ouya explains Eurasian chess in the
// chat's language, with both armies' example moves and the pieces by their
// own letters.
func TestOuyaRulesInEveryLanguage(t *testing.T) {
	h := newHarness(t)
	for lang, want := range map[string][]string{
		"en":      {"a shogi side without one loses", "P-d6", "c4c3+", "k 玉 king"},
		"zh-Hant": {"將棋方無子可動判負", "P-d6", "h8h9=Q"},
		"zh-Hans": {"将棋方无子可动判负", "O-O", "N-f2+"},
	} {
		h.say("admin", "/settings language "+lang)
		mustContain(t, h.say("alice", "/rules ouya"), want...)
	}
}
