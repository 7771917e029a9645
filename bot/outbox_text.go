package bot

// The texts of delivery (outbox.go), kept apart from catalog.go so that the two
// change independently; init adds them to the catalog before anything reads it.
var outboxCatalog = map[string]msg{
	"out.late": {
		"⏳ Delivered late: this was due at %s (%s ago); the bot could not post it sooner.",
		"⏳ 延遲送達：本訊息原應於 %s 發出（%s 前）；機器人當時無法發送。",
		"⏳ 延迟送达：本消息原应于 %s 发出（%s 前）；机器人当时无法发送。"},
	"out.span_s": {
		"%ds",
		"%d 秒",
		"%d 秒"},
	"out.superseded": {
		"This is the current board: it replaces %d earlier board(s) of game #%s that could not be posted in time.",
		"這是目前的棋盤：它取代了對局 #%[2]s 未能及時發出的 %[1]d 張較早棋盤。",
		"这是当前的棋盘：它取代了对局 #%[2]s 未能及时发出的 %[1]d 张较早棋盘。"},
	"out.status_waiting": {
		"⚠ %d message(s) to this chat are waiting: posting has failed since %s; the bot keeps trying.",
		"⚠ 有 %d 則發往此聊天的訊息在等待：自 %s 起發送失敗；機器人會繼續嘗試。",
		"⚠ 有 %d 条发往此聊天的消息在等待：自 %s 起发送失败；机器人会继续尝试。"},
	"out.status_failed": {
		"⚠ %d message(s) about this game could not be delivered: the platform refused them (the bot's log has the reason). Type /board to see the current board.",
		"⚠ 有 %d 則關於此對局的訊息無法送達：平台拒絕了它們（原因見機器人日誌）。輸入 /board 查看目前棋盤。",
		"⚠ 有 %d 条关于此对局的消息无法送达：平台拒绝了它们（原因见机器人日志）。输入 /board 查看当前棋盘。"},
}

func init() {
	for k, m := range outboxCatalog {
		catalog[k] = m
	}
}
