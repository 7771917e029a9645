package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// fileMode is the mode of data and backup files: they hold the secrets of
// hidden-piece games, so only the owner may read them.
const fileMode fs.FileMode = 0o600

// Options tune Open. The zero value (or nil) is the production default.
type Options struct {
	// LockTimeout is how long Open waits for another process to let go of the data
	// file before it returns ErrLocked. Default 2s.
	LockTimeout time.Duration
	// Now stamps CreatedAt and UpdatedAt. Default time.Now.
	Now func() time.Time
	// Logger receives migrations, permission fixes and backup events. Default slog.Default().
	Logger *slog.Logger
	// MaxBatch caps how many writes share one commit. Default 512.
	MaxBatch int
	// ServeBackups makes Open listen on SocketPath(path), so that BackupData run by
	// another process (`go run ./cmd/bot backup -o FILE`) can take a hot backup of this store.
	ServeBackups bool
	// NoSync acknowledges a write before it reaches the disk (bbolt's NoSync): a
	// crash of the machine, not only of the process, may lose it. For tests and
	// throwaway stores only; the bot never sets it.
	NoSync bool
}

// Bolt is the Store on an embedded bbolt file. It is safe for concurrent use. Only
// one Bolt (in one process) can have a data file open at a time.
type Bolt struct {
	db       *bolt.DB
	path     string
	now      func() time.Time
	log      *slog.Logger
	maxBatch int

	// mu guards closed and the sending side of writes: Close takes it for writing,
	// so that nothing is sent on writes after it is closed.
	mu     sync.RWMutex
	closed bool
	writes chan writeReq
	done   chan struct{} // closed when the committer has drained writes

	backups *backupServer // nil unless Options.ServeBackups

	// session names this Open: outbox leases of an earlier one are void (outbox.go).
	session string
	// holds are the leases on values taken in this Open (held.go).
	holds holds

	commits atomic.Uint64 // transactions committed by the committer, for benchmarks
}

// Open opens (or creates, with owner-only permissions) the data file at path,
// migrates its schema to the current version step by step, and starts the committer.
// It tightens the permissions of an existing file that others could read.
func Open(path string, opts *Options) (*Bolt, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = 2 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = 512
	}
	log := o.Logger.With("store", path)

	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	db, err := openLocked(path, o.LockTimeout, o.NoSync)
	if err != nil {
		return nil, err
	}
	if err := tightenMode(path, log); err != nil {
		_ = db.Close()
		return nil, err
	}
	if err := migrate(db, log); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}

	s := &Bolt{
		db:       db,
		path:     path,
		now:      o.Now,
		log:      log,
		maxBatch: o.MaxBatch,
		writes:   make(chan writeReq, o.MaxBatch),
		done:     make(chan struct{}),
		session:  newSession(),
	}
	if o.ServeBackups {
		s.backups, err = serveBackups(s, SocketPath(path))
		if err != nil {
			_ = db.Close()
			return nil, fmt.Errorf("storage: open %s: %w", path, err)
		}
	}
	go s.commitLoop()
	return s, nil
}

// openLocked opens the bbolt file and makes sure the file it locked is still the
// one at path: Restore renames a new file over path, and an Open that was waiting
// for the lock on the old file must not go on writing to an unlinked file.
func openLocked(path string, timeout time.Duration, noSync bool) (*bolt.DB, error) {
	for attempt := 0; ; attempt++ {
		var opened *os.File
		db, err := bolt.Open(path, fileMode, &bolt.Options{
			Timeout: timeout,
			// The hashmap freelist stays fast as a long-lived file grows.
			FreelistType: bolt.FreelistMapType,
			// NoSync stays false unless Options.NoSync: an acknowledged write is on disk.
			NoSync: noSync,
			OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
				f, err := os.OpenFile(name, flag, perm)
				opened = f
				return f, err
			},
		})
		if errors.Is(err, berrors.ErrTimeout) {
			return nil, fmt.Errorf("storage: open %s: %w (is another bot running?)", path, ErrLocked)
		}
		if err != nil {
			return nil, fmt.Errorf("storage: open %s: %w", path, err)
		}
		same, err := sameFileAtPath(opened, path)
		if err != nil {
			_ = db.Close()
			return nil, fmt.Errorf("storage: open %s: %w", path, err)
		}
		if same {
			return db, nil
		}
		_ = db.Close()
		if attempt == 3 {
			return nil, fmt.Errorf("storage: open %s: the file keeps being replaced: %w", path, ErrLocked)
		}
	}
}

func sameFileAtPath(f *os.File, path string) (bool, error) {
	if f == nil {
		return false, errors.New("bbolt did not open the file through our hook")
	}
	a, err := f.Stat()
	if err != nil {
		return false, err
	}
	b, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(a, b), nil
}

func tightenMode(path string, log *slog.Logger) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", path, err)
	}
	if fi.Mode().Perm()&^fileMode == 0 {
		return nil
	}
	log.Warn("data file was readable by others; restricting it to its owner", "mode", fi.Mode().Perm().String())
	if err := os.Chmod(path, fileMode); err != nil {
		return fmt.Errorf("storage: restrict permissions of %s: %w", path, err)
	}
	return nil
}

// stamp is the time for CreatedAt and UpdatedAt: in UTC and without a monotonic
// reading, so that a record the store hands back equals the record read later.
func (s *Bolt) stamp() time.Time { return s.now().UTC() }

// Path is the data file's path.
func (s *Bolt) Path() string { return s.path }

// Close stops taking writes, waits for the pending ones to commit, stops the backup
// socket and closes the file. Calling Close twice returns ErrClosed.
func (s *Bolt) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.closed = true
	close(s.writes)
	s.mu.Unlock()
	<-s.done

	var errs []error
	if s.backups != nil {
		errs = append(errs, s.backups.close())
	}
	if err := s.db.Close(); err != nil {
		errs = append(errs, fmt.Errorf("storage: close %s: %w", s.path, err))
	}
	return errors.Join(errs...)
}

// writeOp is one write, run inside a shared read-write transaction. An op that
// fails before writing anything returns cleanError, so the others sharing its
// transaction can go on; any other error rolls the transaction back.
type writeOp func(tx *bolt.Tx) error

type writeReq struct {
	op   writeOp
	done chan error
}

// cleanError marks an op's error as happening before the op wrote anything.
type cleanError struct{ err error }

func (e cleanError) Error() string { return e.err.Error() }
func (e cleanError) Unwrap() error { return e.err }

func clean(err error) error { return cleanError{err} }

// write runs op in a transaction shared with whatever other writes are waiting,
// and returns once that transaction is committed to disk (or op failed). A ctx
// done before op runs cancels it; once op ran, write waits for the commit, so the
// outcome the caller sees is always the outcome on disk.
func (s *Bolt) write(ctx context.Context, op writeOp) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	done := make(chan error, 1)
	req := writeReq{
		op: func(tx *bolt.Tx) error {
			if err := ctx.Err(); err != nil {
				return clean(err)
			}
			return op(tx)
		},
		done: done,
	}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	s.writes <- req
	s.mu.RUnlock()
	return <-done
}

// commitLoop is group commit: while one transaction is being written and synced,
// new writes queue up, and the next transaction takes all of them. A lone writer
// waits for no timer (unlike bolt.DB.Batch, which waits MaxBatchDelay), and many
// writers share one fsync.
func (s *Bolt) commitLoop() {
	defer close(s.done)
	batch := make([]writeReq, 0, s.maxBatch)
	for first := range s.writes {
		batch = append(batch[:0], first)
	fill:
		for len(batch) < s.maxBatch {
			select {
			case r, ok := <-s.writes:
				if !ok {
					break fill
				}
				batch = append(batch, r)
			default:
				break fill
			}
		}
		s.commit(batch)
	}
}

// commit runs a batch of ops in one transaction. An op that fails dirty is taken
// out and told its error, and the rest run again in a fresh transaction, as
// bolt.DB.Batch does.
func (s *Bolt) commit(batch []writeReq) {
	errs := make([]error, len(batch))
	for len(batch) > 0 {
		failed := -1
		var failErr error
		err := s.db.Update(func(tx *bolt.Tx) error {
			for i, r := range batch {
				errs[i] = nil
				err := callSafely(r.op, tx)
				if err == nil {
					continue
				}
				if ce, ok := err.(cleanError); ok {
					errs[i] = ce.err
					continue
				}
				failed, failErr = i, err
				return err
			}
			return nil
		})
		if failed >= 0 {
			batch[failed].done <- failErr
			batch = append(batch[:failed], batch[failed+1:]...)
			errs = errs[:len(batch)]
			continue
		}
		if err != nil {
			err = fmt.Errorf("storage: commit: %w", err)
		} else {
			s.commits.Add(1)
		}
		for i, r := range batch {
			if errs[i] != nil {
				r.done <- errs[i]
			} else {
				r.done <- err
			}
		}
		return
	}
}

func callSafely(op writeOp, tx *bolt.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("storage: write panicked: %v", p)
		}
	}()
	return op(tx)
}

// view runs fn in a read-only transaction.
func (s *Bolt) view(ctx context.Context, fn func(tx *bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	closed := s.closed
	s.mu.RUnlock()
	if closed {
		return ErrClosed
	}
	err := s.db.View(fn)
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}
