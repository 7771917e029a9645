package discord

import (
	"fmt"
	"strings"
)

// EnvToken is the environment variable that, when set, overrides Config.Token.
const EnvToken = "CHUHE_DISCORD_TOKEN"

// Config is the discord: section of config.yaml.
type Config struct {
	// Token is the bot token from the Developer Portal (Bot > Reset Token), with
	// or without the "Bot " prefix. CHUHE_DISCORD_TOKEN overrides it (FromEnv).
	Token string `yaml:"token"`
	// ApplicationID is the application's id; empty means the one READY reports.
	ApplicationID string `yaml:"application_id"`
	// GuildID registers the slash commands in this server only, where they
	// appear at once: for testing. Empty registers them globally.
	GuildID string `yaml:"guild_id"`
	// ShardID and ShardCount split the servers over several processes for large
	// deployments: each process runs one shard, ShardID in [0, ShardCount).
	// Zero ShardCount means one shard. Only shard 0 registers commands and
	// receives DMs.
	ShardID    int `yaml:"shard_id"`
	ShardCount int `yaml:"shard_count"`
	// SkipCommandRegistration leaves the registered slash commands as they are
	// (when another process or a deploy step registers them).
	SkipCommandRegistration bool `yaml:"skip_command_registration"`
	// MessageContent asks for the privileged message-content intent. It must be
	// switched on in the Developer Portal too. Without it the bot works through
	// slash commands, buttons and messages that mention it; with it plain
	// messages that are legal moves are taken as well.
	MessageContent bool `yaml:"message_content"`
}

// FromEnv applies the environment: getenv(EnvToken), when not empty, replaces
// the token. Pass os.Getenv.
func (c *Config) FromEnv(getenv func(string) string) {
	if t := strings.TrimSpace(getenv(EnvToken)); t != "" {
		c.Token = t
	}
}

// Validate reports a missing token or bad shard numbers.
func (c Config) Validate() error {
	if strings.TrimSpace(strings.TrimPrefix(c.Token, "Bot ")) == "" {
		return fmt.Errorf("discord: no token (set discord.token in config.yaml or %s)", EnvToken)
	}
	count := c.ShardCount
	if count == 0 {
		count = 1
	}
	if count < 0 || c.ShardID < 0 || c.ShardID >= count {
		return fmt.Errorf("discord: shard_id %d is not in [0, shard_count %d)", c.ShardID, count)
	}
	return nil
}

// authToken returns the token as the REST API and gateway want it.
func (c Config) authToken() string {
	t := strings.TrimSpace(c.Token)
	if strings.HasPrefix(t, "Bot ") {
		return t
	}
	return "Bot " + t
}
