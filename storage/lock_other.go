//go:build !unix

package storage

import (
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// lockFile, where there is no flock, opens the file with bbolt to learn whether
// another process has it. Unlike the unix version, it cannot lock a damaged file.
func lockFile(path string) (unlock func(), err error) {
	db, err := bolt.Open(path, fileMode, &bolt.Options{Timeout: 200 * time.Millisecond})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("refusing to overwrite a data file that is open (stop the bot first): %w", ErrLocked)
	}
	if err != nil {
		return nil, err
	}
	return func() { _ = db.Close() }, nil
}
