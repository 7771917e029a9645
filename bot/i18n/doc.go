// Package i18n is what the bot's texts are made of: the chat languages (Lang),
// the catalog of the bot's texts (Catalog, over internal/locale: one YAML file
// a language, plural forms by CLDR rules) and the translation of the rules'
// refusals, the arbiter's notices and the FEN reader's refusals (Why, Notice,
// FEN) into the chat's language.
//
// It holds no texts of its own: package bot embeds its locale files
// (bot/locales/LANG.yaml) and loads them with Load.
//
// # Basics
//
//	cat, err := i18n.Load(files, "locales")
//	cat.T(i18n.ZhHant, "takeback.done", "7", 2) // "對局 #7 悔棋：退回了 2 步。"
//	cat.Why(lang, v, illegalMoveError)         // a refusal in the chat's language
//	cat.FEN(lang, v, fenError)                 // why a FEN was refused, likewise
//
// # Caveats
//
//   - A missing key yields the key itself, so a mistake shows but does not
//     crash; bot's TestLocaleKeysInCode keeps that from happening.
//   - A refusal holds only public facts (the rules give pieces as the public
//     sees them), so a translation cannot leak a secret either. English chats,
//     and reasons a variant's hook wrote without a key, get the rules' own words.
package i18n
