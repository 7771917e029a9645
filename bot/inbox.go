package bot

import (
	"crypto/rand"

	"github.com/chuhe/chuhe/bot/inbox"
)

// Inbox keeps an adapter's incoming events durably until they are handled
// (package inbox).
type Inbox = inbox.Inbox

// Inbound is one queued event of an Inbox.
type Inbound = inbox.Item

// InboxLease is how long an event kept or claimed is its process's alone
// (inbox.Lease).
const InboxLease = inbox.Lease

// Inbox returns the inbox of one adapter, kept in the service's store.
func (s *Service) Inbox(platform string) Inbox {
	// Each inbox is a holder of its own: one made for an adapter restarted in
	// this process takes over what the stopped one kept.
	return inbox.New(s.store, inbox.Options{Platform: platform, Holder: rand.Text(), Now: s.now, Logger: s.log})
}
