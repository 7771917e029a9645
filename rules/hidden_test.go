package rules

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
)

// flipVariant adds to testVariant face-down pieces their owner knows (as in
// 覆合), a flip that turns one face up and announces its kind, a forced flip when
// a side has nothing else to do, and a setup secret: the kind each side puts face
// down on its corner point (c1 for Red, h10 for Black).
func flipVariant(t *testing.T) *Variant {
	t.Helper()
	v, err := Derive(testVariant(t), Delta{Slug: "flip", Modules: []Module{&flipModule{}, cornerSetup{}}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// flipModule: face-down pieces their owner knows, that cannot be taken; a flip
// of one (a whole move, announced); a forced flip when nothing else is left.
type flipModule struct{ code uint8 }

func (*flipModule) ModuleName() string { return "flip" }

func (f *flipModule) Init(c *Claims) (err error) {
	f.code, err = c.Codes(1)
	return err
}

func (f *flipModule) Extend(v *Variant) error {
	v.OwnerSeesFaceDown = true
	return nil
}

func (f *flipModule) MayCapture(p *Position, from, to Square) bool { return !p.At(to).FaceDown() }

func (f *flipModule) AddMoves(p *Position, out []Move) []Move {
	for sq := Square(0); int(sq) < p.v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); pc != NoPiece && pc.FaceDown() && pc.Side() == p.ToMove() {
			out = append(out, Move{From: sq, To: sq, Flags: FlagSpecial, Aux: f.code})
		}
	}
	return out
}

func (f *flipModule) PlayMove(p *Position, m Move) Turn {
	p.Set(m.From, p.At(m.From).WithFaceDown(false))
	return EndsTurn | CountsPly
}

func (f *flipModule) FormatMove(p *Position, m Move) (string, bool) {
	if m.Aux != f.code {
		return "", false
	}
	return p.v.Board.Name(m.From) + p.v.Board.Name(m.From), true
}

func (f *flipModule) MoveAliases(p *Position, m Move) []string {
	if m.Aux != f.code {
		return nil
	}
	return []string{"flip " + p.v.Board.Name(m.From)}
}

func (f *flipModule) Announce(p *Position, m Move) []Fact {
	if m.Flags&FlagSpecial == 0 || m.Aux != f.code {
		return nil
	}
	pc := p.At(m.From)
	k := p.v.Kinds[pc.Kind()]
	return []Fact{{What: "flip", Side: pc.Side(),
		Pieces: []Shown{{Square: m.From, Side: pc.Side(), Letter: k.Letter, Name: k.Name}},
		Text:   fmt.Sprintf("%s flips %s: a %s", pc.Side(), p.v.Board.Name(m.From), k.Name)}}
}

func (f *flipModule) AutoMove(p *Position) (Move, bool) {
	var flip Move
	for _, m := range p.LegalMoves(nil) {
		if m.Flags&FlagSpecial == 0 {
			return NullMove, false
		}
		flip = m
	}
	return flip, flip.Flags&FlagSpecial != 0
}

// cornerSetup is the setup secret of flipVariant: answer "c1=R" (Red) or "h10=r".
type cornerSetup struct{}

func (cornerSetup) ModuleName() string { return "corner-setup" }

func (cornerSetup) point(v *Variant, s Side) Square {
	name := "c1"
	if s == Black {
		name = "h10"
	}
	sq, _ := v.Board.Parse(name)
	return sq
}

func (c cornerSetup) Choice(p *Position, s Side) Choice {
	if p.At(c.point(p.v, s)) != NoPiece {
		return Choice{} // set already
	}
	n := p.v.Board.Name(c.point(p.v, s))
	return Choice{Side: s, Prompt: "Which piece lies face down on " + n + "? R or P.", Example: n + "=R"}
}

func (c cornerSetup) Apply(p *Position, s Side, words []string) ([]string, error) {
	var rest []string
	done := false
	for _, w := range words {
		name, letter, ok := strings.Cut(w, "=")
		if !ok {
			rest = append(rest, w)
			continue
		}
		sq, ok := p.v.Board.Parse(name)
		if !ok || sq != c.point(p.v, s) {
			return nil, fmt.Errorf("%s is not your corner point", name)
		}
		k := p.v.KindByLetter(strings.ToUpper(letter)[0])
		if len(letter) != 1 || (k != 5 && k != 6) {
			return nil, fmt.Errorf("only R or P may lie face down")
		}
		p.Set(sq, NewPiece(k, s).WithFaceDown(true))
		done = true
	}
	if !done {
		return nil, errors.New("say which piece lies face down")
	}
	return rest, nil
}

func (c cornerSetup) Default(p *Position, s Side, rnd *rand.Rand) string {
	return p.v.Board.Name(c.point(p.v, s)) + "=" + []string{"R", "P"}[rnd.IntN(2)]
}

func TestSetupSecrets(t *testing.T) {
	v := flipVariant(t)
	start := "9k/10/10/10/10/10/10/10/10/K9 w"
	choices, err := SecretChoices(v, start)
	if err != nil || len(choices) != 2 || choices[1].Side != Black || choices[1].Example != "h10=R" {
		t.Fatalf("choices = %+v, %v", choices, err)
	}
	for _, c := range []struct {
		side          Side
		answer, error string
	}{
		{Red, "c1=R", ""},
		{Black, "h10=p", ""},
		{Red, "", "empty"},
		{Red, "d1=R", "not your corner"},
		{Red, "c1=K", "only R or P"},
		{Red, "c1=R please", `unexpected "please"`},
		{Red, "hello", "say which piece"},
	} {
		err := CheckSecret(v, start, c.side, c.answer)
		if (c.error == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.error)) {
			t.Errorf("CheckSecret(%s, %q) = %v, want %q", c.side, c.answer, err, c.error)
		}
	}
	fen, err := ApplySecrets(v, start, [2]string{"c1=R", "h10=p"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "7*p1k/10/10/10/10/10/10/10/10/K1*R7 w - - 0 1"; fen != want {
		t.Errorf("ApplySecrets = %s, want %s", fen, want)
	}
	if _, err := ApplySecrets(v, start, [2]string{"c1=R", "c1=R"}); err == nil || !strings.HasPrefix(err.Error(), "Black's secret") {
		t.Errorf("Black answering with Red's point: %v", err)
	}
	// A start whose Red secret is set already asks only Black.
	set := "9k/10/10/10/10/10/10/10/10/K1*P7 w"
	if c, err := SecretChoices(v, set); err != nil || len(c) != 1 || c[0].Side != Black {
		t.Errorf("choices with Red's secret set: %+v, %v", c, err)
	}
	if err := CheckSecret(v, set, Red, "c1=R"); err == nil || err.Error() != "there is nothing to choose in this position" {
		t.Errorf("an answer where there is nothing to choose: %v", err)
	}
	if fen, err := ApplySecrets(v, set, [2]string{"", "h10=r"}); err != nil || fen != "7*r1k/10/10/10/10/10/10/10/10/K1*P7 w - - 0 1" {
		t.Errorf("ApplySecrets with Red's secret set: %s, %v", fen, err)
	}
	if DefaultSecret(v, set, Red, rand.New(rand.NewPCG(1, 2))) != "" {
		t.Error("a default for a side with nothing to choose")
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		for s := Red; s <= Black; s++ {
			if a := DefaultSecret(v, start, s, rnd); CheckSecret(v, start, s, a) != nil {
				t.Errorf("default %q is not a valid answer", a)
			}
		}
	}
	g, err := NewGame(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Report(); r.Private != [2]bool{true, true} || len(r.Facts) != 0 {
		t.Errorf("start report %+v: both players need their private board", r)
	}
	if got := g.Position().PublicFEN(); strings.Contains(got, "*R") || !strings.Contains(got, "*X") {
		t.Errorf("public FEN %s shows the secret", got)
	}
	secrets := g.Position().Secrets()
	if len(secrets) != 2 || secrets[0].Text != "White: the face-down piece on c1 is a rook." {
		t.Errorf("Secrets() = %+v", secrets)
	}
}

func TestReportsAndAutomaticMoves(t *testing.T) {
	v := flipVariant(t)
	// Black's j3j2 leaves Red's king a1 without a move: Red's only move is to flip
	// c1, and the rules make it at once.
	start := "1r7k/10/10/10/10/10/10/9r/10/K1*R7 b"
	g, err := NewGame(v, start)
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Report(); r.Private != [2]bool{true, false} {
		t.Errorf("start: private %v, want only Red", r.Private)
	}
	playAllRules(t, g, "j3j2")
	r := g.Report()
	if len(r.Facts) != 1 || !r.Facts[0].Forced || r.Facts[0].What != "flip" || r.Facts[0].Text != "red flips c1: a rook" {
		t.Errorf("facts after j3j2: %+v", r.Facts)
	}
	if r.Private != [2]bool{} {
		t.Errorf("private after the forced flip: %v; Red has no secret left", r.Private)
	}
	if p := g.Position(); p.ToMove() != Black || p.At(2).FaceDown() {
		t.Errorf("after the forced flip Black should move and c1 lie face up: %s", p)
	}
	if ms := g.Moves(); len(ms) != 1 {
		t.Errorf("Moves() = %v: the forced flip is not a player's move", ms)
	}
	g2, err := Replay(v, start, []string{"j3j2"})
	if err != nil || g2.Position().FEN() != g.Position().FEN() {
		t.Errorf("replay: %v; %s vs %s", err, g2.Position().FEN(), g.Position().FEN())
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Position().FEN() != start+" - - 0 1" || g.Ply() != 0 {
		t.Errorf("undo took back the move and its automatic flip: %s", g.Position().FEN())
	}
	// A voluntary flip is announced, not forced.
	g, _ = NewGame(v, "1r7k/10/10/10/10/10/10/10/10/K1*R7 w")
	m, err := ParseCoord(g.Position(), "flip c1")
	if err != nil || g.Play(m) != nil {
		t.Fatalf("flip c1: %v", err)
	}
	if f := g.Report().Facts; len(f) != 1 || f[0].Forced {
		t.Errorf("facts after flip c1: %+v", f)
	}
	// At the start, the automatic move is made at once and reported.
	g, _ = NewGame(v, "1r7k/10/10/10/10/10/10/10/9r/K1*R7 w")
	if f := g.Report().Facts; len(f) != 1 || !f[0].Forced || g.Position().ToMove() != Black {
		t.Errorf("start facts %+v, %s to move", f, g.Position().ToMove())
	}
	if g.StartFEN() != "1r7k/10/10/10/10/10/10/10/9r/K1*R7 w - - 0 1" {
		t.Errorf("StartFEN = %s: the start before its automatic moves", g.StartFEN())
	}
	if err := g.Undo(); !errors.Is(err, ErrNoMoveToUndo) {
		t.Errorf("undo at the start: %v", err)
	}
}

func TestGameLogsNoSecret(t *testing.T) {
	v := flipVariant(t)
	g, err := NewGame(v, "9k/10/10/10/10/10/10/10/10/K1*R7 w")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("game", "game", g, "report", g.Report())
	out := buf.String() + fmt.Sprintf(" %v %+v %s", g, g, g)
	if strings.Contains(out, "*R") || !strings.Contains(out, "*X") {
		t.Errorf("logged %s", out)
	}
}
