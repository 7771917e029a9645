package variants

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestStratagemPerft checks testdata/stratagem-perft.txt: perft of each named
// game's start position. The numbers were cross-checked by slowPerft below: a
// walk that reads every node back from its FEN (so a state the FEN or the hash
// forgets would change the count) and counts legal moves by LegalMoves on the
// fresh position, and by the sum of Divide.
func TestStratagemPerft(t *testing.T) {
	f, err := os.Open("testdata/stratagem-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := testRegistry()
	sc := bufio.NewScanner(f)
	ran := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		slug := fields[0]
		v, ok := r.Get(slug)
		if !ok {
			t.Errorf("no variant %s", slug)
			continue
		}
		for i, n := range fields[1:] {
			depth := i + 1
			if depth == 3 && small() {
				break
			}
			want, _ := strconv.ParseUint(n, 10, 64)
			p := mustPosition(t, v, v.StartFEN)
			if got := p.Perft(depth); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", slug, depth, got, want)
			}
			if depth <= 2 {
				if got := slowPerft(t, v, v.StartFEN, depth); got != want {
					t.Errorf("%s slow perft(%d) = %d, want %d", slug, depth, got, want)
				}
			}
		}
		ran++
	}
	if ran == 0 {
		t.Fatal("no stratagem perft ran")
	}
}

// slowPerft counts leaves by reading every node back from its FEN.
func slowPerft(t *testing.T, v *rules.Variant, fen string, depth int) uint64 {
	t.Helper()
	p := mustPosition(t, v, fen)
	moves := p.LegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += slowPerft(t, v, p.FEN(), depth-1)
		p.Unmake()
	}
	return n
}
