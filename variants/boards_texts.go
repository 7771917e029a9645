package variants

import "github.com/chuhe/chuhe/rules"

// Helpers for the texts of the boards of seed 004 (jujiang, changhe,
// shenniu, shanhe, luzhan, disandai): their keys are in
// locales/boards.LANG.yaml.

// namedPiece is a kind's name with its glyph in English ("brigade (旅)") and
// its glyph alone in Chinese, where the glyph is the name.
func namedPiece(k *rules.Kind, s rules.Side) rules.Texts {
	t := pieceText(k, s)
	t.En += " (" + k.Glyph[s] + ")"
	return t
}

// piecesText names the pieces of a kind: the English plural ("advisors"),
// the glyph in Chinese, which has no plural.
func piecesText(k *rules.Kind, s rules.Side) rules.Texts {
	t := pieceText(k, s)
	if t.En = k.Plural; t.En == "" {
		t.En = k.Name + "s"
	}
	return t
}

// aNamedPiece is namedPiece with the English article: "an advisor (仕)".
func aNamedPiece(k *rules.Kind, s rules.Side) rules.Texts {
	t := namedPiece(k, s)
	t.En = anA(k.Name) + " " + t.En
	return t
}

// joinTexts joins texts in each language with the separator key's text.
func joinTexts(sepKey string, parts []rules.Texts) rules.Texts {
	sep := say(sepKey)
	var out rules.Texts
	for i, p := range parts {
		if i > 0 {
			out.En, out.Hant, out.Hans = out.En+sep.En, out.Hant+sep.Hant, out.Hans+sep.Hans
		}
		out.En, out.Hant, out.Hans = out.En+p.En, out.Hant+p.Hant, out.Hans+p.Hans
	}
	return out
}

// fact is a public fact whose sentence the module says in every language.
func fact(f rules.Fact, t rules.Texts) rules.Fact {
	f.Text, f.Texts = t.En, t
	return f
}

// goalWin is a variant-goal win of side s, in the variant's words.
func goalWin(s rules.Side, t rules.Texts) rules.Outcome {
	o := rules.Win(s, rules.ReasonVariantGoal)
	o.Detail, o.DetailTexts = t.En, t
	return o
}

// glyphText is a kind's glyph in every language, in the language's script
// (English texts of the boards and the stratagem series name pieces by their
// faces: "the 車 on e5").
func glyphText(k *rules.Kind, s rules.Side) rules.Texts {
	t := pieceText(k, s)
	t.En = k.Glyph[s]
	return t
}
