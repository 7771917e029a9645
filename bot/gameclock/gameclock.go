// Package gameclock is the arithmetic of a game's clock (storage.Clock): time
// controls as players write them (Parse, Format), the start of a game, the
// charge of a move, a takeback's restart, the time left, running out of time
// and when a correspondence player is reminded.
//
// It reads no clock: every function takes now. It keeps nothing: the clock
// lives in the stored game, so a restart loses nothing.
//
// # Basics
//
//	tc, err := gameclock.Parse("10+5")       // live: 10 minutes a side, 5 s a move
//	gameclock.Start(&rec.Clock, now, rules.Red)
//	gameclock.AfterMove(&rec.Clock, now, mover, next, left)
//	if gameclock.OutOfTime(&rec.Clock, now) { ... }
//
// # Caveats
//
//   - AfterMove and Resume set values and never add to what was stored, so
//     they can run again on a retried write.
//   - A correspondence turn of a player on vacation starts when the vacation
//     ends (Clock.Paused); a live game is never paused.
package gameclock

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Limits of the time controls players may ask for.
const (
	minLiveBase  = time.Minute
	maxLiveBase  = 180 * time.Minute
	maxIncrement = 60 * time.Second
	minPerMove   = 24 * time.Hour
	maxPerMove   = 14 * 24 * time.Hour
)

// ReminderGap keeps reminders at most twice a day.
const ReminderGap = 12 * time.Hour

// Parse reads a time control as players write it: "10+5" or "10"
// (live: minutes per side, optional increment in seconds), "3d" or "3天"
// (correspondence: days per move, 1-14), "none" or "untimed". It does not know the
// chat's default; an empty text is an error.
func Parse(text string) (storage.TimeControl, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "none", "untimed", "off", "-", "無", "无", "不限時", "不限时":
		return storage.TimeControl{}, nil
	case "":
		return storage.TimeControl{}, fmt.Errorf("empty time control")
	}
	for _, suffix := range []string{"days", "day", "d", "天", "日"} {
		if n, ok := strings.CutSuffix(t, suffix); ok {
			days, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil {
				return storage.TimeControl{}, fmt.Errorf("%q: days must be a number", text)
			}
			d := time.Duration(days) * 24 * time.Hour
			if d < minPerMove || d > maxPerMove {
				return storage.TimeControl{}, fmt.Errorf("%q: correspondence games allow 1 to 14 days per move", text)
			}
			return storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: d}, nil
		}
	}
	base, inc, hasInc := strings.Cut(t, "+")
	base = strings.TrimSuffix(strings.TrimSuffix(base, "min"), "m")
	minutes, err := strconv.Atoi(base)
	if err != nil {
		return storage.TimeControl{}, fmt.Errorf("%q is not a time control", text)
	}
	tc := storage.TimeControl{Kind: storage.KindLive, Base: time.Duration(minutes) * time.Minute}
	if hasInc {
		secs, err := strconv.Atoi(strings.TrimSuffix(inc, "s"))
		if err != nil || secs < 0 {
			return storage.TimeControl{}, fmt.Errorf("%q: the increment must be whole seconds", text)
		}
		tc.Increment = time.Duration(secs) * time.Second
	}
	if tc.Base < minLiveBase || tc.Base > maxLiveBase || tc.Increment > maxIncrement {
		return storage.TimeControl{}, fmt.Errorf("%q: live games allow 1 to 180 minutes and at most 60 seconds increment", text)
	}
	return tc, nil
}

// Format writes tc the way Parse reads it.
func Format(tc storage.TimeControl) string {
	switch tc.Kind {
	case storage.KindLive:
		s := strconv.Itoa(int(tc.Base / time.Minute))
		if tc.Increment > 0 {
			s += "+" + strconv.Itoa(int(tc.Increment/time.Second))
		}
		return s
	case storage.KindCorrespondence:
		return strconv.Itoa(int(tc.PerMove/(24*time.Hour))) + "d"
	}
	return "untimed"
}

// Remaining returns a pointer to the stored Remaining time of side s.
func Remaining(c *storage.Clock, s rules.Side) *time.Duration {
	if s == rules.Red {
		return &c.RemainingRed
	}
	return &c.RemainingBlack
}

// Start sets the clock of a game that begins now with toMove to move.
func Start(c *storage.Clock, now time.Time, toMove rules.Side) {
	c.TurnStarted = now
	c.RemindersSent = 0
	switch c.Control.Kind {
	case storage.KindLive:
		c.RemainingRed, c.RemainingBlack = c.Control.Base, c.Control.Base
		c.Deadline = now.Add(c.Control.Base)
	case storage.KindCorrespondence:
		c.Deadline = now.Add(c.Control.PerMove)
	default:
		c.Deadline = time.Time{}
	}
}

// AfterMove charges mover for the time since the turn started, adds the increment
// and starts next's turn. It sets values, never adds to what was stored, so that it
// can run again on a retried write.
func AfterMove(c *storage.Clock, now time.Time, mover, next rules.Side, moverLeft time.Duration) {
	if c.Control.Kind == storage.KindLive {
		*Remaining(c, mover) = moverLeft + c.Control.Increment
	}
	Resume(c, now, next)
}

// Resume starts the turn of side s now, with the time it has left: after a
// move (AfterMove) or a takeback.
func Resume(c *storage.Clock, now time.Time, s rules.Side) {
	c.TurnStarted = now
	c.RemindersSent = 0
	switch c.Control.Kind {
	case storage.KindLive:
		c.Deadline = now.Add(*Remaining(c, s))
	case storage.KindCorrespondence:
		c.Deadline = now.Add(c.Control.PerMove)
		if until := c.Paused[s]; until.After(now) {
			c.Deadline = until.Add(c.Control.PerMove) // on vacation: the turn starts when it ends (bot/vacation.go)
		}
	}
}

// Left is how long side s has at now: for the side to move, until its deadline.
func Left(c *storage.Clock, now time.Time, s, toMove rules.Side) time.Duration {
	switch c.Control.Kind {
	case storage.KindLive:
		if s == toMove {
			return c.Deadline.Sub(now)
		}
		return *Remaining(c, s)
	case storage.KindCorrespondence:
		if s == toMove {
			return c.Deadline.Sub(now)
		}
		return c.Control.PerMove
	}
	return 0
}

// OutOfTime reports whether the side to move has run out of time at now.
func OutOfTime(c *storage.Clock, now time.Time) bool {
	return !c.Deadline.IsZero() && !now.Before(c.Deadline)
}

// ReminderDue reports whether the player to move of a correspondence game should
// be reminded now: the deadline is near (within a day, or half the time per move
// if that is less) and the last reminder is at least twelve hours old, so that
// nobody gets more than two a day.
func ReminderDue(c *storage.Clock, now time.Time) bool {
	if c.Control.Kind != storage.KindCorrespondence || c.Deadline.IsZero() {
		return false
	}
	left := c.Deadline.Sub(now)
	if left <= 0 {
		return false
	}
	threshold := min(24*time.Hour, c.Control.PerMove/2)
	if left > threshold {
		return false
	}
	return c.LastReminder.IsZero() || now.Sub(c.LastReminder) >= ReminderGap
}
