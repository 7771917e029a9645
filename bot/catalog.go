package bot

// catalog holds every text the bot says, in English, traditional and simplified
// Chinese. Arguments are fmt verbs; the Chinese texts use explicit indexes
// (%[2]s) where their word order differs. It is read-only (nothing writes to it
// after init; Go has no constant maps): TestCatalog checks
// that each entry has all three languages with the same arguments.
var catalog = map[string]msg{
	// Refusal reasons of the rules by key (rules.IllegalMoveError.Key), for the
	// Chinese chats; English chats show the rules' own Reason. See why.go.
	"why.no_piece": {
		"there is no piece on %s",
		"%s 沒有棋子",
		"%s 没有棋子"},
	"why.not_your_piece": {
		"the %s on %s is %s's; it is %s's turn",
		"%s（%s）是%s的棋子；現在輪到%s走",
		"%s（%s）是%s的棋子；现在轮到%s走"},
	"why.face_down": {
		"the piece on %s lies face down and cannot move",
		"%s 的棋子蓋著，不能走",
		"%s 的棋子盖着，不能走"},
	"why.frozen": {
		"the %s on %s is frozen and cannot move",
		"%s（%s）被旁邊的敵子凍住，不能走",
		"%s（%s）被旁边的敌子冻住，不能走"},
	"why.held": {
		"the %s on %s may not move now",
		"%s（%s）現在不能走",
		"%s（%s）现在不能走"},
	"why.own_piece": {
		"%s is occupied by your own %s",
		"%s 已有你自己的%s",
		"%s 已有你自己的%s"},
	"why.zone_from": {
		"the %s may do that only %s",
		"%s只有%s才能這樣走",
		"%s只有%s才能这样走"},
	"why.zone_to": {
		"the %s must stay %s",
		"%s必須留在%s",
		"%s必须留在%s"},
	"why.blocked": {
		"the %s's %s on %s is blocked",
		"%s的%s（%s）被堵住了",
		"%s的%s（%s）被堵住了"},
	"why.no_capture_that_way": {
		"the %s cannot capture that way",
		"%s這樣走不能吃子",
		"%s这样走不能吃子"},
	"why.path_blocked": {
		"the way is blocked by the piece on %s",
		"路線被 %s 的棋子擋住了",
		"路线被 %s 的棋子挡住了"},
	"why.capture_only": {
		"the %s moves that way only to capture",
		"%s這樣走只能吃子",
		"%s这样走只能吃子"},
	"why.screens": {
		"the %s captures only by jumping over exactly %s piece(s); there are %s in between",
		"%s吃子必須恰好隔 %s 個子；中間有 %s 個",
		"%s吃子必须恰好隔 %s 个子；中间有 %s 个"},
	"why.uncapturable": {
		"the piece on %s cannot be captured",
		"%s 的棋子不能被吃",
		"%s 的棋子不能被吃"},
	"why.no_such_move": {
		"a %s does not move like that",
		"%s不能這樣走",
		"%s不能这样走"},
	"why.special_in_check": {
		"you are in check and %s does not answer it",
		"你正被將軍，%s 不能應將",
		"你正被将军，%s 不能应将"},
	"why.special_not_now": {
		"%s is not allowed now",
		"現在不能 %s",
		"现在不能 %s"},
	"why.off_board": {
		"that square is not on the board",
		"那一點不在棋盤上",
		"那一点不在棋盘上"},
	"why.same_point": {
		"a piece must move to another point",
		"棋子必須走到另一點",
		"棋子必须走到另一点"},
	"why.facing": {
		"the two generals would face each other on an open file",
		"走後將帥會在同一直線上照面",
		"走后将帅会在同一直线上照面"},
	"why.check_unanswered": {
		"you are in check, and this move does not answer it",
		"你正被將軍，這步沒有應將",
		"你正被将军，这步没有应将"},
	// The arbiter of repetitions (rules/arbiter.go): refusals and notices.
	"why.repeat_check": {
		"it would repeat the position a third time while giving check with every move: the rules forbid perpetual check. Play another move",
		"這步棋會第三次重複局面，而你每步都在將軍：棋規禁止長將，請走別的棋",
		"这步棋会第三次重复局面，而你每步都在将军：棋规禁止长将，请走别的棋"},
	"why.repeat_chase_u": {
		"it would repeat the position a third time while chasing the unprotected %s on %s with every move: the rules forbid it. Play another move",
		"這步棋會第三次重複局面，而你每步都在捉%[2]s無根的%[1]s：棋規禁止長捉，請走別的棋",
		"这步棋会第三次重复局面，而你每步都在捉%[2]s无根的%[1]s：棋规禁止长捉，请走别的棋"},
	"why.repeat_chase_r": {
		"it would repeat the position a third time while chasing the %s on %s with the %s on %s with every move: the rules forbid it. Play another move",
		"這步棋會第三次重複局面，而你每步都以%[4]s的%[3]s捉%[2]s的%[1]s：棋規禁止長捉，請走別的棋",
		"这步棋会第三次重复局面，而你每步都以%[4]s的%[3]s捉%[2]s的%[1]s：棋规禁止长捉，请走别的棋"},
	"why.rep.second_free": {
		"This position has now occurred twice: a third time will draw the game.",
		"這個局面已出現兩次：再出現一次即作和。",
		"这个局面已出现两次：再出现一次即作和。"},
	"why.rep.draw_free": {
		"The position has occurred a third time and neither side checked or chased with every move: drawn by repetition.",
		"局面第三次出現，雙方都沒有每步將軍或捉子：不變作和。",
		"局面第三次出现，双方都没有每步将军或捉子：不变作和。"},
	"why.rep.draw_mutual_check": {
		"The position has occurred a third time with both sides giving check with every move: drawn by repetition.",
		"局面第三次出現，雙方每步都在將軍（雙方長將）：作和。",
		"局面第三次出现，双方每步都在将军（双方长将）：作和。"},
	"why.rep.draw_mutual_chase": {
		"The position has occurred a third time with both sides chasing with every move: drawn by repetition.",
		"局面第三次出現，雙方每步都在捉子（雙方長捉）：作和。",
		"局面第三次出现，双方每步都在捉子（双方长捉）：作和。"},
	"why.rep.second_check": {
		"The second time: this position has now occurred twice, and %[1]s has given check with every move since. %[1]s will have to change next time: a third time is not allowed.",
		"第二次重複：這個局面已出現兩次，%[1]s每步都在將軍（長將）。下次%[1]s必須變著：不允許第三次重複。",
		"第二次重复：这个局面已出现两次，%[1]s每步都在将军（长将）。下次%[1]s必须变着：不允许第三次重复。"},
	"why.rep.second_chase_u": {
		"The second time: this position has now occurred twice, and %[1]s has chased the unprotected %[2]s on %[3]s with every move since. %[1]s will have to change next time: a third time is not allowed.",
		"第二次重複：這個局面已出現兩次，%[1]s每步都在捉%[3]s無根的%[2]s（長捉）。下次%[1]s必須變著：不允許第三次重複。",
		"第二次重复：这个局面已出现两次，%[1]s每步都在捉%[3]s无根的%[2]s（长捉）。下次%[1]s必须变着：不允许第三次重复。"},
	"why.rep.second_chase_r": {
		"The second time: this position has now occurred twice, and %[1]s has chased the %[2]s on %[3]s with the %[4]s on %[5]s with every move since. %[1]s will have to change next time: a third time is not allowed.",
		"第二次重複：這個局面已出現兩次，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（長捉）。下次%[1]s必須變著：不允許第三次重複。",
		"第二次重复：这个局面已出现两次，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（长捉）。下次%[1]s必须变着：不允许第三次重复。"},
	"why.rep.must_change_check": {
		"The position has occurred a third time, and %[1]s has given check with every move: %[1]s must play something else now.",
		"局面第三次出現，%[1]s每步都在將軍（長將）：%[1]s現在必須變著。",
		"局面第三次出现，%[1]s每步都在将军（长将）：%[1]s现在必须变着。"},
	"why.rep.must_change_chase_u": {
		"The position has occurred a third time, and %[1]s has chased the unprotected %[2]s on %[3]s with every move: %[1]s must play something else now.",
		"局面第三次出現，%[1]s每步都在捉%[3]s無根的%[2]s（長捉）：%[1]s現在必須變著。",
		"局面第三次出现，%[1]s每步都在捉%[3]s无根的%[2]s（长捉）：%[1]s现在必须变着。"},
	"why.rep.must_change_chase_r": {
		"The position has occurred a third time, and %[1]s has chased the %[2]s on %[3]s with the %[4]s on %[5]s with every move: %[1]s must play something else now.",
		"局面第三次出現，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（長捉）：%[1]s現在必須變著。",
		"局面第三次出现，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（长捉）：%[1]s现在必须变着。"},
	"why.rep.lost_check": {
		"The position has occurred a third time, and %[1]s has given check with every move: %[1]s loses.",
		"局面第三次出現，%[1]s每步都在將軍（長將）：%[1]s判負。",
		"局面第三次出现，%[1]s每步都在将军（长将）：%[1]s判负。"},
	"why.rep.lost_chase_u": {
		"The position has occurred a third time, and %[1]s has chased the unprotected %[2]s on %[3]s with every move: %[1]s loses.",
		"局面第三次出現，%[1]s每步都在捉%[3]s無根的%[2]s（長捉）：%[1]s判負。",
		"局面第三次出现，%[1]s每步都在捉%[3]s无根的%[2]s（长捉）：%[1]s判负。"},
	"why.rep.lost_chase_r": {
		"The position has occurred a third time, and %[1]s has chased the %[2]s on %[3]s with the %[4]s on %[5]s with every move: %[1]s loses.",
		"局面第三次出現，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（長捉）：%[1]s判負。",
		"局面第三次出现，%[1]s每步都以%[5]s的%[4]s捉%[3]s的%[2]s（长捉）：%[1]s判负。"},
	"why.self_check": {
		"it would leave your general in check",
		"走後你的將帥會被將軍",
		"走后你的将帅会被将军"},
	"why.piece_face_down": {
		"face-down piece",
		"暗子",
		"暗子"},
	"why.zone_from.palace": {
		"inside its palace",
		"在九宮內",
		"在九宫内"},
	"why.zone_from.own": {
		"on its own side of the river",
		"在己方河界內",
		"在己方河界内"},
	"why.zone_from.crossed": {
		"after crossing the river",
		"過河後",
		"过河后"},
	"why.zone_to.palace": {
		"inside its palace",
		"九宮內",
		"九宫内"},
	"why.zone_to.own": {
		"on its own side of the river",
		"己方河界內（不能過河）",
		"己方河界内（不能过河）"},
	"why.zone_to.crossed": {
		"after crossing the river",
		"對方河界內",
		"对方河界内"},
	// Zones of the board variants of seed 004 (weiguo, jianghe, supply, yunduan, bianfang).
	"why.zone_from.middle battlefield": {
		"within the middle battlefield",
		"在中場內",
		"在中场内"},
	"why.zone_to.middle battlefield": {
		"within the middle battlefield",
		"中場內",
		"中场内"},
	"why.zone_from.mountain file": {
		"within the mountain file",
		"在山界上",
		"在山界上"},
	"why.zone_to.mountain file": {
		"within the mountain file",
		"山界上",
		"山界上"},
	"why.zone_to.field": {
		"off the supply lines",
		"補給線以外",
		"补给线以外"},
	"why.zone_to.inner palace": {
		"inside the original palace",
		"原九宮內",
		"原九宫内"},
	"why.zone_from.bank": {
		"from its own river bank",
		"在己方河岸",
		"在己方河岸"},
	"why.block.leg": {
		"leg",
		"腿",
		"腿"},
	"why.block.eye": {
		"eye",
		"眼",
		"眼"},
	"why.block.way": {
		"way",
		"路",
		"路"},
	// Errors and refusals: each says what was wrong and what would work.
	"err.internal": {
		"Something went wrong on my side; nothing was changed. Please try again.",
		"我這邊出了點問題，棋局沒有任何改變。請再試一次。",
		"我这边出了点问题，棋局没有任何改变。请再试一次。"},
	"err.too_long": {
		"That message is too long for me (more than %d characters), so I did not act on it. Send a short command such as /m h2e2.",
		"這則訊息太長了（超過 %d 個字），我沒有處理。請傳送簡短的指令，例如 /m h2e2。",
		"这条消息太长了（超过 %d 个字），我没有处理。请发送简短的指令，例如 /m h2e2。"},
	"err.empty": {
		"Yes? Write a command, for example /help.",
		"請說？輸入指令，例如 /help。",
		"请说？输入指令，例如 /help。"},
	"err.unknown_command": {
		"I don't know the command %s. Commands: %s. /help explains them.",
		"我不認得指令 %s。可用指令：%s。/help 會說明用法。",
		"我不认识指令 %s。可用指令：%s。/help 会说明用法。"},
	"err.stale_button": {
		"That button no longer works. /games lists your games.",
		"這個按鈕已經失效。/games 可列出你的對局。",
		"这个按钮已经失效。/games 可列出你的对局。"},
	"err.new_private": {
		"Games are played in group chats: add me to a group and write /new there. Here in private I show your boards (/peek) and your games (/games).",
		"對局在群組裡進行：把我加入群組，在那裡輸入 /new。私聊裡我可以給你看你的棋盤（/peek）和對局（/games）。",
		"对局在群组里进行：把我加入群组，在那里输入 /new。私聊里我可以给你看你的棋盘（/peek）和对局（/games）。"},
	"err.bad_variant": {
		"I don't know the variant “%s”. Variants: %s. /variants describes them.",
		"我不認得變體「%s」。可用變體：%s。/variants 會介紹它們。",
		"我不认识变体“%s”。可用变体：%s。/variants 会介绍它们。"},
	"err.bad_fen": {
		"I cannot start from that FEN: %s. Write fen= followed by the whole FEN (board, side to move, ...), for example the start position: fen=%s — /export shows the FEN of any game.",
		"無法從這個 FEN 開局：%s。請在 fen= 後寫完整的 FEN（棋盤、輪走方……），例如開局局面：fen=%s ——/export 可顯示任何對局的 FEN。",
		"无法从这个 FEN 开局：%s。请在 fen= 后写完整的 FEN（棋盘、轮走方……），例如开局局面：fen=%s ——/export 可显示任何对局的 FEN。"},
	"fen.ranks": {
		"the board has %s rank(s) but needs %s, written from the top, separated by /",
		"棋盤寫了 %s 行，需要 %s 行，由上而下，以 / 分隔",
		"棋盘写了 %s 行，需要 %s 行，由上而下，以 / 分隔"},
	"fen.points": {
		"rank %s has %s points but needs %s (a digit stands for that many empty points)",
		"第 %s 行有 %s 個點，需要 %s 個（數字代表相應數量的空點）",
		"第 %s 行有 %s 个点，需要 %s 个（数字代表相应数量的空点）"},
	"fen.unreadable": {
		"I cannot read it",
		"我讀不懂",
		"我读不懂"},
	"err.fen_over": {
		"In that position the game would be over at once; choose one where both sides can still play.",
		"這個局面一開始就已經分出結果；請選擇雙方都還能下的局面。",
		"这个局面一开始就已经分出结果；请选择双方都还能下的局面。"},
	"err.new_bad_side": {
		"“%s” is not a side. Use side=red, side=black or side=random.",
		"「%s」不是執方。請用 side=red（紅）、side=black（黑）或 side=random（隨機）。",
		"“%s”不是执方。请用 side=red（红）、side=black（黑）或 side=random（随机）。"},
	"err.new_bad_first": {
		"“%s” is not a choice of who moves first. Use first=creator, first=opponent or first=random.",
		"「%s」不是先手的選擇。請用 first=creator（發起者先）、first=opponent（對手先）或 first=random（隨機）。",
		"“%s”不是先手的选择。请用 first=creator（发起者先）、first=opponent（对手先）或 first=random（随机）。"},
	"err.new_self": {
		"You cannot challenge yourself. Name an opponent with @name, or leave it out for an open challenge anyone can accept.",
		"你不能挑戰自己。用 @名字 指定對手，或不寫對手，發起任何人都能接受的公開挑戰。",
		"你不能挑战自己。用 @名字 指定对手，或不写对手，发起任何人都能接受的公开挑战。"},
	"err.bad_level": {
		"There is no level %s. Levels go from 1 (a beginner) to %d (my strongest). Example: /play xiangqi level=3",
		"沒有等級 %s。等級從 1（初學）到 %d（最強）。例：/play xiangqi level=3",
		"没有等级 %s。等级从 1（初学）到 %d（最强）。例：/play xiangqi level=3"},
	"err.play_person": {
		"/play is a game against me. To challenge %s, write /new VARIANT @name.",
		"/play 是和我對弈。要挑戰 %s，請寫 /new 變體 @名字。",
		"/play 是和我对弈。要挑战 %s，请写 /new 变体 @名字。"},
	"err.level_person": {
		"level= is for games against me: /play xiangqi level=3, or /new xiangqi @%s level=3.",
		"level= 只用於和我對弈：/play xiangqi level=3，或 /new xiangqi @%s level=3。",
		"level= 只用于和我对弈：/play xiangqi level=3，或 /new xiangqi @%s level=3。"},
	"err.new_two_opponents": {
		"A game has one opponent: name only one @name.",
		"一盤棋只有一位對手：請只寫一個 @名字。",
		"一盘棋只有一位对手：请只写一个 @名字。"},
	"err.new_unknown_arg": {
		"I don't understand “%s” in /new. Write /new VARIANT [@opponent] [10+5 | 3d | untimed] [side=red|black|random] [fen=FEN], e.g. /new xiangqi @bob 3d.",
		"我看不懂 /new 裡的「%s」。格式：/new 變體 [@對手] [10+5 | 3d | untimed] [side=red|black|random] [fen=FEN]，例如 /new xiangqi @bob 3d。",
		"我看不懂 /new 里的“%s”。格式：/new 变体 [@对手] [10+5 | 3d | untimed] [side=red|black|random] [fen=FEN]，例如 /new xiangqi @bob 3d。"},
	"err.bad_time": {
		"“%s” is not a time control I can use. Live: minutes per side and an optional increment in seconds (10, 10+5; 1 to 180 minutes). Correspondence: days per move (1d to 14d). Or untimed.",
		"「%s」不是可用的計時方式。快棋：每方分鐘數加可選的每步加秒（10、10+5；1 至 180 分鐘）。通訊棋：每步天數（1d 至 14d）。或 untimed 不限時。",
		"“%s”不是可用的计时方式。快棋：每方分钟数加可选的每步加秒（10、10+5；1 至 180 分钟）。通讯棋：每步天数（1d 至 14d）。或 untimed 不限时。"},
	"err.no_challenge": {
		"There is no challenge here for you to answer. Start one with /new xiangqi, or /new xiangqi @name to challenge someone.",
		"這裡沒有等你回應的挑戰。用 /new xiangqi 發起一局，或用 /new xiangqi @名字 挑戰某人。",
		"这里没有等你回应的挑战。用 /new xiangqi 发起一局，或用 /new xiangqi @名字 挑战某人。"},
	"err.not_open": {
		"Game #%[1]s is no longer a challenge: it has started or ended. /board #%[1]s shows it.",
		"對局 #%[1]s 已不是挑戰：已經開始或結束了。/board #%[1]s 可查看。",
		"对局 #%[1]s 已不是挑战：已经开始或结束了。/board #%[1]s 可查看。"},
	"err.own_challenge": {
		"Challenge #%[1]s is your own. Wait for an opponent, or withdraw it with /cancel %[1]s.",
		"挑戰 #%[1]s 是你自己發起的。請等待對手，或用 /cancel %[1]s 撤回。",
		"挑战 #%[1]s 是你自己发起的。请等待对手，或用 /cancel %[1]s 撤回。"},
	"err.not_invited": {
		"Challenge #%s is for %s; only they can answer it. Start your own with /new.",
		"挑戰 #%s 是給 %s 的，只有對方能回應。你可以用 /new 發起自己的對局。",
		"挑战 #%s 是给 %s 的，只有对方能回应。你可以用 /new 发起自己的对局。"},
	"err.decline_own": {
		"Challenge #%[1]s is your own; withdraw it with /cancel %[1]s.",
		"挑戰 #%[1]s 是你自己發起的；請用 /cancel %[1]s 撤回。",
		"挑战 #%[1]s 是你自己发起的；请用 /cancel %[1]s 撤回。"},
	"err.no_own_challenge": {
		"You have no open challenge here to withdraw. /games lists your games.",
		"你在這裡沒有可撤回的挑戰。/games 可列出你的對局。",
		"你在这里没有可撤回的挑战。/games 可列出你的对局。"},
	"err.cancel_started": {
		"Game #%s has already started; you can /resign or offer a /draw instead.",
		"對局 #%s 已經開始；你可以 /resign 認輸或用 /draw 提和。",
		"对局 #%s 已经开始；你可以 /resign 认输或用 /draw 提和。"},
	"err.cancel_not_yours": {
		"Only the challenger can withdraw challenge #%s; if it is meant for you, /decline it.",
		"只有發起者能撤回挑戰 #%s；如果是給你的挑戰，請用 /decline 拒絕。",
		"只有发起者能撤回挑战 #%s；如果是给你的挑战，请用 /decline 拒绝。"},
	"err.changed": {
		"Game #%s changed meanwhile (another command came first), so nothing of yours was done. It is now %s's turn (%s).",
		"對局 #%[1]s 剛剛有了變化（另一個指令先到），你的指令沒有執行。現在輪到 %[2]s（%[3]s）。",
		"对局 #%[1]s 刚刚有了变化（另一个指令先到），你的指令没有执行。现在轮到 %[2]s（%[3]s）。"},
	"err.changed_over": {
		"Game #%[1]s changed meanwhile and is no longer being played, so nothing of yours was done. /board #%[1]s shows it.",
		"對局 #%[1]s 剛剛有了變化，已不在進行中，你的指令沒有執行。/board #%[1]s 可查看。",
		"对局 #%[1]s 刚刚有了变化，已不在进行中，你的指令没有执行。/board #%[1]s 可查看。"},
	"err.which_game": {
		"You have several games here: %s. Say which one: reply to its board, or add its number, like #%s.",
		"你在這裡有多盤棋：%s。請指明是哪一盤：回覆該局的棋盤，或加上編號，例如 #%s。",
		"你在这里有多盘棋：%s。请指明是哪一盘：回复该局的棋盘，或加上编号，例如 #%s。"},
	"err.which_game_chat": {
		"Several games here fit: %s. Say which one: reply to its board, or add its number, like #%s.",
		"這裡有多盤棋符合：%s。請指明是哪一盤：回覆該局的棋盤，或加上編號，例如 #%s。",
		"这里有多盘棋符合：%s。请指明是哪一盘：回复该局的棋盘，或加上编号，例如 #%s。"},
	"err.no_such_game": {
		"There is no game #%s. /games lists yours.",
		"沒有對局 #%s。/games 可列出你的對局。",
		"没有对局 #%s。/games 可列出你的对局。"},
	"err.other_chat": {
		"Game #%s is played in another chat; use it there. /games lists your games.",
		"對局 #%s 在另一個聊天室進行，請到那裡操作。/games 可列出你的對局。",
		"对局 #%s 在另一个聊天室进行，请到那里操作。/games 可列出你的对局。"},
	"err.not_player": {
		"You are not playing in game #%[1]s; only its players can do that. Anyone may look: /board #%[1]s.",
		"你不是對局 #%[1]s 的棋手，只有棋手能這樣做。任何人都能觀看：/board #%[1]s。",
		"你不是对局 #%[1]s 的棋手，只有棋手能这样做。任何人都能观看：/board #%[1]s。"},
	"err.not_started": {
		"Game #%[1]s has not started yet: it waits for an opponent to /accept %[1]s.",
		"對局 #%[1]s 還沒開始：正在等對手輸入 /accept %[1]s。",
		"对局 #%[1]s 还没开始：正在等对手输入 /accept %[1]s。"},
	"err.game_over": {
		"Game #%[1]s is over. /board #%[1]s shows the final position, /export #%[1]s the record.",
		"對局 #%[1]s 已經結束。/board #%[1]s 顯示終局，/export #%[1]s 顯示棋譜。",
		"对局 #%[1]s 已经结束。/board #%[1]s 显示终局，/export #%[1]s 显示棋谱。"},
	"err.move_empty": {
		"Write the move after /m, e.g. /m h2e2 (from h2 to e2). /rules shows the notation.",
		"請在 /m 後寫走法，例如 /m h2e2（從 h2 走到 e2）。/rules 會說明記譜法。",
		"请在 /m 后写走法，例如 /m h2e2（从 h2 走到 e2）。/rules 会说明记谱法。"},
	"err.no_game_here": {
		"You have no game in this chat. Start one with /new, or accept a challenge with /accept.",
		"你在這個聊天室沒有對局。用 /new 開一局，或用 /accept 接受挑戰。",
		"你在这个聊天室没有对局。用 /new 开一局，或用 /accept 接受挑战。"},
	"err.not_your_turn": {
		"It is not your turn in game #%s: %s (%s) is to move. Nothing was changed.",
		"對局 #%s 還沒輪到你：現在由 %s（%s）走棋。棋局沒有改變。",
		"对局 #%s 还没轮到你：现在由 %s（%s）走棋。棋局没有改变。"},
	"move.too_late": {
		"Too late: your time in game #%s ran out before this move.",
		"太遲了：在這步棋之前，你在對局 #%s 的時間已經用完。",
		"太迟了：在这步棋之前，你在对局 #%s 的时间已经用完。"},
	"err.move_unreadable": {
		"I cannot read “%s” as a move. %s. Moves you could play now: %s.",
		"我看不懂走法「%s」。%s。現在可以走的例如：%s。",
		"我看不懂走法“%s”。%s。现在可以走的例如：%s。"},
	"err.move_illegal": {
		"%s is not allowed: %s. Possible moves: %s.",
		"%s 不合規則：%s。可以走的例如：%s。",
		"%s 不合规则：%s。可以走的例如：%s。"},
	"err.move_illegal_none": {
		"%s is not allowed: %s. That piece cannot move now; try another one.",
		"%s 不合規則：%s。這個棋子現在無路可走，請換一個棋子。",
		"%s 不合规则：%s。这个棋子现在无路可走，请换一个棋子。"},
	"err.private_no_game": {
		"Games are played in group chats. Add me to a group and start one there with /new.",
		"對局在群組裡進行。把我加入群組，在那裡用 /new 開局。",
		"对局在群组里进行。把我加入群组，在那里用 /new 开局。"},
	"err.private_move": {
		"Moves are made in the group chat where the game is played (%s): send /m MOVE there. Here I can show your own board: /peek.",
		"走棋要在對局所在的群組裡（%s）：請到那裡輸入 /m 走法。在這裡我可以給你看你的棋盤：/peek。",
		"走棋要在对局所在的群组里（%s）：请到那里输入 /m 走法。在这里我可以给你看你的棋盘：/peek。"},
	"err.no_own_game": {
		"You have no game going on here. /games lists your games; /new starts one.",
		"你在這裡沒有進行中的對局。/games 列出你的對局；/new 開新局。",
		"你在这里没有进行中的对局。/games 列出你的对局；/new 开新局。"},
	"err.no_games_chat": {
		"No game is being played here. Start one with /new.",
		"這裡沒有進行中的對局。用 /new 開一局。",
		"这里没有进行中的对局。用 /new 开一局。"},
	"err.no_draw_offer": {
		"There is no draw offer to answer in game #%[1]s. To offer a draw, write /draw #%[1]s.",
		"對局 #%[1]s 沒有待回應的和棋提議。要提和，請輸入 /draw #%[1]s。",
		"对局 #%[1]s 没有待回应的和棋提议。要提和，请输入 /draw #%[1]s。"},
	"err.draw_pending": {
		"Your draw offer in game #%s is waiting for %s. /draw no withdraws it.",
		"你在對局 #%s 的和棋提議正在等 %s 回應。/draw no 可撤回。",
		"你在对局 #%s 的和棋提议正在等 %s 回应。/draw no 可撤回。"},
	"err.no_takeback": {
		"No takeback was asked in game #%[1]s. To ask for one, write /takeback #%[1]s.",
		"對局 #%[1]s 沒有悔棋請求。要請求悔棋，請輸入 /takeback #%[1]s。",
		"对局 #%[1]s 没有悔棋请求。要请求悔棋，请输入 /takeback #%[1]s。"},
	"err.takeback_pending": {
		"Your takeback request in game #%s is waiting for %s. /takeback no withdraws it.",
		"你在對局 #%s 的悔棋請求正在等 %s 回應。/takeback no 可撤回。",
		"你在对局 #%s 的悔棋请求正在等 %s 回应。/takeback no 可撤回。"},
	"err.takeback_nothing": {
		"You have made no move in game #%s to take back.",
		"你在對局 #%s 還沒走過棋，沒有可悔的棋。",
		"你在对局 #%s 还没走过棋，没有可悔的棋。"},
	"err.no_abortable": {
		"There is no game here you may abort. Players may abort before the first move; chat admins at any time.",
		"這裡沒有你能中止的對局。棋手只能在第一步之前中止；群組管理員隨時可以。",
		"这里没有你能中止的对局。棋手只能在第一步之前中止；群组管理员随时可以。"},
	"err.abort_denied": {
		"Only a chat admin can abort game #%s now (players may abort only before the first move). A player can /resign instead.",
		"現在只有群組管理員能中止對局 #%s（棋手只能在第一步之前中止）。棋手可以改用 /resign 認輸。",
		"现在只有群组管理员能中止对局 #%s（棋手只能在第一步之前中止）。棋手可以改用 /resign 认输。"},
	"err.peek_not_player": {
		"Only the players of game #%[1]s have pieces of their own to look at; anyone can see the board with /board #%[1]s.",
		"只有對局 #%[1]s 的棋手才有自己的棋子可看；任何人都能用 /board #%[1]s 看棋盤。",
		"只有对局 #%[1]s 的棋手才有自己的棋子可看；任何人都能用 /board #%[1]s 看棋盘。"},
	"err.in_setup": {
		"Game #%[1]s has not begun yet: the players are choosing their secret setup (privately, with /setup %[1]s).",
		"對局 #%[1]s 還沒開始：棋手正在私下選擇暗設（私聊中用 /setup %[1]s）。",
		"对局 #%[1]s 还没开始：棋手正在私下选择暗设（私聊中用 /setup %[1]s）。"},
	"err.setup_public": {
		"Don't write your secret here: everybody can read it. Send it to me privately: /setup ID ANSWER in our private chat. (I did not take it.)",
		"不要在這裡寫你的秘密，大家都看得到。請私下傳給我：在私聊中輸入 /setup 編號 答案。（這次沒有採用。）",
		"不要在这里写你的秘密，大家都看得到。请私下发给我：在私聊中输入 /setup 编号 答案。（这次没有采用。）"},
	"err.setup_none": {
		"You have no game waiting for your secret setup. /games lists your games.",
		"你沒有等待暗設的對局。/games 可列出你的對局。",
		"你没有等待暗设的对局。/games 可列出你的对局。"},
	"err.setup_not_now": {
		"Game #%s is not choosing its setup now: setups are chosen once, before the first move.",
		"對局 #%s 現在不是選擇暗設的階段：暗設只在第一步之前選一次。",
		"对局 #%s 现在不是选择暗设的阶段：暗设只在第一步之前选一次。"},
	"err.setup_bad": {
		"That answer does not work: %s. Answer like this: /setup %s %s",
		"這個答案不行：%s。請這樣回答：/setup %s %s",
		"这个答案不行：%s。请这样回答：/setup %s %s"},
	"err.settings_usage": {
		"Write /settings NAME VALUE, e.g. /settings language zh-Hans, /settings notation wxf, /settings variant xiangqi or /settings time 3d. /settings alone shows the current ones.",
		"請輸入 /settings 名稱 值，例如 /settings language zh-Hant、/settings notation wxf、/settings variant xiangqi 或 /settings time 3d。只輸入 /settings 會顯示目前設定。",
		"请输入 /settings 名称 值，例如 /settings language zh-Hans、/settings notation wxf、/settings variant xiangqi 或 /settings time 3d。只输入 /settings 会显示当前设置。"},
	"err.settings_admin": {
		"Only a chat admin can change the settings of this chat. /settings alone shows them.",
		"只有群組管理員能更改這個聊天室的設定。只輸入 /settings 可查看。",
		"只有群组管理员能更改这个聊天室的设置。只输入 /settings 可查看。"},
	"err.settings_lang": {
		"“%s” is not a language I speak. Choose en, zh-Hant (繁體) or zh-Hans (简体).",
		"我不會「%s」這種語言。請選 en、zh-Hant（繁體）或 zh-Hans（简体）。",
		"我不会“%s”这种语言。请选 en、zh-Hant（繁體）或 zh-Hans（简体）。"},
	"err.settings_notation": {
		"“%s” is not a notation. Choose one of: %s.",
		"「%s」不是記譜法。請從以下選一個：%s。",
		"“%s”不是记谱法。请从以下选一个：%s。"},

	// Challenges and the start of a game.
	"new.challenge": {
		"%s (%s) proposes a game of %s: game #%s, %s.",
		"%[1]s（%[2]s）發起%[3]s對局 #%[4]s，%[5]s。",
		"%[1]s（%[2]s）发起%[3]s对局 #%[4]s，%[5]s。"},
	"new.directed": {
		"%s: press Accept, or write /accept %s (/decline to refuse).",
		"%s：請按「接受」，或輸入 /accept %s（/decline 拒絕）。",
		"%s：请按“接受”，或输入 /accept %s（/decline 拒绝）。"},
	"new.open": {
		"Anyone may accept: press Accept, or write /accept %s.",
		"任何人都可以接受：按「接受」，或輸入 /accept %s。",
		"任何人都可以接受：按“接受”，或输入 /accept %s。"},
	"new.from_fen": {
		"Start position: %s",
		"起始局面：%s",
		"起始局面：%s"},
	"review.queued": {
		"Reviewing game #%s: my findings follow here in a minute or two.",
		"正在復盤對局 #%s：一兩分鐘後在這裡發布結果。",
		"正在复盘对局 #%s：一两分钟后在这里发布结果。"},
	"review.head": {
		"Review of game #%s: the costliest moves, in soldiers (+ is good for the mover).",
		"對局 #%s 復盤：代價最大的著法，以兵為單位（+ 對走棋方有利）。",
		"对局 #%s 复盘：代价最大的着法，以兵为单位（+ 对走棋方有利）。"},
	"review.clean": {
		"%s: no move lost half a soldier or more.",
		"%s：沒有一步損失半個兵以上。",
		"%s：没有一步损失半个兵以上。"},
	"review.item": {
		"%s, move %d: %s lost %s (%s → %s). Better: %s.",
		"%[1]s，第 %[2]d 回合：%[3]s 損失 %[4]s（%[5]s → %[6]s）。更好的是：%[7]s。",
		"%[1]s，第 %[2]d 回合：%[3]s 损失 %[4]s（%[5]s → %[6]s）。更好的是：%[7]s。"},
	"err.review_none": {
		"There is no finished game here to review. Write /review #ID with a game's number (/games lists them).",
		"這裡沒有已結束的對局可以復盤。請寫 /review #編號（/games 列出對局）。",
		"这里没有已结束的对局可以复盘。请写 /review #编号（/games 列出对局）。"},
	"err.review_playing": {
		"Game #%s is still being played: ask for the review when it is over (a review now would help one side).",
		"對局 #%s 還在進行：請在結束後再復盤（現在復盤會幫到一方）。",
		"对局 #%s 还在进行：请在结束后再复盘（现在复盘会帮到一方）。"},
	"err.review_empty": {
		"Game #%s has no moves to review.",
		"對局 #%s 沒有著法可以復盤。",
		"对局 #%s 没有着法可以复盘。"},
	"err.review_hidden": {
		"I do not review %s games: with hidden pieces, the better move would be judged with secrets the player could not see. Try /export for the moves.",
		"我不復盤%s：有暗子時，更好的著法會用到走棋方看不到的秘密。可用 /export 取得著法。",
		"我不复盘%s：有暗子时，更好的着法会用到走棋方看不到的秘密。可用 /export 取得着法。"},
	"err.level_external": {
		"Level 9 is an outside engine that plays standard xiangqi only. For other variants and house rules, levels 1 to 8: /play jieqi level=8",
		"9 級是只下標準象棋的外部引擎。其他變體與規則請用 1 至 8 級：/play jieqi level=8",
		"9 级是只下标准象棋的外部引擎。其他变体与规则请用 1 至 8 级：/play jieqi level=8"},
	"bot.begins": {
		"Game #%s begins: %s (%s) against %s (%s), %s.",
		"對局 #%s 開始：%s（%s）對 %s（%s），%s。",
		"对局 #%s 开始：%s（%s）对 %s（%s），%s。"},
	"bot.setup": {
		"I have chosen my secrets; %s chooses theirs privately (%s left).",
		"我已選好暗子；%s 請私下選擇（還有 %s）。",
		"我已选好暗子；%s 请私下选择（还有 %s）。"},
	"bot.name": {
		"%s (level %d)",
		"%s（%d 級）",
		"%s（%d 级）"},
	"accept.begins": {
		"Game #%s begins: %s (%s) against %s (%s).",
		"對局 #%s 開始：%s（%s）對 %s（%s）。",
		"对局 #%s 开始：%s（%s）对 %s（%s）。"},
	"decline.done": {
		"%s declined challenge #%s from %s.",
		"%[1]s 拒絕了 %[3]s 的挑戰 #%[2]s。",
		"%[1]s 拒绝了 %[3]s 的挑战 #%[2]s。"},
	"cancel.done": {
		"Challenge #%s withdrawn.",
		"挑戰 #%s 已撤回。",
		"挑战 #%s 已撤回。"},

	// Secret setup.
	"setup.begins": {
		"Game #%s: %s (%s) against %s (%s). First each player chooses a secret setup; I have asked both privately. The game begins when both have answered (at most %s).",
		"對局 #%s：%s（%s）對 %s（%s）。開局前雙方各自選擇暗設，我已私下詢問兩位。兩位都回答後對局開始（最多 %s）。",
		"对局 #%s：%s（%s）对 %s（%s）。开局前双方各自选择暗设，我已私下询问两位。两位都回答后对局开始（最多 %s）。"},
	"setup.begins_one": {
		"Game #%s: %s (%s) against %s (%s). First %s chooses a secret setup (the start position sets the other side's); I have asked privately. The game begins when they have answered (at most %s).",
		"對局 #%[1]s：%[2]s（%[3]s）對 %[4]s（%[5]s）。開局前 %[6]s 要選擇暗設（另一方的暗設由起始局面決定），我已私下詢問。回答後對局開始（最多 %[7]s）。",
		"对局 #%[1]s：%[2]s（%[3]s）对 %[4]s（%[5]s）。开局前 %[6]s 要选择暗设（另一方的暗设由起始局面决定），我已私下询问。回答后对局开始（最多 %[7]s）。"},
	"setup.prompt": {
		"Game #%s (%s): %s\nAnswer me here: /setup %s %s",
		"對局 #%s（%s）：%s\n請在這裡回答：/setup %s %s",
		"对局 #%s（%s）：%s\n请在这里回答：/setup %s %s"},
	"setup.saved": {
		"Noted. Game #%s begins when %s has chosen too.",
		"已記下。等 %[2]s 也選好後，對局 #%[1]s 就開始。",
		"已记下。等 %[2]s 也选好后，对局 #%[1]s 就开始。"},
	"setup.saved_last": {
		"Noted. Both have chosen: game #%s begins.",
		"已記下。雙方都選好了：對局 #%s 開始。",
		"已记下。双方都选好了：对局 #%s 开始。"},
	"setup.saved_only": {
		"Noted: game #%s begins.",
		"已記下：對局 #%s 開始。",
		"已记下：对局 #%s 开始。"},
	"setup.done_one": {
		"Game #%s begins: %s has chosen their secret setup.",
		"對局 #%s 開始：%s 已選好暗設。",
		"对局 #%s 开始：%s 已选好暗设。"},
	"err.setup_nothing": {
		"You have nothing to choose in game #%s: the start position sets your secrets. The game begins when %s has chosen.",
		"你在對局 #%s 沒有要選的：你的暗設由起始局面決定。等 %s 選好後對局就開始。",
		"你在对局 #%s 没有要选的：你的暗设由起始局面决定。等 %s 选好后对局就开始。"},
	"setup.done": {
		"Game #%s begins: both players have chosen their secret setup.",
		"對局 #%s 開始：雙方都已選好暗設。",
		"对局 #%s 开始：双方都已选好暗设。"},
	"setup.defaulted": {
		"Game #%s: time for the setup is up; I chose at random for %s.",
		"對局 #%s：暗設時間已到，我替 %s 隨機選擇。",
		"对局 #%s：暗设时间已到，我替 %s 随机选择。"},
	"cap.setup": {
		"The players are choosing their secret setup · %s left",
		"棋手正在選擇暗設 · 剩餘 %s",
		"棋手正在选择暗设 · 剩余 %s"},
	"games.setup": {
		"#%s %s vs %s: choosing the secret setup (/setup)",
		"#%s %s 對 %s：選擇暗設中（/setup）",
		"#%s %s 对 %s：选择暗设中（/setup）"},
	"fact.reveal": {"%s reveals: %s", "%s亮明：%s", "%s亮明：%s"},
	"fact.reveal.forced": {
		"%s has no move with its generals hidden, so they are revealed: %s",
		"%s除了亮明無棋可走，被迫亮明：%s",
		"%s除了亮明无棋可走，被迫亮明：%s"},
	"fact.flip":     {"%s turns over: %s", "%s翻開：%s", "%s翻开：%s"},
	"fact.disclose": {"%s's hidden pieces were: %s", "%s的暗子：%s", "%s的暗子：%s"},
	"fact.other":    {"%s: %s", "%s：%s", "%s：%s"},
	"fact.removed":  {"%s loses: %s", "%s被拿下：%s", "%s被拿下：%s"},
	"fact.frozen":   {"%s may not move these next turn (pinned): %s", "%s被牽制、下一步不能走：%s", "%s被牵制、下一步不能走：%s"},
	"fact.capture": {
		"%s's face-down piece is captured unseen: %s",
		"%s的一枚暗子被吃，未翻開：%s",
		"%s的一枚暗子被吃，未翻开：%s"},
	"fact.identified": {
		"%s's face-down piece you captured was: %s",
		"你吃掉的%s暗子是：%s",
		"你吃掉的%s暗子是：%s"},
	"told.caption": {
		"Game #%s, for you alone:",
		"第 %s 局，僅告訴你：",
		"第 %s 局，仅告诉你："},

	// Draws, takebacks, resignation, abort.
	"draw.offered": {
		"%s (%s) offers a draw in game #%s. %s: press a button, or write /draw to accept or /draw no to decline.",
		"%[1]s（%[2]s）在對局 #%[3]s 提議和棋。%[4]s：請按按鈕，或輸入 /draw 同意、/draw no 拒絕。",
		"%[1]s（%[2]s）在对局 #%[3]s 提议和棋。%[4]s：请按按钮，或输入 /draw 同意、/draw no 拒绝。"},
	"draw.agreed": {
		"Draw agreed in game #%s.",
		"對局 #%s 雙方同意和棋。",
		"对局 #%s 双方同意和棋。"},
	"draw.declined": {
		"%s declined the draw offer in game #%s. Play goes on.",
		"%s 拒絕了對局 #%s 的和棋提議，對局繼續。",
		"%s 拒绝了对局 #%s 的和棋提议，对局继续。"},
	"draw.withdrawn": {
		"%s withdrew the draw offer in game #%s.",
		"%s 撤回了對局 #%s 的和棋提議。",
		"%s 撤回了对局 #%s 的和棋提议。"},
	"takeback.asked": {
		"%s asks to take back their last move in game #%s. %s: press a button, or write /takeback to allow or /takeback no to refuse.",
		"%[1]s 請求在對局 #%[2]s 悔棋。%[3]s：請按按鈕，或輸入 /takeback 同意、/takeback no 拒絕。",
		"%[1]s 请求在对局 #%[2]s 悔棋。%[3]s：请按按钮，或输入 /takeback 同意、/takeback no 拒绝。"},
	"takeback.declined": {
		"%s refused the takeback in game #%s.",
		"%s 拒絕了對局 #%s 的悔棋請求。",
		"%s 拒绝了对局 #%s 的悔棋请求。"},
	"takeback.withdrawn": {
		"%s withdrew the takeback request in game #%s.",
		"%s 撤回了對局 #%s 的悔棋請求。",
		"%s 撤回了对局 #%s 的悔棋请求。"},
	"takeback.done": {
		"Takeback in game #%s: %d move(s) taken back.",
		"對局 #%s 悔棋：退回了 %d 步。",
		"对局 #%s 悔棋：退回了 %d 步。"},
	"resign.confirm": {
		"Resign game #%s against %s? Press the button, or write /resign yes.",
		"確定要在對局 #%s 向 %s 認輸嗎？請按按鈕，或輸入 /resign yes。",
		"确定要在对局 #%s 向 %s 认输吗？请按按钮，或输入 /resign yes。"},
	"resign.kept": {
		"Good: game #%s goes on.",
		"好的，對局 #%s 繼續。",
		"好的，对局 #%s 继续。"},
	"resign.done": {
		"%s resigned game #%s.",
		"%s 在對局 #%s 認輸。",
		"%s 在对局 #%s 认输。"},
	"confirm.not_yours": {
		"This question in game #%s is for %s; only they can answer it. Nothing was changed.",
		"對局 #%s 的這個問題是問 %s 的，只有對方能回答。什麼都沒有改變。",
		"对局 #%s 的这个问题是问 %s 的，只有对方能回答。什么都没有改变。"},
	"err.resign_not_asked": {
		"This question is no longer open. To resign game #%[1]s, write /resign #%[1]s.",
		"這個問題已經失效。要在對局 #%[1]s 認輸，請輸入 /resign #%[1]s。",
		"这个问题已经失效。要在对局 #%[1]s 认输，请输入 /resign #%[1]s。"},
	"abort.confirm": {
		"Abort game #%s? Its %d move(s) end without a result. Press the button, or write /abort yes.",
		"確定要中止對局 #%s 嗎？已下的 %d 步將不計結果。請按按鈕，或輸入 /abort yes。",
		"确定要中止对局 #%s 吗？已下的 %d 步将不计结果。请按按钮，或输入 /abort yes。"},
	"abort.kept": {
		"Good: game #%s goes on.",
		"好的，對局 #%s 繼續。",
		"好的，对局 #%s 继续。"},
	"err.abort_not_asked": {
		"This question is no longer open. To abort game #%[1]s, write /abort #%[1]s.",
		"這個問題已經失效。要中止對局 #%[1]s，請輸入 /abort #%[1]s。",
		"这个问题已经失效。要中止对局 #%[1]s，请输入 /abort #%[1]s。"},
	"abort.done": {
		"Game #%s was aborted by %s.",
		"對局 #%s 已被 %s 中止。",
		"对局 #%s 已被 %s 中止。"},
	"done.posted": {
		"Done; I posted it in the chat of game #%s.",
		"好了，已發布在對局 #%s 的聊天室。",
		"好了，已发布在对局 #%s 的聊天室。"},

	// The board caption.
	"cap.title": {
		"Game #%s · %s · %s",
		"對局 #%s · %s · %s",
		"对局 #%s · %s · %s"},
	"cap.last": {
		"Last move: %s",
		"上一步：%s",
		"上一步：%s"},
	"cap.turn": {
		"%s to move: %s",
		"輪到%s：%s",
		"轮到%s：%s"},
	"cap.check": {
		"(check!)",
		"（將軍！）",
		"（将军！）"},
	"cap.left": {
		"%s left",
		"剩餘 %s",
		"剩余 %s"},
	"cap.draw_offer": {
		"Draw offered by %s",
		"%s 提議和棋",
		"%s 提议和棋"},
	"cap.takeback": {
		"Takeback asked by %s",
		"%s 請求悔棋",
		"%s 请求悔棋"},
	"side.red":   {"Red", "紅方", "红方"},
	"side.black": {"Black", "黑方", "黑方"},
	"side.white": {"White", "白方", "白方"},
	"seat.open":  {"(open seat)", "（待定）", "（待定）"},
	"deal.commit": {
		"The deal is fixed: sha256(start + salt) = %s (both are published at the end).",
		"開局佈子已固定：sha256(佈子 + 鹽) = %s（終局時公布兩者）。",
		"开局布子已固定：sha256(布子 + 盐) = %s（终局时公布两者）。"},
	"disclose.salt": {"Salt: %s; sha256(deal + \" \" + salt) = %s, as posted at the start.", "鹽：%s；sha256(佈子 + \" \" + 鹽) = %s，與開局時公布的相同。", "盐：%s；sha256(布子 + \" \" + 盐) = %s，与开局时公布的相同。"},
	"disclose.captured": {
		"%s: the face-down piece captured on %s was %s (%s).",
		"%s：%s 被吃的暗子是%s（%s）。",
		"%s：%s 被吃的暗子是%s（%s）。"},
	"disclose.deal": {"The deal was: %s", "開局佈子：%s", "开局布子：%s"},
	"pool.caption":  {"Game #%s, your pool (%s), pieces not yet seen as you know them:", "對局 #%s，你的暗子池（%s），你所知的未見棋子：", "对局 #%s，你的暗子池（%s），你所知的未见棋子："},
	"pool.fen":      {"Your FEN: %s", "你的 FEN：%s", "你的 FEN：%s"},
	"err.no_pool": {
		"Game #%s shows no pools (it has no hidden pieces, or was started with pool=hide).",
		"對局 #%s 不顯示暗子池（沒有暗子，或以 pool=hide 開局）。",
		"对局 #%s 不显示暗子池（没有暗子，或以 pool=hide 开局）。"},
	"cap.pool":    {"Not yet seen: %s", "暗子：%s", "暗子：%s"},
	"seat.first":  {"first player", "先手", "先手"},
	"seat.second": {"second player", "後手", "后手"},

	// Results.
	"result.win": {
		"Game #%s: %s (%s) wins by %s · %s",
		"對局 #%[1]s：%[2]s（%[3]s）勝，%[4]s · %[5]s",
		"对局 #%[1]s：%[2]s（%[3]s）胜，%[4]s · %[5]s"},
	"result.draw": {
		"Game #%s is drawn by %s · 1/2-1/2",
		"對局 #%s 和棋：%s · 1/2-1/2",
		"对局 #%s 和棋：%s · 1/2-1/2"},
	"result.aborted": {
		"Game #%s ended without result (%s).",
		"對局 #%s 無結果結束（%s）。",
		"对局 #%s 无结果结束（%s）。"},
	"reason.checkmate":             {"checkmate", "將死", "将死"},
	"reason.stalemate":             {"stalemate (no legal move)", "困斃（無子可動）", "困毙（无子可动）"},
	"reason.perpetual_check":       {"the opponent's perpetual check", "對方長將", "对方长将"},
	"reason.perpetual_chase":       {"the opponent's perpetual chase", "對方長捉", "对方长捉"},
	"reason.repetition":            {"repetition", "重複局面", "重复局面"},
	"reason.move_limit":            {"the 60-move rule", "六十回合無吃子", "六十回合无吃子"},
	"reason.move_limit_n":          {"%d moves without a capture", "%d 回合無吃子", "%d 回合无吃子"},
	"reason.ply_limit_n":           {"%d plies without a capture", "%d 步無吃子", "%d 步无吃子"},
	"reason.insufficient_material": {"insufficient material", "雙方無進攻子力", "双方无进攻子力"},
	"reason.resignation":           {"resignation", "對方認輸", "对方认输"},
	"reason.agreement":             {"agreement", "雙方同意", "双方同意"},
	"reason.timeout":               {"time (the opponent ran out)", "超時（對方時間用完）", "超时（对方时间用完）"},
	"reason.aborted":               {"aborted", "中止", "中止"},
	"reason.goal":                  {"reaching the goal", "達成目標", "达成目标"},
	"reason.no_pieces_left":        {"taking every enemy piece", "吃光對方棋子", "吃光对方棋子"},
	"reason.general_captured":      {"capturing the general", "吃掉將帥", "吃掉将帅"},
	"reason.declined":              {"declined", "被拒絕", "被拒绝"},
	"reason.cancelled":             {"withdrawn", "已撤回", "已撤回"},
	"reason.expired":               {"nobody accepted", "無人應戰", "无人应战"},
	"reason.unknown":               {"a decision", "裁定", "裁定"},

	// Time.
	"tc.live": {"live %s", "快棋 %s", "快棋 %s"},
	"tc.corr": {"%d days per move", "每步 %d 天", "每步 %d 天"},
	"tc.none": {"untimed", "不限時", "不限时"},
	"span.dh": {"%dd %dh", "%d天%d小時", "%d天%d小时"},
	"span.hm": {"%dh %dm", "%d小時%d分", "%d小时%d分"},
	"span.m":  {"%dm", "%d分鐘", "%d分钟"},
	"tick.timeout": {
		"Game #%s: %s (%s) ran out of time.",
		"對局 #%s：%s（%s）超時。",
		"对局 #%s：%s（%s）超时。"},
	"tick.remind": {
		"%s, it is your move in game #%s against %s: %s left before you lose on time.",
		"%[1]s，對局 #%[2]s（對 %[3]s）輪到你走棋：還剩 %[4]s，超時判負。",
		"%[1]s，对局 #%[2]s（对 %[3]s）轮到你走棋：还剩 %[4]s，超时判负。"},
	"tick.expired": {
		"Challenge #%s lapsed: nobody accepted it within a week.",
		"挑戰 #%s 已失效：一週內無人接受。",
		"挑战 #%s 已失效：一周内无人接受。"},

	// Buttons.
	"btn.accept":           {"Accept", "接受", "接受"},
	"btn.decline":          {"Decline", "拒絕", "拒绝"},
	"btn.cancel":           {"Withdraw", "撤回", "撤回"},
	"btn.draw_accept":      {"Accept draw", "同意和棋", "同意和棋"},
	"btn.draw_decline":     {"Decline draw", "拒絕和棋", "拒绝和棋"},
	"btn.takeback_accept":  {"Allow takeback", "同意悔棋", "同意悔棋"},
	"btn.takeback_decline": {"Refuse takeback", "拒絕悔棋", "拒绝悔棋"},
	"btn.resign_yes":       {"Yes, resign", "確認認輸", "确认认输"},
	"btn.resign_no":        {"Keep playing", "繼續下棋", "继续下棋"},
	"btn.abort_yes":        {"Yes, abort", "確認中止", "确认中止"},
	"btn.abort_no":         {"Keep the game", "保留對局", "保留对局"},
	"btn.peek":             {"My pieces", "我的棋子", "我的棋子"},
	"btn.board":            {"Board", "棋盤", "棋盘"},
	"btn.open_private":     {"Open private chat", "開啟私聊", "开启私聊"},

	// Private boards.
	"peek.caption": {
		"Your board in game #%s (you play %s).",
		"你在對局 #%s 的棋盤（你執%s）。",
		"你在对局 #%s 的棋盘（你执%s）。"},
	"private.hint_nolink": {
		"%s, I cannot send you your own board of game #%s privately.",
		"%s，我無法私下傳送你在對局 #%s 的棋盤。",
		"%s，我无法私下发送你在对局 #%s 的棋盘。"},
	"private.hint": {
		"%s, I cannot send you your own board of game #%s privately. Open a private chat with me (the button below, or send me /start there), and I will deliver it.",
		"%s，我無法私下傳送你在對局 #%s 的棋盤。請開啟與我的私聊（按下方按鈕，或在私聊中傳送 /start），我就會送到。",
		"%s，我无法私下发送你在对局 #%s 的棋盘。请开启与我的私聊（按下方按钮，或在私聊中发送 /start），我就会送到。"},

	// Listings and information.
	"games.head": {"Your games:", "你的對局：", "你的对局："},
	"games.none": {
		"You have no games going on. Start one with /new, e.g. /new xiangqi @friend.",
		"你沒有進行中的對局。用 /new 開一局，例如 /new xiangqi @朋友。",
		"你没有进行中的对局。用 /new 开一局，例如 /new xiangqi @朋友。"},
	"games.line":       {"#%s %s vs %s: %s", "#%s %s 對 %s：%s", "#%s %s 对 %s：%s"},
	"games.open":       {"#%s %s: waiting for an opponent", "#%s %s：等待對手", "#%s %s：等待对手"},
	"games.your_turn":  {"your move", "輪到你", "轮到你"},
	"games.their_turn": {"%s to move", "輪到 %s", "轮到 %s"},
	"games.elsewhere":  {"(in another chat)", "（在其他聊天室）", "（在其他聊天室）"},
	"games.challenges": {"Open challenges here you may accept:", "這裡你可以接受的挑戰：", "这里你可以接受的挑战："},
	"games.challenge":  {"#%[1]s by %[2]s: /accept %[1]s", "#%[1]s，%[2]s 發起：/accept %[1]s", "#%[1]s，%[2]s 发起：/accept %[1]s"},
	"variants.head":    {"Variants:", "變體：", "变体："},
	"variants.options": {"Options (add them to /new):", "選項（加在 /new 後面）：", "选项（加在 /new 后面）："},
	"variants.tail": {
		"/rules VARIANT explains one; /new VARIANT starts a game.",
		"/rules 變體 說明規則；/new 變體 開局。",
		"/rules 变体 说明规则；/new 变体 开局。"},
	"err.rules_arg": {
		"I don't know “%s”. Write /rules VARIANT [OPTION ...], e.g. /rules jinchan or /rules xiangqi fuhe. Variants: %s. Options: %s.",
		"我不認得「%s」。請輸入 /rules 變體 [選項 ...]，例如 /rules jinchan 或 /rules xiangqi fuhe。變體：%s。選項：%s。",
		"我不认识“%s”。请输入 /rules 变体 [选项 ...]，例如 /rules jinchan 或 /rules xiangqi fuhe。变体：%s。选项：%s。"},
	"err.bad_option": {
		"%s cannot be played with %s: %s.",
		"%s 不能搭配 %s：%s。",
		"%s 不能搭配 %s：%s。"},
	"err.needs_option": {
		"%s is played with options: %s.",
		"%s 須加選項：%s。",
		"%s 须加选项：%s。"},
	"rules.points": {"Board: %d×%d points.", "棋盤：%d×%d 個交叉點。", "棋盘：%d×%d 个交叉点。"},
	"rules.cells":  {"Board: %d×%d squares.", "棋盤：%d×%d 格。", "棋盘：%d×%d 格。"},
	"rules.pieces": {"Pieces: %s", "棋子：%s", "棋子：%s"},
	"rules.start": {
		"Start a game: /new %s [@opponent] [10+5 | 3d] [side=black] [fen=FEN]",
		"開局：/new %s [@對手] [10+5 | 3d] [side=black] [fen=FEN]",
		"开局：/new %s [@对手] [10+5 | 3d] [side=black] [fen=FEN]"},
	"rules.start_first": {
		"Start a game: /new %s [@opponent] [10+5 | 3d] [first=creator|opponent|random] [fen=FEN]",
		"開局：/new %s [@對手] [10+5 | 3d] [first=creator|opponent|random] [fen=FEN]",
		"开局：/new %s [@对手] [10+5 | 3d] [first=creator|opponent|random] [fen=FEN]"},
	"notation.flip": {
		"coordinates %s (the cell twice: turn over the piece on %s)",
		"座標 %s（同一格寫兩次：翻開 %s 的棋子）",
		"坐标 %s（同一格写两次：翻开 %s 的棋子）"},
	"notation.head": {"Write moves as", "走法可寫成", "走法可写成"},
	"notation.coord": {
		"coordinates %s (from %s to %s)",
		"座標 %s（從 %s 到 %s）",
		"坐标 %s（从 %s 到 %s）"},
	"notation.wxf":          {"WXF %s", "WXF %s", "WXF %s"},
	"notation.chinese":      {"Chinese %s", "中文 %s", "中文 %s"},
	"notation.coord_only":   {"Write moves as coordinates, e.g. %s", "走法請寫座標，例如 %s", "走法请写坐标，例如 %s"},
	"notation.name.default": {"coordinates with Chinese", "座標加中文", "坐标加中文"},
	"notation.name.coord":   {"coordinates", "座標", "坐标"},
	"notation.name.wxf":     {"WXF", "WXF", "WXF"},
	"notation.name.chinese": {"Chinese", "中文", "中文"},
	"export.head":           {"Game #%s:", "對局 #%s：", "对局 #%s："},
	"settings.saved":        {"Saved.", "已儲存。", "已保存。"},
	"settings.show": {
		"Settings of this chat: language %s · notation %s · default variant %s · default time %s.\nChange one with /settings language en|zh-Hant|zh-Hans, /settings notation default|coord|wxf|chinese, /settings variant xiangqi, /settings time 10+5|3d|untimed.",
		"本聊天室設定：語言 %s · 記譜 %s · 預設變體 %s · 預設計時 %s。\n更改：/settings language en|zh-Hant|zh-Hans、/settings notation default|coord|wxf|chinese、/settings variant xiangqi、/settings time 10+5|3d|untimed。",
		"本聊天室设置：语言 %s · 记谱 %s · 默认变体 %s · 默认计时 %s。\n更改：/settings language en|zh-Hant|zh-Hans、/settings notation default|coord|wxf|chinese、/settings variant xiangqi、/settings time 10+5|3d|untimed。"},
	"start.in_group": {
		"/start %[1]s brings your own board, so it works only in a private chat with me: open it (the button, or search for %[2]s) and send /start %[1]s there.",
		"/start %[1]s 會送來你自己的棋盤，所以只能在與我的私聊中使用：請開啟私聊（按按鈕，或搜尋 %[2]s），在那裡傳送 /start %[1]s。",
		"/start %[1]s 会送来你自己的棋盘，所以只能在与我的私聊中使用：请开启私聊（按按钮，或搜索 %[2]s），在那里发送 /start %[1]s。"},
	"start.hello": {
		"Hello, I am %s: I host xiangqi games in group chats. Add me to a group and write /new there; /help lists the commands. Here I send you your private boards.",
		"你好，我是 %s，在群組裡主持象棋對局。把我加入群組並輸入 /new 即可開局；/help 列出所有指令。在這裡我會傳送你的私人棋盤。",
		"你好，我是 %s，在群组里主持象棋对局。把我加入群组并输入 /new 即可开局；/help 列出所有指令。在这里我会发送你的私人棋盘。"},

	// Help.
	"help.head": {
		"Commands (Chinese names work too, e.g. /走 for /move):",
		"指令（也可用中文名稱，例如 /走 等於 /move）：",
		"指令（也可用中文名称，例如 /走 等于 /move）："},
	"help.tail": {
		"When it is your turn you can also write just the move, e.g. h2e2. With several games, reply to the board or add #ID. /help COMMAND explains one command.",
		"輪到你時也可以只寫走法，例如 h2e2。有多盤棋時，請回覆該局棋盤或加上 #編號。/help 指令 可看單一指令的說明。",
		"轮到你时也可以只写走法，例如 h2e2。有多盘棋时，请回复该局棋盘或加上 #编号。/help 指令 可看单一指令的说明。"},
	"help.one": {
		"/%s: %s\n%s\nOther names: %s",
		"/%s：%s\n%s\n其他名稱：%s",
		"/%s：%s\n%s\n其他名称：%s"},
	"cmd.new":      {"challenge someone, or anyone, to a game", "發起挑戰（指定對手或公開）", "发起挑战（指定对手或公开）"},
	"cmd.play":     {"play a game against me (levels 1 to 8)", "和我對弈（1 至 8 級）", "和我对弈（1 至 8 级）"},
	"cmd.review":   {"after a game: each side's three costliest moves", "對局後：雙方各三步代價最大的著法", "对局后：双方各三步代价最大的着法"},
	"cmd.accept":   {"accept a challenge", "接受挑戰", "接受挑战"},
	"cmd.decline":  {"decline a challenge made to you", "拒絕給你的挑戰", "拒绝给你的挑战"},
	"cmd.cancel":   {"withdraw your challenge", "撤回你的挑戰", "撤回你的挑战"},
	"cmd.move":     {"make a move (also /m)", "走棋（也可用 /m）", "走棋（也可用 /m）"},
	"cmd.board":    {"show a game's board", "顯示棋盤", "显示棋盘"},
	"cmd.setup":    {"choose your secret setup, privately", "私下選擇暗設", "私下选择暗设"},
	"cmd.pool":     {"your pool of pieces not yet seen, privately", "私下查看你所知的暗子池", "私下查看你所知的暗子池"},
	"cmd.peek":     {"see your own pieces privately", "私下查看自己的棋子", "私下查看自己的棋子"},
	"cmd.resign":   {"resign a game", "認輸", "认输"},
	"cmd.draw":     {"offer, accept or decline a draw", "提和、同意或拒絕和棋", "提和、同意或拒绝和棋"},
	"cmd.takeback": {"ask for, allow or refuse a takeback", "請求、同意或拒絕悔棋", "请求、同意或拒绝悔棋"},
	"cmd.abort":    {"abort a game (chat admins; players before the first move)", "中止對局（管理員；棋手限第一步前）", "中止对局（管理员；棋手限第一步前）"},
	"cmd.games":    {"your games in all chats, with whose turn it is", "你在各聊天室的對局及輪到誰", "你在各聊天室的对局及轮到谁"},
	"cmd.variants": {"the variants you can play", "可玩的變體", "可玩的变体"},
	"cmd.rules":    {"the rules of a variant, with example moves", "變體規則與走法範例", "变体规则与走法示例"},
	"cmd.settings": {"this chat's language, notation and defaults", "本聊天室的語言、記譜與預設值", "本聊天室的语言、记谱与默认值"},
	"cmd.export":   {"a game's FEN and record", "對局的 FEN 與棋譜", "对局的 FEN 与棋谱"},
	"cmd.help":     {"this list, or help on one command", "本列表，或單一指令說明", "本列表，或单一指令说明"},
	"cmd.start":    {"open the private chat (brings your board after a link)", "開啟私聊（經連結可取得你的棋盤）", "开启私聊（经链接可取得你的棋盘）"},
	"usage.new": {
		"/new VARIANT [@opponent] [10+5 | 3d | untimed] [side=red|black|random] [rated|casual] [fen=FEN]\nExamples: /new xiangqi @bob 3d · /new xiangqi 10+5 side=black casual · /new (an open challenge with this chat's defaults; rated)",
		"/new 變體 [@對手] [10+5 | 3d | untimed] [side=red|black|random] [rated|casual] [fen=FEN]\n例：/new xiangqi @bob 3d · /new xiangqi 10+5 side=black casual · /new（以本聊天室預設值發起公開挑戰；計分）",
		"/new 变体 [@对手] [10+5 | 3d | untimed] [side=red|black|random] [rated|casual] [fen=FEN]\n例：/new xiangqi @bob 3d · /new xiangqi 10+5 side=black casual · /new（以本聊天室默认值发起公开挑战；计分）"},
	"usage.play": {
		"/play [VARIANT] [level=1..8] [10+5 | 3d | untimed] [side=red|black|random]\nExamples: /play · /play jieqi level=2 · /play xiangqi level=8 5+3 side=black. The same: /new VARIANT @me level=N",
		"/play [變體] [level=1..8] [10+5 | 3d | untimed] [side=red|black|random]\n例：/play · /play jieqi level=2 · /play xiangqi level=8 5+3 side=black。也可寫 /new 變體 @我 level=N",
		"/play [变体] [level=1..8] [10+5 | 3d | untimed] [side=red|black|random]\n例：/play · /play jieqi level=2 · /play xiangqi level=8 5+3 side=black。也可写 /new 变体 @我 level=N"},
	"usage.review": {
		"/review [#ID]: after a game, my search finds each side's three costliest moves, with the better move and the board. Example: /review #12",
		"/review [#編號]：對局結束後，我找出雙方各三步代價最大的著法，附上更好的著法與棋盤。例：/review #12",
		"/review [#编号]：对局结束后，我找出双方各三步代价最大的着法，附上更好的着法与棋盘。例：/review #12"},
	"usage.accept":  {"/accept [ID], or press Accept. Example: /accept 12", "/accept [編號]，或按「接受」。例：/accept 12", "/accept [编号]，或按“接受”。例：/accept 12"},
	"usage.decline": {"/decline [ID]. Example: /decline 12", "/decline [編號]。例：/decline 12", "/decline [编号]。例：/decline 12"},
	"usage.cancel":  {"/cancel [ID]. Example: /cancel 12", "/cancel [編號]。例：/cancel 12", "/cancel [编号]。例：/cancel 12"},
	"usage.move": {
		"/m [#ID] MOVE. Examples: /m h2e2 · /m C2.5 · /m 炮二平五 · /m #12 h2e2. When it is your turn, just h2e2 works too.",
		"/m [#編號] 走法。例：/m h2e2 · /m C2.5 · /m 炮二平五 · /m #12 h2e2。輪到你時直接寫 h2e2 也可以。",
		"/m [#编号] 走法。例：/m h2e2 · /m C2.5 · /m 炮二平五 · /m #12 h2e2。轮到你时直接写 h2e2 也可以。"},
	"usage.board": {"/board [#ID]. Anyone may look.", "/board [#編號]。任何人都能看。", "/board [#编号]。任何人都能看。"},
	"usage.setup": {
		"/setup [#ID] ANSWER, in a private chat with me. /setup alone repeats the question.",
		"/setup [#編號] 答案，在與我的私聊中。只輸入 /setup 會重述問題。",
		"/setup [#编号] 答案，在与我的私聊中。只输入 /setup 会重述问题。"},
	"usage.pool":     {"/pool [#ID]: the pieces not yet seen as you know them, with the captures you identified, sent privately.", "/pool [#編號]：你所知的暗子池與你認出的被吃暗子，私下傳送。", "/pool [#编号]：你所知的暗子池与你认出的被吃暗子，私下发送。"},
	"usage.peek":     {"/peek [#ID], or press My pieces: your own view, sent privately.", "/peek [#編號]，或按「我的棋子」：私下傳送你的視角。", "/peek [#编号]，或按“我的棋子”：私下发送你的视角。"},
	"usage.resign":   {"/resign [#ID], then confirm (or /resign yes).", "/resign [#編號]，再確認（或 /resign yes）。", "/resign [#编号]，再确认（或 /resign yes）。"},
	"usage.draw":     {"/draw [#ID] offers or accepts; /draw no declines or withdraws.", "/draw [#編號] 提和或同意；/draw no 拒絕或撤回。", "/draw [#编号] 提和或同意；/draw no 拒绝或撤回。"},
	"usage.takeback": {"/takeback [#ID] asks or allows; /takeback no refuses or withdraws.", "/takeback [#編號] 請求或同意；/takeback no 拒絕或撤回。", "/takeback [#编号] 请求或同意；/takeback no 拒绝或撤回。"},
	"usage.abort":    {"/abort [#ID]", "/abort [#編號]", "/abort [#编号]"},
	"usage.games":    {"/games", "/games", "/games"},
	"usage.variants": {"/variants", "/variants", "/variants"},
	"usage.rules":    {"/rules [VARIANT]. Example: /rules xiangqi", "/rules [變體]。例：/rules xiangqi", "/rules [变体]。例：/rules xiangqi"},
	"usage.settings": {
		"/settings, or /settings language|notation|variant|time VALUE. Example: /settings language zh-Hant",
		"/settings，或 /settings language|notation|variant|time 值。例：/settings language zh-Hant",
		"/settings，或 /settings language|notation|variant|time 值。例：/settings language zh-Hans"},
	"usage.export": {"/export [#ID]", "/export [#編號]", "/export [#编号]"},
	"usage.help":   {"/help [COMMAND]. Example: /help move", "/help [指令]。例：/help move", "/help [指令]。例：/help move"},
	"usage.start":  {"/start, in a private chat with me.", "在與我的私聊中輸入 /start。", "在与我的私聊中输入 /start。"},
	// Daily puzzles (bot/puzzle.go, issue 9).
	"cmd.puzzle": {"the daily puzzle: show, answer, hints, subscribe, leaderboard", "每日謎題：顯示、作答、提示、訂閱、排行榜", "每日谜题：显示、作答、提示、订阅、排行榜"},
	"usage.puzzle": {
		"/puzzle shows today's puzzle. Answer with /puzzle answer MOVE (or /puzzle MOVE, or reply to the puzzle image with the move); I play the opponent's reply until it is solved.\n/puzzle hint: the piece to move, then the move · /puzzle solution: after 3 wrong tries or 2 hints · /puzzle top: this chat's leaderboard\nAdmins: /puzzle subscribe HH:MM [timezone] posts one every day (e.g. /puzzle subscribe 08:30 Asia/Shanghai), /puzzle unsubscribe stops it.",
		"/puzzle 顯示今天的謎題。作答：/puzzle answer 走法（或 /puzzle 走法，或回覆謎題圖片寫上走法）；我會代對方應著，直到解出為止。\n/puzzle hint：先提示要動的棋子，再提示走法 · /puzzle solution：答錯 3 次或用過 2 次提示後可看答案 · /puzzle top：本聊天室排行榜\n管理員：/puzzle subscribe 時:分 [時區] 每天發布一題（例：/puzzle subscribe 08:30 Asia/Taipei），/puzzle unsubscribe 停止。",
		"/puzzle 显示今天的谜题。作答：/puzzle answer 走法（或 /puzzle 走法，或回复谜题图片写上走法）；我会代对方应着，直到解出为止。\n/puzzle hint：先提示要动的棋子，再提示走法 · /puzzle solution：答错 3 次或用过 2 次提示后可看答案 · /puzzle top：本聊天室排行榜\n管理员：/puzzle subscribe 时:分 [时区] 每天发布一题（例：/puzzle subscribe 08:30 Asia/Shanghai），/puzzle unsubscribe 停止。"},
	"puzzle.weekdays": {
		"Sunday Monday Tuesday Wednesday Thursday Friday Saturday",
		"星期日 星期一 星期二 星期三 星期四 星期五 星期六",
		"星期日 星期一 星期二 星期三 星期四 星期五 星期六"},
	"puzzle.head": {
		"Daily puzzle · %s %s · level %d of %d",
		"每日謎題 · %s %s · 難度 %d/%d",
		"每日谜题 · %s %s · 难度 %d/%d"},
	"puzzle.side.red":   {"Red", "紅", "红"},
	"puzzle.side.black": {"Black", "黑", "黑"},
	"puzzle.title.mate": {
		"%s to move and mate in %s",
		"%s先 %s步殺",
		"%s先 %s步杀"},
	"puzzle.title.material": {
		"%s to move and win material in %s",
		"%s先 %s得子",
		"%s先 %s得子"},
	"puzzle.goal.mate":     {"mate in %s", "%s步殺", "%s步杀"},
	"puzzle.goal.material": {"a win of material in %s", "%s得子", "%s得子"},
	"puzzle.how": {
		"Reply to this image with your move, or write /puzzle answer MOVE. /puzzle hint gives a clue.",
		"回覆這張圖片寫上你的走法，或輸入 /puzzle answer 走法。/puzzle hint 給提示。",
		"回复这张图片写上你的走法，或输入 /puzzle answer 走法。/puzzle hint 给提示。"},
	"puzzle.next": {
		"Next puzzle: %s (%s).",
		"下一題：%s（%s）。",
		"下一题：%s（%s）。"},
	"puzzle.subscribe_tip": {
		"A puzzle every day: /puzzle subscribe 09:00 [timezone].",
		"每天一題：/puzzle subscribe 09:00 [時區]。",
		"每天一题：/puzzle subscribe 09:00 [时区]。"},
	"puzzle.credit": {
		"Puzzle %s from the Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0)%s",
		"題目 %s 取自 Yu-Han Tseng 的 Chinese Chess Practical Dataset（CC BY 4.0）%s",
		"题目 %s 取自 Yu-Han Tseng 的 Chinese Chess Practical Dataset（CC BY 4.0）%s"},
	"puzzle.credit_event": {": %s", "：%s", "：%s"},
	"btn.puzzle_hint":     {"Hint", "提示", "提示"},
	"puzzle.correct": {
		"%s: %s is right. The opponent answers %s. Now find %s.",
		"%s：%s 正確。對方應 %s。輪到你走，目標：%s。",
		"%s：%s 正确。对方应 %s。轮到你走，目标：%s。"},
	"puzzle.alternative": {
		"%s: %s works too (not the book move, but I checked it). The opponent answers %s. Now find %s.",
		"%s：%s 也可以（不是原譜的走法，但我驗證過）。對方應 %s。輪到你走，目標：%s。",
		"%s：%s 也可以（不是原谱的走法，但我验证过）。对方应 %s。轮到你走，目标：%s。"},
	"puzzle.solved": {
		"%s: %s, solved! Streak: %s in a row · puzzles solved here: %d.",
		"%s：%s，解出來了！連續 %s · 在這裡共解出 %d 題。",
		"%s：%s，解出来了！连续 %s · 在这里共解出 %d 题。"},
	"puzzle.solved_unscored": {
		"%s: %s, solved! (I could not update the leaderboard just now.)",
		"%s：%s，解出來了！（排行榜暫時無法更新。）",
		"%s：%s，解出来了！（排行榜暂时无法更新。）"},
	"puzzle.solved_revealed": {
		"%s: %s, solved. You saw the solution first, so it does not count today.",
		"%s：%s，解出來了。不過你先看了答案，今天不計分。",
		"%s：%s，解出来了。不过你先看了答案，今天不计分。"},
	"puzzle.alt_note": {
		"(Another way than the book's, and it works.)",
		"（與原譜不同的解法，同樣成立。）",
		"（与原谱不同的解法，同样成立。）"},
	"puzzle.wrong": {
		"%s: %s is not it: the opponent answers %s and %s is out of reach. Try again from the puzzle's position.",
		"%s：%s 不對：對方應 %s，就無法%s了。請從謎題的局面重新開始。",
		"%s：%s 不对：对方应 %s，就无法%s了。请从谜题的局面重新开始。"},
	"puzzle.wrong_plain": {
		"%s: %s is not it: it does not force %s. Try again from the puzzle's position.",
		"%s：%s 不對：無法確保%s。請從謎題的局面重新開始。",
		"%s：%s 不对：无法确保%s。请从谜题的局面重新开始。"},
	"puzzle.unconfirmed": {
		"%s: I could not check %s in time, so it neither counts nor fails. Try the move you think is strongest.",
		"%s：我來不及驗證 %s，這步不算對也不算錯。請走你認為最強的一步。",
		"%s：我来不及验证 %s，这步不算对也不算错。请走你认为最强的一步。"},
	"puzzle.solution_ready": {
		"/puzzle solution shows the solution now (a solve after that does not count today).",
		"現在可以用 /puzzle solution 看答案（看了之後解出不計分）。",
		"现在可以用 /puzzle solution 看答案（看了之后解出不计分）。"},
	"puzzle.hint1": {
		"Hint for %s: move the %s on %s (%s…).",
		"給 %[1]s 的提示：動 %[3]s 的%[2]s（%[4]s…）。",
		"给 %[1]s 的提示：动 %[3]s 的%[2]s（%[4]s…）。"},
	"puzzle.hint2": {
		"Hint for %s: play %s.",
		"給 %s 的提示：走 %s。",
		"给 %s 的提示：走 %s。"},
	"puzzle.solution": {
		"Solution of the puzzle of %s (%s): %s",
		"%s 謎題（%s）的答案：%s",
		"%s 谜题（%s）的答案：%s"},
	"puzzle.solvers": {"Solved here by: %s.", "本聊天室解出的有：%s。", "本聊天室解出的有：%s。"},
	"puzzle.solution_sent": {
		"%s asked for today's solution; I sent it to them privately. A solve today no longer counts for them.",
		"%s 要求看今天的答案；我已私下傳給對方。對方今天再解出不計分。",
		"%s 要求看今天的答案；我已私下发给对方。对方今天再解出不计分。"},
	"puzzle.solution_sent_solved": {
		"%s asked for today's solution; I sent it to them privately.",
		"%s 要求看今天的答案；我已私下傳給對方。",
		"%s 要求看今天的答案；我已私下发给对方。"},
	"puzzle.solution_no_dm": {
		"%s, I send the solution only privately, so that the puzzle is not spoiled for the others here, and I cannot write to you privately yet. Open a private chat with me, then ask again here.",
		"%s，答案只會私下傳送，以免破壞其他人的解題樂趣，但我還無法私下傳訊息給你。請先開啟與我的私聊，再回來這裡詢問。",
		"%s，答案只会私下发送，以免破坏其他人的解题乐趣，但我还无法私下发消息给你。请先开启与我的私聊，再回来这里询问。"},
	"puzzle.revealed": {
		"%s has seen the solution: a solve today no longer counts for them.",
		"%s 已看過答案：今天再解出不計分。",
		"%s 已看过答案：今天再解出不计分。"},
	"puzzle.new_day": {
		"%s: a new day has begun (%s) with a new puzzle, so your try at yesterday's ended. /puzzle shows today's.",
		"%s：新的一天（%s）開始了，換了新謎題，你昨天的作答已結束。/puzzle 顯示今天的謎題。",
		"%s：新的一天（%s）开始了，换了新谜题，你昨天的作答已结束。/puzzle 显示今天的谜题。"},
	"puzzle.top.head": {"Puzzle leaderboard of this chat:", "本聊天室謎題排行榜：", "本聊天室谜题排行榜："},
	"puzzle.top.line": {
		"%d. %s: %d solved · streak %d (best %d)",
		"%d. %s：解出 %d 題 · 連續 %d 天（最長 %d 天）",
		"%d. %s：解出 %d 题 · 连续 %d 天（最长 %d 天）"},
	"puzzle.top.none": {
		"Nobody here has solved a puzzle yet. /puzzle shows today's.",
		"這裡還沒有人解出謎題。/puzzle 顯示今天的謎題。",
		"这里还没有人解出谜题。/puzzle 显示今天的谜题。"},
	"puzzle.subscribed": {
		"Subscribed: a puzzle here every day at %s (%s), the next at %s. Each new puzzle comes after the solution of the one before. /puzzle unsubscribe stops it.",
		"已訂閱：每天 %s（%s）在這裡發布一題，下一題在 %s。每道新題之前會先公布上一題的答案。/puzzle unsubscribe 可停止。",
		"已订阅：每天 %s（%s）在这里发布一题，下一题在 %s。每道新题之前会先公布上一题的答案。/puzzle unsubscribe 可停止。"},
	"puzzle.subscribed_now": {
		"Subscribed: a puzzle here every day at %s (%s). Today's time has passed, so here is today's now. /puzzle unsubscribe stops it.",
		"已訂閱：每天 %s（%s）在這裡發布一題。今天的時間已過，現在就發布今天的謎題。/puzzle unsubscribe 可停止。",
		"已订阅：每天 %s（%s）在这里发布一题。今天的时间已过，现在就发布今天的谜题。/puzzle unsubscribe 可停止。"},
	"puzzle.unsubscribed": {
		"No more daily puzzles here. /puzzle still shows today's puzzle, and /puzzle subscribe HH:MM starts them again.",
		"這裡不再每天發布謎題。/puzzle 仍可顯示今天的謎題，/puzzle subscribe 時:分 可重新訂閱。",
		"这里不再每天发布谜题。/puzzle 仍可显示今天的谜题，/puzzle subscribe 时:分 可重新订阅。"},
	"puzzle.not_subscribed": {
		"This chat gets no daily puzzle, so there is nothing to stop. /puzzle subscribe HH:MM [timezone] starts one.",
		"這個聊天室沒有訂閱每日謎題，無須停止。/puzzle subscribe 時:分 [時區] 可訂閱。",
		"这个聊天室没有订阅每日谜题，无须停止。/puzzle subscribe 时:分 [时区] 可订阅。"},
	"err.puzzle_usage": {
		"I don't understand “%s” after /puzzle. Write /puzzle, /puzzle answer MOVE, /puzzle hint, /puzzle solution, /puzzle top, or (admins) /puzzle subscribe HH:MM [timezone] and /puzzle unsubscribe.",
		"我看不懂 /puzzle 後面的「%s」。可用：/puzzle、/puzzle answer 走法、/puzzle hint、/puzzle solution、/puzzle top，管理員另有 /puzzle subscribe 時:分 [時區] 與 /puzzle unsubscribe。",
		"我看不懂 /puzzle 后面的“%s”。可用：/puzzle、/puzzle answer 走法、/puzzle hint、/puzzle solution、/puzzle top，管理员另有 /puzzle subscribe 时:分 [时区] 与 /puzzle unsubscribe。"},
	"err.puzzle_answer_empty": {
		"Write your move after /puzzle answer, in coordinates, WXF or Chinese: /puzzle answer h2e2, /puzzle answer C2.5 or /puzzle answer 炮二平五.",
		"請在 /puzzle answer 後寫上走法（座標、WXF 或中文皆可）：/puzzle answer h2e2、/puzzle answer C2.5 或 /puzzle answer 炮二平五。",
		"请在 /puzzle answer 后写上走法（坐标、WXF 或中文皆可）：/puzzle answer h2e2、/puzzle answer C2.5 或 /puzzle answer 炮二平五。"},
	"err.puzzle_old": {
		"That is the puzzle of %s, which is over. /puzzle shows today's.",
		"那是 %s 的謎題，已經結束了。/puzzle 顯示今天的謎題。",
		"那是 %s 的谜题，已经结束了。/puzzle 显示今天的谜题。"},
	"err.puzzle_solved": {
		"%s, you have solved today's puzzle already. A new one comes tomorrow; /puzzle top shows the leaderboard.",
		"%s，你已經解出今天的謎題了。明天會有新題；/puzzle top 可看排行榜。",
		"%s，你已经解出今天的谜题了。明天会有新题；/puzzle top 可看排行榜。"},
	"err.puzzle_no_hint": {
		"Sorry %s, I could not work out a hint from this position in time. Try a move, or /puzzle hint again.",
		"抱歉 %s，我來不及從這個局面算出提示。請先走一步，或再試一次 /puzzle hint。",
		"抱歉 %s，我来不及从这个局面算出提示。请先走一步，或再试一次 /puzzle hint。"},
	"err.puzzle_solution_locked": {
		"Not yet, %s: the solution opens after %d wrong tries or %d hints (you have %d wrong, %d hints), or tomorrow before the next puzzle. /puzzle hint helps.",
		"%s，還不行：答錯 %d 次或用過 %d 次提示後才能看答案（你答錯 %d 次、用了 %d 次提示），或等明天新題之前公布。/puzzle hint 可以幫你。",
		"%s，还不行：答错 %d 次或用过 %d 次提示后才能看答案（你答错 %d 次、用了 %d 次提示），或等明天新题之前公布。/puzzle hint 可以帮你。"},
	"err.puzzle_admin": {
		"Only a chat admin can subscribe this chat to the daily puzzle or stop it. /puzzle shows today's puzzle to anyone.",
		"只有群組管理員能訂閱或停止每日謎題。任何人都可以用 /puzzle 看今天的謎題。",
		"只有群组管理员能订阅或停止每日谜题。任何人都可以用 /puzzle 看今天的谜题。"},
	"err.puzzle_sub_usage": {
		"Write /puzzle subscribe [HH:MM] [timezone], for example /puzzle subscribe 08:30 Asia/Shanghai or /puzzle subscribe 20:00 UTC+8 (without them: the bot's default time and zone).",
		"請輸入 /puzzle subscribe [時:分] [時區]，例如 /puzzle subscribe 08:30 Asia/Taipei 或 /puzzle subscribe 20:00 UTC+8（不寫則用機器人的預設時間與時區）。",
		"请输入 /puzzle subscribe [时:分] [时区]，例如 /puzzle subscribe 08:30 Asia/Shanghai 或 /puzzle subscribe 20:00 UTC+8（不写则用机器人的默认时间与时区）。"},
	"err.puzzle_bad_time": {
		"“%s” is not a time of day like 08:30 (24-hour clock).",
		"「%s」不是像 08:30 這樣的時間（24 小時制）。",
		"“%s”不是像 08:30 这样的时间（24 小时制）。"},
	"err.puzzle_bad_zone": {
		"I don't know the time zone “%s”. Use a name such as Asia/Shanghai, Asia/Taipei or Europe/Berlin, or an offset such as UTC+8.",
		"我不認得時區「%s」。請用 Asia/Taipei、Asia/Shanghai、Europe/Berlin 這類名稱，或 UTC+8 這類時差。",
		"我不认识时区“%s”。请用 Asia/Shanghai、Asia/Taipei、Europe/Berlin 这类名称，或 UTC+8 这类时差。"},
}
