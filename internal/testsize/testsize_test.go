package testsize

import "testing"

func TestLong(t *testing.T) {
	for _, c := range []struct {
		env  string
		want bool
	}{{"", false}, {"0", false}, {"yes", false}, {"1", !testing.Short()}} {
		t.Setenv(LongEnv, c.env)
		if got := Long(); got != c.want {
			t.Errorf("%s=%q: Long() = %v, want %v", LongEnv, c.env, got, c.want)
		}
	}
}
