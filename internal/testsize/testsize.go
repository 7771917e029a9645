// Package testsize says how large the exhaustive tests run: random games,
// perft depths, leak and crash rounds. By default they run small, so that a
// newcomer's `go test ./...` takes a few minutes; CI sets CHUHE_TEST_LONG=1
// for the full sizes. Every test runs in both modes: the switch changes how
// much a test tries, never whether it runs.
package testsize

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that asks for the full sizes.
const LongEnv = "CHUHE_TEST_LONG"

// Long reports whether the tests should run at their full sizes: LongEnv is
// "1" and the run is not -short (-short always means small). It may only be
// called from a test, once the test flags are parsed.
func Long() bool {
	return os.Getenv(LongEnv) == "1" && !testing.Short()
}
