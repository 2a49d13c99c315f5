package common

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/bubbles/key"
)

// Help lines show a key and what it does: a key named like its help
// ("up up • left left") says nothing twice.
func TestHelpShowsKeysNotNames(t *testing.T) {
	km := reflect.ValueOf(DefaultKeyMap())
	for i := range km.NumField() {
		b := km.Field(i).Interface().(key.Binding)
		h := b.Help()
		if h.Key == "" || h.Desc == "" || h.Key == h.Desc {
			t.Errorf("%s: help %q %q", km.Type().Field(i).Name, h.Key, h.Desc)
		}
	}
}
