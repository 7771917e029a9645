package discord

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/chuhe/chuhe/bot"
)

// Command describes one slash command. The adapter registers it with Discord and
// turns an invocation into Event.Text: "/" + Name, then the arguments' values
// in the order listed here ("/move h2e2", "/play @Bob xiangqi").
type Command struct {
	// Name is the command as the service knows it, lower case ("move").
	Name        string
	Description string
	// Names and Descriptions localize the command by Discord locale ("zh-CN",
	// "zh-TW"). The invocation still arrives under Name.
	Names        map[string]string
	Descriptions map[string]string
	Args         []Arg
	// Private commands answer their user only (/peek, /setup): the response is
	// deferred as an ephemeral message, every answer through Reply or
	// ReplyPrivately is ephemeral, and the Event is Confidential outside DMs, so
	// the service may take secrets from it.
	Private bool
}

// ArgKind is the type of a command argument (a Discord command option).
type ArgKind int

// Argument kinds.
const (
	// ArgText is free text, passed on verbatim.
	ArgText ArgKind = iota
	// ArgUser picks a member; Text gets "@Name" and Event.Mentions the user.
	ArgUser
	// ArgInteger is a whole number.
	ArgInteger
)

// Arg is one argument of a command, registered as a Discord command option.
type Arg struct {
	Name         string
	Description  string
	Names        map[string]string
	Descriptions map[string]string
	Kind         ArgKind
	Required     bool
	// Moves offers the legal moves of the chat's game as autocomplete, through
	// the MoveSuggester.
	Moves bool
	// Prefix is put before a value that lacks it ("#" makes "12" the game "#12").
	Prefix string
}

// DefaultCommands is the slash-command list: one command per service command
// (bot.Commands), in the order /help shows them, with the service's help line
// as description in English, zh-CN and zh-TW. Commands the adapter knows
// (knownCommands) get their arguments, Chinese names and privacy. A service
// command the adapter does not know yet still gets a slash command, so that a
// new command never breaks the registration: one optional free-text argument,
// its English name only, and the service's help lines (English only when the
// catalog lacks the Chinese ones). New logs such gaps.
func DefaultCommands() []Command {
	cmds, _ := defaultCommands()
	return cmds
}

// defaultCommands is DefaultCommands with notes on what it had to leave out
// (for the log).
func defaultCommands() ([]Command, []string) {
	known := map[string]Command{}
	for _, c := range knownCommands() {
		known[c.Name] = c
	}
	var out []Command
	var notes []string
	for _, info := range bot.Commands() {
		c, ok := known[info.Name]
		if !ok {
			c = genericCommand(info.Name)
			notes = append(notes, "/"+info.Name+": unknown to the adapter; one free-text argument, no Chinese name")
		}
		if err := checkName(c.Name, nil); err != nil {
			// Not a name Discord accepts; the command still works as "@Chuhe /name".
			notes = append(notes, "/"+info.Name+": no slash command: "+err.Error())
			continue
		}
		if checkName(c.Name, c.Names) != nil {
			notes = append(notes, "/"+info.Name+": Chinese names dropped, Discord refuses them")
			c.Names = nil
		}
		c.Description = helpLine(info.Help[bot.En], c.Description)
		c.Descriptions = map[string]string{
			"zh-CN": helpLine(info.Help[bot.ZhHans], c.Descriptions["zh-CN"]),
			"zh-TW": helpLine(info.Help[bot.ZhHant], c.Descriptions["zh-TW"]),
		}
		if c.Descriptions["zh-CN"] == "" || c.Descriptions["zh-TW"] == "" {
			c.Descriptions = nil
		}
		if c.Description == "" {
			c.Description = "/" + c.Name
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return knownCommands(), notes
	}
	return out, notes
}

// genericCommand is the slash form of a service command the adapter does not
// know: whatever the user writes goes after the command name.
func genericCommand(name string) Command {
	return Command{Name: name, Description: "/" + name, Args: []Arg{{
		Name: "args", Description: "What follows the command (see /help " + name + ")",
		Names:        map[string]string{"zh-CN": "内容", "zh-TW": "內容"},
		Descriptions: map[string]string{"zh-CN": "命令后面的内容（见 /help " + name + "）", "zh-TW": "命令後面的內容（見 /help " + name + "）"},
	}}}
}

// knownCommands are the slash forms of the service's commands: arguments and
// Chinese names (from the service's aliases). Descriptions fall back to these
// texts when the service's catalog lacks a line.
func knownCommands() []Command {
	zh := func(cn, tw string) map[string]string { return map[string]string{"zh-CN": cn, "zh-TW": tw} }
	game := Arg{Name: "game", Description: "Game number, when the channel has several (#12)", Prefix: "#",
		Names: zh("对局", "對局"), Descriptions: zh("对局编号，频道里有多局时（#12）", "對局編號，頻道裡有多局時（#12）")}
	cmd := func(name, desc, cn, tw, dcn, dtw string, args ...Arg) Command {
		return Command{
			Name: name, Description: catalog(bot.En, name, desc), Names: zh(cn, tw),
			Descriptions: zh(catalog(bot.ZhHans, name, dcn), catalog(bot.ZhHant, name, dtw)), Args: args,
		}
	}
	// Private commands: the answers reach their user only (ephemeral), and the
	// service is told so (Event.Confidential).
	peek := cmd("peek", "See your own pieces; only you see the answer", "看子", "看子",
		"查看自己的棋子，只有你能看到", "查看自己的棋子，只有你能看到", game)
	peek.Private = true
	// Discord wants required options first: the answer, then the game. The
	// service finds "#ID" anywhere ("/setup a2=R i2=P #1").
	setup := cmd("setup", "Choose your secret setup, privately", "布阵", "布陣",
		"私下选择暗设", "私下選擇暗設",
		Arg{Name: "answer", Description: "Your secret answer, as my question asks; only you see it", Required: true,
			Names: zh("答案", "答案"), Descriptions: zh("你的暗设答案，按我的提问回答；只有你看得到", "你的暗設答案，按我的提問回答；只有你看得到")},
		game)
	setup.Private = true
	return []Command{
		cmd("new", "Start a game: challenge someone, or anyone who accepts", "开局", "開局",
			"开一局：挑战某人，或等任何人应战", "開一局：挑戰某人，或等任何人應戰",
			Arg{Name: "opponent", Description: "Who you challenge (empty: anyone)", Kind: ArgUser,
				Names: zh("对手", "對手"), Descriptions: zh("挑战谁（留空：任何人）", "挑戰誰（留空：任何人）")},
			Arg{Name: "variant", Description: "Variant, e.g. xiangqi (see /variants)",
				Names: zh("变体", "變體"), Descriptions: zh("变体，例如 xiangqi（见 /variants）", "變體，例如 xiangqi（見 /variants）")},
			Arg{Name: "options", Description: "House rules and settings, e.g. fuhe side=black time=3d",
				Names: zh("选项", "選項"), Descriptions: zh("附加规则与设置，例如 fuhe side=black time=3d", "附加規則與設定，例如 fuhe side=black time=3d")}),
		cmd("play", "Play a game against me (levels 1 to 8)", "对弈", "對弈", "和我对弈（1 至 8 级）", "和我對弈（1 至 8 級）",
			Arg{Name: "variant", Description: "Variant, e.g. xiangqi (see /variants)",
				Names: zh("变体", "變體"), Descriptions: zh("变体，例如 xiangqi（见 /variants）", "变体，例如 xiangqi（見 /variants）")},
			Arg{Name: "options", Description: "e.g. level=3 side=black 10+5",
				Names: zh("选项", "選項"), Descriptions: zh("例如 level=3 side=black 10+5", "例如 level=3 side=black 10+5")}),
		cmd("accept", "Accept a challenge", "接受", "接受", "接受挑战", "接受挑戰", game),
		cmd("decline", "Decline a challenge to you", "拒绝", "拒絕", "拒绝向你的挑战", "拒絕向你的挑戰", game),
		cmd("cancel", "Withdraw your challenge", "取消", "取消", "撤回你的挑战", "撤回你的挑戰", game),
		cmd("move", "Make a move, e.g. h2e2, C2.5 or 炮二平五", "走棋", "走棋",
			"走一步，例如 h2e2、C2.5 或 炮二平五", "走一步，例如 h2e2、C2.5 或 炮二平五",
			Arg{Name: "move", Description: "Your move (suggestions are your legal moves)", Required: true, Moves: true,
				Names: zh("着法", "著法"), Descriptions: zh("你的着法（提示为你的合法着法）", "你的著法（提示為你的合法著法）")},
			game),
		cmd("board", "Show the board", "棋盘", "棋盤", "显示棋盘", "顯示棋盤", game),
		setup,
		peek,
		cmd("draw", "Offer a draw, or answer an offer", "求和", "求和", "提议和棋，或回应对方的提议", "提議和棋，或回應對方的提議", game),
		cmd("takeback", "Ask to take back your last move, or answer", "悔棋", "悔棋", "请求悔棋，或回应对方的请求", "請求悔棋，或回應對方的請求", game),
		cmd("resign", "Resign the game", "认输", "認輸", "认输", "認輸", game),
		cmd("abort", "End a game without a result (server admins)", "中止", "中止", "中止对局，不计结果（管理员）", "中止對局，不計結果（管理員）", game),
		cmd("games", "List the games in this channel", "对局列表", "對局列表", "列出本频道的对局", "列出本頻道的對局"),
		cmd("variants", "List the variants and house rules", "变体", "變體", "列出变体与附加规则", "列出變體與附加規則"),
		cmd("rules", "The rules of a variant", "规则", "規則", "变体的规则", "變體的規則",
			Arg{Name: "variant", Description: "Variant, e.g. xiangqi",
				Names: zh("变体", "變體"), Descriptions: zh("变体，例如 xiangqi", "變體，例如 xiangqi")}),
		cmd("settings", "Show or change this channel's settings (language, notation)", "设置", "設定",
			"查看或更改本频道设置（语言、记谱）", "查看或更改本頻道設定（語言、記譜）",
			Arg{Name: "setting", Description: "e.g. lang=zh-hant or notation=wxf",
				Names: zh("设置", "設定"), Descriptions: zh("例如 lang=zh-hans 或 notation=wxf", "例如 lang=zh-hant 或 notation=wxf")}),
		cmd("export", "The moves of a game as text", "导出", "匯出", "以文字导出对局着法", "以文字匯出對局著法", game),
		cmd("puzzle", "The daily puzzle: show, answer, hints, subscribe, leaderboard", "谜题", "謎題",
			"每日谜题：显示、作答、提示、订阅、排行榜", "每日謎題：顯示、作答、提示、訂閱、排行榜",
			Arg{Name: "action", Description: "Empty: today's puzzle. Or answer MOVE, hint, solution, top (see /help puzzle)",
				Names: zh("操作", "操作"), Descriptions: zh("留空：今日谜题。或 answer 着法、hint、solution、top（见 /help puzzle）", "留空：今日謎題。或 answer 著法、hint、solution、top（見 /help puzzle）")}),
		cmd("help", "How to play, the commands and notation", "帮助", "幫助", "玩法、命令与记谱", "玩法、命令與記譜",
			Arg{Name: "topic", Description: "A command",
				Names: zh("主题", "主題"), Descriptions: zh("某个命令", "某個命令")}),
	}
}

// catalog returns the service's help line for a command ("cmd.NAME"), so that
// Discord shows the same words as /help; fallback when the catalog lacks it.
func catalog(lang bot.Lang, name, fallback string) string {
	key := "cmd." + name
	t := bot.T(lang, key)
	if t == key {
		return fallback
	}
	return helpLine(t, fallback)
}

// helpLine makes a help line a Discord description: capitalized, at most 100
// characters; fallback when empty.
func helpLine(t, fallback string) string {
	t = strings.TrimSpace(t)
	if t == "" || strings.HasPrefix(t, "cmd.") {
		return fallback
	}
	r := []rune(t)
	r[0] = unicode.ToUpper(r[0])
	if len(r) > 100 {
		r = append(r[:99], '…')
	}
	return string(r)
}

// validateCommands checks the list against Discord's rules, so that a bad list
// fails at New rather than at registration.
func validateCommands(cmds []Command) error {
	if len(cmds) > 100 {
		return fmt.Errorf("discord: %d commands, Discord allows 100", len(cmds))
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		if err := checkName(c.Name, c.Names); err != nil {
			return fmt.Errorf("discord: command %q: %w", c.Name, err)
		}
		if seen[c.Name] {
			return fmt.Errorf("discord: command %q twice", c.Name)
		}
		seen[c.Name] = true
		if err := checkDescription(c.Description, c.Descriptions); err != nil {
			return fmt.Errorf("discord: command %q: %w", c.Name, err)
		}
		if len(c.Args) > 25 {
			return fmt.Errorf("discord: command %q has %d options, Discord allows 25", c.Name, len(c.Args))
		}
		optional := false
		for _, o := range c.Args {
			if err := checkName(o.Name, o.Names); err != nil {
				return fmt.Errorf("discord: command %q option %q: %w", c.Name, o.Name, err)
			}
			if err := checkDescription(o.Description, o.Descriptions); err != nil {
				return fmt.Errorf("discord: command %q option %q: %w", c.Name, o.Name, err)
			}
			if o.Required && optional {
				return fmt.Errorf("discord: command %q: required option %q after an optional one", c.Name, o.Name)
			}
			optional = optional || !o.Required
			if o.Moves && o.Kind != ArgText {
				return fmt.Errorf("discord: command %q option %q: move suggestions need a text option", c.Name, o.Name)
			}
		}
	}
	return nil
}

func checkName(name string, locs map[string]string) error {
	names := []string{name}
	for _, n := range locs {
		names = append(names, n)
	}
	for _, n := range names {
		if l := utf8.RuneCountInString(n); l < 1 || l > 32 {
			return fmt.Errorf("name %q must have 1 to 32 characters", n)
		}
		if n != strings.ToLower(n) || strings.ContainsAny(n, " /@.:") {
			return fmt.Errorf("name %q must be lower case, without spaces or punctuation", n)
		}
	}
	return nil
}

func checkDescription(d string, locs map[string]string) error {
	ds := []string{d}
	for _, x := range locs {
		ds = append(ds, x)
	}
	for _, x := range ds {
		if l := utf8.RuneCountInString(x); l < 1 || l > 100 {
			return fmt.Errorf("description %q must have 1 to 100 characters", x)
		}
	}
	return nil
}

func locales(m map[string]string) map[discordgo.Locale]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[discordgo.Locale]string, len(m))
	for k, v := range m {
		out[discordgo.Locale(k)] = v
	}
	return out
}

// applicationCommands converts the list for registration.
func applicationCommands(cmds []Command) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, 0, len(cmds))
	for _, c := range cmds {
		ac := &discordgo.ApplicationCommand{
			Type:        discordgo.ChatApplicationCommand,
			Name:        c.Name,
			Description: c.Description,
			Options:     []*discordgo.ApplicationCommandOption{},
		}
		if l := locales(c.Names); l != nil {
			ac.NameLocalizations = &l
		}
		if l := locales(c.Descriptions); l != nil {
			ac.DescriptionLocalizations = &l
		}
		for _, o := range c.Args {
			opt := &discordgo.ApplicationCommandOption{
				Name:                     o.Name,
				Description:              o.Description,
				NameLocalizations:        locales(o.Names),
				DescriptionLocalizations: locales(o.Descriptions),
				Required:                 o.Required,
				Autocomplete:             o.Moves,
			}
			switch o.Kind {
			case ArgUser:
				opt.Type = discordgo.ApplicationCommandOptionUser
			case ArgInteger:
				opt.Type = discordgo.ApplicationCommandOptionInteger
			default:
				opt.Type = discordgo.ApplicationCommandOptionString
			}
			ac.Options = append(ac.Options, opt)
		}
		out = append(out, ac)
	}
	return out
}

// commandText renders an invocation as the service's text command: "/" + name
// and the argument values, users as "@Name" (also returned as mentions).
func commandText(cmd *Command, data discordgo.ApplicationCommandInteractionData) (string, []bot.User) {
	given := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	var order []string
	specs := map[string]Arg{}
	if cmd != nil {
		for _, a := range cmd.Args {
			order = append(order, a.Name)
			specs[a.Name] = a
		}
	}
	for _, o := range data.Options {
		if _, ok := given[o.Name]; ok {
			continue
		}
		given[o.Name] = o
		if _, known := specs[o.Name]; !known {
			order = append(order, o.Name) // registered by an older list
		}
	}
	parts := []string{"/" + data.Name}
	var mentions []bot.User
	for _, name := range order {
		o := given[name]
		if o == nil {
			continue
		}
		var v string
		switch val := o.Value.(type) {
		case string:
			v = strings.TrimSpace(val)
		case float64:
			v = strconv.FormatFloat(val, 'f', -1, 64)
		case bool:
			v = strconv.FormatBool(val)
		}
		if o.Type == discordgo.ApplicationCommandOptionUser || o.Type == discordgo.ApplicationCommandOptionMentionable {
			u := resolvedUser(data.Resolved, v)
			mentions = append(mentions, u)
			v = "@" + u.Name
		}
		if p := specs[name].Prefix; v != "" && p != "" && !strings.HasPrefix(v, p) {
			v = p + v
		}
		if v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " "), mentions
}

// resolvedUser names a user picked in a user option, by a name that can stand
// in text as one word.
func resolvedUser(r *discordgo.ApplicationCommandInteractionDataResolved, id string) bot.User {
	u := bot.User{ID: id, Name: id}
	if r == nil {
		return u
	}
	if du := r.Users[id]; du != nil {
		nick := ""
		if m := r.Members[id]; m != nil {
			nick = m.Nick
		}
		u.Name = mentionName(du, nick)
		u.Username = du.Username
	}
	return u
}

// mentionName is how a mentioned user appears after "@" in Event.Text: the
// server nickname or display name, or the handle when that has spaces, so
// that the service reads "@Name" as one word and finds it in Event.Mentions.
func mentionName(u *discordgo.User, nick string) string {
	for _, n := range []string{nick, u.DisplayName(), u.Username, u.ID} {
		if n != "" && !strings.ContainsFunc(n, unicode.IsSpace) {
			return n
		}
	}
	return u.ID
}

// focusedOption returns the option being typed in an autocomplete interaction.
func focusedOption(opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o.Focused {
			return o
		}
		if f := focusedOption(o.Options); f != nil {
			return f
		}
	}
	return nil
}
