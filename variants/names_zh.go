package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Chinese names in both scripts. A variant names itself in traditional script
// (rules.Variant.NameZh, as the sources write it); its simplified name
// (NameZhHans) is made from that by hansName when the registry builds it, so
// that a name composed from parts (fuhe's 「邊防象棋（覆合）」, a custom
// stratagem pair) gets one too. TestChineseNames checks every name.

// hansChars are the traditional characters of the names of the games, their
// options and the stratagem pieces that simplified script writes otherwise.
// A character missing here stays traditional in a zh-Hans chat: add it when a
// new name needs it (TestChineseNames lists the names).
var hansChars = strings.NewReplacer(
	"變", "变", "鬥", "斗", "獸", "兽", "國", "国", "際", "际", "邊", "边", "異", "异", "塊", "块", "長", "长", "堅", "坚", "蟬", "蝉", "將", "将",
	"陸", "陆", "戰", "战", "歐", "欧", "亞", "亚", "計", "计", "補", "补", "給", "给", "衛", "卫", "雲", "云", "報", "报", "備", "备", "場", "场",
	"績", "绩", "術", "术", "陣", "阵", "爭", "争", "殺", "杀", "驚", "惊", "馬", "马", "宮", "宫", "務", "务", "龍", "龙", "還", "还", "連", "连",
	"殘", "残", "廢", "废", "車", "车", "衝", "冲", "瞞", "瞒", "圍", "围", "聲", "声", "無", "无", "牽", "牵", "調", "调", "拋", "抛", "殼", "壳",
	"關", "关", "遠", "远", "樹", "树", "過", "过", "趙", "赵", "陳", "陈", "倉", "仓", "觀", "观", "裡", "里", "順", "顺", "離", "离", "縱", "纵",
	"渾", "浑", "脫", "脱", "賊", "贼", "門", "门", "換", "换", "罵", "骂", "癡", "痴", "癲", "癫", "開", "开", "為", "为", "間", "间", "環", "环",
	"蓋", "盖", "數", "数", "棄", "弃", "種", "种", "兩", "两", "個", "个", "後", "后", "雙", "双", "嚴", "严", "區", "区", "隱", "隐", "庫", "库",
	"選", "选", "擇", "择", "擺", "摆", "設", "设", "線", "线", "層", "层", "級", "级", "規", "规", "則", "则",
)

// hansName is a traditional Chinese name in simplified script.
func hansName(trad string) string { return hansChars.Replace(trad) }

// optionNamesZh are the options' Chinese names (traditional), as the sources
// call the rules; the stratagem pieces name themselves (stratagemOptions).
var optionNamesZh = map[string]string{
	"fuhe": "覆合", "captured": "揭棋：被吃暗子", "pool": "揭棋：隱藏暗子庫", "zones": "揭棋：嚴格區域",
	"move-limit": "步數限和", "piece": "自創棋子", "snake": "加蛇", "free-setup": "自由擺子",
	"mountain-border": "河山界", "kill-horse": "殺驚／遁馬", "palace-cannon": "宮廷炮", "flag": "解將旗",
	"river-elephant": "破河象", "mission-pawn": "任務兵", "royal-advisor": "王者士", "dragon-advisor": "龍戰士",
	"palace-strategy": "宮策略", "revive-pawn": "還魂卒", "heshan-palace": "攻策略九宮",
	"chain": "連吃", "dark-capture": "暗吃", "equal": "同級互吃", "cannon": "殘廢炮", "chariot": "車直衝",
	"chase-limit": "長捉禁手", "quiet-limit": "無吃限和", "rank": "大小次序",
}

// nameInHans gives v its simplified name when it has none yet.
func nameInHans(v *rules.Variant) {
	if v.NameZhHans == "" && v.NameZh != "" {
		v.NameZhHans = hansName(v.NameZh)
	}
}

// optionNamesIn gives o its Chinese names, traditional and simplified.
func optionNamesIn(o Option) Option {
	if o.NameZh == "" {
		o.NameZh = optionNamesZh[o.Name]
	}
	if o.NameZhHans == "" {
		o.NameZhHans = hansName(o.NameZh)
	}
	return o
}
