// Package deptest checks in tests that a package's imports point the way the
// design says (cmd/bot → bot → {variants → rules, render → rules, storage}), so
// that the direction of dependencies is a test, not a wish (after Tailscale's
// tstest/deptest).
package deptest

import (
	"os/exec"
	"strings"
	"testing"
)

// Check fails t if pkg (an import path) depends, directly or not, on a package
// whose path starts with one of the banned prefixes. Each prefix maps to the reason
// it is banned, which the failure shows.
func Check(t *testing.T, pkg string, banned map[string]string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for prefix, why := range banned {
			if dep == prefix || strings.HasPrefix(dep, prefix+"/") {
				t.Errorf("%s depends on %s: %s", pkg, dep, why)
			}
		}
	}
}
