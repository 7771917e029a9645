package console_test

import (
	"bytes"
	"strings"
	"testing"
)

// luzhanGame plays a short land-battle game from the chat: both players place
// their hidden pieces privately, a mine destroys the division that takes it, a
// platoon may not take a hidden piece with two hidden supporters, nobody
// enters an empty line point or their own line, hidden pieces never move, and
// the flag taken wins. alice's arrangement is redLine; she never loses a
// hidden piece, so twin sessions must look the same in public.
func luzhanGame(t *testing.T, redLine string) (*session, []string) {
	s := newSession(t)
	lines := []string{
		"alice: /new luzhan @bob side=red fen=3uuuuu3/11/4j6/6W4/11/11/3S1S5/11/11/3T7/5J5/3UUUUU3 w - - 0 1",
		"bob: /accept",
		"alice (dm): /setup 1 " + redLine,
		"bob (dm): /setup 1 DZFZD",
		"alice: d5d11", // the mine on d11: both destroyed
		"bob: e9e10",
		"alice: g8g11", // g11 has two hidden supporters (f11, h11): a platoon may not
		"alice: d2d11", // d11 is an empty line point now
		"alice: d2d0",  // own line
		"alice: f0f1",  // a hidden piece
		"alice: f5f11", // the flag
	}
	var outs []string
	for _, l := range lines {
		outs = append(outs, s.say(l))
	}
	return s, outs
}

func TestConsoleLuzhan(t *testing.T) {
	a, outA := luzhanGame(t, "ZDFDZ")
	b, outB := luzhanGame(t, "FZZDD")
	expect(t, outA[1], "[dm alice] Game #1", "Place your hidden pieces on your last-defense line d0-h0", "[dm bob] Game #1", "d11-h11")
	expect(t, outA[3], "Game #1 begins")
	expect(t, outA[4], "Last move: d5d11", "The hidden piece on d11 was a mine (地雷): it and the division (師) that took it are both destroyed.")
	expect(t, outA[6], "may not capture a piece with 2 or more supporters: the hidden piece on g11 has 2 hidden neighbours")
	expect(t, outA[7], "an empty point of the enemy last-defense line cannot be entered")
	expect(t, outA[8], "your pieces never enter your own last-defense line")
	expect(t, outA[9], "hidden pieces never move")
	expect(t, outA[10], "The hidden piece on f11 was Black's flag (軍旗)", "alice (Red) wins by capturing the enemy flag (軍旗)")
	if n := a.moves("1"); n != 3 {
		t.Errorf("%d moves stored, want 3", n)
	}
	// alice's own board shows her arrangement; the public one five 暗.
	mine := ""
	for _, bl := range a.blocks(outA[3]) {
		if bl.to == "[dm alice]" && strings.Contains(bl.text, "  0  ") {
			mine = bl.text
		}
	}
	if !strings.Contains(mine, "Z D F D Z") {
		t.Errorf("alice's board after the setup:\n%s", outA[3])
	}
	for i := range outA {
		pa, pb := a.blocks(outA[i]), b.blocks(outB[i])
		var pubA, pubB []block
		for _, bl := range pa {
			if bl.to == "[chat]" {
				pubA = append(pubA, bl)
			}
		}
		for _, bl := range pb {
			if bl.to == "[chat]" {
				pubB = append(pubB, bl)
			}
		}
		if len(pubA) != len(pubB) {
			t.Fatalf("step %d: %d public messages against %d", i, len(pubA), len(pubB))
		}
		for j := range pubA {
			ta, tb := pubA[j].text, pubB[j].text
			if i == len(outA)-1 { // the end discloses alice's arrangement, which differs
				ta, tb = undisclosed(ta), undisclosed(tb)
			}
			if ta != tb || ta == "" {
				t.Errorf("step %d: public message differs:\n%s\n%s", i, pubA[j].text, pubB[j].text)
			}
			if !bytes.Equal(a.image(pubA[j]), b.image(pubB[j])) {
				t.Errorf("step %d: public image differs", i)
			}
		}
	}
}

// undisclosed is a message without its "Red: the hidden piece on d0 is …" line.
func undisclosed(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.Contains(l, "Red: the hidden piece on") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
