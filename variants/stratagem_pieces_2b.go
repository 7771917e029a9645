package variants

// stratagemPiecesPart2b are the pieces of the series' second part built in
// this file's family: 23 遠, 24 虢, 25 柱, 26 指, 29 樹, 30 主, 31 美, 32 空,
// 33 畈, 34 苦. Named only until their rules are built.
func stratagemPiecesPart2b() []*stratPiece {
	return namedOnly([]stratName{
		{23, "YA", "遠交近攻", "遠", "远"}, {24, "GO", "假道伐虢", "虢", "虢"}, {25, "ZU", "偷梁換柱", "柱", "柱"},
		{26, "ZI", "指桑罵槐", "指", "指"}, {29, "SU", "樹上開花", "樹", "树"}, {30, "ZH", "反客為主", "主", "主"},
		{31, "ME", "美人計", "美", "美"}, {32, "KO", "空城計", "空", "空"}, {33, "FA", "反間計", "畈", "畈"},
		{34, "KU", "苦肉計", "苦", "苦"},
	})
}
