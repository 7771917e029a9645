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

// Check fails t if pkg (an import path) depends, directly or not, on a banned
// package. A banned path matches itself and the packages below it; a path ending
// in "/" matches every package below it only. Each maps to the reason it is
// banned, which the failure shows.
func Check(t *testing.T, pkg string, banned map[string]string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s printed nothing", pkg)
	}
	for _, dep := range deps {
		if dep == pkg {
			continue
		}
		for path, why := range banned {
			if matches(dep, path) {
				t.Errorf("%s depends on %s: %s", pkg, dep, why)
			}
		}
	}
}

func matches(dep, path string) bool {
	if strings.HasSuffix(path, "/") {
		return strings.HasPrefix(dep, path)
	}
	return dep == path || strings.HasPrefix(dep, path+"/")
}
