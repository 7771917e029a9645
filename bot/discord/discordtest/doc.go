// Package discordtest is a fake Discord for tests: the REST API and the gateway
// websocket that the real discordgo library talks to, served on 127.0.0.1.
//
// # Basics
//
// New starts a TLS server that answers for discord.com (REST, /api/v9) and
// gateway.discord.gg (the gateway). HTTPClient and Dialer return a client and a
// websocket dialer that reach it whatever host a URL names; give them to
// discordgo as Session.Client and Session.Dialer. discordgo's endpoint variables
// stay as they are.
//
// The gateway sends HELLO, answers IDENTIFY with READY and GUILD_CREATE,
// acknowledges heartbeats, replays missed events on RESUME and answers an
// unknown session with INVALID_SESSION. Slash, Autocomplete, Press and Say act
// as users do and dispatch INTERACTION_CREATE or MESSAGE_CREATE. The REST side
// keeps every message with who may see it, so View.Messages and
// View.Transcript show a channel as one member sees it.
//
// # Caveats
//
// The fake models the Discord rules the adapter depends on, not all of Discord:
// the 3-second interaction deadline, that the first follow-up after a deferred
// response (type 5) replaces the loading message and keeps the deferral's
// visibility whatever its own flags, ephemeral messages that only the
// interaction's webhook can edit, error 50007 for closed DMs, that message text
// reaches a bot without the message-content intent only when the message
// mentions it or is a DM, the size limits of messages and components, and
// (once commands are registered) that users invoke only registered commands
// with declared options and their required ones.
// Everything else answers 404 and is recorded as an unexpected call.
package discordtest
