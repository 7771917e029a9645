package variants

import "sync"

// testRegistry is Default built once for all the tests of the package. Building
// it (every variant's move tables) costs a good part of a second of CPU, and the
// tests only read it: a test that changes a variant clones it first.
var testRegistry = sync.OnceValue(Default)
