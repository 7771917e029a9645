// Package rating computes player ratings with Mark Glickman's Glicko-2 system
// ("Example of the Glicko-2 system", 2022 revision of the 2012 text). It knows
// nothing of games or chats: the bot gives it results and stores what it returns.
package rating

import (
	"errors"
	"math"
)

// The scale of Glicko-2: ratings are shown on the Glicko scale (1500 ± ...) and
// computed on the Glicko-2 scale, μ = (r − 1500)/173.7178.
const (
	scale = 173.7178
	// DefaultRating, DefaultDeviation and DefaultVolatility are an unrated
	// player's values, as the paper recommends.
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	// convergence is ε of step 5.
	convergence = 0.000001
)

// Rating is one player's rating in one pool.
type Rating struct {
	Rating     float64 // r, Glicko scale
	Deviation  float64 // RD, Glicko scale
	Volatility float64 // σ
}

// New is the rating of a player who has not played.
func New() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still too uncertain to be compared
// (lichess's threshold: a deviation above 110).
func (r Rating) Provisional() bool { return r.Deviation > 110 }

// Result is one game of a rating period against one opponent, from the rated
// player's side: Score 1 for a win, 0.5 a draw, 0 a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// System holds the constant τ, which bounds how much the volatility may change
// in one period (the paper suggests 0.3 to 1.2).
type System struct{ Tau float64 }

// ErrBadScore is returned for a score outside [0, 1].
var ErrBadScore = errors.New("rating: a score must be 0, 0.5 or 1 (or in between)")

// Update returns the player's rating after a rating period with the given
// results (steps 2 to 8 of the paper). A period without results only widens
// the deviation (step 6).
func (s System) Update(player Rating, results []Result) (Rating, error) {
	mu := (player.Rating - DefaultRating) / scale
	phi := player.Deviation / scale
	sigma := player.Volatility
	if len(results) == 0 {
		return Rating{
			Rating:     player.Rating,
			Deviation:  math.Sqrt(phi*phi+sigma*sigma) * scale,
			Volatility: sigma,
		}, nil
	}
	// Step 3 and 4: the estimated variance v and the improvement Δ.
	var invV, sum float64
	for _, res := range results {
		if res.Score < 0 || res.Score > 1 || math.IsNaN(res.Score) {
			return player, ErrBadScore
		}
		muJ := (res.Opponent.Rating - DefaultRating) / scale
		phiJ := res.Opponent.Deviation / scale
		g := g(phiJ)
		e := expected(mu, muJ, g)
		invV += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigmaNew := s.volatility(phi, v, delta, sigma)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{
		Rating:     muNew*scale + DefaultRating,
		Deviation:  phiNew * scale,
		Volatility: sigmaNew,
	}, nil
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muJ))) }

// volatility solves f(x) = 0 of step 5 for x = ln σ'² and returns σ'.
func (s System) volatility(phi, v, delta, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	tau2 := s.Tau * s.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	// The Illinois variant of regula falsi converges in a handful of steps; the
	// bound only guards against a NaN from absurd inputs.
	for i := 0; math.Abs(B-A) > convergence && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
