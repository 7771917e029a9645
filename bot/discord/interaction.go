package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/chuhe/chuhe/bot"
)

// ackTimeout bounds the first response to an interaction; Discord drops the
// interaction 3 seconds after it was made.
const ackTimeout = 3 * time.Second

// privateNote replaces a public "thinking..." placeholder when the answer to a
// command turned out to be private; it says nothing about the answer.
const privateNote = "🔒 Answered privately."

func (a *Adapter) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	ctx, ok := a.begin()
	if !ok {
		return
	}
	defer a.end()
	a.interaction(ctx, ic.Interaction, "")
}

// interaction handles one interaction; key is its inbox key when it is one
// stored before a restart (it was acknowledged then, or never will be).
func (a *Adapter) interaction(ctx context.Context, i *discordgo.Interaction, key string) {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		a.command(ctx, i, key)
	case discordgo.InteractionMessageComponent:
		a.component(ctx, i, key)
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(ctx, i)
	}
}

// keep stores an interaction in the inbox before it is acknowledged; it returns
// its key ("" without an inbox, or when storing failed: then it is handled
// without the guarantee, and the failure logged).
func (a *Adapter) keep(i *discordgo.Interaction) string {
	if a.inbox == nil {
		return ""
	}
	raw, err := json.Marshal(i)
	if err == nil {
		ev := []bot.Inbound{{Key: fmt.Sprintf("%020s", i.ID), Data: raw}}
		if err = a.inbox.Keep(context.Background(), ev, ""); err == nil {
			return ev[0].Key
		}
	}
	a.log.Error("an interaction could not be stored; handling it without the restart guarantee", "interaction", i.ID, "err", err)
	return ""
}

// done removes a handled interaction from the inbox; one cut short by a
// shutdown stays for the next start.
func (a *Adapter) done(ctx context.Context, key string) {
	if a.inbox == nil || key == "" || ctx.Err() != nil {
		return
	}
	if err := a.inbox.Done(context.Background(), key); err != nil {
		a.log.Warn("a handled interaction stays stored; it may be handled again after a restart", "key", key, "err", err)
	}
}

// replayInbox handles the interactions a previous run stored and did not
// finish, one after another, in the background.
func (a *Adapter) replayInbox() {
	if a.inbox == nil {
		return
	}
	ctx, ok := a.begin()
	if !ok {
		return
	}
	pending, _, err := a.inbox.Pending(ctx)
	if err != nil {
		a.end()
		a.log.Error("the stored interactions could not be read", "err", err)
		return
	}
	if len(pending) == 0 {
		a.end()
		return
	}
	a.log.Info("handling interactions stored before the restart", "count", len(pending))
	go func() {
		defer a.end()
		for _, in := range pending {
			if ctx.Err() != nil {
				return
			}
			var i discordgo.Interaction
			if err := json.Unmarshal(in.Data, &i); err != nil {
				a.log.Error("a stored interaction is unreadable; dropping it", "key", in.Key, "err", err)
				_ = a.inbox.Done(ctx, in.Key)
				continue
			}
			a.interaction(ctx, &i, in.Key)
		}
	}()
}

// ack sends the first response at once, before the service does any work.
func (a *Adapter) ack(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	actx, cancel := context.WithTimeout(ctx, ackTimeout)
	defer cancel()
	if err := a.s.InteractionRespond(i, resp, discordgo.WithContext(actx)); err != nil {
		if ctx.Err() == nil { // not shutting down
			a.log.Error("acknowledge interaction", "interaction", i.ID, "type", resp.Type, "err", err)
		}
		return fmt.Errorf("discord: acknowledge interaction %s: %w", i.ID, err)
	}
	return nil
}

// command defers the response ("Chuhe is thinking...", ephemeral for private
// commands), lets the service handle "/name args" and cleans up after it. The
// event of a private command is Confidential (in a channel) and all its answers
// are ephemeral.
//
// With an inbox the interaction is stored before the acknowledgement and
// removed once handled; one replayed after a restart (stored) is not
// acknowledged again.
func (a *Adapter) command(ctx context.Context, i *discordgo.Interaction, stored string) {
	data := i.ApplicationCommandData()
	cmd := a.byName[data.Name]
	private := cmd != nil && cmd.Private
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if private {
		resp.Data = &discordgo.InteractionResponseData{Flags: ephemeral}
	}
	key := stored
	if key == "" {
		key = a.keep(i)
		if err := a.ack(ctx, i, resp); err != nil {
			a.done(ctx, key) // Discord dropped it: the user sees it failed
			return
		}
	}
	defer a.done(ctx, key)
	ev := a.interactionEvent(i)
	ev.Inbound = key
	ev.Text, ev.Mentions = commandText(cmd, data)
	// Only the user sees an ephemeral interaction: the invocation and its
	// options as well as every answer (Reply too). Outside a DM that is what
	// Confidential means.
	ev.Confidential = private && !ev.Private
	mode := loadingPublic
	if private {
		mode = loadingEphemeral
	}
	r := &interactionReplier{a: a, i: i, mode: mode}
	a.h.Handle(ctx, ev, r)
	if key != "" && ctx.Err() != nil {
		return // cut short by a shutdown: stored, the next start answers the placeholder
	}
	r.finish(ctx)
}

// component acknowledges a button press without a visible placeholder
// (deferred update) and passes its custom_id to the service.
func (a *Adapter) component(ctx context.Context, i *discordgo.Interaction, stored string) {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	key := stored
	if key == "" {
		key = a.keep(i)
		if err := a.ack(ctx, i, resp); err != nil {
			a.done(ctx, key)
			return
		}
	}
	defer a.done(ctx, key)
	ev := a.interactionEvent(i)
	ev.Inbound = key
	ev.Button = i.MessageComponentData().CustomID
	if i.Message != nil {
		ev.MessageID = i.Message.ID
	}
	r := &interactionReplier{a: a, i: i, mode: updated}
	a.h.Handle(ctx, ev, r)
}

// autocomplete answers what the user is typing into a move option with legal
// moves from the MoveSuggester; other options get no suggestions.
func (a *Adapter) autocomplete(ctx context.Context, i *discordgo.Interaction) {
	data := i.ApplicationCommandData()
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	f := focusedOption(data.Options)
	if cmd := a.byName[data.Name]; cmd != nil && f != nil && a.suggest != nil {
		for _, o := range cmd.Args {
			if o.Name != f.Name || !o.Moves {
				continue
			}
			typed, _ := f.Value.(string)
			sctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			moves := a.suggest.SuggestMoves(sctx, PlatformName, i.ChannelID, interactionUser(i).ID, strings.TrimSpace(typed), maxChoices)
			cancel()
			choices = moveChoices(moves)
		}
	}
	_ = a.ack(ctx, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
}

// moveChoices keeps at most 25 distinct, non-empty moves that fit a choice.
func moveChoices(moves []string) []*discordgo.ApplicationCommandOptionChoice {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	seen := map[string]bool{}
	for _, m := range moves {
		m = strings.TrimSpace(m)
		if m == "" || seen[m] || utf8.RuneCountInString(m) > maxChoiceName {
			continue
		}
		seen[m] = true
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m, Value: m})
		if len(choices) == maxChoices {
			break
		}
	}
	return choices
}

func interactionUser(i *discordgo.Interaction) bot.User {
	var u *discordgo.User
	nick := ""
	if i.Member != nil {
		u, nick = i.Member.User, i.Member.Nick
	}
	if u == nil {
		u = i.User
	}
	if u == nil {
		return bot.User{}
	}
	name := u.DisplayName()
	if nick != "" {
		name = nick
	}
	return bot.User{ID: u.ID, Name: name, Username: u.Username}
}

func (a *Adapter) interactionEvent(i *discordgo.Interaction) bot.Event {
	private := i.GuildID == ""
	admin := private
	if i.Member != nil && i.Member.Permissions&adminPerms != 0 {
		admin = true
	}
	return bot.Event{
		Platform:  PlatformName,
		ChatID:    i.ChannelID,
		Private:   private,
		User:      interactionUser(i),
		Admin:     admin,
		Addressed: true,
		At:        a.now(),
	}
}

// replier modes: what the interaction's first response left behind.
const (
	loadingPublic    = iota // a public "thinking..." placeholder
	loadingEphemeral        // an ephemeral one
	updated                 // nothing visible (a deferred update for a button)
)

// interactionReplier answers one interaction. Discord's rule shapes it: the
// first follow-up after a deferred response replaces the placeholder and keeps
// its visibility, whatever its own flags. So the placeholder is always resolved
// by an explicit edit, with the answer when visibilities agree and with a
// neutral note otherwise, and ephemeral follow-ups are sent only after that.
type interactionReplier struct {
	a    *Adapter
	i    *discordgo.Interaction
	mu   sync.Mutex
	mode int
	// resolved is true once the placeholder has been edited.
	resolved bool
}

func (r *interactionReplier) pending() bool {
	return (r.mode == loadingPublic || r.mode == loadingEphemeral) && !r.resolved
}

// Reply posts for everyone in the channel: the placeholder becomes the answer,
// later answers are follow-ups. Every answer to a private command (/peek,
// /setup) is seen by its user only: the first fills the ephemeral placeholder
// (which cannot turn public), the others are ephemeral follow-ups. The service
// was told the event is Confidential, so it may answer with secrets through
// Reply, as it does in a DM; what it means for the whole channel it posts
// through Platform.Send.
func (r *interactionReplier) Reply(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out, err := convert(m)
	if err != nil {
		return bot.MessageRef{}, err
	}
	if r.pending() {
		return r.editOriginal(ctx, out)
	}
	return r.followup(ctx, out, r.mode == loadingEphemeral)
}

// ReplyPrivately shows m to the interaction's user only: in the ephemeral
// placeholder, or in an ephemeral follow-up.
func (r *interactionReplier) ReplyPrivately(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out, err := convert(m)
	if err != nil {
		return bot.MessageRef{}, err
	}
	if r.pending() && r.mode == loadingEphemeral {
		return r.editOriginal(ctx, out)
	}
	if r.pending() {
		// A follow-up now would replace the public placeholder, in public.
		note, _ := convert(bot.Message{Text: privateNote})
		if _, err := r.editOriginal(ctx, note); err != nil {
			return bot.MessageRef{}, err
		}
	}
	return r.followup(ctx, out, true)
}

// Notice shows text to the interaction's user only: for a button press an
// ephemeral follow-up, which nobody else in the channel sees.
func (r *interactionReplier) Notice(ctx context.Context, text string) error {
	_, err := r.ReplyPrivately(ctx, bot.Message{Text: text})
	return err
}

func (r *interactionReplier) editOriginal(ctx context.Context, out outgoing) (bot.MessageRef, error) {
	msg, err := r.a.s.InteractionResponseEdit(r.i, out.webhookEdit(false), discordgo.WithContext(ctx))
	if err != nil {
		return bot.MessageRef{}, fmt.Errorf("discord: answer interaction %s: %w", r.i.ID, err)
	}
	r.resolved = true
	r.a.remember(msg.ID, r.i)
	return bot.MessageRef{ChatID: r.i.ChannelID, ID: msg.ID}, nil
}

func (r *interactionReplier) followup(ctx context.Context, out outgoing, private bool) (bot.MessageRef, error) {
	msg, err := r.a.s.FollowupMessageCreate(r.i, true, out.followup(private), discordgo.WithContext(ctx))
	if err != nil {
		return bot.MessageRef{}, fmt.Errorf("discord: follow up interaction %s: %w", r.i.ID, err)
	}
	r.a.remember(msg.ID, r.i)
	return bot.MessageRef{ChatID: r.i.ChannelID, ID: msg.ID}, nil
}

// finish removes a placeholder the service never answered, so that no
// "thinking..." stays in the channel.
func (r *interactionReplier) finish(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.pending() {
		return
	}
	// Clean up even when the service gave up because ctx ended.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := r.a.s.InteractionResponseDelete(r.i, discordgo.WithContext(ctx)); err != nil {
		r.a.log.Warn("delete unanswered placeholder", "interaction", r.i.ID, "err", err)
	}
	r.resolved = true
}
