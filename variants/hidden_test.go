package variants

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Leak tests (DESIGN.md "hidden information"): two positions that differ only in
// hidden identities (which general is real; which kinds lie face down) must look
// the same to the public in every way the bot can show them: the public view and
// its FEN, the text of every legal move and the list of them, every refusal, the
// facts a move announces and the outcome.

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// twin is a way to swap hidden identities in a server FEN; ok=false when the
// position has nothing of that kind hidden.
type twin struct {
	name string
	swap func(fen string) (string, bool)
}

// swapGenerals swaps the real general and the decoy of the given sides (K and D
// are the two letters of the side's generals while it has not revealed).
func swapGenerals(sides ...rules.Side) twin {
	return twin{name: fmt.Sprint("generals of ", sides), swap: func(fen string) (string, bool) {
		board, rest, _ := strings.Cut(fen, " ")
		for _, s := range sides {
			k, d := "K", "D"
			if s == rules.Black {
				k, d = "k", "d"
			}
			if !strings.Contains(board, d) {
				return "", false
			}
			board = strings.NewReplacer(k, d, d, k).Replace(board)
		}
		return board + " " + rest, true
	}}
}

// swapFaceDown gives every face-down piece another kind of the menu.
func swapFaceDown(menu string, shift int) twin {
	return twin{name: fmt.Sprint("face-down kinds +", shift), swap: func(fen string) (string, bool) {
		board, rest, _ := strings.Cut(fen, " ")
		b := []byte(board)
		found := false
		for i := 0; i+1 < len(b); i++ {
			if b[i] != '*' {
				continue
			}
			c := b[i+1]
			lower := c >= 'a'
			j := strings.IndexByte(menu, byte(strings.ToUpper(string(c))[0]))
			n := menu[(j+shift)%len(menu)]
			if lower {
				n += 'a' - 'A'
			}
			b[i+1] = n
			found = true
		}
		return string(b) + " " + rest, found
	}}
}

// publicFace is everything the public can learn from a position: the view, its
// FEN, the legal moves as written in every style, and the refusal of each
// candidate text.
type publicFace struct {
	View    *rules.View
	FEN     string
	Moves   map[rules.Style][]string
	Refusal map[string]string
}

func facesOf(p *rules.Position, candidates []string, history bool) publicFace {
	f := publicFace{View: p.View(rules.Public), FEN: p.PublicFEN(),
		Moves: map[rules.Style][]string{}, Refusal: map[string]string{}}
	if !history {
		// A position loaded from FEN has no last move; that is not a secret.
		f.View.LastFrom, f.View.LastTo = rules.NoSquare, rules.NoSquare
	}
	slices.Sort(f.View.InCheck)
	styles := []rules.Style{rules.StyleCoord}
	if p.Variant().XiangqiNotation {
		styles = append(styles, rules.StyleWXF, rules.StyleChinese, rules.StyleChineseSimplified)
	}
	for _, m := range p.LegalMoves(nil) {
		for _, st := range styles {
			f.Moves[st] = append(f.Moves[st], rules.FormatMove(p, m, st))
		}
	}
	for _, text := range candidates {
		_, err := rules.ParseMove(p, text)
		switch e := err.(type) {
		case nil:
			f.Refusal[text] = "legal"
		case *rules.IllegalMoveError:
			f.Refusal[text] = e.Error() + " | " + strings.Join(e.Legal, " ")
		default:
			f.Refusal[text] = err.Error()
		}
	}
	return f
}

// candidates are move texts to try on a position, picked from what the public
// sees: every piece's legal targets, random targets, and the special words.
func candidates(p *rules.Position, rnd *rand.Rand, words []string) []string {
	b := p.Variant().Board
	n := b.NumSquares()
	out := append([]string(nil), words...)
	var occupied []rules.Square
	for sq := rules.Square(0); int(sq) < n; sq++ {
		if !p.At(sq).Empty() {
			occupied = append(occupied, sq)
		}
	}
	for i := 0; i < 10; i++ {
		from := occupied[rnd.IntN(len(occupied))]
		to := rules.Square(rnd.IntN(n))
		if rnd.IntN(4) == 0 {
			to = from
		}
		out = append(out, b.Name(from)+b.Name(to))
	}
	for _, m := range p.LegalMoves(nil) {
		if rnd.IntN(8) == 0 {
			out = append(out, rules.FormatCoord(p, m))
		}
	}
	return out
}

// sameFace reports whether two twins look the same to the public.
func sameFace(t *testing.T, where string, a, b publicFace) bool {
	t.Helper()
	if a.FEN != b.FEN {
		t.Errorf("%s: public FEN differs:\n%s\n%s", where, a.FEN, b.FEN)
		return false
	}
	if !reflect.DeepEqual(a.View, b.View) {
		t.Errorf("%s: public views differ", where)
		return false
	}
	if !reflect.DeepEqual(a.Moves, b.Moves) {
		t.Errorf("%s: legal move texts differ:\n%v\n%v", where, a.Moves, b.Moves)
		return false
	}
	for text, r := range a.Refusal {
		if b.Refusal[text] != r {
			t.Errorf("%s: %s is refused differently:\n%s\n%s", where, text, r, b.Refusal[text])
			return false
		}
	}
	return true
}

// leakGames plays random games of v from starts made by secrets, and at every
// position compares the position with each twin; it also plays every twin's
// game alongside and compares facts and outcomes move by move.
func leakGames(t *testing.T, v *rules.Variant, twins []twin, words func(p *rules.Position) []string, games, plies int, seed uint64) {
	rnd := newRand(seed)
	compared := 0
	for game := 0; game < games; game++ {
		start, err := rules.ApplySecrets(v, "", [2]string{
			rules.DefaultSecret(v, "", rules.Red, rnd), rules.DefaultSecret(v, "", rules.Black, rnd)})
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGame(v, start)
		if err != nil {
			t.Fatal(err)
		}
		// Games that start as twins and see the same moves.
		var side []*rules.Game
		var sideTwins []twin
		for _, tw := range twins {
			if fen, ok := tw.swap(start); ok {
				sg, err := rules.NewGame(v, fen)
				if err != nil {
					t.Fatalf("twin start %s: %v", fen, err)
				}
				side, sideTwins = append(side, sg), append(sideTwins, tw)
			}
		}
		for ply := 0; ply < plies && !g.Outcome().Over; ply++ {
			p := g.Position()
			where := fmt.Sprintf("game %d ply %d (%s)", game, ply, p.PublicFEN())
			cands := candidates(p, rnd, words(p))
			face := facesOf(p, cands, false)
			for _, tw := range twins {
				fen, ok := tw.swap(p.FEN())
				if !ok {
					continue
				}
				q, err := rules.NewPosition(v, fen)
				if err != nil {
					t.Fatalf("%s: twin %s does not load: %v", where, fen, err)
				}
				if !sameFace(t, where+" twin "+tw.name, face, facesOf(q, cands, false)) {
					return
				}
				compared++
			}
			ms := p.LegalMoves(nil)
			m := ms[rnd.IntN(len(ms))]
			text := rules.FormatCoord(p, m)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			after := candidates(g.Position(), rnd, words(g.Position()))
			var mainFace *publicFace
			for i := 0; i < len(side); i++ {
				sg := side[i]
				sm, err := rules.ParseMove(sg.Position(), text)
				if err == nil {
					err = sg.Play(sm)
				}
				if err != nil {
					t.Fatalf("%s: %s is legal in the game but not in twin %s: %v", where, text, sideTwins[i].name, err)
				}
				if revealed(g.Report()) {
					// A reveal or flip makes the secret public: from here on the
					// twins differ in public, as they must.
					side = append(side[:i], side[i+1:]...)
					sideTwins = append(sideTwins[:i], sideTwins[i+1:]...)
					i--
					continue
				}
				if !reflect.DeepEqual(g.Report().Facts, sg.Report().Facts) || g.Outcome() != sg.Outcome() {
					t.Fatalf("%s: after %s facts or outcome differ: %+v %+v / %+v %+v", where, text,
						g.Report().Facts, g.Outcome(), sg.Report().Facts, sg.Outcome())
				}
				if mainFace == nil {
					f := facesOf(g.Position(), after, true)
					mainFace = &f
				}
				if !sameFace(t, where+" after "+text+" in twin game "+sideTwins[i].name,
					*mainFace, facesOf(sg.Position(), after, true)) {
					return
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("no twin was compared")
	}
	t.Logf("%d twin positions compared", compared)
}

func revealed(r rules.Report) bool { return len(r.Facts) > 0 }

func leakSize() (games, plies int) {
	if small() {
		return 2, 30
	}
	return 4, 60
}

func TestHiddenJinchanLeaks(t *testing.T) {
	t.Parallel()
	v := mustJinchan(t)
	games, plies := leakSize()
	words := func(p *rules.Position) []string { return []string{"reveal", "pass", "現身"} }
	leakGames(t, v, []twin{swapGenerals(rules.Red), swapGenerals(rules.Black), swapGenerals(rules.Red, rules.Black)},
		words, games, plies, 1)
}

func TestHiddenFuheLeaks(t *testing.T) {
	t.Parallel()
	v := mustFuhe(t)
	games, plies := leakSize()
	words := func(p *rules.Position) []string {
		return []string{"flip a2", "flip i2", "flip a7", "flip i7", "a2a2", "i7i7", "炮二平五", "C2.5", "R9+1", "車1進1"}
	}
	leakGames(t, v, []twin{swapFaceDown(FuheMenu, 1), swapFaceDown(FuheMenu, 3)}, words, games, plies*2, 2)
}

func TestHiddenJinchanFuheLeaks(t *testing.T) {
	t.Parallel()
	v, err := testRegistry().Build("jinchan", []string{"fuhe"})
	if err != nil {
		t.Fatal(err)
	}
	games, plies := leakSize()
	words := func(p *rules.Position) []string { return []string{"reveal", "pass", "flip a2", "k2k2", "flip a9"} }
	leakGames(t, v, []twin{swapGenerals(rules.Red), swapFaceDown(FuheMenu, 2),
		{name: "both", swap: func(fen string) (string, bool) {
			f, ok1 := swapGenerals(rules.Black).swap(fen)
			if !ok1 {
				return "", false
			}
			return swapFaceDown(FuheMenu, 1).swap(f)
		}}}, words, max(1, games/2), plies, 3)
}

// TestSecretAPI is the flow the bot follows (variants/hidden.go).
func TestSecretAPI(t *testing.T) {
	x := mustXiangqi(t)
	if c := SecretChoices(x); c != nil {
		t.Errorf("xiangqi has no secrets: %+v", c)
	}
	if fen, err := ApplySecrets(x, "", "", ""); err != nil || fen != XiangqiStart {
		t.Errorf("ApplySecrets(xiangqi) = %s, %v", fen, err)
	}
	if _, err := ApplySecrets(x, "", "real e0", ""); err != ErrNoSecrets {
		t.Errorf("answers for xiangqi: %v", err)
	}
	if DefaultSecret(x, rules.Red, newRand(1)) != "" {
		t.Error("a default secret for xiangqi")
	}
	v := mustJinchan(t)
	c := SecretChoices(v)
	if len(c) != 2 || c[0].Side != rules.Red || c[0].Example != "real e0" {
		t.Fatalf("jinchan choices %+v", c)
	}
	if err := CheckSecret(v, "", rules.Red, "real f0"); err == nil || err.Error() != "f0 is not one of your generals; say real e0 or real g0" {
		t.Errorf("CheckSecret: %v", err)
	}
	red := DefaultSecret(v, rules.Red, newRand(5))
	fen, err := ApplySecrets(v, "", red, "real g11")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ApplySecrets(v, "", red, "real f11"); err == nil || !strings.HasPrefix(err.Error(), "Black's secret: ") {
		t.Errorf("a bad Black answer: %v", err)
	}
	g, err := rules.NewGame(v, fen)
	if err != nil || g.Position().PublicFEN() != JinchanStart {
		t.Errorf("the public start of the true start: %v %s", err, g.Position().PublicFEN())
	}
}

// TestHiddenHouseFuheLeaks: every house option with fuhe keeps the face-down
// kinds secret (a face-down horse or cannon does not count for "has no horse",
// a face-down soldier not for the soldiers a side may revive).
func TestHiddenHouseFuheLeaks(t *testing.T) {
	t.Parallel()
	games, plies := leakSize()
	if small() {
		plies /= 2
	}
	for i, name := range houseNames {
		v, err := testRegistry().Build("xiangqi", []string{name, "fuhe"})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			words := func(p *rules.Position) []string {
				return []string{"flip a2", "i2i2", "pass", "P@e3", "P@a6", "P@c3", "e2c5", "d0c1", "f9g8"}
			}
			menu := FuheMenu
			if name == "mountain-border" {
				menu = "RNCP" // a0/k0 are no elephant points (fuhe.md)
			}
			leakGames(t, v, []twin{swapFaceDown(menu, 1), swapFaceDown(menu, 2)}, words,
				max(1, games/2), plies, uint64(10+i))
		})
	}
}

// TestHiddenHouseConditions: a face-down reserve never counts for a house rule's
// condition, so positions that differ only in a reserve's kind (a horse or a
// cannon face down) look the same in every legal move and refusal.
func TestHiddenHouseConditions(t *testing.T) {
	cases := []struct{ opt, fen, kinds string }{
		{"river-elephant", "4k4/9/9/9/9/9/9/*X3B3*P/9/3K5 w - - 0 1", "NC"},
		{"mission-pawn", "3k5/4P4/9/9/9/9/9/*X7*P/9/4K4 w - - 0 1", "RC"},
		{"royal-advisor", "4k4/9/9/9/9/9/9/*X2A4*P/9/5K3 w - - 0 1", "CN"},
		{"dragon-advisor", "4k4/9/9/9/9/9/9/*X2A4*P/9/5K3 w - - 0 1", "CN"},
		{"revive-pawn", "4k4/9/9/9/4p4/9/P1P3P1P/*X7*N/4R4/4K4 w - - 0 1 revive=w", "PN"},
	}
	for _, c := range cases {
		v, err := testRegistry().Build("xiangqi", []string{c.opt, "fuhe"})
		if err != nil {
			t.Fatal(err)
		}
		var faces []publicFace
		var cands []string
		for _, k := range c.kinds {
			p := mustPosition(t, v, strings.Replace(c.fen, "X", string(k), 1))
			cands = append(cands, legalTexts(p)...)
		}
		cands = append(cands, "e2c5", "e8e7", "d2c3", "P@e3", "P@c3")
		for _, k := range c.kinds {
			faces = append(faces, facesOf(mustPosition(t, v, strings.Replace(c.fen, "X", string(k), 1)), cands, false))
		}
		sameFace(t, c.opt, faces[0], faces[1])
	}
}
