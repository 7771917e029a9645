package puzzle

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// Score is one user's puzzle record in one chat, as the leaderboard needs it. The
// bot keeps it in storage; this package only does the arithmetic.
type Score struct {
	UserID        string
	Name          string
	Solved        int    // puzzles solved
	Streak        int    // days in a row, up to LastSolvedDay
	BestStreak    int    // the longest streak so far
	LastSolvedDay string // "YYYY-MM-DD", the chat's local date
}

// Credit records a solve on day ("YYYY-MM-DD", the puzzle's date) and reports
// whether it counted: a second solve on the same day does not. The streak goes
// on when the previous solve was the day before, and starts again at 1
// otherwise.
func (s *Score) Credit(day string) bool {
	if day == s.LastSolvedDay {
		return false
	}
	if prev, err := time.Parse(time.DateOnly, s.LastSolvedDay); err == nil && prev.AddDate(0, 0, 1).Format(time.DateOnly) == day {
		s.Streak++
	} else {
		s.Streak = 1
	}
	s.Solved++
	s.LastSolvedDay = day
	s.BestStreak = max(s.BestStreak, s.Streak)
	return true
}

// CurrentStreak is the streak as it stands on day today: a streak whose last
// solve is older than yesterday is broken and counts 0.
func (s *Score) CurrentStreak(today string) int {
	if s.LastSolvedDay == today {
		return s.Streak
	}
	t, err := time.Parse(time.DateOnly, today)
	if err != nil || t.AddDate(0, 0, -1).Format(time.DateOnly) != s.LastSolvedDay {
		return 0
	}
	return s.Streak
}

// Rank orders scores for a leaderboard on day today: most solved first, then the
// longer current streak, then the longer best streak, then by name. It sorts in
// place and returns the slice.
func Rank(scores []Score, today string) []Score {
	slices.SortStableFunc(scores, func(a, b Score) int {
		if c := cmp.Compare(b.Solved, a.Solved); c != 0 {
			return c
		}
		if c := cmp.Compare(b.CurrentStreak(today), a.CurrentStreak(today)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.BestStreak, a.BestStreak); c != 0 {
			return c
		}
		return strings.Compare(a.Name+"\x00"+a.UserID, b.Name+"\x00"+b.UserID)
	})
	return scores
}
