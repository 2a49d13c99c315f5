// Package components holds the pieces the pages of the terminal arena are
// drawn and built with: the chess Board and MoveInput (cursor, clicks,
// typed moves, promotions), the Braille plots (PlotFigure, PlotGrid), the
// HeatMap of a piece-square table, ProgressBar and Progress, the set-up
// Form and its fields, the list of a cluster's workers (WorkersView), and
// WorkTab, the part the Tournament and Evolution pages share: a set-up
// form, then the work it starts or watches, followed as a stream of
// events. It imports common and no page.
package components
