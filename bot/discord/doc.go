// Package discord is the Discord adapter: it connects the platform-neutral
// service (package bot) to Discord servers through discordgo.
//
// # Basics
//
// New(cfg, handler, logger) makes an Adapter; Run(ctx) connects to the gateway,
// registers the slash commands (globally, or in cfg.GuildID for testing) and
// serves until ctx ends. The Adapter is the service's bot.Platform for
// unsolicited posts (Send), DMs (SendPrivate), Edit and Delete.
//
// Message content is a privileged intent, so the bot works through
// interactions:
//
//   - A slash command becomes Event{Text: "/move h2e2", Addressed: true}: the
//     command name and its options' values in the order Command lists them; a
//     user option becomes "@Name" in Text and a Mentions entry. A Private
//     command (/peek, /setup) is answered ephemerally, so in a channel its
//     Event is Confidential: nobody else sees the invocation or the answers,
//     and the service takes secrets from it ("/setup a2=R i2=P #1").
//   - A button press becomes Event{Button: custom_id} (bot.Button.Data, at most
//     100 bytes, never secret).
//   - A message that mentions the bot ("@Chuhe h2e2"), which Discord delivers
//     without the privileged intent, becomes an addressed Event too.
//   - /move autocomplete asks the MoveSuggester for at most 25 legal moves
//     starting with what the user typed.
//
// Every interaction is answered at once, before the service works: a command
// with a deferred response ("Chuhe is thinking..."), a button with a deferred
// update. Replier.Reply then fills the placeholder or posts a follow-up with
// the board image as board.png and the buttons as action rows;
// Replier.ReplyPrivately posts an ephemeral follow-up only the user sees, and
// so does Replier.Notice (a DM for a message event, which has no ephemeral
// answer). Users and mentions carry their user name as User.Username.
// SendPrivate opens a DM; when the user's DMs are closed (error 50007) it
// returns a *bot.PrivateUnavailableError whose hint points to "My pieces" and
// /peek, the ephemeral route.
//
// ChatID is the channel id; Private is set for DMs; Admin comes from the
// member's ADMINISTRATOR, MANAGE_GUILD or MANAGE_MESSAGES permission.
//
// # Caveats
//
//   - Discord lets the first follow-up after a deferred response replace the
//     placeholder with the deferral's visibility, ignoring the ephemeral flag.
//     The adapter therefore never sends an ephemeral follow-up while a public
//     placeholder is pending: it edits the placeholder first (with the answer,
//     or with a neutral note when the answer is private). Commands marked
//     Private (/peek, /setup) defer ephemerally instead, and every answer to
//     them, Reply included, is seen by the user only; what the service means
//     for the channel (the game begins) it posts with Platform.Send.
//   - Every service command gets a slash command. One the adapter's table
//     (knownCommands) does not know yet gets a single optional free-text
//     option and no Chinese name; New logs it at level Info.
//   - A placeholder the service leaves unanswered is deleted when Handle returns.
//   - Ephemeral messages can be edited or deleted only through the interaction's
//     webhook, for 15 minutes; Edit and Delete use it when they can and the
//     channel endpoint otherwise.
//   - Command registration is global by default, and global changes can take
//     a while to show in clients; set guild_id while testing. Only shard 0
//     registers commands, and only shard 0 receives DMs.
//   - Rate limits (429) and gateway reconnects are discordgo's: it waits and
//     retries REST calls, and resumes the gateway session, replaying missed
//     events. discordgo waits a second when closing a connection, so Run takes
//     about a second to return.
//   - Without the message-content intent, plain messages that are not
//     addressed to the bot are not seen at all.
package discord
