package bot

import (
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
