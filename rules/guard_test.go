package rules_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// TestGuardAgreesWithMake plays random games of every variant and option and
// checks in every position that the legal moves found with the guard's shortcuts
// (legality without Make, exposes) are exactly those found by making every move.
func TestGuardAgreesWithMake(t *testing.T) {
	reg := testRegistry()
	type game struct {
		slug    string
		opts    []string
		answers [2]string
	}
	plies, games := 120, 4
	if !testsize.Long() {
		plies, games = 60, 1
	}
	builds := map[string]*rules.Variant{"jieqi-like": jieqiLike(t)}
	for _, c := range []game{
		{"jieqi-like", nil, [2]string{}},
		{"xiangqi", nil, [2]string{}},
		{"jinchan", nil, [2]string{"real e0", "real g11"}},
		{"xiangqi", []string{"fuhe"}, [2]string{"a2=R i2=C", "a7=N i7=P"}},
		{"jinchan", []string{"fuhe"}, [2]string{"real g0 a2=C k2=R", "real e11 a9=P k9=N"}},
	} {
		v, err := reg.Build(c.slug, c.opts)
		if b, ok := builds[c.slug]; ok {
			v, err = b, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.Slug, func(t *testing.T) {
			t.Parallel()
			start := v.StartFEN
			if v.HasSetup() {
				if start, err = rules.ApplySecrets(v, "", c.answers); err != nil {
					t.Fatal(err)
				}
			}
			for seed := 0; seed < games; seed++ {
				rnd := rand.New(rand.NewPCG(uint64(seed), 7))
				g, err := rules.NewGame(v, start)
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < plies && !g.Outcome().Over; i++ {
					p := g.Position()
					fast, slow := p.LegalMoves(nil), rules.LegalMovesSlow(p)
					if !sameMoves(fast, slow) {
						t.Fatalf("%s: guard %v, plain %v", p.FEN(), texts(p, fast), texts(p, slow))
					}
					if err := g.Play(fast[rnd.IntN(len(fast))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// jieqiLike is xiangqi with every piece but the generals face down, moving and
// attacking as the piece of its start point until it moves (then it is face up):
// the shape of jieqi, built here from the core's parts only.
func jieqiLike(t *testing.T) *rules.Variant {
	v := variants.Xiangqi()
	v.Slug = "jieqi-like"
	v.FaceDownAs = map[string]byte{}
	b := v.Board
	x, _ := testRegistry().Get("xiangqi")
	start, err := rules.NewPosition(x, variants.XiangqiStart)
	if err != nil {
		t.Fatal(err)
	}
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := start.At(sq); !pc.Empty() && pc.Kind() != variants.King {
			v.FaceDownAs[b.Name(sq)] = v.Kinds[pc.Kind()].Letter
		}
	}
	// The true kinds are shuffled among a side's pieces: here simply rotated.
	v.StartFEN = "*r*n*b*a*k*a*b*n*r/9/1*c5*c1/*p1*p1*p1*p1*p/9/9/*P1*P1*P1*P1*P/1*C5*C1/9/*R*N*B*A*K*A*B*N*R w - - 0 1"
	v.StartFEN = strings.NewReplacer("*k", "k", "*K", "K", "*r", "*c", "*c", "*r", "*R", "*P", "*P", "*R").Replace(v.StartFEN)
	for i := range v.Kinds {
		v.Kinds[i].StandZone = "" // a face-down piece's true kind may stand anywhere
		v.Kinds[i].Max = 0
	}
	v.Modules = []rules.Module{turnUp{}}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

// turnUp turns a face-down piece face up when it moves.
type turnUp struct{}

func (turnUp) ModuleName() string { return "test-turn-up" }
func (turnUp) AttackNeutral()     {}

func (turnUp) AfterMove(p *rules.Position, m rules.Move) {
	if m.To >= 0 {
		if pc := p.At(m.To); pc.FaceDown() {
			p.Set(m.To, pc.WithFaceDown(false))
		}
	}
}

func sameMoves(a, b []rules.Move) bool {
	count := map[rules.Move]int{}
	for _, m := range a {
		count[m]++
	}
	for _, m := range b {
		count[m]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

func texts(p *rules.Position, ms []rules.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, rules.FormatCoord(p, m))
	}
	slices.Sort(out)
	return out
}
