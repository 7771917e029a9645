package bot

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rating"
	"github.com/chuhe/chuhe/storage"
)

// TestRatingPools: a house rule stays in the variant's pool; an option that
// changes the game makes its own, the same whatever the order of options.
func TestRatingPools(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		slug string
		opts []string
		want string
	}{
		{"xiangqi", nil, "xiangqi"},
		{"xiangqi", []string{"kill-horse"}, "xiangqi"},
		{"xiangqi", []string{"flag", "river-elephant"}, "xiangqi"},
		{"xiangqi", []string{"fuhe"}, "xiangqi+fuhe"},
		{"xiangqi", []string{"fuhe menu=RC", "kill-horse"}, "xiangqi+fuhe,menu=RC"},
		{"xiangqi", []string{"mountain-border"}, "xiangqi+mountain-border"},
		{"banqi", []string{"dark-capture", "chain"}, "banqi+chain+dark-capture"},
		{"zhanju", nil, "zhanju"},
	} {
		if got := h.svc.poolOf(&storage.Game{Variant: c.slug, Options: c.opts}); got != c.want {
			t.Errorf("pool of %s %v = %q, want %q", c.slug, c.opts, got, c.want)
		}
	}
}

// TestRatingShown: ratings are rounded, provisional ones marked.
func TestRatingShown(t *testing.T) {
	for _, c := range []struct {
		r    rating.Rating
		want string
	}{
		{rating.New(), "1500?"},
		{rating.Rating{Rating: 1712.6, Deviation: 110}, "1713"},
		{rating.Rating{Rating: 1712.4, Deviation: 110.5}, "1712?"},
	} {
		if got := showRating(c.r); got != c.want {
			t.Errorf("showRating(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
	for d, want := range map[float64]string{12.4: "+12", -7.6: "−8", 0.3: "±0"} {
		if got := signed(d); got != want {
			t.Errorf("signed(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestRatingSeason plays a short season through the bot (colours changing,
// wins, a draw, a loss) and checks the stored ratings against the rating
// package run by hand, game by game: the bot gives it the right scores from
// the right sides.
func TestRatingSeason(t *testing.T) {
	h := newHarness(t)
	type game struct {
		red, black string
		result     string // "red", "black", "draw"
	}
	season := []game{
		{"alice", "bob", "red"}, {"bob", "alice", "red"}, {"alice", "carol", "draw"},
		{"carol", "bob", "black"}, {"bob", "alice", "black"}, {"alice", "bob", "draw"},
	}
	want := map[string]rating.Rating{}
	get := func(p string) rating.Rating {
		if r, ok := want[p]; ok {
			return r
		}
		return rating.New()
	}
	for i, g := range season {
		id := gameIDIn(t, h.say(g.red, "/new xiangqi @"+g.black+" side=red"))
		h.say(g.black, "/accept "+id)
		for j, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"} {
			who := g.red
			if j%2 == 1 {
				who = g.black
			}
			h.say(who, "/m #"+id+" "+m)
		}
		score := 0.5
		switch g.result {
		case "red":
			h.say(g.black, "/resign #"+id+" yes")
			score = 1
		case "black":
			h.say(g.red, "/resign #"+id+" yes")
			score = 0
		default:
			h.say(g.red, "/draw #"+id)
			h.say(g.black, "/draw #"+id+" yes")
		}
		r, b := get(g.red), get(g.black)
		nr, err1 := glicko.Update(r, []rating.Result{{Opponent: b, Score: score}})
		nb, err2 := glicko.Update(b, []rating.Result{{Opponent: r, Score: 1 - score}})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		want[g.red], want[g.black] = nr, nb
		if st, _ := h.store.Game(context.Background(), id); st.Status != storage.StatusFinished {
			t.Fatalf("game %d (#%s) did not finish: %s", i, id, st.Status)
		}
	}
	rs, err := h.store.Ratings(context.Background(), "xiangqi", storage.ScopeGlobal)
	if err != nil || len(rs) != 3 {
		t.Fatalf("ratings: %v, %v", rs, err)
	}
	for _, r := range rs {
		w := want[strings.TrimPrefix(r.Player, "test/")]
		if math.Abs(r.Rating-w.Rating) > 1e-9 || math.Abs(r.Deviation-w.Deviation) > 1e-9 || math.Abs(r.Volatility-w.Volatility) > 1e-12 {
			t.Errorf("%s: stored %.4f/%.4f/%.6f, by hand %.4f/%.4f/%.6f", r.Player, r.Rating, r.Deviation, r.Volatility, w.Rating, w.Deviation, w.Volatility)
		}
	}
}
