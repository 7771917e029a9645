package variants

import (
	"errors"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// The boards of seed 004 (locales/boards.*.yaml) in every language.

// TestBoardsRefusalsInEveryLanguage: each module's refusals come in English,
// traditional and simplified Chinese, each in its own script.
func TestBoardsRefusalsInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		slug, fen, move string
		want            rules.Texts
	}{
		{"jujiang", JujiangStart, "a4b4", rules.Texts{
			En:   "the giant shifts its whole block exactly two points left, right, up or down onto the next block (a4c4)",
			Hant: "巨帥整塊向左、右、上或下平移正好兩點，移到相鄰的一塊（a4c4）",
			Hans: "巨帅整块向左、右、上或下平移正好两点，移到相邻的一块（a4c4）"}},
		{"jujiang", "5k7/13/13/2GG9/2GG9/13/13/13/13/6K6 w", "c5a5", rules.Texts{
			En:   "the giant's new block would need the point a6, which is not on this board",
			Hant: "巨帥移到的新塊需要 a6 這一點，但本棋盤沒有這個點",
			Hans: "巨帅移到的新块需要 a6 这一点，但本棋盘没有这个点"}},
		{"changhe", "4k7g5/18/18/18/18/6B11/18/8B9/18/3K9G4 w", "i2k4", rules.Texts{
			En:   "an elephant stays in its own colour's quarter: it crosses neither the long river nor the inner river",
			Hant: "相只能留在本色的四分之一棋盤內：既不能過長河，也不能過內河",
			Hans: "相只能留在本色的四分之一棋盘内：既不能过长河，也不能过内河"}},
		{"shenniu", "5k3/9/9/9/9/9/9/R8/O7O/3K5 w", "a1b3&i1h3", rules.Texts{
			En:   "one ox makes a 日 leap (one and two points) and the other a 目 leap (one and three points)",
			Hant: "一頭牛走日（一二），另一頭走目（一三）",
			Hans: "一头牛走日（一二），另一头走目（一三）"}},
		{"shanhe", "y3k6/11/11/11/11/11/3p7/11/11/Y2B1K5 w", "d0f2", rules.Texts{
			En:   "your elephants are bound: an enemy piece stands on your function point d3",
			Hant: "你的相被定住了：敵子佔住了你的功能點 d3",
			Hans: "你的相被定住了：敌子占住了你的功能点 d3"}},
		{"luzhan", "11/11/6j4/5g5/4ggg4/11/11/11/11/5S5/4J6/11 w", "f2f7", rules.Texts{
			En: "a division (師) may not capture a piece with 3 or more supporters: " +
				"the visible piece on f7 has 3 visible neighbours of its side (g7, e7, f8)",
			Hant: "師不能吃有 3 個或以上保護的棋：f7 的明棋四周有 3 個同方明棋（g7, e7, f8）",
			Hans: "师不能吃有 3 个或以上保护的棋：f7 的明棋四周有 3 个同方明棋（g7, e7, f8）"}},
		{"luzhan", "11/11/6j4/11/11/11/11/11/3S7/11/4J6/4DF5 w", "d3d0", rules.Texts{
			En:   "your pieces never enter your own last-defense line",
			Hant: "己方棋子不能進入己方的最後防線",
			Hans: "己方棋子不能进入己方的最后防线"}},
		{"disandai", "1P3k3/9/9/9/7r1/9/9/9/9/4K4 w - - 0 1 backs=b9=R", "a9!", rules.Texts{
			En:   "a flip is allowed for a soldier on the enemy base line, a misflipped soldier, and the last advisor, elephant, chariot, horse or cannon of a side",
			Hant: "只有到達敵方底線的兵、翻錯的兵，以及一方最後一枚的仕、相、車、馬、炮可以翻",
			Hans: "只有到达敌方底线的兵、翻错的兵，以及一方最后一枚的仕、相、车、马、炮可以翻"}},
	} {
		p := mustPosition(t, mustVariant(t, c.slug), c.fen)
		_, err := rules.ParseMove(p, c.move)
		var ie *rules.IllegalMoveError
		if !errors.As(err, &ie) {
			t.Errorf("%s %s: error %v, want a refusal", c.slug, c.move, err)
			continue
		}
		if ie.Texts != c.want {
			t.Errorf("%s %s:\n got %+v\nwant %+v", c.slug, c.move, ie.Texts, c.want)
		}
		if ie.Reason != c.want.En {
			t.Errorf("%s %s: reason %q, want the English text", c.slug, c.move, ie.Reason)
		}
	}
}

// TestBoardsFENFieldsInEveryLanguage: a FEN field a player types in /new
// that a module cannot read is refused in every language.
func TestBoardsFENFieldsInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		slug, fen string
		want      rules.Texts
	}{
		{"luzhan", "11/11/6j4/11/11/11/11/11/3S7/11/4J6/4DF5 w - - 0 1 flagtaken=x", rules.Texts{
			En: "flagtaken=x: want w or b", Hant: "flagtaken=x：應為 w 或 b", Hans: "flagtaken=x：应为 w 或 b"}},
		{"disandai", "1P3k3/9/9/9/7r1/9/9/9/9/4K4 w - - 0 1 backs=b9=Q", rules.Texts{
			En:   "backs: b9: a soldier's back is one of R N B A C",
			Hant: "backs：b9：兵的背面只能是 R N B A C 之一",
			Hans: "backs：b9：兵的背面只能是 R N B A C 之一"}},
		{"shenniu", "5k3/9/9/9/9/9/9/9/O8/3K5 w", rules.Texts{
			En:   "Red has one ox: the oxen are lost together, so a side has two or none",
			Hant: "紅方只有一頭牛：兩頭牛同失同存，每方只能有兩頭或沒有",
			Hans: "红方只有一头牛：两头牛同失同存，每方只能有两头或没有"}},
	} {
		_, err := rules.NewPosition(mustVariant(t, c.slug), c.fen)
		var te *rules.TextError
		if !errors.As(err, &te) {
			t.Errorf("%s %q: error %v, want one in every language", c.slug, c.fen, err)
			continue
		}
		if te.Texts != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.slug, te.Texts, c.want)
		}
	}
}

// boardsGame starts a game of the variant slug from fen.
func boardsGame(t *testing.T, slug, fen string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(mustVariant(t, slug), fen)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBoardsAnnouncementsInEveryLanguage: a captured hidden piece, a flip,
// a goal and a player's private notes come in every language, the English
// being the fact's Text.
func TestBoardsAnnouncementsInEveryLanguage(t *testing.T) {
	g := boardsGame(t, "luzhan", "3ddfz4/11/6j4/3WW6/11/11/5S5/11/11/11/4J6/11 w")
	playAll(t, g, "f5f11")
	facts := g.Report().Facts
	if len(facts) != 1 || facts[0].Texts.Hant != "f11 的暗棋是黑方的軍旗：被師吃掉了。" ||
		facts[0].Texts.Hans != "f11 的暗棋是黑方的军旗：被师吃掉了。" || facts[0].Text != facts[0].Texts.En ||
		facts[0].Text != "The hidden piece on f11 was Black's flag (軍旗): taken by the division (師)." {
		t.Errorf("luzhan facts %+v", facts)
	}
	if o := g.Outcome(); o.DetailTexts.Hans != "吃掉敌方军旗" || o.Detail != o.DetailTexts.En {
		t.Errorf("luzhan outcome %+v", o)
	}

	g = boardsGame(t, "disandai", "1P3k3/9/9/9/7r1/9/9/9/9/3AKA3 w - - 0 1 backs=b9=R,d0=K")
	if n := g.Position().NoteTexts(rules.Red); n.En != "Your backs: 仕 d0: 帥, 仕 f0: 臣" ||
		n.Hant != "你的背面：仕 d0：帥，仕 f0：臣" || n.Hans != "你的背面：仕 d0：帅，仕 f0：臣" {
		t.Errorf("disandai notes %+v", n)
	}
	playAll(t, g, "b9!")
	facts = g.Report().Facts
	if len(facts) != 1 || facts[0].Texts.Hant != "紅方在不對應的點上翻 b9 的兵：背面是車；下一步必須翻回（b9!）。" ||
		facts[0].Texts.Hans != "红方在不对应的点上翻 b9 的兵：背面是车；下一步必须翻回（b9!）。" ||
		facts[0].Text != "Red flips the soldier on b9 on a wrong point: its back is a chariot (車); it must flip back next move (b9!)." {
		t.Errorf("disandai facts %+v", facts)
	}
}

// TestBoardsZonesHaveTexts: every zone the pieces of these variants are held
// to has its words in every language (the chat's own words cover palace, own
// and crossed), so a Chinese refusal never shows a zone's English name.
func TestBoardsZonesHaveTexts(t *testing.T) {
	chat := map[string]bool{"palace": true, "own": true, "crossed": true}
	for _, slug := range []string{"jujiang", "changhe", "yizhi", "shenniu", "shanhe", "luzhan", "disandai"} {
		v := mustVariant(t, slug)
		for _, k := range v.Kinds {
			for _, a := range k.Atoms {
				for _, z := range []string{a.From, a.To} {
					if z == "" || chat[z] {
						continue
					}
					zt := v.Board.ZoneTexts[z]
					if zt.En == "" || zt.Hant == "" || zt.Hans == "" || zt.Hant == zt.En || zt.Hans == zt.En {
						t.Errorf("%s: the %s's zone %q has no words in every language: %+v", slug, k.Name, z, zt)
					}
				}
			}
		}
	}
}
