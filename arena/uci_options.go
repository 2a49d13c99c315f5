package arena

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// UCIOption is one "option" line of a UCI engine's handshake:
//
//	option name Space type spin default 100 min 0 max 200
//	option name King Safety Curve type combo default Quadratic var Quadratic var Linear
//
// Names and values may hold spaces: a field runs to the next keyword.
type UCIOption struct {
	Name    string
	Type    string // spin, check, combo, string, button
	Default string
	Min     int64 // spin only
	Max     int64
	Vars    []string // combo only
	// HasDefault tells an empty default from none (buttons have none).
	HasDefault bool
}

// uciOptionKeywords end a field of an option line.
var uciOptionKeywords = map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}

// ParseUCIOption reads an "option name … type …" line; ok is false for
// any other line, or one without a name or type, or a spin whose bounds
// are not integers.
func ParseUCIOption(line string) (UCIOption, bool) {
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "option" || f[1] != "name" {
		return UCIOption{}, false
	}
	var o UCIOption
	var minS, maxS string
	hasMin, hasMax := false, false
	for i := 1; i < len(f); {
		key := f[i]
		j := i + 1
		// Only "type" ends a name (a name may hold "default", "max" …),
		// and only "var" ends a combo's value.
		for j < len(f) && !endsField(key, f[j]) {
			j++
		}
		value := strings.Join(f[i+1:j], " ")
		switch key {
		case "name":
			o.Name = value
		case "type":
			o.Type = value
		case "default":
			o.Default, o.HasDefault = value, true
		case "min":
			minS, hasMin = value, true
		case "max":
			maxS, hasMax = value, true
		case "var":
			o.Vars = append(o.Vars, value)
		}
		i = j
	}
	if o.Name == "" || o.Type == "" {
		return UCIOption{}, false
	}
	if o.Type == "spin" {
		var err1, err2 error
		o.Min, err1 = strconv.ParseInt(minS, 10, 64)
		o.Max, err2 = strconv.ParseInt(maxS, 10, 64)
		if !hasMin || !hasMax || err1 != nil || err2 != nil || o.Min > o.Max {
			return UCIOption{}, false
		}
	}
	return o, true
}

// endsField reports whether word starts a new field after a field named
// key: a name runs to "type" (names may hold other keywords); a default
// or a combo's var runs to the next "min", "max" or "var"; the rest end at
// any keyword.
func endsField(key, word string) bool {
	switch key {
	case "name":
		return word == "type"
	case "default", "var":
		return word == "var" || word == "min" || word == "max"
	}
	return uciOptionKeywords[word]
}

// options is an engine's option list by lower-case name (UCI names are
// case-insensitive).
type uciOptions map[string]UCIOption

func (o uciOptions) find(name string) (UCIOption, bool) {
	opt, ok := o[strings.ToLower(name)]
	return opt, ok
}

// CheckValue says what is wrong with setting the option to value (nil:
// nothing): a spin takes an integer within its bounds, a check true or
// false, a combo one of its choices (case aside), a string one line; a
// button takes none.
func (o UCIOption) CheckValue(value string) error {
	switch o.Type {
	case "spin":
		v, err := strconv.ParseInt(value, 10, 64)
		if err != nil || v < o.Min || v > o.Max {
			return fmt.Errorf("%s takes an integer from %d to %d, not %q", o.Name, o.Min, o.Max, value)
		}
	case "check":
		if value != "true" && value != "false" {
			return fmt.Errorf("%s is true or false, not %q", o.Name, value)
		}
	case "combo":
		if !slices.ContainsFunc(o.Vars, func(v string) bool { return strings.EqualFold(v, value) }) {
			return fmt.Errorf("%s is one of %s, not %q", o.Name, strings.Join(o.Vars, ", "), value)
		}
	case "string":
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("%s: one line of text", o.Name)
		}
	default:
		return fmt.Errorf("%s is a %s: it takes no value", o.Name, o.Type)
	}
	return nil
}

// GlobMatch reports whether an option's name matches pattern, where *
// stands for any run of characters, case aside (as SelectGenes's).
func GlobMatch(pattern, name string) bool {
	return globMatch(strings.ToLower(pattern), strings.ToLower(name))
}

// offeredOption returns the name an option line offers, whether or not
// the rest of it parses: "option name NAME type …".
func offeredOption(line string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "option name ")
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, " type ")
	if name = strings.TrimSpace(name); !ok || name == "" {
		return "", false
	}
	return name, true
}
