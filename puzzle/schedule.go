package puzzle

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrBadSchedule is returned for a post time or time zone that cannot be read.
var ErrBadSchedule = errors.New("puzzle: bad post time or time zone")

// Subscription is a chat's daily post: the local time of day, the time zone and
// the last date posted. The bot stores the three strings (storage.Chat's
// PuzzleTime, PuzzleTZ and PuzzleLastPosted); Due decides from them alone, so a
// restart loses nothing.
type Subscription struct {
	Time       string // "HH:MM", 24-hour, local
	TZ         string // IANA name ("Asia/Shanghai") or a fixed offset ("UTC+08:00"); "" = UTC
	LastPosted string // "YYYY-MM-DD" in TZ; "" = never
}

// ParseSubscription reads the arguments of `/puzzle subscribe HH:MM [timezone]`:
// a time such as 8:30 or 08:30, and an optional zone: an IANA name
// (Asia/Taipei), UTC, or an offset (+8, UTC+8, GMT-05:30, +08:00). The zone is
// returned in the form Location reads back.
func ParseSubscription(hhmm, tz string) (Subscription, error) {
	h, m, ok := parseClock(hhmm)
	if !ok {
		return Subscription{}, fmt.Errorf("%w: %q is not a time like 08:30", ErrBadSchedule, hhmm)
	}
	zone, err := canonicalZone(tz)
	if err != nil {
		return Subscription{}, err
	}
	return Subscription{Time: fmt.Sprintf("%02d:%02d", h, m), TZ: zone}, nil
}

func parseClock(s string) (h, m int, ok bool) {
	hs, ms, found := strings.Cut(strings.TrimSpace(s), ":")
	if !found {
		return 0, 0, false
	}
	h, err1 := strconv.Atoi(hs)
	m, err2 := strconv.Atoi(ms)
	if err1 != nil || err2 != nil || len(ms) != 2 || len(hs) > 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, 0, false
	}
	return h, m, true
}

// canonicalZone turns what a user typed into a stored zone string.
func canonicalZone(tz string) (string, error) {
	tz = strings.TrimSpace(tz)
	if tz == "" || strings.EqualFold(tz, "utc") || strings.EqualFold(tz, "gmt") || tz == "Z" {
		return "UTC", nil
	}
	if off, ok := parseOffset(tz); ok {
		sign := '+'
		if off < 0 {
			sign, off = '-', -off
		}
		return fmt.Sprintf("UTC%c%02d:%02d", sign, off/3600, off%3600/60), nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil || strings.HasPrefix(tz, "/") || strings.Contains(tz, "..") || strings.EqualFold(tz, "local") {
		return "", fmt.Errorf("%w: unknown time zone %q (try Asia/Shanghai or UTC+8)", ErrBadSchedule, tz)
	}
	return loc.String(), nil
}

// parseOffset reads +8, -05:30, UTC+8, GMT+08:00, in seconds east of UTC.
func parseOffset(s string) (int, bool) {
	u := strings.ToUpper(s)
	u = strings.TrimPrefix(strings.TrimPrefix(u, "UTC"), "GMT")
	if len(u) < 2 || (u[0] != '+' && u[0] != '-') {
		return 0, false
	}
	sign := 1
	if u[0] == '-' {
		sign = -1
	}
	hs, ms, _ := strings.Cut(u[1:], ":")
	h, err := strconv.Atoi(hs)
	if err != nil || len(hs) > 2 || h > 14 {
		return 0, false
	}
	m := 0
	if ms != "" {
		if m, err = strconv.Atoi(ms); err != nil || len(ms) != 2 || m > 59 {
			return 0, false
		}
	}
	return sign * (h*3600 + m*60), true
}

// Location is the *time.Location of a stored zone string.
func Location(tz string) (*time.Location, error) {
	if tz == "" || tz == "UTC" {
		return time.UTC, nil
	}
	if off, ok := parseOffset(tz); ok {
		return time.FixedZone(tz, off), nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSchedule, err)
	}
	return loc, nil
}

// Due reports whether the chat's post is due at now, and for which local date
// (the date to give Daily and to store as LastPosted once posted). The post is
// due once the local time has reached Time on a date after LastPosted: so at
// most one post per local date, and a bot that was down at post time posts as
// soon as it is back on that same date. A date spent entirely down cannot be
// posted afterwards without two posts on one date, so it is not.
func (s Subscription) Due(now time.Time) (day time.Time, due bool, err error) {
	loc, err := Location(s.TZ)
	if err != nil {
		return time.Time{}, false, err
	}
	h, m, ok := parseClock(s.Time)
	if !ok {
		return time.Time{}, false, fmt.Errorf("%w: post time %q", ErrBadSchedule, s.Time)
	}
	local := now.In(loc)
	y, mo, d := local.Date()
	at := time.Date(y, mo, d, h, m, 0, 0, loc)
	if s.posted(Date(local)) || local.Before(at) {
		return local, false, nil
	}
	return local, true, nil
}

// posted reports whether the post of date day (or a later one) was made. A
// LastPosted that is not a date counts as never.
func (s Subscription) posted(day string) bool {
	if _, err := time.Parse(time.DateOnly, s.LastPosted); err != nil {
		return false
	}
	return s.LastPosted >= day // ISO dates compare as strings
}

// Next is the time of the next post at or after now: now itself when one is
// due, else today's post time, else tomorrow's (for "next puzzle at ..." replies).
func (s Subscription) Next(now time.Time) (time.Time, error) {
	local, due, err := s.Due(now)
	if err != nil || due {
		return local, err
	}
	h, m, _ := parseClock(s.Time)
	y, mo, d := local.Date()
	at := time.Date(y, mo, d, h, m, 0, 0, local.Location())
	if s.posted(Date(local)) {
		at = time.Date(y, mo, d+1, h, m, 0, 0, local.Location())
	}
	return at, nil
}
