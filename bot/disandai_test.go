package bot

import (
	"strings"
	"testing"
)

// disandaiTwin plays a third-generation game in which alice (Red) chose the
// backs redBacks and never flips a piece whose back differs between twins.
func disandaiTwin(t *testing.T, redBacks string) (public, private []sent, logs string) {
	t.Helper()
	return twinGame(t, func(h *harness) []func() []sent {
		return []func() []sent{
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
	})
}

// TestDisandaiTwinGames: two choices of alice's backs give the same public
// messages, images, buttons and logs.
func TestDisandaiTwinGames(t *testing.T) {
	pubA, privA, logA := disandaiTwin(t, "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2")
	pubB, privB, logB := disandaiTwin(t, "CABNR K=f0 T=g0 Z=i0 Q=h0 U=h2")
	samePublic(t, pubA, pubB, logA, logB)
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
