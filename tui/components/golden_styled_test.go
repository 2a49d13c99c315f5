package components

import (
	"testing"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// testStyles are a session's styles at a fixed profile: 256 colours on a
// dark background, or (color false) a dumb terminal's, as testApp's.
func testStyles(color bool) *common.Styles { return common.NewStyles(tuitest.Renderer(color), !color) }

// goldenStyled checks a drawing against its goldens with colour and
// without: name.golden and name-nocolor.golden.
func goldenStyled(t *testing.T, name string, draw func(*common.Styles) string) {
	t.Helper()
	tuitest.Golden(t, name, draw(testStyles(true)))
	tuitest.Golden(t, name+"-nocolor", draw(testStyles(false)))
}
