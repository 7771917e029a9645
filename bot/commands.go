package bot

import (
	"strings"
	"unicode/utf8"
)

// command is one slash command. Its short help is the catalog entry "cmd.NAME",
// its usage with examples "usage.NAME".
type command struct {
	name    string
	aliases []string // more names, Chinese ones included
	run     func(q *request, args []string) error
	// button: the command may also come as a button press ("NAME:ARGS:ID").
	button bool
	// hidden commands work but are not listed by /help (/start is the deep-link
	// entry of Telegram).
	hidden bool
}

// commandList is the table of commands in the order /help lists them.
func commandList() []command {
	return []command{
		{name: "new", aliases: []string{"challenge", "新局", "開局", "开局", "挑戰", "挑战"}, run: (*request).cmdNew},
		{name: "play", aliases: []string{"對弈", "对弈", "人機", "人机"}, run: (*request).cmdPlay},
		{name: "accept", aliases: []string{"接受", "應戰", "应战"}, run: (*request).cmdAccept, button: true},
		{name: "decline", aliases: []string{"拒絕", "拒绝"}, run: (*request).cmdDecline, button: true},
		{name: "cancel", aliases: []string{"取消", "撤回"}, run: (*request).cmdCancel, button: true},
		{name: "move", aliases: []string{"m", "走", "走棋"}, run: (*request).cmdMove},
		{name: "board", aliases: []string{"b", "棋盤", "棋盘"}, run: (*request).cmdBoard, button: true},
		{name: "setup", aliases: []string{"secret", "布陣", "布阵", "暗子"}, run: (*request).cmdSetup},
		{name: "peek", aliases: []string{"mine", "我的棋", "看子"}, run: (*request).cmdPeek, button: true},
		{name: "pool", aliases: []string{"暗子池", "未見", "未见"}, run: (*request).cmdPool},
		{name: "resign", aliases: []string{"認輸", "认输", "投降"}, run: (*request).cmdResign, button: true},
		{name: "draw", aliases: []string{"和棋", "求和"}, run: (*request).cmdDraw, button: true},
		{name: "takeback", aliases: []string{"undo", "悔棋"}, run: (*request).cmdTakeback, button: true},
		{name: "abort", aliases: []string{"中止"}, run: (*request).cmdAbort, button: true},
		{name: "review", aliases: []string{"復盤", "复盘", "覆盤", "分析"}, run: (*request).cmdReview},
		{name: "games", aliases: []string{"對局", "对局", "我的對局", "我的对局"}, run: (*request).cmdGames},
		{name: "variants", aliases: []string{"變體", "变体", "玩法"}, run: (*request).cmdVariants},
		{name: "rules", aliases: []string{"規則", "规则"}, run: (*request).cmdRules},
		{name: "settings", aliases: []string{"設定", "设置", "設置"}, run: (*request).cmdSettings},
		{name: "export", aliases: []string{"匯出", "导出", "棋譜", "棋谱"}, run: (*request).cmdExport},
		{name: "rematch", aliases: []string{"再來", "再来", "再戰", "再战"}, run: (*request).cmdRematch, button: true},
		{name: "vacation", aliases: []string{"休假", "假期"}, run: (*request).cmdVacation},
		{name: "premove", aliases: []string{"conditional", "預走", "预走", "條件", "条件"}, run: (*request).cmdPremove},
		{name: "link", aliases: []string{"連結", "连接", "綁定", "绑定"}, run: (*request).cmdLink},
		{name: "top", aliases: []string{"leaderboard", "排行", "排行榜"}, run: (*request).cmdTop},
		{name: "profile", aliases: []string{"me", "資料", "资料", "戰績", "战绩"}, run: (*request).cmdProfile},
		{name: "history", aliases: []string{"歷史", "历史"}, run: (*request).cmdHistory},
		{name: "puzzle", aliases: []string{"pz", "謎題", "谜题", "每日一題", "每日一题"}, run: (*request).cmdPuzzle, button: true},
		{name: "help", aliases: []string{"幫助", "帮助", "說明", "说明"}, run: (*request).cmdHelp},
		{name: "start", run: (*request).cmdStart, hidden: true},
	}
}

// findCommand looks a command up by name or alias (case-insensitive).
func findCommand(name string) (command, bool) {
	name = strings.ToLower(name)
	for _, c := range commandList() {
		if c.name == name {
			return c, true
		}
		for _, a := range c.aliases {
			if a == name {
				return c, true
			}
		}
	}
	return command{}, false
}

// dispatch decides what an event is and runs it.
func (q *request) dispatch() error {
	ev := q.ev
	if ev.Button != "" {
		return q.pressButton(ev.Button)
	}
	text := strings.TrimSpace(ev.Text)
	addressed := ev.Addressed || ev.Private
	if rest, ok := q.stripBotName(text); ok {
		text, addressed = rest, true
	}
	if utf8.RuneCountInString(text) > MaxText {
		if addressed || strings.HasPrefix(text, "/") {
			q.say("err.too_long", MaxText)
		}
		return nil
	}
	if text == "" {
		if addressed {
			q.say("err.empty")
		}
		return nil
	}
	if strings.HasPrefix(text, "/") {
		fields := strings.Fields(text[1:])
		if len(fields) == 0 {
			return oops("err.unknown_command", "/", q.commandNames())
		}
		name := fields[0]
		if at := strings.IndexByte(name, '@'); at >= 0 {
			// "/move@ChuheBot": a command for a bot in a group of bots.
			if !strings.EqualFold(name[at+1:], q.s.botName) && !strings.EqualFold(name[at+1:], q.s.botName+"bot") {
				return nil // another bot's command
			}
			name = name[:at]
		}
		c, ok := findCommand(name)
		if !ok {
			return oops("err.unknown_command", "/"+name, q.commandNames())
		}
		return c.run(q, fields[1:])
	}
	if handled, err := q.puzzleReplyText(text); handled {
		return err // a reply to the daily puzzle (puzzle.go)
	}
	if ev.Private {
		return q.privateText(text)
	}
	return q.plainMove(text, addressed)
}

// stripBotName removes a leading "@BotName" from a message addressed to the bot.
func (q *request) stripBotName(text string) (string, bool) {
	name := "@" + q.s.botName
	if len(text) >= len(name) && strings.EqualFold(text[:len(name)], name) {
		rest := text[len(name):]
		if rest == "" || rest[0] == ' ' || rest[0] == ',' || rest[0] == ':' {
			return strings.TrimLeft(rest, " ,:"), true
		}
	}
	return text, false
}

// pressButton runs the command behind a button: data is "NAME:ARG...:ID".
func (q *request) pressButton(data string) error {
	parts := strings.Split(data, ":")
	c, ok := findCommand(parts[0])
	if !ok || !c.button || len(parts) < 2 {
		return oops("err.stale_button")
	}
	args := append([]string(nil), parts[1:len(parts)-1]...)
	args = append(args, "#"+parts[len(parts)-1])
	return c.run(q, args)
}

// buttonData builds the data of a button that runs command name on game id.
func buttonData(name, id string, args ...string) string {
	parts := append([]string{name}, args...)
	return strings.Join(append(parts, id), ":")
}

// commandNames lists the visible commands as "/new /accept ...".
func (q *request) commandNames() string {
	var names []string
	for _, c := range commandList() {
		if !c.hidden {
			names = append(names, "/"+c.name)
		}
	}
	return strings.Join(names, " ")
}

// cmdHelp lists the commands, or explains one.
func (q *request) cmdHelp(args []string) error {
	if len(args) > 0 {
		c, ok := findCommand(strings.TrimPrefix(args[0], "/"))
		if !ok {
			return oops("err.unknown_command", args[0], q.commandNames())
		}
		q.say("help.one", c.name, q.t("cmd."+c.name), q.t("usage."+c.name), strings.Join(aliasList(c), " "))
		return nil
	}
	var sb strings.Builder
	sb.WriteString(q.t("help.head"))
	for _, c := range commandList() {
		if c.hidden {
			continue
		}
		sb.WriteString("\n/" + c.name + " — " + q.t("cmd."+c.name))
	}
	sb.WriteString("\n\n" + q.t("help.tail"))
	q.reply(Message{Text: sb.String()})
	return nil
}

func aliasList(c command) []string {
	var out []string
	for _, a := range c.aliases {
		out = append(out, "/"+a)
	}
	return out
}

// cmdStart answers the private "/start" a user sends when opening the chat with
// the bot, and the deep link "/start g_ID" that asks for a private board.
func (q *request) cmdStart(args []string) error {
	q.s.noteCanDM(q.ctx, q.ev)
	if len(args) > 0 {
		if id, ok := strings.CutPrefix(args[0], "g_"); ok {
			if q.ev.Private {
				return q.deliverPrivateBoard(id)
			}
			// Written in the group: the board is private, so it comes only in
			// the private chat; the button opens it where the platform can.
			m := Message{Text: q.t("start.in_group", args[0], q.s.botName)}
			if dl, ok := q.s.platform(q.ev.Platform).(DeepLinker); ok && isGameID(id) {
				if url := dl.DeepLink("g_" + id); url != "" {
					m.Buttons = [][]Button{{{Label: q.t("btn.open_private"), URL: url}}}
				}
			}
			q.reply(m)
			return nil
		}
	}
	q.say("start.hello", q.s.botName)
	return nil
}

// privateText answers plain text in a private chat: moves are played where the
// game is.
func (q *request) privateText(text string) error {
	return q.whereToPlay()
}

// CommandInfo describes a command for a platform's command menu (Telegram's
// setMyCommands, Discord's slash commands).
type CommandInfo struct {
	Name    string   // "move"
	Aliases []string // "m", "走", ...
	// Help is the one-line description and Usage the syntax with examples, by
	// language.
	Help, Usage map[Lang]string
}

// Commands lists the visible commands in the order /help shows them.
func Commands() []CommandInfo {
	var out []CommandInfo
	for _, c := range commandList() {
		if c.hidden {
			continue
		}
		ci := CommandInfo{Name: c.name, Aliases: append([]string(nil), c.aliases...),
			Help: map[Lang]string{}, Usage: map[Lang]string{}}
		for _, l := range Langs() {
			ci.Help[l] = T(l, "cmd."+c.name)
			ci.Usage[l] = T(l, "usage."+c.name)
		}
		out = append(out, ci)
	}
	return out
}
