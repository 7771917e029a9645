//go:build !race

package telegram

const raceEnabled = false
