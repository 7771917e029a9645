package variants

import (
	"errors"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func customVariant(t *testing.T, slug, def string, more ...string) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build(slug, append(more, "piece piece="+def))
	if err != nil {
		t.Fatalf("piece=%s: %v", def, err)
	}
	return v
}

// TestCustomPieces: players' own pieces, their moves as the Betza-like text
// says, in the start position on both sides, explained by /rules.
func TestCustomPieces(t *testing.T) {
	v := customVariant(t, "xiangqi", "Q后:R+N@c1")
	if !strings.Contains(v.StartFEN, "6q2") || !strings.Contains(v.StartFEN, "2Q6") {
		t.Errorf("start %s: want Q on c1 and q on g8", v.StartFEN)
	}
	p := mustPosition(t, v, v.StartFEN)
	checkMoves(t, p, "c1c2 c1a1 c1i1 c1b3 c1d3 c1e2 c1a2", "c1c3 c1a0 c1e0")
	if g := v.Guides(); len(g) == 0 || !strings.Contains(g[len(g)-1], "Q (后) starts on c1") {
		t.Errorf("guide %v", g)
	}
	cases := []struct{ def, fen, legal, illegal string }{
		// The cannon written in Betza: moves as a rook, captures over one screen.
		{"Y:mRpR@e4", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "", ""},
		// A lame knight is the horse; a blocked alfil the elephant (no river limit).
		{"Y:nN@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1a2 c1b3 c1d3 c1e2 c1a0 c1e0", ""},
		{"Y:nN@c1", "4k4/9/9/9/9/9/9/2p6/2Y6/3K5 w - - 0 1", "c1a2 c1e2", "c1b3 c1d3"},
		{"Y:nA@c1", "4k4/9/9/9/9/9/9/1p7/2Y6/3K5 w - - 0 1", "c1e3", "c1a3"},
		// Directions and modes: a forward-only step that captures diagonally.
		{"Y:mfW+cfF@c1", "4k4/9/9/9/9/9/9/3p5/2Y6/3K5 w - - 0 1", "c1c2 c1d2", "c1b2 c1c0 c1b1"},
		{"Y:R2@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1c3 c1a1 c1e1", "c1c4 c1f1"},
		{"Y:K@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1b0 c1b1 c1b2 c1c0 c1c2 c1d1 c1d2", "c1d0"},
		{"Y:sQ@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1a1 c1i1", "c1c2 c1d2"},
	}
	for _, c := range cases {
		v := customVariant(t, "xiangqi", c.def)
		if c.fen == "" {
			continue
		}
		p := mustPosition(t, v, c.fen)
		checkMoves(t, p, c.legal, c.illegal)
	}
	// The cannon form checks like a cannon.
	cv := customVariant(t, "xiangqi", "Y:mRpR@a1")
	if q := mustPosition(t, cv, "3k5/9/3y5/9/9/9/9/9/9/3K5 w - - 0 1"); q.InCheck() {
		t.Error("the Betza cannon gives check without a screen")
	}
	if q := mustPosition(t, cv, "3k5/9/3y5/9/9/9/9/3N5/9/3K5 w - - 0 1"); !q.InCheck() {
		t.Error("the Betza cannon gives no check over a screen")
	}
	// Usable in another xiangqi-family game.
	customVariant(t, "jinchan", "Y椅:K@c1")
}

// TestCustomPieceErrors: bad definitions say which part is wrong, in every
// language the bot speaks (a rules.TextError), and unplayable ones are refused.
func TestCustomPieceErrors(t *testing.T) {
	cases := []struct {
		def            string
		en, hant, hans string
	}{
		{"Q:R+X@c1", `"X" in R+X: X is no movement letter`, "R+X 中的「X」：X 不是走法字母", "R+X 中的「X」：X 不是走法字母"},
		{"K:R@c1", "the letter K is taken by the general", "字母 K 已經代表帥", "字母 K 已经代表帅"},
		{"X:R@c1", "the letter X stands for face-down pieces", "字母 X 代表暗子", "字母 X 代表暗子"},
		{"Q:R@c9", "c9 is in Black's half", "c9 在黑方的半邊", "c9 在黑方的半边"},
		{"Q:R@z1", `"z1" after @ is not a point`, "@ 後面的「z1」不是棋盤上的點", "@ 后面的「z1」不是棋盘上的点"},
		{"Q:R@c0", "c0 (or Black's mirrored point g9) is not empty", "開局時 c0（或黑方的對稱點 g9）已經有棋子", "开局时 c0（或黑方的对称点 g9）已经有棋子"},
		{"Q:R@c1;Y:K@c1", "c1 (or Black's mirrored point g8) is not empty", "開局時 c1", "开局时 c1"},
		{"Q:R", "say where the piece starts after @, like Q:R@c1", "例如 Q:R@c1", "例如 Q:R@c1"},
		{"Q:@c1", "needs a movement between : and @", "之間需要寫走法", "之间需要写走法"},
		{"Q:mR+f@c1", `"f" at the end of mR+f needs a movement letter`, "mR+f 結尾的「f」後面還需要一個走法字母", "mR+f 结尾的「f」后面还需要一个走法字母"},
		{"QR", "write a letter, a colon", "請寫一個字母、冒號和走法", "请写一个字母、冒号和走法"},
		{"Q后后:R@c1", "one character", "棋面只能是一個字", "棋面只能是一个字"},
		{"1:R@c1", "one letter A-Z", "一個 A-Z 字母", "一个 A-Z 字母"},
		{"Q:nW@c1", "W cannot be blocked", "W 不會被擋", "W 不会被挡"},
		{"Q:nR@c1", "n (blocked leap) goes with a leap letter", "n（會被蹩腿）只配跳的字母", "n（会被蹩腿）只配跳的字母"},
		{"Q:mcR@c1", "exclude each other", "不能同時用", "不能同时用"},
		{"Q:mpR@c1", "p (capture by jumping one piece) cannot go with m", "p（隔一子吃）不能和 m", "p（隔一子吃）不能和 m"},
		{"Q:pN@c1", "N is a leap", "N 是跳", "N 是跳"},
		{"Q:K2@c1", "a K step takes no n, p or number", "K 的一步不能加 n、p 或數字", "K 的一步不能加 n、p 或数字"},
		{"Q:sF@c1", "no direction is left", "沒有剩下任何方向", "没有剩下任何方向"},
		{"Q:R@c1,c1", "c1 is named twice", "c1 寫了兩次", "c1 写了两次"},
		{"Q:R@c1;Q:N@g1", "the letter Q is another piece of yours", "字母 Q 已經是你的另一枚自創棋子", "字母 Q 已经是你的另一枚自创棋子"},
	}
	for _, c := range cases {
		_, err := testRegistry().Build("xiangqi", []string{"piece piece=" + c.def})
		var te *rules.TextError
		if !errors.As(err, &te) {
			t.Errorf("piece=%s: err = %v, want a TextError", c.def, err)
			continue
		}
		for _, l := range []struct{ got, want string }{{te.Texts.En, c.en}, {te.Texts.Hant, c.hant}, {te.Texts.Hans, c.hans}} {
			if !strings.Contains(l.got, l.want) || !strings.Contains(l.got, "piece=") {
				t.Errorf("piece=%s: %q, want %q and piece=", c.def, l.got, l.want)
			}
		}
	}
	if _, err := testRegistry().Build("xiangqi", []string{"piece piece=Q:R@c1", "piece piece=Y:R@g1"}); err == nil {
		t.Error("two piece= options accepted")
	}
}

// TestCustomPiecePlayable: a start where a general stands attacked, or Red
// has no move, is refused (the standard army shields the generals from any
// piece the notation can write, so the positions are made by hand).
func TestCustomPiecePlayable(t *testing.T) {
	v := customVariant(t, "xiangqi", "Q:R@c1")
	for fen, want := range map[string]string{
		"3k5/9/9/9/3q5/9/9/9/9/3K5 w - - 0 1":   "a general could be taken from the start",
		"5k3/9/9/9/4r4/9/9/9/2r6/3K5 w - - 0 1": "Red has no legal first move",
	} {
		w := v.Clone("test")
		w.StartFEN = fen
		if err := w.Finalize(); err != nil {
			t.Fatal(err)
		}
		if err := playable(w, "Q:R@c1"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", fen, err, want)
		}
	}
}

// TestCustomPieceGames: random games with players' pieces keep make/unmake,
// hashes and FEN read-back exact, alone and with house rules and fuhe.
func TestCustomPieceGames(t *testing.T) {
	plies := 60
	if small() {
		plies = 20
	}
	for i, opts := range [][]string{{}, {"flag"}, {"fuhe"}, {"palace-cannon", "revive-pawn"}, {"mountain-border"}} {
		def := "Q后:R+nN@c1;Y:mRpR+K@b1,h1"
		v := customVariant(t, "xiangqi", def, opts...)
		randomGameFrom(t, v, "", newRand(uint64(700+i)), plies)
	}
}

// TestCustomPieceGuideTexts: /rules explains the pieces in every language,
// each part of a code in the chat's words.
func TestCustomPieceGuideTexts(t *testing.T) {
	v := customVariant(t, "xiangqi", "Q后:mRpR+nN@c1;Y:nA+sW@b3,h3")
	g := customPieceGuide(v)
	for _, c := range []struct{ got, want string }{
		{g.En, "Q (后) starts on c1 (Black mirrored) and moves mRpR+nN: mR moves without capturing orthogonally"},
		{g.En, "pR captures orthogonally by jumping exactly one piece, like a cannon"},
		{g.En, "Y starts on b3 h3"},
		{g.En, "sW moves and captures: steps one point orthogonally (s: sideways only)"},
		{g.Hant, "自創棋子：Q（后）開局在 c1（黑方在對稱點），走法 mRpR+nN：mR：直走，步數不限，只走不吃"},
		{g.Hant, "pR：直走隔一子吃，如炮；nN：走日字（中途有子就被擋住"},
		{g.Hant, "nA：走田字"},
		{g.Hant, "sW：直走一步，可走可吃（s：只平）"},
		{g.Hans, "自创棋子：Q（后）开局在 c1（黑方在对称点），走法 mRpR+nN：mR：直走，步数不限，只走不吃"},
		{g.Hans, "nN：走日字（中途有子就被挡住，如蹩马腿"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("guide %q lacks %q", c.got, c.want)
		}
	}
	if !strings.HasPrefix(g.Hans, houseGuides["piece"].Hans+"\n") {
		t.Errorf("guide %q does not start with the option's own", g.Hans)
	}
}
