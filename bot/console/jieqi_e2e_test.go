package console_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

// Issue 20 end to end: a jieqi game through the console. The shuffle is dealt
// from the bot's random source at /new; a reveal is announced; a capture of a
// face-down piece is announced without identity, and only the capturer is told
// privately what it was; the end discloses everything.
func TestConsoleJieqi(t *testing.T) {
	s := newSession(t)
	var outs []string
	for _, line := range []string{
		"alice: /new jieqi @bob side=red",
		"bob: /accept",
		"alice: h2e2",
		"bob: a9a8",
		"alice: b2b9", // over b7: takes the face-down piece on b9
		"carol: /board 1",
		"bob: /resign yes",
	} {
		outs = append(outs, s.say(line))
	}
	all := strings.Join(outs, "")
	expect(t, outs[1], "[chat] Game #1 begins: alice (Red) against bob (Black).")
	if strings.Contains(outs[1], "[dm") {
		t.Errorf("a private message at the start of a game where nobody knows a piece:\n%s", outs[1])
	}
	expect(t, outs[2], "[chat] Red's face-down piece from h2 turns up on e2: a", "Last move: h2e2")
	expect(t, outs[3], "[chat] Black's face-down piece from a9 turns up on a8: a")
	expect(t, outs[4], "[chat] Red captures a face-down piece on b9; it is taken away unseen.",
		"[dm alice] Game #1, for you alone:", "b2b9: the face-down piece Red captured on b9 was a")
	m := regexp.MustCompile(`captured on b9 was an? (\w+) \((\S+)\)\.`).FindStringSubmatch(outs[4])
	if m == nil {
		t.Fatalf("no identity in alice's message:\n%s", outs[4])
	}
	for i, out := range outs[:6] {
		for _, bl := range s.blocks(out) {
			if bl.to == "[dm alice]" && i == 4 {
				continue
			}
			if bl.to != "[chat]" {
				t.Errorf("step %d: a private message to %s:\n%s", i, bl.to, bl.text)
				continue
			}
			for _, l := range strings.Split(bl.text, "\n") {
				if strings.Contains(l, "b9") && (strings.Contains(l, m[1]) || strings.Contains(l, m[2])) {
					t.Errorf("step %d: the captured identity is public: %s", i, l)
				}
			}
			for _, secret := range []string{"*R", "*N", "*B", "*A", "*C", "*P", "*r", "*n", "*b", "*a", "*c", "*p"} {
				if strings.Contains(bl.text, secret) {
					t.Errorf("step %d: a public message shows %q:\n%s", i, secret, bl.text)
				}
			}
		}
	}
	expect(t, outs[6], "[chat] bob resigned game #1.", "b2b9: the face-down piece Red captured on b9 was ", m[1]+" ("+m[2]+").",
		"Red: the face-down piece on a0 is a") // "a soldier", "an advisor"
	if t.Failed() {
		t.Logf("session:\n%s", all)
	}
}

// commitHash finds the sha256 of a dealt game's commitment.
var commitHash = regexp.MustCompile(`[0-9a-f]{64}`)

// TestConsoleJieqiTwins: two bots that deal different shuffles show the same
// public game, byte for byte, texts and images, until a reveal shows a kind.
func TestConsoleJieqiTwins(t *testing.T) {
	a, b := newSeededSession(t, 1), newSeededSession(t, 2)
	lines := []string{
		"alice: /new jieqi @bob side=red",
		"bob: /accept",
		"carol: /board 1",
		"alice: e0e1", // the generals are face up: no reveal
		"bob: e9e8",
		"alice: d0c1", // refused by the palace advisor's rule, whatever the piece is
		"alice: e1e0",
		"bob: e8e9",
		"bob: /export 1",
		"alice: h2e2", // a reveal: from here the twins may differ
	}
	compared := 0
	for i, line := range lines {
		oa, ob := a.blocks(a.say(line)), b.blocks(b.say(line))
		if i == len(lines)-1 {
			if len(oa) == 0 {
				t.Fatal("no answer to the reveal")
			}
			expect(t, oa[0].text+oa[len(oa)-1].text, "turns up on e2")
			break
		}
		if len(oa) != len(ob) {
			t.Fatalf("%s: %d and %d messages", line, len(oa), len(ob))
		}
		for j := range oa {
			// The fairness commitment hashes the deal: it differs, as it must.
			if ha, hb := commitHash.FindString(oa[j].text), commitHash.FindString(ob[j].text); ha != hb {
				oa[j].text, ob[j].text = strings.Replace(oa[j].text, ha, "HASH", 1), strings.Replace(ob[j].text, hb, "HASH", 1)
			}
			if oa[j].text != ob[j].text {
				t.Errorf("%s: messages differ:\n%s\n%s", line, oa[j].text, ob[j].text)
			}
			ia, ib := a.image(oa[j]), b.image(ob[j])
			if !bytes.Equal(ia, ib) {
				t.Errorf("%s: images differ: %s", line, oa[j].text)
			}
			if ia != nil {
				compared++
			}
		}
	}
	if compared < 4 {
		t.Errorf("%d images compared", compared)
	}
	if sa, sb := a.storedStart(t), b.storedStart(t); sa == sb {
		t.Errorf("the two bots dealt the same shuffle: %s", sa)
	}
}

// storedStart is the true start of game 1, as stored.
func (s *session) storedStart(t *testing.T) string {
	g, err := s.store.Game(context.Background(), "1")
	if err != nil {
		t.Fatal(err)
	}
	return g.StartFEN
}
