// Package postgres is the storage.Store on PostgreSQL, for running several bot
// processes on one database (see README, "Running at scale").
//
// It keeps the contract of the bbolt store (the contract suite in
// storage/storetest runs against both): games carry versions and a write with
// a stale one is refused with storage.ErrConflict (a conditional UPDATE … WHERE
// version = $expected, so of two processes racing exactly one wins); the
// messages a change owes are written in its transaction; the outbox is drained
// by any number of senders, each entry by exactly one (leases written under a
// per-destination advisory lock, rows read FOR UPDATE); live games are found
// by their wake time through an index (DueGames).
//
// The schema is created and migrated at Open from SQL files embedded in the
// binary (migrations/), one transaction per version, under an advisory lock so
// that processes starting together migrate once.
//
// Records are JSON (readable with psql) in json columns, with the columns the
// queries need beside them. Keys are text in the "C" collation, so listings
// come in the byte order of the bbolt store. PostgreSQL text cannot hold a NUL
// byte or invalid UTF-8: such keys are refused with storage.ErrInvalid.
package postgres
