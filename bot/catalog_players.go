package bot

import "fmt"

// playersCatalog holds the texts of players' features (issue 23: ratings,
// /top, /profile, /history, rematch, vacation, premoves, GIFs, /link), kept
// apart from catalog so that the branches adding texts do not collide. init
// adds them to catalog (it is read-only afterwards) and refuses a key twice.

var playersCatalog = map[string]msg{
	"new.rated": {
		"Rated game: the result changes both players' ratings.",
		"計分對局：結果會改變雙方的等級分。",
		"计分对局：结果会改变双方的等级分。"},
	"new.casual": {
		"Casual game: no rating changes.",
		"友誼對局：不計等級分。",
		"友谊对局：不计等级分。"},
	"err.rated_bot": {
		"This chat does not rate games against %s. An admin can turn that on: /settings rated-bot on",
		"本聊天室不為與 %s 的對局計分。管理員可以開啟：/settings rated-bot on",
		"本聊天室不为与 %s 的对局计分。管理员可以开启：/settings rated-bot on"},
	"rating.line": {
		"Ratings (%s): %s",
		"等級分（%s）：%s",
		"等级分（%s）：%s"},
	"rating.seat": {
		"%s %s (%s, RD %d)",
		"%s %s（%s，RD %d）",
		"%s %s（%s，RD %d）"},
	"rating.too_short": {
		"Not rated: a game needs at least %d plies to count.",
		"不計分：對局至少要走 %d 步才計入等級分。",
		"不计分：对局至少要走 %d 步才计入等级分。"},
	"settings.players": {
		"Games against the bot rated: %s (/settings rated-bot on|off) · the whole game as a GIF at its end: %s (/settings gif on|off|auto).",
		"與機器人的對局計分：%s（/settings rated-bot on|off）· 終局時送出整局動畫 GIF：%s（/settings gif on|off|auto）。",
		"与机器人的对局计分：%s（/settings rated-bot on|off）· 终局时发送整局动画 GIF：%s（/settings gif on|off|auto）。"},
	"err.settings_on_off": {
		"/settings %s takes on or off, not %q.",
		"/settings %s 只接受 on 或 off，不是 %q。",
		"/settings %s 只接受 on 或 off，不是 %q。"},
	"err.settings_gif": {
		"/settings gif takes on, off or auto (on for correspondence games only), not %q.",
		"/settings gif 只接受 on、off 或 auto（auto：只限通信對局），不是 %q。",
		"/settings gif 只接受 on、off 或 auto（auto：只限通信对局），不是 %q。"},
	"word.on":  {"on", "開", "开"},
	"word.off": {"off", "關", "关"},
	"gif.auto": {
		"for correspondence games",
		"通信對局時",
		"通信对局时"},
}

func init() {
	for k, m := range playersCatalog {
		if _, dup := catalog[k]; dup {
			panic(fmt.Sprintf("bot: catalog key %s twice", k))
		}
		catalog[k] = m
	}
}

// ratedNote says whether a game is rated.
func ratedNote(lang Lang, rated bool) string {
	if rated {
		return T(lang, "new.rated")
	}
	return T(lang, "new.casual")
}
