package variants

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/variants", map[string]string{
		"github.com/chuhe/chuhe/bot":     "variants are rules data, not chat",
		"github.com/chuhe/chuhe/render":  "variants know no image",
		"github.com/chuhe/chuhe/storage": "variants know no storage",
		"go.etcd.io/bbolt":               "variants know no storage",
	})
}
