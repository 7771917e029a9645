package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Third-generation xiangqi (第三代象棋, 番兵象棋), as rules/disandai.md says: the
// standard board and army, every disc with a secret back. A soldier on the
// enemy base line flips (`a9!`) into the kind of its back if it stands on that
// kind's point, or else shows its back as a misflipped soldier that must flip
// back next move; in check the general and an advisor swap (`@d0`), which loses
// if that advisor's back is the 臣; the last advisor, elephant, chariot, horse
// or cannon of a side flips to its back (臣, 駝/騾, 助/輔, 妃/驫, 拋/石).
//
// The backs live in the pieces' per-piece state (a soldier's back kind in its
// counter, the other pair choices in a flag), written to the FEN field
// `backs`, which views show only as far as the audience may know
// (disandaiRule.viewBacks); the engine draws the unknown ones anew
// (rules.Hider, Resample).

// DisandaiStart is the start: the standard position (the backs come from the setup).
const DisandaiStart = XiangqiStart

// Kind indexes of disandai beyond the standard seven.
const (
	DdSoldierChariot  = Soldier + 1 + iota // 兵車 G
	DdSoldierHorse                         // 兵馬 E
	DdSoldierCannon                        // 兵炮 O
	DdSoldierElephant                      // 兵相 V
	DdSoldierAdvisor                       // 兵仕 D
	DdMisflipped                           // misflipped soldier W
	DdMinister                             // 臣 H
	DdCamel                                // 駝 T
	DdMule                                 // 騾 L
	DdAide                                 // 助 Z
	DdAssistant                            // 輔 F
	DdConsort                              // 妃 Q
	DdStampede                             // 驫 X
	DdCatapult                             // 拋 U
	DdStone                                // 石 S
)

// DisandaiBoard is the xiangqi board with the zone "enemy palace" (where a
// 兵仕 moves).
func DisandaiBoard() *rules.Board {
	b := XiangqiBoard()
	pal := b.Zones["palace"]
	b.Zones["enemy palace"] = rules.Zone{pal[rules.Black], pal[rules.Red]}
	if b.ZoneTexts == nil {
		b.ZoneTexts = map[string]rules.Texts{}
	}
	b.ZoneTexts["enemy palace"] = say("disandai.zone_enemy_palace")
	return b
}

func disandaiKinds() []rules.Kind {
	kinds := XiangqiKinds()
	// An advisor disc may stand on any palace point: after a double flip the
	// old general's disc is an advisor (disandai.md rule 2), and palace steps
	// are exactly the cross diagonals from a non-line point.
	kinds[Advisor].StandZone = "palace"
	std := func(k int) []rules.Atom { return append([]rules.Atom(nil), kinds[k].Atoms...) }
	kind := func(letter byte, name string, glyph, simple [2]string, value int, atoms []rules.Atom) rules.Kind {
		return rules.Kind{Letter: letter, Name: name, Glyph: glyph, Simple: simple, Value: value, Mating: value > 1, Atoms: atoms}
	}
	same := func(g, s string) ([2]string, [2]string) { return [2]string{g, g}, [2]string{s, s} }
	knight := [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	var camel, consortJumps []rules.Atom
	for _, d := range [][2]int{{2, 3}, {3, 2}} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				camel = append(camel, rules.Atom{Kind: rules.Leap, DF: d[0] * sf, DR: d[1] * sr, Mode: rules.MoveOrCapture,
					Blocks: [][2]int{{sf, sr}}})
			}
		}
	}
	for _, d := range knight {
		consortJumps = append(consortJumps, rules.Atom{Kind: rules.Hop, DF: d[0], DR: d[1], Screens: 1, Range: 2, Mode: rules.CaptureOnly})
	}
	diagJumps := rules.Hops(rules.Diag4, 1)
	for i := range diagJumps {
		diagJumps[i].Range = 2
	}
	stone := []rules.Atom{}
	for _, d := range rules.Dirs4 {
		stone = append(stone, rules.Atom{Kind: rules.GapHop, DF: d[0], DR: d[1], Gaps: 1, Mode: rules.CaptureOnly})
	}
	g, s := same("俥", "俥")
	kinds = append(kinds, kind('G', "soldier-chariot", g, s, 8, std(Chariot)))
	g, s = same("傌", "傌")
	kinds = append(kinds, kind('E', "soldier-horse", g, s, 4, std(Horse)))
	kinds = append(kinds, kind('O', "soldier-cannon", [2]string{"砲", "炮"}, [2]string{"炮", "炮"}, 4, std(Cannon)))
	g, s = same("丞", "丞")
	kinds = append(kinds, kind('V', "soldier-elephant", g, s, 2, rules.InZone("crossed", rules.DiagonalLeaps(2, rules.MoveOrCapture))))
	g, s = same("衛", "卫")
	kinds = append(kinds, kind('D', "soldier-advisor", g, s, 2, rules.InZone("enemy palace", rules.Steps(rules.Diag4, rules.MoveOrCapture))))
	g, s = same("反", "反")
	kinds = append(kinds, kind('W', "misflipped soldier", g, s, 1, nil))
	g, s = same("臣", "臣")
	kinds = append(kinds, kind('H', "minister", g, s, 3, rules.Steps(rules.Diag4, rules.MoveOnly)))
	g, s = same("駝", "驼")
	kinds = append(kinds, kind('T', "camel", g, s, 4, camel))
	g, s = same("騾", "骡")
	kinds = append(kinds, kind('L', "mule", g, s, 4, rules.LameLeaps(1, 3, 1, rules.MoveOrCapture)))
	g, s = same("助", "助")
	kinds = append(kinds, kind('Z', "aide", g, s, 4, rules.Rides(rules.Diag4, rules.MoveOrCapture, 2)))
	g, s = same("輔", "辅")
	kinds = append(kinds, kind('F', "assistant", g, s, 6, rules.Join(
		rules.Rides([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture, 0),
		rules.Rides([][2]int{{0, 1}, {0, -1}}, rules.MoveOnly, 0),
		rules.Hops([][2]int{{0, 1}, {0, -1}}, 1))))
	g, s = same("妃", "妃")
	kinds = append(kinds, kind('Q', "consort", g, s, 4, rules.Join(rules.Steps(knight, rules.MoveOnly), consortJumps)))
	g, s = same("驫", "骉")
	kinds = append(kinds, kind('X', "stampede", g, s, 5, nil)) // moves by disandaiRule (rule 8)
	g, s = same("拋", "抛")
	kinds = append(kinds, kind('U', "catapult", g, s, 4, rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), diagJumps)))
	g, s = same("石", "石")
	kinds = append(kinds, kind('S', "stone cannon", g, s, 5, rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), stone)))
	kinds[DdSoldierElephant].StandZone = "crossed"
	kinds[DdSoldierAdvisor].StandZone = "enemy palace"
	kinds[DdMinister].Mating = true // it wins by reaching the enemy general's point
	for _, k := range []int{DdSoldierChariot, DdSoldierHorse, DdSoldierCannon, DdSoldierElephant, DdSoldierAdvisor, DdMisflipped} {
		kinds[k].Max = 5
	}
	for _, k := range []int{DdMinister, DdCamel, DdMule, DdAide, DdAssistant, DdConsort, DdStampede, DdCatapult, DdStone} {
		kinds[k].Max = 1
	}
	return kinds
}

// Disandai is Third-generation xiangqi (第三代象棋). Games start from ApplySecrets.
func Disandai() *rules.Variant {
	b := DisandaiBoard()
	return &rules.Variant{
		Slug:   "disandai",
		Name:   "Third-generation xiangqi",
		NameZh: "第三代象棋",
		Summary: "Xiangqi where every disc has a secret back, chosen privately before the game " +
			"(`/setup RNCBA K=d0 T=c0 Z=a0 Q=b0 U=b2`). A soldier on the enemy base line flips (`a9!`): on the point " +
			"of its back's kind (車 a9/i9, 馬 b9/h9, 相 c9/g9, 仕 d9/f9, 炮 e9) it becomes a soldier-chariot, -horse, " +
			"-cannon, -elephant or -advisor; elsewhere it shows its back and must flip back next move. In check the " +
			"general and an advisor swap (`@d0`): naming the advisor whose back is 臣 loses. The last advisor, " +
			"elephant, chariot, horse or cannon of a side may flip to its back (臣, 駝/騾, 助/輔, 妃/驫, 拋/石).",
		Guide:           disandaiGuide,
		Board:           b,
		Kinds:           disandaiKinds(),
		StartFEN:        DisandaiStart,
		StalemateLoses:  true,
		MoveLimit:       120,
		Repetition:      rules.RepetitionAsian,
		XiangqiNotation: false,
		Modules:         []rules.Module{newDisandaiRule(b)},
	}
}
