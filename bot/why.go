package bot

import "github.com/chuhe/chuhe/rules"

// The rules' refusals and the arbiter's notices in the chat's language
// (package i18n translates them; they hold only public facts).

// repetitionNotice is an announcement of the arbiter of repetitions in the chat's
// language.
func (q *request) repetitionNotice(v *rules.Variant, n *rules.Notice) string {
	return texts.Notice(q.lang, v, n)
}

// why is a refusal in the chat's language.
func (q *request) why(v *rules.Variant, ie *rules.IllegalMoveError) string {
	return texts.Why(q.lang, v, ie)
}
