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
	"cmd.top":                  {"the leaderboard of a game, in this chat or everywhere", "某種棋的排行榜（本聊天室或全部）", "某种棋的排行榜（本聊天室或全部）"},
	"usage.top":                {"/top [VARIANT] [global]\nExamples: /top · /top jieqi · /top xiangqi global", "/top [變體] [global]\n例：/top · /top jieqi · /top xiangqi global", "/top [变体] [global]\n例：/top · /top jieqi · /top xiangqi global"},
	"cmd.profile":              {"a player's ratings, results, streak and recent games", "棋手的等級分、戰績、連勝與最近對局", "棋手的等级分、战绩、连胜与最近对局"},
	"usage.profile":            {"/profile [@user]\nExamples: /profile · /profile @bob", "/profile [@用戶]\n例：/profile · /profile @bob", "/profile [@用户]\n例：/profile · /profile @bob"},
	"cmd.history":              {"a player's latest games", "棋手最近的對局", "棋手最近的对局"},
	"usage.history":            {"/history [@user]\nExamples: /history · /history @bob", "/history [@用戶]\n例：/history · /history @bob", "/history [@用户]\n例：/history · /history @bob"},
	"top.here":                 {"this chat", "本聊天室", "本聊天室"},
	"top.global":               {"everywhere", "全部聊天室", "全部聊天室"},
	"top.empty":                {"Nobody has a %s rating in %s yet: rated games count when they end.", "%[2]s還沒有人有 %[1]s 等級分：計分對局結束後才會列入。", "%[2]s还没有人有 %[1]s 等级分：计分对局结束后才会列入。"},
	"top.head":                 {"Leaderboard · %s · %s (? = provisional)", "排行榜 · %s · %s（? = 暫定）", "排行榜 · %s · %s（? = 暂定）"},
	"top.player":               {"player", "棋手", "棋手"},
	"top.rating":               {"rating", "等級分", "等级分"},
	"top.games":                {"games", "局數", "局数"},
	"err.unknown_user":         {"I do not know %s yet: they have not written here since I joined.", "我還不認識 %s：自我加入以來他們沒在這裡發言。", "我还不认识 %s：自我加入以来他们没在这里发言。"},
	"hist.live":                {"going on", "進行中", "进行中"},
	"hist.aborted":             {"aborted", "已中止", "已中止"},
	"hist.won":                 {"won (%s)", "勝（%s）", "胜（%s）"},
	"hist.lost":                {"lost (%s)", "負（%s）", "负（%s）"},
	"hist.drawn":               {"drawn (%s)", "和（%s）", "和（%s）"},
	"hist.rated":               {"rated", "計分", "计分"},
	"hist.line":                {"#%s %s vs %s: %s · %s", "#%s %s 對 %s：%s · %s", "#%s %s 对 %s：%s · %s"},
	"hist.none":                {"%s has played no games here yet.", "%s 還沒有下過棋。", "%s 还没有下过棋。"},
	"hist.head":                {"Games of %s (%s, newest first):", "%s 的對局（%s，最新在前）：", "%s 的对局（%s，最新在前）："},
	"profile.head":             {"Profile of %s", "%s 的資料", "%s 的资料"},
	"profile.rating":           {"%s %s (RD %d; %s: %d won, %d drawn, %d lost)", "%s %s（RD %d；%s：%d 勝 %d 和 %d 負）", "%s %s（RD %d；%s：%d 胜 %d 和 %d 负）"},
	"profile.unrated":          {"none yet", "尚無", "尚无"},
	"profile.ratings":          {"Ratings: %s", "等級分：%s", "等级分：%s"},
	"profile.tally":            {"Results: %s: %d won, %d drawn, %d lost · %d going on", "戰績：%s：%d 勝 %d 和 %d 負 · %d 局進行中", "战绩：%s：%d 胜 %d 和 %d 负 · %d 局进行中"},
	"profile.streak":           {"Current streak: %s", "目前連續：%s", "目前连续：%s"},
	"profile.recent":           {"Recent games:", "最近對局：", "最近对局："},
	"n.games.one":              {"%d game", "%d 局", "%d 局"},
	"n.games.other":            {"%d games", "%d 局", "%d 局"},
	"n.finished.one":           {"%d game finished", "已完成 %d 局", "已完成 %d 局"},
	"n.finished.other":         {"%d games finished", "已完成 %d 局", "已完成 %d 局"},
	"streak.won.one":           {"%d win", "%d 勝", "%d 胜"},
	"streak.won.other":         {"%d wins in a row", "連勝 %d 局", "连胜 %d 局"},
	"streak.lost.one":          {"%d loss", "%d 負", "%d 负"},
	"streak.lost.other":        {"%d losses in a row", "連敗 %d 局", "连败 %d 局"},
	"streak.drawn.one":         {"%d draw", "%d 和", "%d 和"},
	"streak.drawn.other":       {"%d draws in a row", "連和 %d 局", "连和 %d 局"},
	"export.mine_none":         {"You have no finished games to export yet.", "你還沒有已完成的對局可以匯出。", "你还没有已完成的对局可以导出。"},
	"export.mine.one":          {"Your %d finished game as one PGN file.", "你的 %d 局已完成對局，合為一個 PGN 檔。", "你的 %d 局已完成对局，合为一个 PGN 文件。"},
	"export.mine.other":        {"Your %d finished games as one PGN file.", "你的 %d 局已完成對局，合為一個 PGN 檔。", "你的 %d 局已完成对局，合为一个 PGN 文件。"},
	"cmd.rematch":              {"offer or accept a rematch of a finished game (colours swapped)", "提議或接受已結束對局的再戰（交換先後）", "提议或接受已结束对局的再战（交换先后）"},
	"usage.rematch":            {"/rematch [#ID] [no]\nExamples: /rematch · /rematch #12 · /rematch no", "/rematch [#編號] [no]\n例：/rematch · /rematch #12 · /rematch no", "/rematch [#编号] [no]\n例：/rematch · /rematch #12 · /rematch no"},
	"btn.rematch":              {"Rematch", "再戰", "再战"},
	"rematch.offer":            {"%s offers a rematch of game #%s, colours swapped. %s: press Rematch to play it.", "%s 提議再戰第 #%s 局（交換先後）。%s：按「再戰」開始。", "%s 提议再战第 #%s 局（交换先后）。%s：按「再战」开始。"},
	"rematch.declined":         {"%s said no to a rematch of game #%s.", "%s 不接受第 #%s 局的再戰。", "%s 不接受第 #%s 局的再战。"},
	"rematch.agreed":           {"Rematch of game #%s agreed: game #%s.", "第 #%s 局再戰成立：第 #%s 局。", "第 #%s 局再战成立：第 #%s 局。"},
	"err.rematch_none":         {"You have no finished game with another player in this chat to play again. Write /rematch #ID to name one.", "你在本聊天室沒有可再戰的已結束對局。輸入 /rematch #編號 指定一局。", "你在本聊天室没有可再战的已结束对局。输入 /rematch #编号 指定一局。"},
	"err.rematch_not_over":     {"Game #%s is not over: a rematch comes after its end.", "第 #%s 局尚未結束：結束後才能再戰。", "第 #%s 局尚未结束：结束后才能再战。"},
	"err.rematch_bot":          {"A rematch is for two people; against %s, start a new game with /play.", "再戰限兩位棋手；要與 %s 再下，請用 /play 開新局。", "再战限两位棋手；要与 %s 再下，请用 /play 开新局。"},
	"err.rematch_none_pending": {"Nobody has offered a rematch of game #%s. Nothing was changed.", "沒有人提議再戰第 #%s 局。沒有任何改變。", "没有人提议再战第 #%s 局。没有任何改变。"},
	"gif.caption.one":          {"Game #%s as an animation (%d move).", "第 #%s 局動畫（%d 步）。", "第 #%s 局动画（%d 步）。"},
	"gif.caption.other":        {"Game #%s as an animation (%d moves).", "第 #%s 局動畫（%d 步）。", "第 #%s 局动画（%d 步）。"},
	"err.gif_no_moves":         {"Game #%s has no moves yet: there is nothing to animate.", "第 #%s 局還沒有著法，無法製作動畫。", "第 #%s 局还没有着法，无法制作动画。"},
	"err.gif_none":             {"I cannot draw animations here (no image renderer).", "這裡無法繪製動畫（沒有圖像繪製器）。", "这里无法绘制动画（没有图像绘制器）。"},
	"cmd.link":                 {"join your accounts on two platforms: one rating, one history", "連結你在兩個平台的帳號：同一等級分與歷史", "连接你在两个平台的账号：同一等级分与历史"},
	"usage.link":               {"/link, then /link CODE on the other platform\nExamples: /link · /link K7M2Q9XA", "/link，再到另一個平台輸入 /link 代碼\n例：/link · /link K7M2Q9XA", "/link，再到另一个平台输入 /link 代码\n例：/link · /link K7M2Q9XA"},
	"link.code": {
		"Your link code: %s. Write /link %[1]s to the bot on your other platform within %d minutes; it works once. Keep it to yourself: whoever enters it plays as you there.",
		"你的連結代碼：%s。請在 %d 分鐘內到另一個平台對機器人輸入 /link %[1]s；只能用一次。請勿外流：輸入它的人會以你的身分下棋。",
		"你的连接代码：%s。请在 %d 分钟内到另一个平台对机器人输入 /link %[1]s；只能用一次。请勿外泄：输入它的人会以你的身份下棋。"},
	"link.sent_privately": {"I sent you a link code privately.", "已私訊你連結代碼。", "已私信你连接代码。"},
	"link.done": {
		"%s: your account on %s is now linked to your account on %s: one rating and one history from now on.",
		"%s：你在 %s 的帳號已與 %s 的帳號連結：從此共用等級分與歷史。",
		"%s：你在 %s 的账号已与 %s 的账号连接：从此共用等级分与历史。"},
	"err.link_bad_code":      {"%s is not a valid link code (codes work once, for 15 minutes). Write /link on your other platform for a new one.", "%s 不是有效的連結代碼（代碼只能用一次，15 分鐘內有效）。請到另一個平台輸入 /link 取得新代碼。", "%s 不是有效的连接代码（代码只能用一次，15 分钟内有效）。请到另一个平台输入 /link 获取新代码。"},
	"err.link_same_platform": {"That code was made on %s: enter it on your other platform. Nothing was changed.", "這個代碼是在 %s 產生的：請到另一個平台輸入。沒有任何改變。", "这个代码是在 %s 生成的：请到另一个平台输入。没有任何改变。"},
	"cmd.premove":            {"queue conditional moves in a correspondence game, privately", "在通信對局中私下預設條件著法", "在通信对局中私下预设条件着法"},
	"usage.premove":          {"/premove #ID THEIRS MINE [THEIRS MINE ...] | clear (privately)\nExamples: /premove #3 h9g7 h0g2 · /premove #3 · /premove #3 clear", "/premove #編號 對方著 我方著 [...] | clear（私訊）\n例：/premove #3 h9g7 h0g2 · /premove #3 · /premove #3 clear", "/premove #编号 对方着 我方着 [...] | clear（私信）\n例：/premove #3 h9g7 h0g2 · /premove #3 · /premove #3 clear"},
	"err.premove_private":    {"Send /premove to me privately, so that your opponent does not read your plan. Nothing was changed.", "請私訊我 /premove，免得對手看到你的計畫。沒有任何改變。", "请私信我 /premove，免得对手看到你的计划。没有任何改变。"},
	"err.premove_no_game":    {"You have no correspondence game going on. Write /premove #ID to name one.", "你沒有進行中的通信對局。輸入 /premove #編號 指定一局。", "你没有进行中的通信对局。输入 /premove #编号 指定一局。"},
	"err.premove_not_corr":   {"Game #%s is not a correspondence game: conditional moves are for those only.", "第 #%s 局不是通信對局：條件著法只限通信對局。", "第 #%s 局不是通信对局：条件着法只限通信对局。"},
	"err.premove_hidden":     {"%s hides pieces: conditional moves are only for games without hidden information.", "%s 有隱藏的棋子：條件著法只限沒有隱藏資訊的對局。", "%s 有隐藏的棋子：条件着法只限没有隐藏信息的对局。"},
	"err.premove_your_turn":  {"It is your turn in game #%s: play your move first, then queue answers to your opponent's replies.", "第 #%s 局輪到你走：先走棋，再預設對對手應著的回應。", "第 #%s 局轮到你走：先走棋，再预设对对手应着的回应。"},
	"err.premove_pairs":      {"Give pairs of moves: your opponent's expected move, then your answer (/premove #3 h9g7 h0g2).", "請成對輸入：對手預期的著法，再接你的回應（/premove #3 h9g7 h0g2）。", "请成对输入：对手预期的着法，再接你的回应（/premove #3 h9g7 h0g2）。"},
	"err.premove_over":       {"The game would be over before move %d of your line. Nothing was changed.", "你的第 %d 步之前對局就已結束。沒有任何改變。", "你的第 %d 步之前对局就已结束。没有任何改变。"},
	"err.premove_illegal":    {"Move %d of your line, %s, is not legal there. Nothing was changed.", "你的第 %d 步 %s 在該局面不合法。沒有任何改變。", "你的第 %d 步 %s 在该局面不合法。没有任何改变。"},
	"premove.none":           {"You have no conditional moves in game #%s.", "你在第 #%s 局沒有條件著法。", "你在第 #%s 局没有条件着法。"},
	"premove.show":           {"Your conditional moves in game #%s: %s", "你在第 #%s 局的條件著法：%s", "你在第 #%s 局的条件着法：%s"},
	"premove.set":            {"Conditional moves of game #%s saved (only you see them): %s", "第 #%s 局的條件著法已儲存（只有你看得到）：%s", "第 #%s 局的条件着法已保存（只有你看得到）：%s"},
	"premove.cleared":        {"Your conditional moves in game #%s are cleared.", "你在第 #%s 局的條件著法已清除。", "你在第 #%s 局的条件着法已清除。"},
	"premove.cancelled":      {"Game #%s: your opponent played %s, not %s; your conditional moves are cancelled.", "第 #%s 局：對手走了 %s，不是 %s；你的條件著法已取消。", "第 #%s 局：对手走了 %s，不是 %s；你的条件着法已取消。"},
	"premove.played":         {"Game #%s: your opponent played %s as you expected; I played %s for you.", "第 #%s 局：對手如你所料走了 %s；我已代你走 %s。", "第 #%s 局：对手如你所料走了 %s；我已代你走 %s。"},
	"premove.left.one":       {"%d pair left.", "還剩 %d 組。", "还剩 %d 组。"},
	"premove.left.other":     {"%d pairs left.", "還剩 %d 組。", "还剩 %d 组。"},
	"cmd.vacation":           {"pause your clocks in every correspondence game for a few days", "暫停你所有通信對局的計時數天", "暂停你所有通信对局的计时数天"},
	"usage.vacation":         {"/vacation [DAYS | end]\nExamples: /vacation 5d · /vacation · /vacation end", "/vacation [天數 | end]\n例：/vacation 5d · /vacation · /vacation end", "/vacation [天数 | end]\n例：/vacation 5d · /vacation · /vacation end"},
	"vacation.on":            {"You are on vacation until %s. Left this year after it: %s. A move of yours, or /vacation end, ends it early.", "你休假至 %s。今年休完後還剩：%s。你走一步棋或輸入 /vacation end 即提前結束。", "你休假至 %s。今年休完后还剩：%s。你走一步棋或输入 /vacation end 即提前结束。"},
	"vacation.off":           {"You are not on vacation. Left this year: %s. /vacation 5d pauses your correspondence clocks for five days.", "你沒有在休假。今年還剩：%s。/vacation 5d 可暫停你的通信對局計時五天。", "你没有在休假。今年还剩：%s。/vacation 5d 可暂停你的通信对局计时五天。"},
	"vacation.started":       {"%s is on vacation until %s: clocks paused in %s. Left this year: %s.", "%s 休假至 %s：已暫停 %s 的計時。今年還剩：%s。", "%s 休假至 %s：已暂停 %s 的计时。今年还剩：%s。"},
	"vacation.games":         {"%[1]s is on vacation until %[3]s: clocks paused in %[2]s.", "%[1]s 休假至 %[3]s：%[2]s 的計時暫停。", "%[1]s 休假至 %[3]s：%[2]s 的计时暂停。"},
	"vacation.back":          {"%s is back from vacation: their clocks run again in %s.", "%s 休假結束：%s 的計時恢復。", "%s 休假结束：%s 的计时恢复。"},
	"vacation.ended":         {"%s is back from vacation: their clocks run again.", "%s 休假結束：計時恢復。", "%s 休假结束：计时恢复。"},
	"cap.vacation":           {"%s is on vacation until %s (clock paused)", "%s 休假至 %s（計時暫停）", "%s 休假至 %s（计时暂停）"},
	"err.vacation_none":      {"You are not on vacation. Nothing was changed.", "你沒有在休假。沒有任何改變。", "你没有在休假。没有任何改变。"},
	"err.vacation_usage":     {"Write /vacation and a number of days: /vacation 5d. /vacation end ends it.", "請輸入 /vacation 加天數：/vacation 5d。/vacation end 結束休假。", "请输入 /vacation 加天数：/vacation 5d。/vacation end 结束休假。"},
	"err.vacation_already":   {"You are on vacation until %s already; /vacation end ends it first.", "你已休假至 %s；請先輸入 /vacation end 結束。", "你已休假至 %s；请先输入 /vacation end 结束。"},
	"err.vacation_allowance": {"Your allowance left this year is %s. Nothing was changed.", "你今年剩餘的假期是 %s。沒有任何改變。", "你今年剩余的假期是 %s。没有任何改变。"},
	"n.days.one":             {"%d day", "%d 天", "%d 天"},
	"n.days.other":           {"%d days", "%d 天", "%d 天"},
	"n.corr_games.one":       {"%d correspondence game", "%d 局通信對局", "%d 局通信对局"},
	"n.corr_games.other":     {"%d correspondence games", "%d 局通信對局", "%d 局通信对局"},
}

func init() {
	for k, m := range playersCatalog {
		if _, dup := catalog[k]; dup {
			panic(fmt.Sprintf("bot: catalog key %s twice", k))
		}
		catalog[k] = m
	}
}

// plural is the text of key for a count n: KEY.one for 1, else KEY.other
// (English plurals; Chinese writes one form in both), formatted with args.
func plural(lang Lang, key string, n int, args ...any) string {
	if n == 1 {
		return T(lang, key+".one", args...)
	}
	return T(lang, key+".other", args...)
}

// ratedNote says whether a game is rated.
func ratedNote(lang Lang, rated bool) string {
	if rated {
		return T(lang, "new.rated")
	}
	return T(lang, "new.casual")
}
