package puzzle

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

func xiangqi(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("no xiangqi")
	}
	return v
}

// testCollection is puzzle/testdata/puzzles.json: four puzzles cmd/puzzlegen made
// from records of the Chinese Chess Practical Dataset (see testdata/README.md).
func testCollection(t testing.TB) *Collection {
	t.Helper()
	f, err := os.Open("testdata/puzzles.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func testPuzzle(t testing.TB, id string) *Puzzle {
	t.Helper()
	p, err := testCollection(t).ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newSession(t testing.TB, pz *Puzzle, st State) *Session {
	t.Helper()
	s, err := NewSession(xiangqi(t), pz, st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// chinese writes the coordinate move c of position p in Chinese notation, as a
// player would type it.
func chinese(t testing.TB, p *rules.Position, c string) string {
	t.Helper()
	m, err := rules.ParseCoord(p, c)
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return rules.FormatMove(p, m, rules.StyleChinese)
}

func answer(t testing.TB, s *Session, text string) Result {
	t.Helper()
	r, err := s.Answer(context.Background(), text)
	if err != nil {
		t.Fatalf("Answer(%q): %v", text, err)
	}
	return r
}

func TestSolveMateInThreeByReplies(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	if pz.MateIn != 3 || pz.Title() != "Red to move and mate in 3" || pz.TitleZh() != "紅先 三步殺" {
		t.Fatalf("puzzle %s: %q %q", pz.ID, pz.Title(), pz.TitleZh())
	}
	s := newSession(t, pz, State{})
	for i := 0; i < len(pz.Line); i += 2 {
		text := chinese(t, s.Position(), pz.Line[i]) // 炮五平六, as typed in the chat
		r := answer(t, s, text)
		if r.Verdict != Correct || r.Alternative || r.Move != pz.Line[i] {
			t.Fatalf("move %d %s: %+v", i/2+1, text, r)
		}
		last := i == len(pz.Line)-1
		if r.Solved != last {
			t.Fatalf("move %d: solved = %v", i/2+1, r.Solved)
		}
		if !last {
			if r.Reply != pz.Line[i+1] || r.Left != pz.MateIn-i/2-1 {
				t.Fatalf("move %d: reply %s, left %d; want %s", i/2+1, r.Reply, r.Left, pz.Line[i+1])
			}
			if !strings.Contains(r.Text(), r.ReplyText) {
				t.Errorf("text %q lacks the reply", r.Text())
			}
		}
	}
	st := s.State()
	if !st.Solved || st.Wrong != 0 || len(st.Moves) != len(pz.Line) {
		t.Errorf("state %+v", st)
	}
	if _, err := s.Answer(context.Background(), "a0a1"); !errors.Is(err, ErrFinished) {
		t.Errorf("answer after solving: %v", err)
	}
	if _, err := s.Hint(context.Background()); !errors.Is(err, ErrFinished) {
		t.Errorf("hint after solving: %v", err)
	}
}

func TestWrongMoveEndsTheTry(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	s := newSession(t, pz, State{})
	// A legal move that is not a solution.
	var wrong string
	p := s.Position()
	for _, m := range p.LegalMoves(nil) {
		if c := rules.FormatCoord(p, m); !slices.Contains(pz.Solutions, c) {
			wrong = c
			break
		}
	}
	r := answer(t, s, wrong)
	if r.Verdict != Wrong || r.Solved || r.Refutation == "" || r.Goal != "mate in 3" {
		t.Fatalf("wrong move %s: %+v", wrong, r)
	}
	if !strings.Contains(r.Text(), "not it") {
		t.Errorf("text %q", r.Text())
	}
	st := s.State()
	if st.Wrong != 1 || len(st.Moves) != 0 {
		t.Errorf("after a wrong move: %+v", st)
	}
	if s.Position().FEN() != pz.FEN {
		t.Errorf("the try did not start again: %s", s.Position().FEN())
	}
	// A mistake later in the line: the first move right, the second wrong.
	r = answer(t, s, pz.Line[0])
	if r.Verdict != Correct || r.Reply != pz.Line[1] {
		t.Fatalf("first move: %+v", r)
	}
	p = s.Position()
	for _, m := range p.LegalMoves(nil) {
		if c := rules.FormatCoord(p, m); c != pz.Line[2] {
			wrong = c
			break
		}
	}
	r = answer(t, s, wrong)
	if r.Verdict != Wrong || r.Goal != "mate in 2" {
		t.Fatalf("second move %s: %+v", wrong, r)
	}
	if st := s.State(); st.Wrong != 2 || len(st.Moves) != 0 {
		t.Errorf("state %+v", st)
	}
}

func TestUnreadableAndIllegalAnswersChangeNothing(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	s := newSession(t, pz, State{})
	_, err := s.Answer(context.Background(), "hello")
	var pe *rules.ParseError
	if !errors.As(err, &pe) {
		t.Errorf("Answer(hello) = %v, want a *rules.ParseError", err)
	}
	_, err = s.Answer(context.Background(), "a0a5") // the a0 corner is empty
	var ie *rules.IllegalMoveError
	if !errors.As(err, &ie) {
		t.Errorf("Answer(a0a5) = %v, want a *rules.IllegalMoveError", err)
	}
	if st := s.State(); st.Wrong != 0 || len(st.Moves) != 0 {
		t.Errorf("state changed: %+v", st)
	}
}

func TestHintGivesThePieceThenTheMove(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	s := newSession(t, pz, State{})
	ctx := context.Background()
	h, err := s.Hint(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h.Level != 1 || h.From != pz.Line[0][:2] || h.Piece != "cannon" || h.Move != "" {
		t.Errorf("first hint %+v", h)
	}
	if h.String() != "Move the cannon on e2." {
		t.Errorf("first hint says %q", h.String())
	}
	h, err = s.Hint(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h.Level != 2 || h.Move != pz.Line[0] || h.Text == "" {
		t.Errorf("second hint %+v", h)
	}
	h, _ = s.Hint(ctx)
	if h.Level != 2 || s.State().Hints != 2 {
		t.Errorf("third hint %+v, hints %d", h, s.State().Hints)
	}
	// The hint level starts again for the next move.
	answer(t, s, h.Move)
	if h, _ = s.Hint(ctx); h.Level != 1 || h.From != pz.Line[2][:2] {
		t.Errorf("hint for the second move %+v", h)
	}
}

// TestAlternativeSolution plays the winning first move that is not the main
// line's, then finishes with the solver's hints: every step must be accepted.
func TestAlternativeSolution(t *testing.T) {
	pz := testPuzzle(t, "endgame-12")
	if len(pz.Solutions) != 2 {
		t.Fatalf("endgame-12 solutions %v", pz.Solutions)
	}
	alt := pz.Solutions[0]
	if alt == pz.Line[0] {
		alt = pz.Solutions[1]
	}
	s := newSession(t, pz, State{})
	r := answer(t, s, alt)
	if r.Verdict != Correct || !r.Alternative || r.Solved || r.Reply == "" {
		t.Fatalf("alternative %s: %+v", alt, r)
	}
	if !strings.HasPrefix(r.Text(), "That works too") {
		t.Errorf("text %q", r.Text())
	}
	ctx := context.Background()
	for step := 0; step < pz.MateIn && !r.Solved; step++ {
		s.Hint(ctx)
		h, err := s.Hint(ctx)
		if err != nil {
			t.Fatal(err)
		}
		r = answer(t, s, h.Move)
		if r.Verdict != Correct || !r.Alternative {
			t.Fatalf("hinted move %s off the main line: %+v", h.Move, r)
		}
	}
	if !r.Solved {
		t.Fatalf("not solved within %d moves: %v", pz.MateIn, s.State().Moves)
	}
}

// TestOffLineMoveConfirmedBySolver: a correct move that is not the main line's
// is accepted because the solver proves it, not because a list says so. The
// moves are classed by a full-width solver (engine's tests hold it to the
// definition); the session must agree with it on every one.
func TestOffLineMoveConfirmedBySolver(t *testing.T) {
	pz := testPuzzle(t, "endgame-12")
	s := newSession(t, pz, State{})
	answer(t, s, pz.Line[0])
	answer(t, s, pz.Line[2]) // now two moves to go
	ref := engine.New(engine.Options{FullWidth: -1})
	p := s.Position()
	var good, bad []string
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		lost, err := ref.Lost(context.Background(), p, 1)
		p.Unmake()
		if err != nil {
			t.Fatal(err)
		}
		if c := rules.FormatCoord(p, m); lost {
			good = append(good, c)
		} else {
			bad = append(bad, c)
		}
	}
	if !slices.Contains(good, pz.Line[4]) {
		t.Fatalf("the main line's move %s is not among the winning moves %v", pz.Line[4], good)
	}
	for _, c := range good {
		s2 := newSession(t, pz, s.State())
		r := answer(t, s2, c)
		if r.Verdict != Correct || r.Alternative == (c == pz.Line[4]) {
			t.Errorf("move %s keeps the mate but got %+v", c, r)
		}
	}
	for _, c := range bad {
		s2 := newSession(t, pz, s.State())
		if r := answer(t, s2, c); r.Verdict != Wrong {
			t.Errorf("move %s loses the mate but got %+v", c, r)
		}
	}
}

// TestFirstMoveJudgedByTheList: the build lists every winning first move, so
// the session trusts the list and spends no search on first moves. Here the
// list (deliberately) names only c7c8, though c7d7 also leaves the lone general
// without a move (困斃).
func TestFirstMoveJudgedByTheList(t *testing.T) {
	pz := &Puzzle{ID: "stalemate", FEN: "3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", Side: "red", Goal: GoalMate,
		MateIn: 1, Line: []string{"c7c8"}, Solutions: []string{"c7c8"}, Level: 1}
	s := newSession(t, pz, State{})
	if r := answer(t, s, "c7d7"); r.Verdict != Wrong {
		t.Errorf("c7d7 (not listed): %+v", r)
	}
	if r := answer(t, s, "c7c8"); r.Verdict != Correct || r.Alternative || !r.Solved {
		t.Errorf("c7c8: %+v", r)
	}
}

func TestResume(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	v := xiangqi(t)
	s := newSession(t, pz, State{})
	answer(t, s, pz.Line[0])
	saved := s.State()
	s2, err := NewSession(v, pz, saved, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s2.Left() != 2 || s2.Position().FEN() != s.Position().FEN() {
		t.Errorf("resumed: left %d, %s", s2.Left(), s2.Position().FEN())
	}
	r := answer(t, s2, pz.Line[2])
	if r.Verdict != Correct || r.Reply != pz.Line[3] {
		t.Errorf("resumed answer: %+v", r)
	}
	if _, err := NewSession(v, pz, State{Puzzle: "mate-17"}, Options{}); !errors.Is(err, ErrBadState) {
		t.Errorf("state of another puzzle: %v", err)
	}
	if _, err := NewSession(v, pz, State{Moves: []string{"a0a9"}}, Options{}); !errors.Is(err, ErrBadState) {
		t.Errorf("state that does not replay: %v", err)
	}
}

func TestBlackToMove(t *testing.T) {
	pz := testPuzzle(t, "endgame-8")
	if pz.ToMove() != rules.Black || pz.Title() != "Black to move and mate in 2" || pz.TitleZh() != "黑先 二步殺" {
		t.Fatalf("%s: %s %s", pz.ID, pz.Title(), pz.TitleZh())
	}
	s := newSession(t, pz, State{})
	r := answer(t, s, chinese(t, s.Position(), pz.Line[0]))
	if r.Verdict != Correct || r.Reply != pz.Line[1] {
		t.Fatalf("%+v", r)
	}
	if r = answer(t, s, pz.Line[2]); !r.Solved {
		t.Fatalf("%+v", r)
	}
}

func TestSolutionAndCredit(t *testing.T) {
	pz := testPuzzle(t, "mate-7")
	v := xiangqi(t)
	sol, err := pz.Solution(v, rules.StyleChinese)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sol, "1. ") || !strings.Contains(sol, " 3. ") || len(strings.Fields(sol)) != pz.MateIn+len(pz.Line) {
		t.Errorf("solution %q", sol)
	}
	coord, _ := pz.Solution(v, rules.StyleCoord)
	if !strings.HasPrefix(coord, "1. "+pz.Line[0]+" "+pz.Line[1]) {
		t.Errorf("solution in coordinates %q", coord)
	}
	if c := pz.Credit(); !strings.Contains(c, "Yu-Han Tseng") || !strings.Contains(c, "CC BY 4.0") || !strings.Contains(c, "mate-7") {
		t.Errorf("credit %q", c)
	}
}

// TestWinMaterial solves the trapped-cannon puzzle: the king steps back, the
// bot answers, the king takes the cannon. A wrong first move lets it escape.
func TestWinMaterial(t *testing.T) {
	pz := testPuzzle(t, "endgame-7")
	if pz.Goal != GoalMaterial || pz.Title() != "Red to move and win material" || pz.TitleZh() != "紅先 得子" || pz.Length() != 2 {
		t.Fatalf("%s: %s %s, %d moves", pz.ID, pz.Title(), pz.TitleZh(), pz.Length())
	}
	s := newSession(t, pz, State{})
	r := answer(t, s, chinese(t, s.Position(), pz.Line[0]))
	if r.Verdict != Correct || r.Solved || r.Reply != pz.Line[1] || r.Left != 1 {
		t.Fatalf("first move: %+v", r)
	}
	// Any black reply would do; the last move must take the cannon.
	if r = answer(t, s, pz.Line[2]); r.Verdict != Correct || !r.Solved {
		t.Fatalf("second move: %+v", r)
	}

	s = newSession(t, pz, State{})
	r = answer(t, s, "e1d1") // the king steps aside: the cannon walks away
	if r.Verdict != Wrong || r.Goal != "win of material" || r.Refutation == "" {
		t.Fatalf("wrong move: %+v", r)
	}
	// An off-line second move: after the right first move, a move that does not
	// take the cannon is judged by the material search and refused.
	answer(t, s, pz.Line[0])
	if r = answer(t, s, "e0e1"); r.Verdict != Wrong {
		t.Errorf("king back to e1: %+v", r)
	}
	h, err := s.Hint(context.Background())
	if err != nil || h.From != pz.Line[0][:2] {
		t.Errorf("hint %+v %v", h, err)
	}
}
