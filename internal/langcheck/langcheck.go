// Package langcheck finds English words in a text meant for a Chinese chat.
// Tests of the chat service use it (issue 25: a zh-Hant or zh-Hans chat reads
// no English but moves, commands, names and FEN).
//
// Caveats: it knows Latin letters only. A word of fewer than three letters, a
// word in capitals (piece letters, FEN), a point or move (a2, b0c2), a command
// (/new), a quoted answer (`real e0`) and a hex digest are never English to it; so a short
// English word ("of", "to") goes unnoticed.
package langcheck

import (
	"regexp"
	"strings"
)

// allowed are the Latin words a Chinese chat may read: the words of commands,
// moves and answers, game slugs and settings values, the console players'
// names.
var allowed = map[string]bool{
	"alice": true, "bob": true, "admin": true,
	"reveal": true, "pass": true, "real": true, "flip": true, "setup": true, "accept": true, "decline": true,
	"xiangqi": true, "jinchan": true, "fuhe": true, "menu": true, "peek": true, "draw": true, "resign": true,
	"takeback": true, "abort": true, "yes": true, "default": true, "coord": true, "wxf": true, "chinese": true,
	"untimed": true, "banqi": true, "luzhan": true, "first": true, "creator": true, "opponent": true, "side": true,
	"red": true, "black": true, "random": true, "fen": true, "language": true,
	"notation": true, "variant": true, "time": true, "zh": true, "hant": true, "hans": true, "en": true,
	"rated": true, "bot": true, "on": true, "off": true, "auto": true, "gif": true,
}

var (
	quoted  = regexp.MustCompile("`[^`]*`")
	command = regexp.MustCompile(`/[A-Za-z_]+`)
	point   = regexp.MustCompile(`[a-z]+\d+`) // points and moves: a2, b0c2
	digest  = regexp.MustCompile(`[0-9a-f]{16,}`)
	word    = regexp.MustCompile(`[A-Za-z]{3,}`)
)

// EnglishWords returns the Latin words of s that are not commands, quoted
// answers, points, words in capitals, or allowed words; also is more words a
// caller allows (the slugs and options of its games), in lower case.
func EnglishWords(s string, also map[string]bool) []string {
	s = quoted.ReplaceAllString(s, "")
	s = command.ReplaceAllString(s, "")
	s = digest.ReplaceAllString(s, "") // before points: a hash ends in letters now and then
	s = point.ReplaceAllString(s, "")
	var out []string
	for _, w := range word.FindAllString(s, -1) {
		if w == strings.ToUpper(w) {
			continue // piece letters and answers made of them: RNBAC, ZDFDZ
		}
		low := strings.ToLower(w)
		if !allowed[low] && !also[low] {
			out = append(out, w)
		}
	}
	return out
}
