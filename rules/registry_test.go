package rules_test

import (
	"sync"

	"github.com/chuhe/chuhe/variants"
)

// testRegistry is variants.Default built once for all the tests of the
// package: building every variant's move tables costs a good part of a second
// of CPU, and the tests only read the registry.
var testRegistry = sync.OnceValue(variants.Default)
