package variants

// stratagemPiecesPart2a are the pieces of the series' second part built in
// this file's family: 19 釜, 20 混, 21 殼, 22 關, 27 假, 28 上, 35 連, 36 走.
// Named only until their rules are built.
func stratagemPiecesPart2a() []*stratPiece {
	return namedOnly([]stratName{
		{19, "FU", "釜底抽薪", "釜", "釜"}, {20, "HU", "混水摸魚", "混", "混"}, {21, "QO", "金蟬脫殼", "殼", "壳"},
		{22, "GU", "關門捉賊", "關", "关"}, {27, "JA", "假癡不癲", "假", "假"}, {28, "SA", "上屋抽梯", "上", "上"},
		{35, "LA", "連環計", "連", "连"}, {36, "ZO", "走為上", "走", "走"},
	})
}
