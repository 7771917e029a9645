package bot

// ratedNote says whether a game is rated.
func ratedNote(lang Lang, rated bool) string {
	if rated {
		return T(lang, "new.rated")
	}
	return T(lang, "new.casual")
}
