// Package telegram is Chuhe's Telegram adapter: it turns Bot API updates into
// bot.Events for the service and carries the service's Messages back, on the
// go-telegram-bot-api/v5 client. It decides no game question; it translates,
// queues and retries.
//
// # Basics
//
//	tg, err := telegram.New(telegram.Config{Token: token}, svc, logger) // calls getMe
//	if err != nil { ... }
//	svc.AddPlatform(tg)           // Send, SendPrivate, Edit, Delete, DeepLink
//	err = tg.Run(ctx)             // until ctx ends; then drains for DrainTimeout
//
// Run long-polls getUpdates (after deleteWebhook, since Telegram refuses both at
// once). With Config.Webhook.URL set it calls setWebhook with a secret token
// instead and serves the hook on Webhook.Listen, checking the
// X-Telegram-Bot-Api-Secret-Token header of every request; without Listen,
// mount WebhookHandler yourself. Config.APIEndpoint points the client at a
// self-hosted Bot API server (or, in tests, at telegramtest).
//
// Incoming: a text message becomes an Event with ChatID and User.ID as decimal
// ids, User.Name "@username" (or the first name) and User.Username, Text with "/cmd@ThisBot"
// shortened to "/cmd" and a leading "@ThisBot" removed, ReplyTo when it answers
// one of the bot's messages, and Mentions for text mentions (named by the text
// the entity covers) and for @usernames the adapter has seen. Addressed is true for commands, replies to the bot,
// mentions of the bot and everything in a private chat. Admin comes from
// getChatMember (creator or administrator, cached AdminCacheTTL) for the
// commands in Config.AdminCommands; it is always true in a private chat. A
// button press (callback query) becomes an Event with Button set and ReplyTo
// the message that carried the button; its replier answers the query exactly
// once: with Replier.Notice as a show_alert pop-up (cut to 200 characters),
// else silently before the first message it sends or when the handler returns.
// A press that makes no event (an expired button) is answered at once. "/start PAYLOAD"
// in a private chat, the end of a deep link, arrives as it is.
//
// Outgoing: a Message with an image is a sendPhoto with the text as caption;
// a caption over 1024 characters moves into a text message that replies to the
// photo, and text over 4096 characters is split at line breaks (over eight
// messages is bot.ErrTooLong). Buttons become an inline keyboard under the last
// message; data over callback_data's 64 bytes is kept here under a short key.
// When Telegram refuses a photo (400: no right to send media, an image it cannot
// process), Message.Alt, the text board, goes instead, in a monospace block.
// SendPrivate writes to the user's private chat; when Telegram says 403 (the
// user never pressed Start, or blocked the bot) or "chat not found", it returns
// a *bot.PrivateUnavailableError whose URL opens the chat, and DeepLink makes
// https://t.me/<bot>?start=<payload> links that bring "/start <payload>" back.
//
// Every call to one chat goes through that chat's queue (QueueSize deep; a full
// queue makes the caller wait), one at a time and in order, spaced by a token
// bucket limiter (GlobalRate per second overall, GroupPerMinute per group,
// PrivatePerSecond per private chat). A 429 is waited out for its retry_after;
// 5xx, timeouts and network errors are retried with backoff (500 ms doubling, at
// most MaxAttempts tries); a group that became a supergroup is followed. A send
// whose caller stopped waiting goes on; one that fails for good is logged with
// the method, chat id and error, never the message's text. Events are handled
// one at a time per chat, chats in parallel.
//
// The command menu (setMyCommands) is registered at Run: the service's commands
// (bot.Commands) in English as the default and "en" list, and in Chinese for
// "zh" (simplified unless MenuChinese says zh-Hant).
//
// # Caveats
//
//   - Group privacy mode (BotFather /setprivacy, on by default) decides what the
//     bot sees in groups: with it on, only messages that start with "/", mention
//     the bot, or reply to the bot's messages. So moves are "/m h2e2",
//     "/move 炮二平五", "@ChuheBot h2e2" or a reply to the board; a plain "h2e2"
//     never arrives. With privacy off (or the bot a group admin) every message
//     arrives, with Addressed=false unless it is one of the above, and the
//     service plays a plain message only when it is a legal move of the player to
//     move. Changing the setting takes effect in a group only after the bot is
//     removed and added again. PrivacyMode reports the setting (from getMe).
//   - A bot cannot write first. A player must open the private chat (tap the
//     deep link, press Start) before any private board can reach them; after
//     blocking the bot they are unreachable again, and every SendPrivate says so.
//   - Telegram has no idempotency key: a send whose answer was lost (a timeout
//     after Telegram acted) is sent again, so a board may rarely appear twice.
//     That is the price of never losing one.
//   - With UseInbox (cmd/bot gives it the service's inbox), an update is
//     confirmed to Telegram (the getUpdates offset, the webhook's 200) only once
//     it is stored, together with the offset; it leaves the store when handled
//     (a move removes it in its own write), and the next Run handles what is
//     left: a stop, a crash or SIGKILL loses no update. An update handled but
//     not yet removed when the process dies is handled again after the restart
//     (for a move, refused as out of turn: it is in the record once). Without an
//     inbox, updates are confirmed when queued in memory, and events still
//     queued when the drain ends are lost (the log says so).
//   - Sends report failure: a send that still fails after MaxAttempts (or
//     MaxRateLimited 429s), or that the drain cuts short, returns an error; the
//     service's outbox keeps the message and tries again later.
//   - @username mentions resolve only to users the adapter has seen since it
//     started (the Bot API cannot look a username up); text mentions (users
//     without a username, picked from the member list) always resolve.
//   - The long-button-data keys, deep-link payload keys, message kinds (photo or
//     text, for Edit) and the admin cache live in memory, bounded by StoreSize.
//     After a restart an old long button is answered "from before a restart",
//     and the first Edit of an old photo costs one extra call to find its kind.
//   - Anonymous group admins write as GroupAnonymousBot, a bot: their messages
//     are ignored (nobody can play anonymously). Messages from other bots,
//     edited messages, channel posts and media without text are ignored too.
//   - Chinese command aliases ("/走 炮二平五") are not Telegram commands (those
//     are [A-Za-z0-9_]): they work, but are not in the menu or highlighted.
//   - The token is a secret: it is redacted from every error and log line
//     (net/http puts the request URL, which holds it, into its errors).
package telegram
