package main

import "github.com/chuhe/chuhe/internal/testsize"

// small reports whether the heavy tests run at their small sizes: by default
// (CHUHE_TEST_LONG unset, see internal/testsize) and under the race detector,
// which slows move generation about tenfold without finding more there.
func small() bool { return !testsize.Long() || raceEnabled }
