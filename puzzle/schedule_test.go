package puzzle

import (
	"errors"
	"testing"
	"time"
	_ "time/tzdata" // zones without the system's zoneinfo
)

func TestParseSubscription(t *testing.T) {
	for _, tc := range []struct{ hhmm, tz, time, zone string }{
		{"8:30", "", "08:30", "UTC"},
		{"08:30", "Asia/Shanghai", "08:30", "Asia/Shanghai"},
		{"23:59", "UTC+8", "23:59", "UTC+08:00"},
		{"0:00", "-05:30", "00:00", "UTC-05:30"},
		{"07:05", "gmt", "07:05", "UTC"},
		{"12:00", "+08:00", "12:00", "UTC+08:00"},
	} {
		s, err := ParseSubscription(tc.hhmm, tc.tz)
		if err != nil || s.Time != tc.time || s.TZ != tc.zone {
			t.Errorf("ParseSubscription(%q, %q) = %+v, %v", tc.hhmm, tc.tz, s, err)
			continue
		}
		if _, err := Location(s.TZ); err != nil {
			t.Errorf("Location(%q): %v", s.TZ, err)
		}
	}
	for _, bad := range [][2]string{{"24:00", ""}, {"8", ""}, {"8:5", ""}, {"ab:cd", ""}, {"08:30", "Mars/Base"}, {"08:30", "+15"}, {"08:30", "../etc"}, {"08:30", "Local"}} {
		if _, err := ParseSubscription(bad[0], bad[1]); !errors.Is(err, ErrBadSchedule) {
			t.Errorf("ParseSubscription(%q, %q) = %v, want ErrBadSchedule", bad[0], bad[1], err)
		}
	}
}

// TestDueOncePerDayAcrossRestart ticks a fake clock every ten minutes for five
// days. The bot "restarts" (only the stored subscription survives) and is down
// across the post time of day 3; it posts that day when it is back, never twice.
func TestDueOncePerDayAcrossRestart(t *testing.T) {
	sub, err := ParseSubscription("08:30", "UTC+08:00")
	if err != nil {
		t.Fatal(err)
	}
	stored := sub // what storage keeps
	start := time.Date(2025, time.March, 3, 0, 0, 0, 0, time.UTC)
	down0 := time.Date(2025, time.March, 5, 0, 0, 0, 0, time.UTC) // 08:00 local, day 3
	down1 := time.Date(2025, time.March, 5, 3, 0, 0, 0, time.UTC) // 11:00 local
	posts := map[string][]time.Time{}
	for now := start; now.Before(start.Add(5 * 24 * time.Hour)); now = now.Add(10 * time.Minute) {
		if !now.Before(down0) && now.Before(down1) {
			continue // the bot is down
		}
		live := stored // each tick starts from storage, as after a restart
		day, due, err := live.Due(now)
		if err != nil {
			t.Fatal(err)
		}
		if due {
			posts[Date(day)] = append(posts[Date(day)], now)
			stored.LastPosted = Date(day)
		}
	}
	for _, d := range []string{"2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07"} {
		if len(posts[d]) != 1 {
			t.Errorf("%s: %d posts %v", d, len(posts[d]), posts[d])
		}
	}
	if got := posts["2025-03-05"][0]; !got.Equal(down1) {
		t.Errorf("day 3 posted at %v, want %v (as soon as the bot was back)", got, down1)
	}
	if got := posts["2025-03-04"][0].In(time.FixedZone("", 8*3600)); got.Hour() != 8 || got.Minute() != 30 {
		t.Errorf("day 2 posted at %v local", got)
	}
}

func TestNext(t *testing.T) {
	sub := Subscription{Time: "08:30", TZ: "UTC"}
	now := time.Date(2025, time.March, 3, 7, 0, 0, 0, time.UTC)
	if n, _ := sub.Next(now); !n.Equal(time.Date(2025, time.March, 3, 8, 30, 0, 0, time.UTC)) {
		t.Errorf("before post time: next %v", n)
	}
	late := now.Add(3 * time.Hour)
	if n, _ := sub.Next(late); !n.Equal(late) {
		t.Errorf("due: next %v", n)
	}
	sub.LastPosted = "2025-03-03"
	if n, _ := sub.Next(late); !n.Equal(time.Date(2025, time.March, 4, 8, 30, 0, 0, time.UTC)) {
		t.Errorf("posted: next %v", n)
	}
	if _, err := (Subscription{Time: "x", TZ: "UTC"}).Next(now); !errors.Is(err, ErrBadSchedule) {
		t.Errorf("bad time: %v", err)
	}
}

func TestDueWithABadLastPosted(t *testing.T) {
	sub := Subscription{Time: "08:30", TZ: "UTC", LastPosted: "garbage"}
	if _, due, err := sub.Due(time.Date(2025, time.March, 3, 9, 0, 0, 0, time.UTC)); err != nil || !due {
		t.Errorf("a LastPosted that is no date must not block posts: %v %v", due, err)
	}
}

// FuzzParseSubscription: what users type never panics, and what it stores reads
// back to itself.
func FuzzParseSubscription(f *testing.F) {
	for _, s := range [][2]string{{"08:30", ""}, {"8:30", "Asia/Shanghai"}, {"23:59", "UTC+8"}, {"0:00", "-05:30"}, {"12:00", "GMT+14"}, {"25:00", "x"}, {"", "../../etc/passwd"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, hhmm, tz string) {
		s, err := ParseSubscription(hhmm, tz)
		if err != nil {
			return
		}
		again, err := ParseSubscription(s.Time, s.TZ)
		if err != nil || again != s {
			t.Fatalf("ParseSubscription(%q, %q) = %+v; reading it back gives %+v, %v", hhmm, tz, s, again, err)
		}
		if _, err := Location(s.TZ); err != nil {
			t.Fatalf("stored zone %q does not load: %v", s.TZ, err)
		}
		if _, _, err := s.Due(time.Date(2025, time.March, 3, 9, 0, 0, 0, time.UTC)); err != nil {
			t.Fatalf("Due: %v", err)
		}
	})
}
