package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/storetest"
)

// TestContract runs the Store contract against PostgreSQL.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) storage.Store {
		return openTest(t, &Options{Now: now})
	})
}

func TestPrefixEnd(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"", "", false},
		{"tg/", "tg0", true},
		{"a~", "a\x7f", true},
		{"象", "豢", true},
		{"x\U0010FFFF", "", false},
		{"\uD7FF", "\uE000", true},
	} {
		got, ok := prefixEnd(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("prefixEnd(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestBackupSaysUsePgDump(t *testing.T) {
	s := openTest(t, nil)
	if _, err := s.Backup(context.Background(), nil); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Backup = %v, want ErrUnsupported", err)
	}
}
