package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestHeshanTexts: heshan's texts come from its part files
// (locales/heshan.LANG.yaml) in every language: the guide, a refusal, and the
// flag capture named in the result.
func TestHeshanTexts(t *testing.T) {
	v := Heshan()
	if v.Guide.En == "" || v.Guide.Hant == "" || v.Guide.Hans == "" || v.Guide.Hant == v.Guide.En {
		t.Errorf("guide not in every language: %+v", v.Guide)
	}
	g, err := rules.NewGame(v, "6k4/11/11/11/11/11/11/11/11/R3K6 w - - 0 1 flags=20,21")
	if err != nil {
		t.Fatal(err)
	}
	_, err = rules.ParseMove(g.Position(), "FF")
	ie, ok := err.(*rules.IllegalMoveError)
	if !ok {
		t.Fatalf("FF: %v", err)
	}
	if why := ie.Texts; why.Hant != "只有敵旗緊跟在你的旗後面時，FF 才能讓你的旗走兩格（你的旗在第 20 格，敵旗在第 21 格）" || why.Hans == why.Hant {
		t.Errorf("FF refused with %+v", ie.Texts)
	}
	g, err = rules.NewGame(v, "6k4/11/11/11/4r6/11/11/11/11/4K6 w - - 0 1 flags=20,21")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "F+e0f0")
	if o := g.Outcome(); o.DetailTexts != (rules.Texts{En: "flag captured", Hant: "吃掉敵旗", Hans: "吃掉敌旗"}) || o.Detail != "flag captured" {
		t.Errorf("outcome %+v", o)
	}
}
