package variants

import "testing"

// TestBoards3WithFuhe: heshan, yizhi, shenniu and shanhe take the face-down
// reserves of fuhe (an option of any xiangqi-family game) and play random games
// with them: secrets dealt, flips, their own special moves.
func TestBoards3WithFuhe(t *testing.T) {
	r := testRegistry()
	for i, slug := range []string{"heshan", "yizhi", "shenniu", "shanhe"} {
		t.Run(slug, func(t *testing.T) {
			v, err := r.Build(slug, []string{"fuhe"})
			if err != nil {
				t.Fatal(err)
			}
			playRandomGames(t, v, uint64(40+10*i), 3, 100)
		})
	}
}
