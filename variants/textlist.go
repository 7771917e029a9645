package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// listText joins items (points, moves) as each language lists them: "f1, g1"
// in English, "f1、g1" in Chinese.
func listText(items []string) rules.Texts {
	zh := strings.Join(items, "、")
	return rules.Texts{En: strings.Join(items, ", "), Hant: zh, Hans: zh}
}
