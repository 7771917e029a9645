package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func yizhiVariant(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("yizhi")
	if !ok {
		t.Fatal("yizhi is not registered")
	}
	return v
}

// TestYizhi is every test case of rules/yizhi.md, one row each. The spec's
// rows 1, 8 and 9 use a black chariot and soldiers, which yizhi does not have:
// a black 輿 (y) and 役 (i) stand there instead (docs/variants/yizhi.md).
func TestYizhi(t *testing.T) {
	runSpecCases(t, yizhiVariant(t), []specCase{
		{id: "1 mule", fen: "5k3/9/9/9/4I4/4M4/4y4/9/9/3K5 w - - 0 1", legal: "e4f7 e4h5 e4d1", illegal: "e4e3 e4e5",
			refuse: "e4e3", reason: "the mule cannot capture that way"},
		{id: "1 mule retreat", fen: "5k3/9/9/9/4I4/4M4/9/9/9/3K5 w - - 0 1", legal: "e4e3"},
		{id: "2 left guard", fen: "5k3/9/9/9/9/9/9/9/4Z4/3K5 w - - 0 1", legal: "e1d1 e1f0 e1d2 e1f2", illegal: "e1f1 e1e2",
			refuse: "e1f1", reason: "a left guard does not move like that"},
		{id: "3 right guard", fen: "5k3/9/9/9/9/9/9/9/4U4/3K5 w - - 0 1", legal: "e1f1", illegal: "e1d1"},
		{id: "4 left guard on the extension", fen: "5k3/9/9/9/9/9/9/9/3Z5/4K4 w - - 0 1", legal: "d1c1", illegal: "d1c0 d1d0 d1e1 d1e2",
			refuse: "d1e2", reason: "the left guard may do that only along a drawn diagonal of its palace"},
		{id: "4 side point", fen: "5k3/9/9/9/9/9/9/9/2Z6/4K4 w - - 0 1", legal: "c1d0 c1d2", illegal: "c1b1 c1c0 c1c2 c1d1"},
		{id: "5 black left guard", fen: "5k3/4z4/9/9/9/9/9/9/9/4K4 b - - 0 1", legal: "e8f8", illegal: "e8d8"},
		{id: "6 conscript", fen: "5k3/9/9/9/2I6/6I2/2I6/9/9/4K4 w - - 0 1",
			legal: "c3b4 c3d4 g4f4 g4h4 g4f5 g4h5 c5c6 c5b5 c5d5 c5b6", illegal: "c3c4 c3b3 g4g5 c5c4 c5b4",
			refuse: "c3c4", reason: "the conscript may do that only after crossing the river"},
		{id: "6 conscript not on the bank", fen: "5k3/9/9/9/2I6/6I2/2I6/9/9/4K4 w - - 0 1", illegal: "c3b3",
			refuse: "c3b3", reason: "the conscript may do that only on a river bank (rank 4 or 5)"},
		{id: "7 conscript in the enemy palace", fen: "9/2I1I4/4k4/9/9/9/9/9/9/3K5 w - - 0 1",
			legal: "e8d7 e8f7 e8e9 e8d9 e8f9 c8d7 c8c9 c8b9 c8d9", illegal: "e8d8 e8e7 c8b7"},
		{id: "8 carriage", fen: "5k3/9/9/9/3ii4/3Y5/9/9/9/4K4 w - - 0 1", legal: "d4d5 d4c5 d4b6", illegal: "d4e5 d4f6 d4d6",
			refuse: "d4e5", reason: "the carriage cannot capture that way"},
		{id: "9 spear", fen: "5k3/9/9/9/3y5/9/3I5/3Q5/9/4K4 w - - 0 1", legal: "d2d5 d2c3 d2a2", illegal: "d2d4"},
		{id: "leaders face", fen: "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", illegal: "d0e0", legal: "d0d1"},
		{id: "leader on a side point", fen: "4k4/9/9/9/9/9/9/9/2K6/9 w - - 0 1", legal: "c1d1", illegal: "c1c0 c1c2 c1b1 c1d0"},
		{id: "check by a conscript", fen: "4k4/4I4/9/9/9/9/9/9/9/3K5 b - - 0 1", inCheck: true, legal: "e9e8", illegal: "e9d9 e9f9"},
	})
}

// TestYizhiEnd: checkmating the leader wins.
func TestYizhiEnd(t *testing.T) {
	g, err := rules.NewGame(yizhiVariant(t), "3k5/9/9/9/3Y5/9/9/9/9/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "d5d7")
	outcome(true, false, rules.Red, rules.ReasonCheckmate)(t, g)
}

// TestYizhiRandomGames: make/unmake exact, hash equal to the FEN read back,
// every legal move read back from its text, no panic.
func TestYizhiRandomGames(t *testing.T) {
	playRandomGames(t, yizhiVariant(t), 700, 6, 200)
}

// TestYizhiPerft records the start perft: 47 at depth 1 (each 輿 4, 騾 1, 槍 10,
// 象 2, 左/右 2, 領 1, 役 1 or 2: 4+4+1+1+10+10+2+2+2+2+1+8), cross-checked with
// the independent generator in TestYizhiRefPerft.
func TestYizhiPerft(t *testing.T) {
	checkPerft(t, yizhiVariant(t), YizhiStart, []uint64{47, 2193, 102308})
}
