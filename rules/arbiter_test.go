package rules

import "testing"

// TestRulingVerdicts: perpetual check is judged before chase; one offender
// loses if it made the last move, and otherwise must change; none or two draw.
func TestRulingVerdicts(t *testing.T) {
	cases := []struct {
		name       string
		foul       [2]Foul
		mover      Side
		occurrence int
		offender   string // "red", "black" or ""
		forbidden  bool
		want       Outcome
	}{
		{"idle", [2]Foul{FoulNone, FoulNone}, Red, 3, "", false, Drawn(ReasonRepetition)},
		{"mutual check", [2]Foul{FoulCheck, FoulCheck}, Black, 3, "", false, Drawn(ReasonRepetition)},
		{"mutual chase", [2]Foul{FoulChase, FoulChase}, Red, 3, "", false, Drawn(ReasonRepetition)},
		{"check beats chase", [2]Foul{FoulChase, FoulCheck}, Black, 3, "black", true, Win(Red, ReasonPerpetual)},
		{"red chases, red moved", [2]Foul{FoulChase, FoulNone}, Red, 3, "red", true, Win(Black, ReasonPerpetualChase)},
		{"red chases, black moved", [2]Foul{FoulChase, FoulNone}, Black, 3, "red", false, Outcome{}},
		{"black checks, black moved", [2]Foul{FoulNone, FoulCheck}, Black, 3, "black", true, Win(Red, ReasonPerpetual)},
		{"second occurrence", [2]Foul{FoulChase, FoulNone}, Red, 2, "red", false, Outcome{}},
	}
	for _, c := range cases {
		r := Ruling{Foul: c.foul, Mover: c.mover, Occurrence: c.occurrence}
		s, ok := r.Offender()
		got := ""
		if ok {
			got = s.String()
		}
		if got != c.offender || r.Forbidden() != c.forbidden || r.Outcome() != c.want {
			t.Errorf("%s: offender %q forbidden %v outcome %+v, want %q %v %+v",
				c.name, got, r.Forbidden(), r.Outcome(), c.offender, c.forbidden, c.want)
		}
	}
}
