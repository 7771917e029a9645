package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of "Example of the Glicko-2 system":
// a 1500/200/0.06 player beats a 1400/30 and loses to a 1550/100 and a 1700/300,
// with τ = 0.5. The paper prints μ' = −0.2069, φ' = 0.8722 and σ' = 0.05999 on the
// Glicko-2 scale, then r' = 1464.06 and RD' = 151.52. It computes r' from the
// rounded μ' (exactly, r' = 1464.0507) and writes σ' = 0.059996 cut to five
// places, so the test holds the Glicko-2 values to half a unit of their last
// printed digit, and r', RD' and σ' to one unit.
func TestGlickmanExample(t *testing.T) {
	s := System{Tau: 0.5}
	got, err := s.Update(Rating{1500, 200, 0.06}, []Result{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, got, want, prec float64) {
		t.Helper()
		if math.Abs(got-want) > prec/2 {
			t.Errorf("%s = %.6f, want %v (to ±%v)", name, got, want, prec/2)
		}
	}
	check("μ'", (got.Rating-DefaultRating)/scale, -0.2069, 0.0001)
	check("φ'", got.Deviation/scale, 0.8722, 0.0001)
	check("rating", got.Rating, 1464.06, 0.02)
	check("deviation", got.Deviation, 151.52, 0.02)
	check("volatility", got.Volatility, 0.05999, 0.00002)
}

// TestIdleWidensDeviation: step 6 alone for a period without games.
func TestIdleWidensDeviation(t *testing.T) {
	got, err := System{Tau: 0.5}.Update(Rating{1500, 200, 0.06}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(200*200/(scale*scale)+0.06*0.06) * scale
	if got.Rating != 1500 || math.Abs(got.Deviation-want) > 1e-9 || got.Volatility != 0.06 {
		t.Errorf("idle period: %+v, want rating 1500, RD %.4f", got, want)
	}
}

func TestBadScore(t *testing.T) {
	p := New()
	for _, score := range []float64{-0.5, 1.5, math.NaN()} {
		got, err := System{Tau: 0.5}.Update(p, []Result{{Opponent: New(), Score: score}})
		if err != ErrBadScore || got != p {
			t.Errorf("score %v: %+v, %v; want the rating unchanged and ErrBadScore", score, got, err)
		}
	}
}

// TestSeason plays a season of rating periods among four players of fixed
// strength (A beats everyone, B beats C and D, C beats D, draws between
// neighbours in a fifth of the games): the ratings end in strength order, the
// deviations shrink from 350 and leave the provisional range, and a draw
// between equals changes neither rating.
func TestSeason(t *testing.T) {
	s := System{Tau: 0.5}
	players := []Rating{New(), New(), New(), New()}
	game := 0
	for period := 0; period < 12; period++ {
		results := make([][]Result, len(players))
		for i := range players {
			for j := i + 1; j < len(players); j++ {
				score := 1.0 // the stronger (lower index) wins
				if j == i+1 && game%5 == 0 {
					score = 0.5
				}
				game++
				results[i] = append(results[i], Result{Opponent: players[j], Score: score})
				results[j] = append(results[j], Result{Opponent: players[i], Score: 1 - score})
			}
		}
		next := make([]Rating, len(players))
		for i, p := range players {
			r, err := s.Update(p, results[i])
			if err != nil {
				t.Fatal(err)
			}
			next[i] = r
		}
		players = next
	}
	for i := 1; i < len(players); i++ {
		if players[i].Rating >= players[i-1].Rating {
			t.Errorf("player %d (%.0f) is not below player %d (%.0f)", i, players[i].Rating, i-1, players[i-1].Rating)
		}
	}
	for i, p := range players {
		if p.Provisional() || p.Deviation >= DefaultDeviation {
			t.Errorf("player %d still provisional after a season: %+v", i, p)
		}
	}
	a, b := New(), New()
	ra, _ := s.Update(a, []Result{{Opponent: b, Score: 0.5}})
	if math.Abs(ra.Rating-1500) > 1e-9 {
		t.Errorf("a draw between equals moved the rating to %.4f", ra.Rating)
	}
}
