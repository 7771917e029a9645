// Package outbox is the sender of Chuhe's durable outbox: it claims the
// entries that are due in the store, delivers each destination's entries in
// order (destinations in parallel, a bounded number at once), drops an
// undelivered board a newer one of the same game replaces, stops a
// destination at its first failure so that nothing overtakes it, and records
// every result as it goes, so that a crash sends nothing twice.
//
// It does not know what a message is: the caller's Deliver turns one entry into
// a platform send and says what became of it (bot builds the message, draws its
// board and picks the platform). Nor does it decide when a failure is worth
// another try; it only offers Backoff for the caller's Retry.
//
// # Basics
//
//	snd := outbox.New(outbox.Options{Store: st, Deliver: deliver, Holder: "bot-1f2e", Now: clock.Now})
//	go snd.Run(ctx)  // delivers at once, on Wake, and every Poll
//	snd.Wake()       // after queueing something
//
// # Caveats
//
//   - A send under way is not cancelled when ctx ends (an adapter would go on
//     with it and report a failure, and it would be sent twice); what is left
//     is released for the next start.
//   - A destination failing for Config.AlertAfter is logged as an error once,
//     and as recovered once it delivers again; that memory is per process.
package outbox
