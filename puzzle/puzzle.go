package puzzle

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// VariantSlug is the game the collection's puzzles are in: their FENs and
// solutions are standard xiangqi.
const VariantSlug = "xiangqi"

// Errors of the puzzle package.
var (
	// ErrNoPuzzles is returned when a collection holds no puzzle.
	ErrNoPuzzles = errors.New("puzzle: the collection is empty")
	// ErrUnknownPuzzle is returned when a puzzle id is not in the collection.
	ErrUnknownPuzzle = errors.New("puzzle: no such puzzle")
	// ErrFinished is returned by Answer after the puzzle was solved.
	ErrFinished = errors.New("puzzle: already solved")
	// ErrBadState is returned when a saved session does not replay on its puzzle.
	ErrBadState = errors.New("puzzle: saved session does not fit the puzzle")
)

// Goal is what the side to move must achieve.
type Goal string

// Goals. Their text is stored: never rename them.
const (
	// GoalMate: force a win within MateIn moves: checkmate, or a position where
	// the opponent has no legal move (困斃, which loses in xiangqi).
	GoalMate Goal = "mate"
	// GoalMaterial: win material by force within Moves moves: keep at least
	// Target (the material balance, the solver's side counted plus) against the
	// best defence, as the engine's material search sees it Depth plies deep.
	GoalMaterial Goal = "material"
)

// Levels of difficulty, one for each day of the week.
const (
	MinLevel = 1 // Monday
	MaxLevel = 7 // Sunday
)

// Source says where a puzzle comes from, for the credit line.
type Source struct {
	Dataset string `json:"dataset"`         // "ccpd"
	Folder  string `json:"folder"`          // 殺局_殺法_練習題
	File    string `json:"file"`            // 00000007.pgn
	Event   string `json:"event,omitempty"` // the record's Event tag
	Red     string `json:"red,omitempty"`   // player names, when the record is a game
	Black   string `json:"black,omitempty"`
	Ply     int    `json:"ply"` // the puzzle starts after this many plies of the record
}

// Puzzle is one checked puzzle: a position, whose move it is, the goal, the main
// line and every first move that also reaches the goal. All moves are in
// coordinates (h2e2).
type Puzzle struct {
	ID     string `json:"id"` // stable: "mate-0007", "tactics-0123", "endgame-0042"
	Source Source `json:"source"`
	FEN    string `json:"fen"`
	Side   string `json:"side"` // "red" or "black": the side to move, who solves
	Goal   Goal   `json:"goal"`
	MateIn int    `json:"mate_in,omitempty"` // moves of the solving side (GoalMate)
	// Moves is the number of moves the solver plays (GoalMaterial).
	Moves int `json:"moves,omitempty"`
	// Gain, Target and Depth describe a GoalMaterial puzzle: the material the main
	// line wins, the balance an answer must keep, and the search depth in plies.
	Gain   int `json:"gain,omitempty"`
	Target int `json:"target,omitempty"`
	Depth  int `json:"depth,omitempty"`
	// Line is the main line, the solver's moves and the best defence, ending in
	// the win; where the record's own moves were as good, they were kept.
	Line []string `json:"line"`
	// Solutions are all the first moves that also win within MateIn moves.
	Solutions []string `json:"solutions"`
	// Level is the difficulty, MinLevel to MaxLevel.
	Level int `json:"level"`
	// Nodes is the number of positions the solver searched to prove it, a
	// measure of how hidden the win is.
	Nodes int64 `json:"nodes"`
}

// ToMove is the side that solves the puzzle.
func (p *Puzzle) ToMove() rules.Side {
	if p.Side == "black" {
		return rules.Black
	}
	return rules.Red
}

// Length is the number of moves the solver has to find.
func (p *Puzzle) Length() int {
	if p.Goal == GoalMaterial {
		return p.Moves
	}
	return p.MateIn
}

// Task is the goal in a few English words: "mate in 3", "win material".
func (p *Puzzle) Task() string {
	if p.Goal == GoalMaterial {
		return "win material"
	}
	return fmt.Sprintf("mate in %d", p.MateIn)
}

// Title is the task in English: "Red to move and mate in 3".
func (p *Puzzle) Title() string {
	side := "Red"
	if p.ToMove() == rules.Black {
		side = "Black"
	}
	if p.Goal == GoalMaterial {
		return side + " to move and win material"
	}
	if p.MateIn == 1 {
		return side + " to move and mate in 1"
	}
	return fmt.Sprintf("%s to move and mate in %d", side, p.MateIn)
}

// TitleZh is the task in Chinese: "紅先 三步殺".
func (p *Puzzle) TitleZh() string {
	side := "紅先"
	if p.ToMove() == rules.Black {
		side = "黑先"
	}
	if p.Goal == GoalMaterial {
		return side + " 得子"
	}
	return fmt.Sprintf("%s %s步殺", side, chineseNumber(p.MateIn))
}

func chineseNumber(n int) string {
	digits := []string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}
	switch {
	case n >= 0 && n <= 10:
		return digits[n]
	case n < 20:
		return "十" + digits[n-10]
	}
	return fmt.Sprint(n)
}

// Credit is the attribution line that must go with the puzzle wherever it is
// shown (CC BY 4.0).
func (p *Puzzle) Credit() string {
	var sb strings.Builder
	sb.WriteString("Puzzle ")
	sb.WriteString(p.ID)
	sb.WriteString(" from the Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0)")
	if p.Source.Event != "" {
		sb.WriteString(": ")
		sb.WriteString(p.Source.Event)
	}
	return sb.String()
}

// Position returns the puzzle's start position in variant v (xiangqi).
func (p *Puzzle) Position(v *rules.Variant) (*rules.Position, error) {
	pos, err := rules.NewPosition(v, p.FEN)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return pos, nil
}

// Collection is the set of puzzles the bot offers, with the daily schedule. It
// is read-only once made, so one value serves every chat.
type Collection struct {
	Puzzles []Puzzle `json:"puzzles"`
	// Stats are the build's counts, as puzzlegen printed them.
	Stats Stats `json:"stats"`

	byID   map[string]int
	levels [MaxLevel + 1][]int // puzzle indices per level, in schedule order
}

// Stats are the counts of a build of the collection.
type Stats struct {
	Checked int            `json:"checked"`
	Kept    int            `json:"kept"`
	Dropped map[string]int `json:"dropped"` // by reason
	// SolverSeconds is the CPU time the solver took for the whole build.
	SolverSeconds float64 `json:"solver_seconds"`
	Nodes         int64   `json:"nodes"`
	Command       string  `json:"command"`
}

//go:embed data/puzzles.json.gz
var embedded []byte

// Load returns the collection embedded in the binary (puzzle/data, made by
// cmd/puzzlegen). Each call decodes it anew; keep the result.
func Load() (*Collection, error) {
	return Decode(bytes.NewReader(embedded))
}

// Decode reads a collection in the format puzzlegen writes (gzip-compressed or
// plain JSON) and prepares its schedule.
func Decode(r io.Reader) (*Collection, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("puzzle: read collection: %w", err)
	}
	if len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("puzzle: read collection: %w", err)
		}
		data, err = io.ReadAll(io.LimitReader(zr, 256<<20))
		if err != nil {
			return nil, fmt.Errorf("puzzle: read collection: %w", err)
		}
	}
	var c Collection
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("puzzle: decode collection: %w", err)
	}
	if err := c.prepare(); err != nil {
		return nil, err
	}
	return &c, nil
}

// New makes a collection of the given puzzles.
func New(puzzles []Puzzle) (*Collection, error) {
	c := &Collection{Puzzles: puzzles}
	if err := c.prepare(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Collection) prepare() error {
	if len(c.Puzzles) == 0 {
		return ErrNoPuzzles
	}
	c.byID = make(map[string]int, len(c.Puzzles))
	for i := range c.Puzzles {
		p := &c.Puzzles[i]
		if _, dup := c.byID[p.ID]; dup || p.ID == "" {
			return fmt.Errorf("puzzle: duplicate or empty id %q", p.ID)
		}
		if p.Level < MinLevel || p.Level > MaxLevel {
			return fmt.Errorf("puzzle %s: level %d out of range", p.ID, p.Level)
		}
		if len(p.Line) == 0 || len(p.Solutions) == 0 || p.Length() < 1 {
			return fmt.Errorf("puzzle %s: no line, solutions or length", p.ID)
		}
		if p.Goal != GoalMate && p.Goal != GoalMaterial {
			return fmt.Errorf("puzzle %s: unknown goal %q", p.ID, p.Goal)
		}
		c.byID[p.ID] = i
		c.levels[p.Level] = append(c.levels[p.Level], i)
	}
	// The schedule order of each level: a fixed shuffle by id, so that neither the
	// order of the files nor a rebuild that adds puzzles groups similar ones.
	for l := range c.levels {
		slices.SortFunc(c.levels[l], func(a, b int) int {
			ha, hb := idHash(c.Puzzles[a].ID), idHash(c.Puzzles[b].ID)
			if ha != hb {
				if ha < hb {
					return -1
				}
				return 1
			}
			return strings.Compare(c.Puzzles[a].ID, c.Puzzles[b].ID)
		})
	}
	return nil
}

func idHash(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// Len is the number of puzzles.
func (c *Collection) Len() int { return len(c.Puzzles) }

// ByID returns the puzzle with the given id.
func (c *Collection) ByID(id string) (*Puzzle, error) {
	i, ok := c.byID[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownPuzzle, id)
	}
	return &c.Puzzles[i], nil
}

// LevelCount is the number of puzzles of a level.
func (c *Collection) LevelCount(level int) int {
	if level < MinLevel || level > MaxLevel {
		return 0
	}
	return len(c.levels[level])
}

// scheduleEpoch is a Monday: day 0 of the schedule.
var scheduleEpoch = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

// DayNumber is the number of days from the schedule's first Monday (2024-01-01)
// to the calendar date of t, read in t's own location.
func DayNumber(t time.Time) int {
	y, m, d := t.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return int(day.Sub(scheduleEpoch).Hours()) / 24
}

// LevelOf is the difficulty of the puzzle of the calendar date of t: 1 on
// Monday, rising to 7 on Sunday.
func LevelOf(t time.Time) int {
	wd := int(t.Weekday()) // Sunday = 0
	if wd == 0 {
		return MaxLevel
	}
	return wd
}

// Daily returns the puzzle of the calendar date of t (in t's location: pass the
// chat's local time). Every chat gets the same puzzle on the same date; the
// level rises from Monday to Sunday, and each level's puzzles come round in turn,
// one a week. It does not look at the clock: t is the caller's.
func (c *Collection) Daily(t time.Time) *Puzzle {
	level := LevelOf(t)
	week := floorDiv(DayNumber(t), 7)
	// The nearest level that has puzzles, harder first.
	for d := 0; d < MaxLevel; d++ {
		for _, l := range []int{level + d, level - d} {
			if l < MinLevel || l > MaxLevel || len(c.levels[l]) == 0 {
				continue
			}
			pool := c.levels[l]
			return &c.Puzzles[pool[floorMod(week, len(pool))]]
		}
	}
	return &c.Puzzles[0] // unreachable: prepare refuses an empty collection
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func floorMod(a, b int) int { return a - floorDiv(a, b)*b }

// Date is the "YYYY-MM-DD" form of t's calendar date, as stored.
func Date(t time.Time) string { return t.Format(time.DateOnly) }
