package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// TestSetupSecrets plays the setup of a game with face-down reserves (the fuhe
// option): questions and answers go privately, a secret said in public is
// refused, and the game begins when both have chosen.
func TestSetupSecrets(t *testing.T) {
	if !defaultRegistry().IsOption("fuhe") {
		t.Skip("no fuhe option")
	}
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new xiangqi fuhe @bob side=red"))
	out := h.say("bob", "/accept")
	mustContain(t, out, "First each player chooses a secret setup", "The players are choosing their secret setup")
	var prompts int
	for _, s := range out {
		if s.Private && strings.Contains(s.Msg.Text, "Answer me here: /setup 1") {
			prompts++
		}
	}
	if prompts != 2 {
		t.Fatalf("%d private prompts:\n%s", prompts, text(out))
	}
	if g := h.game(id); g.Status != storage.StatusSetup {
		t.Fatalf("status %s", g.Status)
	}
	mustContain(t, h.say("alice", "/m h2e2"), "has not begun yet")
	mustContain(t, h.say("alice", "/setup a2=R i2=C"), "Don't write your secret here")
	if g := h.game(id); g.Secrets["red"] != "" {
		t.Fatal("a public answer was taken")
	}
	mustContain(t, h.dm("alice", "/setup a2=R i2=K"), "That answer does not work", "/setup 1 a2=")
	mustContain(t, h.dm("alice", "/setup a2=R i2=C"), "Noted. Game #1 begins when bob has chosen too.")
	out = h.dm("bob", "/setup a7=N i7=N")
	mustContain(t, out, "Both have chosen", "Game #1 begins: both players have chosen their secret setup.")
	g := h.game(id)
	if g.Status != storage.StatusActive || !strings.Contains(g.StartFEN, "*") {
		t.Errorf("after setup: %s, start %q", g.Status, g.StartFEN)
	}
	public := boardOf(t, out)
	if !strings.Contains(public.Msg.Alt, "*X C") || strings.Contains(public.Msg.Alt, "*R") {
		t.Errorf("public board:\n%s", public.Msg.Alt)
	}
	mine := h.press("alice", "peek:"+id)
	if len(mine) != 1 || !strings.Contains(mine[0].Msg.Alt, "*R C") {
		t.Errorf("alice's board:\n%s", text(mine))
	}
	out = h.say("alice", "/resign yes")
	mustContain(t, out, "the face-down piece on a2 is a chariot", "the face-down piece on a7 is a horse")
}

func TestSetupTimeout(t *testing.T) {
	if !defaultRegistry().IsOption("fuhe") {
		t.Skip("no fuhe option")
	}
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new xiangqi fuhe @bob side=red 1d"))
	h.say("bob", "/accept")
	h.dm("bob", "/setup a7=N i7=N")
	h.clock.Advance(25 * time.Hour)
	out := h.tick()
	mustContain(t, out, "time for the setup is up; I chose at random for alice", "Game #1 begins")
	g := h.game(id)
	if g.Status != storage.StatusActive || g.Secrets["red"] == "" {
		t.Errorf("after the setup timeout: %s, %v", g.Status, g.Secrets)
	}
	mustContain(t, h.say("alice", "h2e2"), "Last move: h2e2")
}

// TestSetupAgreedMenu: `fuhe menu=RC` is an option with a parameter; the setup
// question lists the agreed kinds and an answer outside them is refused.
func TestSetupAgreedMenu(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new xiangqi fuhe menu=RC @bob side=red")
	id := gameIDIn(t, out)
	out = h.say("bob", "/accept")
	mustContain(t, out, "Choose from R C")
	mustContain(t, h.dm("alice", "/setup a2=N i2=R"), "after a2= put one letter of the menu: R C")
	h.dm("alice", "/setup a2=C i2=R")
	h.dm("bob", "/setup a7=R i7=R")
	if g := h.game(id); g.Status != storage.StatusActive || len(g.Options) != 1 || g.Options[0] != "fuhe menu=RC" {
		t.Fatalf("game: %s, options %q", g.Status, g.Options)
	}
	mustContain(t, h.say("alice", "/new xiangqi fuhe menu=RA @bob"), "A cannot lie face down")
	mustContain(t, h.say("alice", "/rules xiangqi fuhe menu=RC"), "/new xiangqi fuhe menu=RC")
	mustContain(t, h.say("alice", "/rules xiangqi fuhe menu=RA"), "A cannot lie face down")
}
