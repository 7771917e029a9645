package puzzle

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
)

// weekCollection has n puzzles on each level, copies of one test puzzle.
func weekCollection(t *testing.T, n int, skip ...int) *Collection {
	t.Helper()
	base := testPuzzle(t, "mate-7")
	var ps []Puzzle
	for l := MinLevel; l <= MaxLevel; l++ {
		if slices.Contains(skip, l) {
			continue
		}
		for i := 0; i < n; i++ {
			p := *base
			p.ID = fmt.Sprintf("L%d-%d", l, i)
			p.Level = l
			ps = append(ps, p)
		}
	}
	c, err := New(ps)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDailyLevelRisesThroughTheWeek(t *testing.T) {
	c := weekCollection(t, 5)
	monday := time.Date(2025, time.March, 3, 8, 0, 0, 0, time.UTC)
	for d := 0; d < 7; d++ {
		day := monday.AddDate(0, 0, d)
		p := c.Daily(day)
		if p.Level != d+1 || LevelOf(day) != d+1 {
			t.Errorf("%s (%s): level %d, LevelOf %d; want %d", Date(day), day.Weekday(), p.Level, LevelOf(day), d+1)
		}
	}
}

func TestDailyIsTheSameForEveryChatOnADate(t *testing.T) {
	c := weekCollection(t, 5)
	shanghai := time.FixedZone("CST", 8*3600)
	newYork := time.FixedZone("EST", -5*3600)
	// 2025-03-05 in both places, at different instants.
	a := time.Date(2025, time.March, 5, 7, 30, 0, 0, shanghai)
	b := time.Date(2025, time.March, 5, 21, 0, 0, 0, newYork)
	if c.Daily(a).ID != c.Daily(b).ID {
		t.Errorf("same date, different puzzles: %s, %s", c.Daily(a).ID, c.Daily(b).ID)
	}
	// The same instant is two dates in two places.
	at := time.Date(2025, time.March, 5, 23, 30, 0, 0, time.UTC)
	if Date(at.In(shanghai)) != "2025-03-06" || Date(at.In(newYork)) != "2025-03-05" {
		t.Errorf("dates %s %s", Date(at.In(shanghai)), Date(at.In(newYork)))
	}
	// Deterministic: a new collection value gives the same answer.
	if weekCollection(t, 5).Daily(a).ID != c.Daily(a).ID {
		t.Error("Daily depends on the collection value")
	}
}

func TestDailyGoesRoundEachLevel(t *testing.T) {
	c := weekCollection(t, 5)
	wed := time.Date(2025, time.March, 5, 12, 0, 0, 0, time.UTC)
	seen := map[string]bool{}
	for w := 0; w < 5; w++ {
		seen[c.Daily(wed.AddDate(0, 0, 7*w)).ID] = true
	}
	if len(seen) != 5 {
		t.Errorf("five Wednesdays gave %d different puzzles: %v", len(seen), seen)
	}
	// Before the schedule's epoch too (floor division).
	old := time.Date(2023, time.December, 27, 12, 0, 0, 0, time.UTC)
	if p := c.Daily(old); p.Level != 3 {
		t.Errorf("2023-12-27: level %d", p.Level)
	}
}

func TestDailyFallsBackToANearLevel(t *testing.T) {
	c := weekCollection(t, 2, 7) // no Sunday puzzles
	sunday := time.Date(2025, time.March, 9, 12, 0, 0, 0, time.UTC)
	if p := c.Daily(sunday); p.Level != 6 {
		t.Errorf("Sunday without level 7: level %d", p.Level)
	}
	if c.LevelCount(7) != 0 || c.LevelCount(1) != 2 || c.LevelCount(0) != 0 {
		t.Errorf("level counts %d %d", c.LevelCount(7), c.LevelCount(1))
	}
}

func TestCollectionRefusesBadData(t *testing.T) {
	base := *testPuzzle(t, "mate-7")
	if _, err := New(nil); !errors.Is(err, ErrNoPuzzles) {
		t.Errorf("empty: %v", err)
	}
	bad := base
	bad.Level = 9
	if _, err := New([]Puzzle{bad}); err == nil {
		t.Error("level 9 accepted")
	}
	if _, err := New([]Puzzle{base, base}); err == nil {
		t.Error("duplicate id accepted")
	}
	if _, err := Decode(bytes.NewReader([]byte("not json"))); err == nil {
		t.Error("garbage decoded")
	}
	c, _ := New([]Puzzle{base})
	if _, err := c.ByID("nope"); !errors.Is(err, ErrUnknownPuzzle) {
		t.Errorf("ByID(nope) = %v", err)
	}
	// Gzip and plain JSON both decode.
	data, _ := json.Marshal(Collection{Puzzles: []Puzzle{base}})
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(data)
	zw.Close()
	for _, in := range [][]byte{data, zb.Bytes()} {
		if c, err := Decode(bytes.NewReader(in)); err != nil || c.Len() != 1 {
			t.Errorf("Decode: %v", err)
		}
	}
}

// TestEmbeddedCollection checks the shipped collection: every puzzle replays its
// main line to a win of the side to move in exactly MateIn moves, its first move
// is among the solutions, and every level has puzzles.
func TestEmbeddedCollection(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded) > 2<<20 {
		t.Errorf("embedded collection is %d bytes, over 2 MiB", len(embedded))
	}
	if c.Len() < 100 {
		t.Errorf("only %d puzzles", c.Len())
	}
	for l := MinLevel; l <= MaxLevel; l++ {
		if c.LevelCount(l) == 0 {
			t.Errorf("no puzzle of level %d", l)
		}
	}
	if c.Stats.Checked == 0 || c.Stats.Kept != c.Len() || c.Stats.Command == "" {
		t.Errorf("stats %+v", c.Stats)
	}
	v := xiangqi(t)
	for i := range c.Puzzles {
		p := &c.Puzzles[i]
		if len(p.Line) != 2*p.Length()-1 || !slices.Contains(p.Solutions, p.Line[0]) {
			t.Errorf("%s: %s, line %v, solutions %v", p.ID, p.Task(), p.Line, p.Solutions)
			continue
		}
		g, err := rules.Replay(v, p.FEN, p.Line)
		if err != nil {
			t.Errorf("%s: %v", p.ID, err)
			continue
		}
		if g.Position().ToMove() == p.ToMove() || g.Ply() != len(p.Line) {
			t.Errorf("%s: line of %d plies", p.ID, g.Ply())
		}
		o := g.Outcome()
		switch p.Goal {
		case GoalMate:
			if !o.Over || o.Draw || o.Winner != p.ToMove() {
				t.Errorf("%s: the line ends %+v", p.ID, o)
			}
		case GoalMaterial:
			// After the line, the captures that follow leave the solver its target.
			v, err := engine.New(engine.Options{}).Material(context.Background(), g.Position(), 0)
			if err != nil || -v < p.Target || p.Gain < 1 {
				t.Errorf("%s: after the line the balance is %d, target %d (%v)", p.ID, -v, p.Target, err)
			}
		default:
			t.Errorf("%s: goal %q", p.ID, p.Goal)
		}
		if p.Credit() == "" || p.Source.File == "" {
			t.Errorf("%s: no source", p.ID)
		}
	}
}

func TestStreak(t *testing.T) {
	var s Score
	for _, day := range []string{"2025-03-01", "2025-03-02", "2025-03-03"} {
		if !s.Credit(day) {
			t.Fatalf("Credit(%s) did not count", day)
		}
	}
	if s.Credit("2025-03-03") {
		t.Error("a second solve on one day counted")
	}
	if s.Solved != 3 || s.Streak != 3 || s.BestStreak != 3 {
		t.Errorf("after three days: %+v", s)
	}
	if s.CurrentStreak("2025-03-04") != 3 || s.CurrentStreak("2025-03-05") != 0 {
		t.Errorf("current streak %d %d", s.CurrentStreak("2025-03-04"), s.CurrentStreak("2025-03-05"))
	}
	s.Credit("2025-03-05") // a day missed
	if s.Streak != 1 || s.BestStreak != 3 || s.Solved != 4 {
		t.Errorf("after a gap: %+v", s)
	}
	// Across a month end.
	s2 := Score{LastSolvedDay: "2025-02-28", Streak: 5, BestStreak: 5, Solved: 5}
	s2.Credit("2025-03-01")
	if s2.Streak != 6 || s2.BestStreak != 6 {
		t.Errorf("across February: %+v", s2)
	}
}

func TestRank(t *testing.T) {
	today := "2025-03-10"
	scores := []Score{
		{UserID: "1", Name: "Ann", Solved: 3, Streak: 3, BestStreak: 3, LastSolvedDay: "2025-03-01"},
		{UserID: "2", Name: "Bo", Solved: 5, Streak: 1, BestStreak: 2, LastSolvedDay: today},
		{UserID: "3", Name: "Cy", Solved: 3, Streak: 2, BestStreak: 2, LastSolvedDay: "2025-03-09"},
		{UserID: "4", Name: "Di", Solved: 3, Streak: 1, BestStreak: 3, LastSolvedDay: "2025-03-02"},
	}
	got := Rank(scores, today)
	var names []string
	for _, s := range got {
		names = append(names, s.Name)
	}
	// Bo solved most; Cy's streak is alive; Ann and Di tie on best streak: by name.
	if want := []string{"Bo", "Cy", "Ann", "Di"}; !slices.Equal(names, want) {
		t.Errorf("rank %v, want %v", names, want)
	}
}

// TestEveryPuzzleSolvesByItsLine plays each shipped puzzle through a Session by
// its main line, in Chinese notation: every answer must be taken, every reply
// must be the line's, and the last answer must solve it.
func TestEveryPuzzleSolvesByItsLine(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	v := xiangqi(t)
	ctx := context.Background()
	for i := range c.Puzzles {
		pz := &c.Puzzles[i]
		s, err := NewSession(v, pz, State{}, Options{MaxNodes: 1})
		if err != nil {
			t.Fatalf("%s: %v", pz.ID, err)
		}
		for k := 0; k < len(pz.Line); k += 2 {
			text := chinese(t, s.Position(), pz.Line[k])
			r, err := s.Answer(ctx, text)
			if err != nil || r.Verdict != Correct {
				t.Errorf("%s move %d %s: %+v %v", pz.ID, k/2+1, text, r, err)
				break
			}
			if last := k == len(pz.Line)-1; r.Solved != last || !last && r.Reply != pz.Line[k+1] {
				t.Errorf("%s move %d: %+v", pz.ID, k/2+1, r)
				break
			}
		}
	}
}
