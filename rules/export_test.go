package rules

// LegalMovesSlow is every legal move found the plain way, each pseudo-legal move
// made and tested: the reference for the legality guard's shortcuts.
func LegalMovesSlow(p *Position) []Move {
	var out []Move
	for _, m := range p.PseudoMoves(nil) {
		s := p.side
		p.Make(m)
		if p.legalAfter(s, m) {
			out = append(out, m)
		}
		p.Unmake()
	}
	if len(out) == 0 && p.v.PassWhenStuck {
		out = append(out, PassMove)
	}
	return out
}
