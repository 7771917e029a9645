package jobs

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the queue runs keys; what a job does is its caller's business.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/bot/jobs", map[string]string{
		"github.com/chuhe/chuhe/": "the queue knows keys, not games, stores or engines",
	})
}
