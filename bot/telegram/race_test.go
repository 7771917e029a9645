//go:build race

package telegram

// raceEnabled is true under -race, where draining 1,000 drawn boards takes
// minutes: the drain test then sends fewer, as text boards.
const raceEnabled = true
