package uci

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

// session drives a Server through pipes, line by line, as a GUI would.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string // lines the server wrote; closed at its end
	done chan error
}

func newSession(t *testing.T) *session {
	t.Helper()
	srv, err := NewServer(testRegistry(), engine.Config{TableBits: 16})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: make(chan string, 1<<16), done: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
	}()
	go func() {
		err := srv.Run(context.Background(), inR, outW)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-s.done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// until reads lines up to one starting with prefix, and returns them all.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var lines []string
	for l := range s.out {
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines
		}
	}
	s.t.Fatalf("no %q line; got %q", prefix, lines)
	return nil
}

func TestScriptedSession(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	lines := s.until("uciok")
	all := strings.Join(lines, "\n")
	for _, v := range testRegistry().All() {
		if !strings.Contains(all, "var "+v.Slug) {
			t.Errorf("UCI_Variant lacks %s:\n%s", v.Slug, all)
		}
	}
	if !strings.Contains(all, "option name Skill Level type spin") {
		t.Errorf("no Skill Level option:\n%s", all)
	}
	s.send("setoption name UCI_Variant value xiangqi")
	s.send("ucinewgame")
	s.send("isready")
	s.until("readyok")

	// Fairy-Stockfish's notation: the central cannon is h3e3.
	s.send("position startpos moves h3e3 h10g8")
	s.send("go depth 4")
	lines = s.until("bestmove")
	best := strings.Fields(lines[len(lines)-1])[1]
	if !strings.HasPrefix(lines[0], "info depth 1 ") {
		t.Errorf("first line %q, want an info line", lines[0])
	}
	g, _ := rules.Replay(xq(t), "", []string{"h2e2", "h9g7"})
	if m, err := ParseMove(g.Position(), best); err != nil || !g.Legal(m) {
		t.Errorf("bestmove %s is not legal after h3e3 h10g8: %v", best, err)
	}

	// A FEN as Fairy-Stockfish writes it, with a mate in one for Red.
	s.send("position fen 3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1")
	s.send("go movetime 200")
	lines = s.until("bestmove")
	if got := lines[len(lines)-1]; got != "bestmove c8c9" && got != "bestmove c8d8" {
		t.Errorf("got %q, want the stalemating c8c9 or c8d8 (our c7c8, c7d7)", got)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "score mate 1") {
		t.Errorf("no mate score in %q", lines)
	}

	// go infinite answers only after stop.
	s.send("position startpos")
	s.send("go infinite")
	s.send("isready")
	if l := s.until("readyok"); strings.Contains(strings.Join(l, "\n"), "bestmove") {
		t.Errorf("bestmove before stop: %q", l)
	}
	s.send("stop")
	s.until("bestmove")

	// Levels and the clock.
	s.send("setoption name Skill Level value 1")
	s.send("position startpos moves h3e3")
	s.send("go wtime 1000 btime 1000 winc 10 binc 10")
	s.until("bestmove")

	// Bad input is reported and changes nothing.
	s.send("position startpos moves h3e3 h3e3")
	s.send("setoption name UCI_Variant value chess")
	s.send("setoption name Skill Level value high")
	s.send("flip")
	s.send("isready")
	lines = s.until("readyok")
	if n := strings.Count(strings.Join(lines, "\n"), "info string"); n != 4 {
		t.Errorf("want 4 info strings for 4 bad commands, got %q", lines)
	}
	s.send("d")
	if l := s.until("info string fen"); !strings.Contains(l[0], "P1P1P1P1P/1C2C4/9/RNBAKABNR b") {
		t.Errorf("the bad position changed the old one: %q", l)
	}

	// Every variant: a move from its start.
	for _, v := range testRegistry().All() {
		s.send("setoption name UCI_Variant value " + v.Slug)
		s.send("position startpos")
		s.send("go depth 2")
		lines := s.until("bestmove")
		best := strings.TrimPrefix(lines[len(lines)-1], "bestmove ")
		g, err := rules.NewGame(v, "")
		if err != nil {
			t.Fatal(err)
		}
		if m, err := ParseMove(g.Position(), best); err != nil || !g.Legal(m) {
			t.Errorf("%s: bestmove %q is not legal at the start: %v", v.Slug, best, err)
		}
	}
	s.send("quit")
}

func xq(t *testing.T) *rules.Variant {
	v, ok := testRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("no xiangqi")
	}
	return v
}
