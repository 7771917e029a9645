package gameclock

import (
	"testing"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func TestTimeControls(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"10+5", "10+5", true}, {"10", "10", true}, {"3m", "3", true}, {"180", "180", true},
		{"3d", "3d", true}, {"14d", "14d", true}, {"1天", "1d", true}, {"untimed", "untimed", true},
		{"0", "", false}, {"181", "", false}, {"10+61", "", false}, {"15d", "", false}, {"0d", "", false},
		{"abc", "", false}, {"", "", false},
	} {
		tc, err := Parse(c.in)
		if (err == nil) != c.ok {
			t.Errorf("Parse(%q) err = %v, want ok %v", c.in, err, c.ok)
			continue
		}
		if c.ok && Format(tc) != c.want {
			t.Errorf("Parse(%q) formats as %q, want %q", c.in, Format(tc), c.want)
		}
	}
}

func TestReminderSchedule(t *testing.T) {
	// A 3-day game: reminders come at most twice a day, the first a day before.
	c := &storage.Clock{Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour}}
	Start(c, epoch, rules.Red)
	var at []time.Duration
	for d := time.Duration(0); d < 72*time.Hour; d += 10 * time.Minute {
		now := epoch.Add(d)
		if ReminderDue(c, now) {
			at = append(at, d)
			c.LastReminder = now
		}
	}
	if len(at) != 2 || at[0] != 48*time.Hour || at[1] != 60*time.Hour {
		t.Errorf("reminders at %v, want [48h 60h]", at)
	}
}

// TestLiveClock: a move charges the mover the time it took and adds the
// increment; the deadline is the next side's time left; a takeback restarts
// the turn from what was left.
func TestLiveClock(t *testing.T) {
	c := &storage.Clock{Control: storage.TimeControl{Kind: storage.KindLive, Base: 10 * time.Minute, Increment: 5 * time.Second}}
	Start(c, epoch, rules.Red)
	if got := Left(c, epoch.Add(time.Minute), rules.Red, rules.Red); got != 9*time.Minute {
		t.Fatalf("red after a minute: %s left, want 9m", got)
	}
	now := epoch.Add(time.Minute)
	AfterMove(c, now, rules.Red, rules.Black, Left(c, now, rules.Red, rules.Red))
	if got := Left(c, now, rules.Red, rules.Black); got != 9*time.Minute+5*time.Second {
		t.Errorf("red after the move: %s, want 9m5s", got)
	}
	if !c.Deadline.Equal(now.Add(10 * time.Minute)) {
		t.Errorf("black's deadline %s, want 10 minutes from the move", c.Deadline)
	}
	if OutOfTime(c, now.Add(10*time.Minute-time.Second)) || !OutOfTime(c, now.Add(10*time.Minute)) {
		t.Errorf("black runs out of time at its deadline, not before")
	}
	Resume(c, now.Add(time.Hour), rules.Red)
	if !c.Deadline.Equal(now.Add(time.Hour + 9*time.Minute + 5*time.Second)) {
		t.Errorf("after a takeback red's deadline is %s", c.Deadline)
	}
}

// TestVacationDelaysTheTurn: a correspondence turn of a player on vacation
// begins when the vacation ends.
func TestVacationDelaysTheTurn(t *testing.T) {
	c := &storage.Clock{Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 48 * time.Hour}}
	Start(c, epoch, rules.Red)
	back := epoch.Add(5 * 24 * time.Hour)
	c.Paused[rules.Black] = back
	AfterMove(c, epoch.Add(time.Hour), rules.Red, rules.Black, 0)
	if !c.Deadline.Equal(back.Add(48 * time.Hour)) {
		t.Errorf("deadline %s, want two days after the vacation", c.Deadline)
	}
}
