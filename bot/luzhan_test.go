package bot

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
)

// luzhanTwin plays a land-battle game in which alice (Red) places redLine on
// her last-defense line and never loses a hidden piece; it returns the public
// messages, alice's private ones and the log.
func luzhanTwin(t *testing.T, redLine string) (public, private []sent, logs string) {
	t.Helper()
	return twinGame(t, func(h *harness) []func() []sent {
		return []func() []sent{
			func() []sent { return h.say("alice", "/new luzhan @bob side=red 10+5") },
			func() []sent { return h.say("bob", "/accept") },
			func() []sent { return h.dm("alice", "/setup "+redLine) },
			func() []sent { return h.dm("bob", "/setup DZFZD") },
			func() []sent { return h.say("alice", "f4f5") },
			func() []sent { return h.say("bob", "c8c1") },   // the 團 takes the 旅 over the 團 on c3
			func() []sent { return h.say("alice", "e0e1") }, // a hidden piece: refused alike
			func() []sent { return h.say("alice", "k1k3") },
			func() []sent { return h.say("bob", "c1b2") },    // not a 團 move: refused alike
			func() []sent { return h.say("bob", "c1a1") },    // takes the 排 over the 師
			func() []sent { return h.say("alice", "/peek") }, // alice's own board
			func() []sent { return h.say("alice", "j1j2") },
			func() []sent { return h.say("carol", "/board") },
			func() []sent { return h.say("carol", "/export") },
		}
	})
}

// TestLuzhanTwinGames: two arrangements of alice's hidden pieces give the same
// public messages, images, buttons and logs; her private boards differ.
func TestLuzhanTwinGames(t *testing.T) {
	pubA, privA, logA := luzhanTwin(t, "ZDFDZ")
	pubB, privB, logB := luzhanTwin(t, "FZZDD")
	samePublic(t, pubA, pubB, logA, logB)
	all := text(pubA)
	for _, want := range []string{"Last move: f4f5", "Last move: c8c1", "e0e1 is not allowed: hidden pieces never move",
		"c1b2 is not allowed", "Last move: c1a1", "Last move: j1j2"} {
		if !strings.Contains(all, want) {
			t.Errorf("the public messages lack %q", want)
		}
	}
	for _, s := range pubA {
		if strings.ContainsAny(s.Msg.Alt, "ZF") || strings.Contains(s.Msg.Text, "bomb") || strings.Contains(s.Msg.Text, "mine") {
			t.Errorf("a public message shows a hidden piece:\n%s\n%s", s.Msg.Text, s.Msg.Alt)
		}
	}
	if len(privA) == 0 || len(privA) != len(privB) {
		t.Fatalf("alice got %d and %d private messages", len(privA), len(privB))
	}
	differ := 0
	for i := range privA {
		if privA[i].Msg.Alt != privB[i].Msg.Alt {
			differ++
		}
	}
	if differ == 0 {
		t.Error("alice's private boards do not show her arrangement")
	}
}

// TestLuzhanImages decodes the start images: a player's own board differs
// from the public one only in the band of the last-defense line at the
// bottom (its own line, seen from its side), where the public sees five 暗
// and the owner its bombs, mines and flag; the public image of another
// arrangement is the same, byte for byte.
func TestLuzhanImages(t *testing.T) {
	v, ok := defaultRegistry().Get("luzhan")
	if !ok {
		t.Skip("no luzhan")
	}
	r, err := render.New(render.Options{Width: 600})
	if err != nil {
		t.Fatal(err)
	}
	draw := func(red, black string, side rules.Side, a rules.Audience) []byte {
		t.Helper()
		start, err := rules.ApplySecrets(v, "", [2]string{red, black})
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.NewPosition(v, start)
		if err != nil {
			t.Fatal(err)
		}
		b, err := r.From(side).PNG(p.View(a))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, side := range []rules.Side{rules.Red, rules.Black} {
		pub := draw("ZDFDZ", "DZFZD", side, rules.Public)
		if other := draw("FZZDD", "ZZDDF", side, rules.Public); !bytes.Equal(pub, other) {
			t.Errorf("%v's side: public images of two arrangements differ", side)
		}
		own := draw("ZDFDZ", "DZFZD", side, rules.AudienceOf(side))
		a, err := png.Decode(bytes.NewReader(pub))
		if err != nil {
			t.Fatal(err)
		}
		b, err := png.Decode(bytes.NewReader(own))
		if err != nil {
			t.Fatal(err)
		}
		h := a.Bounds().Dy()
		top, differ := h, 0
		for y := 0; y < h; y++ {
			for x := 0; x < a.Bounds().Dx(); x++ {
				if a.At(x, y) != b.At(x, y) {
					differ++
					top = min(top, y)
				}
			}
		}
		// The line's rank is the last of twelve: below 10.5/12 of the height.
		if differ == 0 || top < h*21/24 {
			t.Errorf("%v's own board differs from the public one in %d pixels, the first at y=%d of %d", side, differ, top, h)
		}
	}
}
