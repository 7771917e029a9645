package bot

import "github.com/chuhe/chuhe/rules"

// Guides: chat-sized explanations of variants and options for /rules, a few
// lines with example moves, in every language. Variants and options bring their
// own (rules.Variant.Guide, variants.Option.Guide or GuideFor); one without a
// guide is explained by its English summary (rules.Variant.Summary,
// variants.Option.Summary). Nothing here names a variant. TestGuides plays
// every example move.

// variantGuide explains base variant v in lang: its guide, or its summary.
func variantGuide(lang Lang, v *rules.Variant) string {
	if !v.Guide.IsZero() {
		return v.Guide.Or(string(lang))
	}
	return v.Summary
}

// optionGuide explains an option in lang: its guide, or its summary as the
// registry gives it.
func optionGuide(lang Lang, summary string, guide rules.Texts) string {
	if !guide.IsZero() {
		return guide.Or(string(lang))
	}
	return summary
}
