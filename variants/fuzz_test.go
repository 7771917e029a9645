package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// FuzzModuleFEN reads FENs of variants whose modules own FEN fields (jinchan's
// fields 3 and 4, the test freezer's key=value field, hands, fuhe's face-down
// pieces): a position that loads writes a FEN that loads into the same position
// with the same hash, and any move text on it is read without a panic. The seed
// corpus is in testdata/fuzz/FuzzModuleFEN; run with
// `go test -fuzz FuzzModuleFEN ./variants`.
func FuzzModuleFEN(f *testing.F) {
	for _, seed := range []struct {
		variant int
		fen     string
		move    string
	}{
		{0, "rnbak1dabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J1C1/11/RNBAK1DABNR w - - 0 1", "reveal"},
		{0, "rCbak1dab1r/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/3J3J1C1/11/RNBAK1DABNR b - h 0 1", "pass"},
		{0, "5k5/11/11/11/11/11/11/11/11/4K6/11/2B8 w wb - 0 1", "c0e2"},
		{1, "rnbakabnr/7z1/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1Z7/RNBAKABNR[Nr] w - - 0 1", "N*e2"},
		{1, "4k4/9/7n1/9/9/9/3p5/*R1Z6/9/R2K5 b - - 0 1 frozen=d3:2", "d3d2"},
		{1, "4k4/9/9/9/9/9/9/9/9/3K5[] w - - 0 1 frozen=", "R*a0"},
		{1, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 frozen=e9:1,d0:2", "flip a2"},
		{1, "4k4/9/9/9/9/9/9/9/9/3K5[PPPPPPPPPP] w - - 0 1", "p*a5"},
	} {
		f.Add(seed.variant, seed.fen, seed.move)
	}
	vs := []*rules.Variant{mustJinchan(f), composed(f, "xiangqi", true, true, true)}
	f.Fuzz(func(t *testing.T, which int, fen, move string) {
		v := vs[(which%len(vs)+len(vs))%len(vs)]
		p, out, ok := fenRoundTrip(t, v, fen)
		if !ok {
			return
		}
		if m, err := rules.ParseCoord(p, move); err == nil {
			p.Make(m)
			p.Unmake()
			if p.FEN() != out {
				t.Fatalf("make/unmake of %q changed %s to %s", move, out, p.FEN())
			}
		}
	})
}

// fenRoundTrip loads fen, if it loads (ok=false otherwise), and checks that the
// FEN it writes, out, loads into the same position with the same hash.
func fenRoundTrip(t *testing.T, v *rules.Variant, fen string) (p *rules.Position, out string, ok bool) {
	t.Helper()
	p, err := rules.NewPosition(v, fen)
	if err != nil {
		return nil, "", false
	}
	out = p.FEN()
	q, err := rules.NewPosition(v, out)
	if err != nil {
		t.Fatalf("%s reads %s as %s, which does not load: %v", v.Slug, fen, out, err)
	}
	if q.FEN() != out || q.Hash() != p.Hash() {
		t.Fatalf("%s: %s -> %s -> %s (hash %x, %x)", v.Slug, fen, out, q.FEN(), p.Hash(), q.Hash())
	}
	return p, out, true
}
