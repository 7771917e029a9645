package bot

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
)

// disandaiTwin plays a third-generation game in which alice (Red) chose the
// backs redBacks and never flips a piece whose back differs between twins.
func disandaiTwin(t *testing.T, redBacks string) (public, private []sent, logs string) {
	t.Helper()
	var buf bytes.Buffer
	h := newHarness(t, withRenderer(NewRenderer(render.Options{Width: 300})))
	h.svc.log = slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}}))
	steps := []func() []sent{
		func() []sent { return h.say("alice", "/new disandai @bob side=red 10+5") },
		func() []sent { return h.say("bob", "/accept") },
		func() []sent { return h.dm("alice", "/setup "+redBacks) },
		func() []sent { return h.dm("bob", "/setup RNBAC K=d9 T=c9 Z=a9 Q=b9 U=b7") },
		func() []sent { return h.say("alice", "h2e2") },
		func() []sent { return h.say("bob", "c9!") }, // two elephants: refused alike
		func() []sent { return h.say("bob", "h9g7") },
		func() []sent { return h.say("alice", "a3!") }, // not on the base line: refused alike
		func() []sent { return h.say("alice", "@d0") }, // not in check: refused alike
		func() []sent { return h.say("alice", "e2e6") },
		func() []sent { return h.say("bob", "/peek") },
		func() []sent { return h.say("bob", "a6a5") },
		func() []sent { return h.say("alice", "/peek") },
		func() []sent { return h.say("carol", "/board") },
		func() []sent { return h.say("carol", "/export") },
	}
	for _, step := range steps {
		for _, s := range step() {
			if s.Private {
				if s.To == "alice" {
					private = append(private, s)
				}
				continue
			}
			public = append(public, s)
		}
	}
	return public, private, buf.String()
}

// TestDisandaiTwinGames: two choices of alice's backs give the same public
// messages, images, buttons and logs.
func TestDisandaiTwinGames(t *testing.T) {
	pubA, privA, logA := disandaiTwin(t, "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2")
	pubB, privB, logB := disandaiTwin(t, "CABNR K=f0 T=g0 Z=i0 Q=h0 U=h2")
	if len(pubA) != len(pubB) || len(pubA) == 0 {
		t.Fatalf("%d public messages against %d:\n%s\n=====\n%s", len(pubA), len(pubB), text(pubA), text(pubB))
	}
	for i := range pubA {
		a, b := pubA[i].Msg, pubB[i].Msg
		if a.Text != b.Text || a.Alt != b.Alt || fmt.Sprint(a.Buttons) != fmt.Sprint(b.Buttons) {
			t.Errorf("public message %d differs:\n%s\n%s\n---\n%s\n%s", i, a.Text, a.Alt, b.Text, b.Alt)
		}
		if !bytes.Equal(a.Image, b.Image) {
			t.Errorf("public image %d differs (%s)", i, a.Text)
		}
	}
	if logA != logB || logA == "" {
		t.Errorf("the logs differ:\n%s\n=====\n%s", logA, logB)
	}
	all := text(pubA)
	for _, want := range []string{"Last move: h2e2", "c9! is not allowed", "a3! is not allowed", "@d0 is not allowed",
		"Last move: e2e6", "Last move: a6a5"} {
		if !strings.Contains(all, want) {
			t.Errorf("the public messages lack %q", want)
		}
	}
	if strings.Contains(all, "backs=") || strings.Contains(all, "K=d0") || strings.Contains(all, "Your backs") {
		t.Errorf("a public message shows a back:\n%s", all)
	}
	// alice's private boards remind her of her pair backs (not the soldiers').
	if len(privA) == 0 || len(privA) != len(privB) {
		t.Fatalf("alice got %d and %d private messages", len(privA), len(privB))
	}
	last := privA[len(privA)-1].Msg.Text
	if !strings.Contains(last, "Your backs: 仕 d0: 帥, 仕 f0: 臣, 相 c0: 駝, 相 g0: 騾") ||
		privB[len(privB)-1].Msg.Text == last {
		t.Errorf("alice's last private board:\n%s\nin the twin:\n%s", last, privB[len(privB)-1].Msg.Text)
	}
}
