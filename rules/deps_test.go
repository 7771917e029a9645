package rules

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/rules", map[string]string{
		"github.com/chuhe/chuhe/variants": "variants are built on rules, never the reverse",
		"github.com/chuhe/chuhe/bot":      "rules knows no chat",
		"github.com/chuhe/chuhe/render":   "rules knows no image",
		"github.com/chuhe/chuhe/storage":  "rules knows no storage",
		"github.com/fogleman/gg":          "rules knows no image",
		"go.etcd.io/bbolt":                "rules knows no storage",
	})
}
