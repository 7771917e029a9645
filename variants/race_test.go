//go:build race

package variants

// raceEnabled shrinks the heaviest tests under the race detector, which slows
// move generation about tenfold without finding more there.
const raceEnabled = true
