// Package bot is Chuhe's platform-neutral service: everything between a chat
// message and the rules, storage and render packages. Adapters (bot/console,
// bot/telegram, bot/discord) translate platform events into Events and offer the
// capabilities of platform.go; this package decides everything else: which
// command it is, which game it is about, who may act, what the rules say, what to
// store and what to answer, in which language and notation.
//
// # Basics
//
//	st, _ := storage.Open("data/chuhe.db", nil)
//	svc, _ := bot.New(bot.Config{Store: st, Renderer: bot.NewRenderer(render.Options{})})
//	svc.AddPlatform(adapter)        // for messages outside an event
//	go adapter.Run(ctx)             // calls svc.Handle(ctx, ev, replier) per event
//	for range ticker.C { svc.Tick(ctx, time.Now()) }
//
// A game is stored as its setup plus its coordinate move list; the position is
// derived with rules.Replay and cached by game id and version. Every state change
// of a game is one storage write with a version check (a move is one
// ChangeGame, which also stores the board, caption and private boards the move
// owes, in the outbox), made while holding the game's mutex: two moves racing
// cannot both land, and the loser is told how the game stands now. Answers and
// owed messages are sent when the event is handled, after the mutex is let go
// (outbox.go): inline by the handler, or by the outbox sender (RunOutbox, bot/outbox),
// which retries with backoff, in order per chat, across restarts; late boards
// say so and undelivered boards of a game are superseded by its newest.
// Adapters keep incoming events in Service.Inbox (bot/inbox) until they are handled. Commands resolve their game from an
// explicit #ID, else the bot message the user replied to, else the only game of
// the chat that fits (for a move: the only one where the sender is to move), and
// otherwise say how to choose. A plain message (not a command, not addressed to
// the bot) is played when it is a legal move of the player to move; when that
// player is to move in exactly one game of the chat and the text reads as a move
// but is illegal (a rules.IllegalMoveError), the reason is answered; anything
// else is chat talk and is ignored.
//
// Who may act: a button that answers a question (accept a directed challenge,
// Yes under "Resign?", the answers to a draw or takeback offer) works only for
// the user the question concerns; any mistake made by pressing a button is
// answered with Replier.Notice, a pop-up only the presser sees, and changes
// nothing. People are their platform ids (people.go): names shown cannot pass
// for a username, and an invitation by @name waits for that exact username.
//
// Time and randomness come in through Config (Clock, Rand). Deadlines, reminders
// and offers live in the stored game; Tick acts on them, so a restart loses
// nothing and tests drive time with a FakeClock.
//
// Public images and texts are made from pos.View(rules.Public) only; a player's
// own view goes through ReplyPrivately or Platform.SendPrivate. When a platform
// cannot reach a player privately, the chat gets a hint with a deep link (payload
// g_ID), and "/start g_ID" in the private chat delivers the board. In a variant
// with setup secrets (rules.Variant.Setup) an accepted game first has status
// Setup: each player answers privately with /setup, and a secret said in a public
// chat is refused; a side whose secrets the start position sets (a custom start)
// is not asked, and a start that sets both begins at once. The public facts of a
// move (a reveal, a forced reveal, a flip; rules.Game.Report) head its caption,
// those of the start (a forced reveal in a custom start) the first board, and the
// secrets left are told when the game ends. Every player who holds secrets gets a fresh private board
// after every move, whether or not their secrets changed, so that neither the
// messages nor a hint in the chat tell when a secret piece moved.
//
// Every user-facing text is a key in the locale files (locales/en.yaml,
// zh-Hant.yaml, zh-Hans.yaml, embedded; plural forms by CLDR rules through
// golang.org/x/text), and commands have Chinese aliases (/走, /悔棋, ...).
// Variants and options bring their own /rules texts (rules.Variant.Guide).
//
// # Layout
//
// Packages beside this one, each with a TestDeps that keeps it from importing
// bot: bot/outbox (the sender of the durable outbox: claiming, order per chat,
// superseding stale boards, backoff; it calls back deliverEntry), bot/jobs (the
// keyed queue and workers behind the engine's replies and /review), bot/inbox
// (adapters' durable queues of incoming events), bot/gameclock (time
// controls and the arithmetic of a game's clock), bot/i18n
// (languages, the texts of locales/, the rules' refusals in the chat's
// language), and the adapters bot/console, bot/telegram, bot/discord.
//
// The service's files, by part:
//
//   - the service and one event: service.go (Service, New, loading and caching
//     games), request.go (Handle, the request and its answers), commands.go (the
//     command table and dispatch), platform.go (what adapters implement),
//     inbox.go (each adapter's bot/inbox in the service's store), people.go (how
//     users are named and matched), clock.go (Clock, the service's wall clock);
//   - games: game.go (finding a game), move.go (choosing the game, playing a
//     move), premove.go (conditional moves), change.go (one game write with what
//     it owes; the end of a game), board.go, render.go, gif.go (captions,
//     images, text boards), private.go (private boards), setup.go (secret setups,
//     public facts of moves, the disclosure at the end), tick.go (timeouts,
//     reminders, setup deadlines);
//   - challenges and offers: challenge.go (/new /accept /decline /cancel),
//     newargs.go (reading /new's arguments), rematch.go, offers.go (draw,
//     takeback, resign, abort);
//   - the bot as a player: engine.go (its replies, through bot/jobs), botgame.go
//     (/play and /new @bot), review.go (/review);
//   - the daily puzzle: puzzle.go (state, /puzzle, the post), puzzle_answer.go
//     (answers, hints, solutions), puzzle_daily.go (subscriptions, leaderboard,
//     the daily Tick);
//   - players' features: ratings.go, ratings_note.go, profile.go (/top /profile
//     /history), vacation.go, link.go (one person on several platforms);
//   - information: info.go (/board /games /variants /rules /settings), export.go
//     and export_mine.go (/export), guide.go (which /rules text a variant or
//     option gets), suggest.go (move autocomplete for adapters);
//   - delivery: outbox.go (owed messages, inline delivery), deliver.go (one
//     entry through its platform, for bot/outbox);
//   - texts: i18n.go, locales.go, why.go (bot/i18n under the names the code and
//     the adapters use).
//
// # Caveats
//
//   - Handle blocks until its replies are sent (with DeliverInline; with
//     DeliverQueued only until what it owes is stored). No game mutex is held
//     while a message is sent; a slow chat delays only that chat's messages.
//   - The bot-message → game map that makes "reply to the board" work is kept in
//     memory and in the store's record of sent messages, kept 30 days (Tick
//     prunes it hourly, reading only the records it removes: the store keeps
//     them indexed by time).
//   - Every game change an event or Tick makes is one ChangeGame that also holds
//     the messages it owes (boards, announcements, private boards and setup
//     questions) and the event's inbox record (request.change, saveOwing): a
//     crash right after the write loses none of them and does not handle the
//     event again (a /new creates its game with its challenge post the same
//     way). Not folded in: the direct answers to the sender, and the small
//     records kept beside a game (invitations, pending resign and abort
//     questions), written after it.
//   - The rules core explains illegal moves in English; Chinese chats get that
//     reason inside a Chinese sentence.
//   - A directed challenge stores the invited user's id in the value bucket
//     "bot.invites" (storage.Game has no field for it); if that write fails, the
//     invitation can be taken only by the exact @username it names (people.go),
//     never by a display name. A pending "Resign game #N?" lives in the bucket
//     "bot.resign_asked", a pending "Abort game #N?" in "bot.abort_asked", and the mark that the private hint was given (once until the
//     player is reached privately again) in "bot.private_hinted"; none is
//     cleaned up when the game ends (a few bytes per game).
//   - Tick reads every live game each time: fine for thousands of games, not for
//     millions.
//   - Never log an Event's text, a Message or a position's true FEN: they may hold
//     a player's secrets. Log game ids, or storage.Game (its LogValue is public).
package bot
