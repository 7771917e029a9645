package bot

import (
	"strings"
	"testing"
)

// FuzzHandle feeds arbitrary texts and button data to a service with a game in
// progress: it must answer without panicking and without an internal error (a
// bad input is the user's mistake, and the reply says so).
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		"/", "/@", "/@Chuhe", "/new fen=", "/new xiangqi fen=rnbakabnr/9 w - - 0 1 @", "/new @ @",
		"/m #", "/m #0", "/m #1", "/m #1 #2 h2e2", "/accept 99999999999999999999", "@Chuhe", "@Chuhe ,",
		"/settings =", "/settings language", "/settings time=0", "/draw yes no", "/takeback #1 no",
		"/resign #1 yes", "/export #18446744073709551616", "/start g_", "/start g_1", "/setup", "/setup #1 x",
		"/help /help", "/rules ", "/走 炮二平五", "h2e2", "H2-E2", "炮二平五", "C2.5", "＃1", "/m ＃1 h2e2",
		"button:draw:yes", "button::", "button:accept::", "button:peek:1", "button:resign:yes:1",
		strings.Repeat("/m ", 400), "/new xiangqi 10+", "/new xiangqi 1d side=", "/abort #1",
		"/rules xiangqi fuhe", "/rules fuhe fuhe", "/rules jinchan x", "/setup 1 real e0", "/setup 2",
		"/new jinchan fen=5k5/11/3r7/11/11/11/4r6/11/11/11/11/4D1K4 w b - 0 1", "/new jinchan fen=x w b",
	} {
		f.Add(s)
	}
	h := newHarness(f)
	h.start("")
	f.Fuzz(func(t *testing.T, text string) {
		var out []sent
		if data, ok := strings.CutPrefix(text, "button:"); ok {
			out = h.press("bob", data)
		} else {
			out = h.say("bob", text)
			out = append(out, h.dm("alice", text)...)
		}
		for _, s := range out {
			if strings.Contains(s.Msg.Text, "Something went wrong") {
				t.Errorf("internal error for %q", text)
			}
		}
	})
}
