package console_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Shanghai whatever the host has

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
)

// TestConsolePuzzle is a new user's first daily puzzle at the console: she
// reads the help, subscribes her chat, gets the puzzle at the post time, solves
// it move by move with the bot's replies between (with a restart of the bot in
// the middle), looks at the leaderboard, and the next day gets the solution
// before the new puzzle.
func TestConsolePuzzle(t *testing.T) {
	s := newSession(t)
	coll, err := puzzle.Load()
	if err != nil {
		t.Fatal(err)
	}
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Fatal(err)
	}

	expect(t, s.say("mei: /help"), "/puzzle — the daily puzzle")
	expect(t, s.say("mei: /help puzzle"), "/puzzle subscribe HH:MM [timezone]", "/謎題 /谜题")
	// 09:00 UTC is 17:00 in Shanghai: the first puzzle comes at 18:00.
	out := s.say("mei: /puzzle subscribe 18:00 Asia/Shanghai")
	expect(t, out, "[chat] Subscribed: a puzzle here every day at 18:00 (Asia/Shanghai), the next at 2026-05-04 18:00.")
	if out := s.tick(); out != "" {
		t.Fatalf("a post before the time:\n%s", out)
	}
	s.clock.Advance(time.Hour)
	out = s.tick()
	pz := coll.Daily(s.clock.Now().In(shanghai))
	expect(t, out, "[chat] image ", "Daily puzzle · Monday 2026-05-04 · level 1 of 7", pzTitle(pz),
		"Reply to this image with your move, or write /puzzle answer MOVE.",
		"Next puzzle: 2026-05-05 18:00 (Asia/Shanghai).",
		"Puzzle "+pz.ID+" from the Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0)",
		"(buttons: [Hint] [puzzle:hint:2026-05-04])")
	m := imageLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no image in\n%s", out)
	}
	if png, err := os.ReadFile(m[1]); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("the puzzle image %s: %v", m[1], err)
	}
	if out := s.tick(); out != "" {
		t.Fatalf("a second post:\n%s", out)
	}

	v, _ := defaultRegistry().Get("xiangqi")
	g, err := rules.NewGame(v, pz.FEN)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(pz.Line); i += 2 {
		mv, err := rules.ParseCoord(g.Position(), pz.Line[i])
		if err != nil {
			t.Fatal(err)
		}
		zh := rules.FormatMove(g.Position(), mv, rules.StyleChinese)
		out := s.say("mei: /puzzle answer " + zh)
		if i+1 == len(pz.Line) {
			expect(t, out, "[chat] mei: "+pz.Line[i]+" ("+zh+"), solved! Streak: 1 day in a row · puzzles solved here: 1.")
			break
		}
		expect(t, out, "[chat] image ", "[chat] mei: "+pz.Line[i]+" ("+zh+") is right. The opponent answers "+pz.Line[i+1])
		for _, c := range pz.Line[i : i+2] {
			if err := g.Play(pzCoord(t, g.Position(), c)); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			s.restart() // the try is stored: it goes on after a restart
		}
	}
	expect(t, s.say("mei: /puzzle top"), "[chat] Puzzle leaderboard of this chat:\n       1. mei: 1 solved · streak 1 (best 1)")

	// The next day: yesterday's solution comes first, with who solved it.
	s.clock.Advance(24 * time.Hour)
	out = s.tick()
	sol := strings.Index(out, "Solution of the puzzle of 2026-05-04")
	post := strings.Index(out, "Daily puzzle · Tuesday 2026-05-05 · level 2 of 7")
	if sol < 0 || post < sol {
		t.Fatalf("want the solution, then the new puzzle:\n%s", out)
	}
	expect(t, out, "Solved here by: mei.")
}

func pzTitle(p *puzzle.Puzzle) string {
	side := "Red"
	if p.ToMove() == rules.Black {
		side = "Black"
	}
	if p.Goal == puzzle.GoalMaterial {
		return side + " to move and win material in "
	}
	return side + " to move and mate in "
}

func pzCoord(t *testing.T, p *rules.Position, c string) rules.Move {
	t.Helper()
	m, err := rules.ParseCoord(p, c)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
