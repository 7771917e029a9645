package variants

import (
	"errors"
	"math/rand/v2"

	"github.com/chuhe/chuhe/rules"
)

// The secret setup of a game, for the bot. Some variants and options need each
// player to choose a secret before the first move (Jinchan: which general is
// real; fuhe: which pieces lie face down). The flow is:
//
//  1. SecretChoices(v): nil means the game can start at once; otherwise ask each
//     player privately with the Choice's Prompt (Answers, when set, can be
//     buttons).
//  2. CheckSecret on each answer as it arrives, so that a mistake is answered at
//     once (the error says what to type; it never repeats a valid secret).
//  3. DefaultSecret for a player who does not answer in time (tell that player
//     privately what was chosen).
//  4. ApplySecrets with both answers gives the true start FEN: store it as the
//     game's start (rules.NewGame), never show it; show PublicFEN or views.
//
// After every move, Game.Report says what to announce (Facts: a reveal, a forced
// reveal, a flip) and who needs a fresh private board (Private). When the game
// ends, Position.Secrets lists what is still hidden, to publish.

// Choice is the secret one player chooses before the first move.
type Choice = rules.Choice

// SecretChoices lists what each player must choose privately before a game of v
// from its start position can begin, Red first; nil when nothing.
func SecretChoices(v *rules.Variant) []Choice {
	c, err := rules.SecretChoices(v, "")
	if err != nil {
		return nil // a variant's start always loads: the registry checked it
	}
	return c
}

// CheckSecret says whether answer is a valid secret of side for a game of v from
// startFEN ("" = the variant's start); the error is ready for that player.
func CheckSecret(v *rules.Variant, startFEN string, side rules.Side, answer string) error {
	return rules.CheckSecret(v, startFEN, side, answer)
}

// ApplySecrets builds the true start FEN of a game of v from the public startFEN
// ("" = the variant's start) and each player's private answer. For a variant
// without secrets it returns the start unchanged (both answers must be empty).
func ApplySecrets(v *rules.Variant, startFEN string, red, black string) (string, error) {
	if !v.HasSetup() {
		if startFEN == "" {
			startFEN = v.StartFEN
		}
		if red != "" || black != "" {
			return "", ErrNoSecrets
		}
		return startFEN, nil
	}
	return rules.ApplySecrets(v, startFEN, [2]string{red, black})
}

// DefaultSecret is a random valid answer of side for a game of v from its start,
// for a player who does not choose in time; "" when v has no secrets.
func DefaultSecret(v *rules.Variant, side rules.Side, rnd *rand.Rand) string {
	return rules.DefaultSecret(v, "", side, rnd)
}

// ErrNoSecrets is returned by ApplySecrets when answers are given for a variant
// whose players choose no secret.
var ErrNoSecrets = errors.New("variants: this game has no secret choices")
