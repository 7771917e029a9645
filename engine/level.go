package engine

// Level is a playing strength. The weaker levels look few plies ahead, some
// without resolving captures at the horizon, and choose among their moves with
// Gaussian noise on the scores, so that they blunder now and then as a beginner
// does, and less as the level rises. Level 8 is the full search within the
// time it is given.
type Level struct {
	Number int
	// Depth caps the search in plies (0: none but time).
	Depth int
	// Nodes caps the search (0: none).
	Nodes int64
	// Noise is the standard deviation, in centipawns, added to each root move's
	// score before choosing.
	Noise int
	// NoQuiesce stops the search at its depth, captures pending: it does not see
	// that a piece it takes is defended.
	NoQuiesce bool
}

// MinLevel and MaxLevel bound the levels.
const (
	MinLevel = 1
	MaxLevel = 8
)

var levels = [MaxLevel + 1]Level{
	1: {Number: 1, Depth: 1, Noise: 250, NoQuiesce: true},
	2: {Number: 2, Depth: 2, Noise: 150, NoQuiesce: true},
	3: {Number: 3, Depth: 2, Noise: 90},
	4: {Number: 4, Depth: 3, Noise: 50, Nodes: 20_000},
	5: {Number: 5, Depth: 4, Noise: 30, Nodes: 60_000},
	6: {Number: 6, Depth: 6, Noise: 15, Nodes: 250_000},
	7: {Number: 7, Depth: 10, Noise: 5, Nodes: 2_000_000},
	8: {Number: 8},
}

// LevelOf returns level n, clamped to 1..8; 0 means 8.
func LevelOf(n int) Level {
	if n == 0 {
		n = MaxLevel
	}
	return levels[min(max(n, MinLevel), MaxLevel)]
}
