package variants

import (
	"errors"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// textRow is a move a module refuses, and its reason in every language.
type textRow struct {
	name string
	v    func(t *testing.T) *rules.Variant
	fen  string
	move string
	want rules.Texts
}

// TestStratagemAndOuyaRefusalsInEveryLanguage: the modules' refusals reach the
// player in English, traditional and simplified Chinese, with pieces named in
// each script (the 連 and 壳 of simplified), counts and squares filled in.
func TestStratagemAndOuyaRefusalsInEveryLanguage(t *testing.T) {
	strat := func(codes ...string) func(t *testing.T) *rules.Variant {
		return func(t *testing.T) *rules.Variant { return stratVariant(t, codes...) }
	}
	ouya := func(*testing.T) *rules.Variant { return Ouya() }
	rows := []textRow{
		{name: "連 jumps a piece twice", v: strat("LA"), fen: "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", move: "c4e4c4",
			want: rules.Texts{
				En:   "no piece may be jumped twice in one move: the 卒 on d4",
				Hant: "同一步中不能兩次跳過同一枚棋子：d4 的卒",
				Hans: "同一步中不能两次跳过同一枚棋子：d4 的卒"}},
		{name: "殼 lands on a piece", v: strat("QO"), fen: "5k3/9/9/6r2/4pn3/3pX4/9/9/9/3K5 w", move: "e4g6",
			want: rules.Texts{
				En:   "the 殼 jumps only to an empty point and never captures: g6 is occupied",
				Hant: "殼只能跳到空點，不能吃子：g6 已有棋子",
				Hans: "壳只能跳到空点，不能吃子：g6 已有棋子"}},
		{name: "遠 with two targets", v: strat("YA"), fen: "5k3/9/1n7/9/9/1X3n3/9/9/9/3K5 w", move: "b4b7",
			want: rules.Texts{
				En:   "2 of the 遠's targets are 馬 pieces: with two or more it cannot take a 馬",
				Hant: "遠的目標中有 2 枚馬：兩枚以上時就不能吃馬",
				Hans: "远的目标中有 2 枚马：两枚以上时就不能吃马"}},
		{name: "樹 on file e", v: strat("SU"), fen: "5k3/9/9/9/9/9/9/9/2X6/3K5 w", move: "c1e1",
			want: rules.Texts{
				En:   "the 樹 never stops on file e",
				Hant: "樹不能停在中線（e 路）",
				Hans: "树不能停在中线（e 路）"}},
		{name: "柱 displacement", v: strat("ZU"), fen: "5k3/9/9/9/2R6/9/9/2X6/9/3K5 w", move: "c2e2+c5f5",
			want: rules.Texts{
				En:   "the linked piece moves by the 柱's displacement, the same direction and number of points: c5e5, not c5f5",
				Hant: "被聯動的棋要和柱走同樣的方向、同樣的格數：應是 c5e5，不是 c5f5",
				Hans: "被联动的棋要和柱走同样的方向、同样的格数：应是 c5e5，不是 c5f5"}},
		{name: "美 across the river", v: strat("ME"), fen: "9/4k4/9/9/X8/9/4P4/9/9/4K4 b", move: "e8e9",
			want: rules.Texts{
				En:   "the enemy 美 on a5 stands in your half: your general may move only sideways",
				Hant: "對方的美在 a5，已進入你的半場：你的將帥只能橫走",
				Hans: "对方的美在 a5，已进入你的半场：你的将帅只能横走"}},
		{name: "chess pawn takes straight", v: ouya, fen: "4k4/9/9/3p5/2PP5/9/9/9/4K4 w", move: "d5d6",
			want: rules.Texts{
				En:   "a chess pawn takes only one square diagonally forward, never straight ahead",
				Hant: "國際象棋的兵只能斜向前一格吃子，不能直吃",
				Hans: "国际象棋的兵只能斜向前一格吃子，不能直吃"}},
		{name: "shogi lance must promote", v: ouya, fen: "4k4/9/9/9/9/2p1l1n2/9/9/K8 b", move: "L-e1",
			want: rules.Texts{
				En:   "the lance must promote there (it could never move again): write L-e1+",
				Hant: "香走到那裡必須升變（否則再也不能走）：請寫 L-e1+",
				Hans: "香走到那里必须升变（否则再也不能走）：请写 L-e1+"}},
		{name: "castling out of check", v: ouya, fen: "4k4/9/9/9/9/9/9/4r4/R3K2R1 w", move: "e1c1",
			want: rules.Texts{
				En:   "the king may not castle out of check",
				Hant: "王被將軍時不能易位",
				Hans: "王被将军时不能易位"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, err := rules.ParseMove(mustPosition(t, r.v(t), r.fen), r.move)
			var ie *rules.IllegalMoveError
			if !errors.As(err, &ie) {
				t.Fatalf("%s: %v, want a refusal", r.move, err)
			}
			if ie.Texts != r.want {
				t.Errorf("%s:\n got %+v\nwant %+v", r.move, ie.Texts, r.want)
			}
			if ie.Reason != r.want.En {
				t.Errorf("%s: Reason %q, want the English text", r.move, ie.Reason)
			}
		})
	}
}

// TestStratagemCountsInPluralForms: a count of points is in CLDR plural forms.
func TestStratagemCountsInPluralForms(t *testing.T) {
	piece := rules.Texts{En: "the 車 on c5", Hant: "c5 的車", Hans: "c5 的车"}
	for _, c := range []struct {
		n    int
		want rules.Texts
	}{
		{1, rules.Texts{En: "after the 車 on c5 moves, the 柱 cannot go 1 point that way",
			Hant: "c5 的車走了之後，柱不能朝那個方向走 1 格", Hans: "c5 的车走了之后，柱不能朝那个方向走 1 格"}},
		{3, rules.Texts{En: "after the 車 on c5 moves, the 柱 cannot go 3 points that way",
			Hant: "c5 的車走了之後，柱不能朝那個方向走 3 格", Hans: "c5 的车走了之后，柱不能朝那个方向走 3 格"}},
	} {
		if got := say("strat.pillar.after", piece, c.n); got != c.want {
			t.Errorf("%d points:\n got %+v\nwant %+v", c.n, got, c.want)
		}
	}
}

// TestStratagemAnnouncementsInEveryLanguage: what a move did (a general turned
// face-down under a 釜, pieces frozen by it) is said in every language, pieces
// by their faces.
func TestStratagemAnnouncementsInEveryLanguage(t *testing.T) {
	v := stratVariant(t, "FU")
	g, err := rules.NewGame(v, "4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "d0d0")
	var got []rules.Texts
	for _, f := range g.Report().Facts {
		if f.What == "facedown" {
			got = append(got, f.Texts)
			if f.Text != f.Texts.En {
				t.Errorf("Text %q, want the English of Texts %q", f.Text, f.Texts.En)
			}
		}
	}
	want := rules.Texts{
		En:   "Red turns its general face-down: no enemy 釜 on its own centre freezes its pieces now, but the general stays where it is",
		Hant: "紅方把將帥翻成背面：對方在自己九宮中心的釜不再凍結它的棋子，但將帥留在原地不能走",
		Hans: "红方把将帅翻成背面：对方在自己九宫中心的釜不再冻结它的棋子，但将帅留在原地不能走",
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("facts after d0d0: %+v, want one %+v", got, want)
	}

	// A 釜 reaching its own centre freezes the chariot in its half: the side,
	// the point and the pieces, each in its place in each language.
	g, err = rules.NewGame(v, "4k4/9/R2ax4/6P2/9/9/9/9/9/3K5 b")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "e7e8")
	want = rules.Texts{
		En:   "Red may not move these while the 釜 on e8 stands: chariot a7",
		Hant: "e8 的釜還在，紅方不能走這些棋子：a7 車",
		Hans: "e8 的釜还在，红方不能走这些棋子：a7 车",
	}
	if f := g.Report().Facts; len(f) != 1 || f[0].What != "frozen" || f[0].Texts != want {
		t.Errorf("facts after e7e8: %+v, want one frozen %+v", f, want)
	}
}

// TestStratagemFieldErrorsInEveryLanguage: a FEN field a player types wrong in
// /new is refused with a text in every language (a rules.TextError).
func TestStratagemFieldErrorsInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		v    *rules.Variant
		fen  string
		want rules.Texts
	}{
		{stratVariant(t, "DI"), "3k5/9/9/9/9/9/9/9/2X6/3K5 w lured=e5", rules.Texts{
			En:   "lured=e5: want the points of generals lured out of their palace, like f6",
			Hant: "lured=e5：應寫被調出九宮的將帥的位置，例如 f6",
			Hans: "lured=e5：应写被调出九宫的将帅的位置，例如 f6"}},
		{Ouya(), "4k4/9/9/9/9/9/9/9/R3K2R1 w castle=X", rules.Texts{
			En:   `castling rights "X": want K, Q, KQ or -`,
			Hant: `易位權 "X"：應寫 K、Q、KQ 或 -`,
			Hans: `易位权 "X"：应写 K、Q、KQ 或 -`}},
	} {
		_, err := rules.NewPosition(c.v, c.fen)
		var te *rules.TextError
		if !errors.As(err, &te) {
			t.Errorf("%s: %v, want a TextError inside", c.fen, err)
			continue
		}
		if te.Texts != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.fen, te.Texts, c.want)
		}
	}
}

// TestOuyaShogiMovesHaveTexts: every shogi kind's movement is a key the locale
// files hold (the keys are data, so TestVariantTexts cannot see them).
func TestOuyaShogiMovesHaveTexts(t *testing.T) {
	for letter, key := range shogiMoves {
		if !texts.Has(key) {
			t.Errorf("%c: no text %s", letter, key)
		}
	}
	for _, key := range []string{"strat.tree.centre", "strat.tree.river", "strat.tree.file_e"} {
		if !texts.Has(key) {
			t.Errorf("treeMay's %s has no text", key)
		}
	}
}
