package main

import (
	"context"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"

	"github.com/evochess/evochess/tui"
	"github.com/evochess/evochess/tui/common"
)

const arenaSynopsis = "evochess arena [--data DIR]   (also: evochess with no command, in a terminal)"

const arenaAbout = `Open the terminal arena: Play (you against an engine, engines against each
other, two people on one screen), Tournament (set up and watch one live)
and Evolution (start, resume, watch and tune a run). ? shows every key.`

func runArena(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("arena")
	data := addDataFlag(fs, "")
	cl := addClusterFlags(fs)
	if status, ok := parseFlags(fs, arenaSynopsis, arenaAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "arena", "unexpected argument %q", fs.Arg(0))
	}
	if err := cl.check(); err != nil {
		return usageError(stderr, "arena", "%v", err)
	}
	if stdin != io.Reader(os.Stdin) || !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		return usageError(stderr, "arena", "the arena needs a terminal; without one, use evolve, tournament, match or serve")
	}
	d, err := data.open()
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v (nothing will be saved)\n", err)
		d = nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // ends every search, tournament and run the app started
	// A terminal of its own: its user may name any engine and set any of
	// its options (the Evolution tab's "engine at a path…").
	env := &common.Env{Ctx: ctx, Data: d, Engines: common.DefaultEngines(), EnginePaths: true, Writing: &common.Writing{}}
	// The screen is the app's: the coordinator's lines would scramble it.
	cc, err := cl.start(ctx, data, io.Discard)
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return exitFail
	}
	defer cc.close()
	if cc != nil {
		env.Cluster = cc
	}
	// A lobby of its own: one person, the bot, the ladder and the games
	// saved in the data directory (the server's is shared by its sessions).
	// Its own tuned engines may be its bots: the user is the operator.
	if host, err := common.StartLobby(ctx, common.LobbyConfig{Data: d, EngineBots: true}); err != nil {
		fmt.Fprintf(stderr, "arena: %v (no lobby)\n", err)
	} else {
		defer func() { cancel(); host.Wait() }() // the last game and standings are saved before the app returns
		if err := host.Join(env, common.LocalUser()); err != nil {
			fmt.Fprintf(stderr, "arena: %v (no lobby)\n", err)
		}
	}
	app := tui.New(env, lipgloss.DefaultRenderer(), common.LocalPlain())
	p := tea.NewProgram(app, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithContext(ctx))
	_, err = p.Run()
	failed := err != nil && ctx.Err() == nil
	cancel() // the runs the app started stop, and save where they stand
	if !env.Writing.Wait(common.WritingWait) {
		fmt.Fprintf(stderr, "arena: a run was still saving after %s; --resume takes it from its last save\n", common.WritingWait)
	}
	if failed {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return exitFail
	}
	return exitOK
}

// isTerminal reports whether f is a terminal (for "evochess" alone).
//
// A character device is not enough: /dev/null is one, and
// "evochess </dev/null >/dev/null" must print usage, not start the arena.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }
