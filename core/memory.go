package core

// Tables up to hashFreeMB are made without asking the machine: cheap
// anywhere evochess runs, and the common case (arena engines ask for 16).
const hashFreeMB = 256

// hashFallbackMB caps the table where the spare memory cannot be read.
const hashFallbackMB = 1024

// spareMemory returns how many bytes this process can still take without
// being refused or killed, or 0 when that is unknown. A variable so that
// tests can play a small machine.
var spareMemory = systemSpareMemory

// CapHashMB returns mb, or less when the machine cannot spare that much:
// at most half its spare memory. Go cannot fail an allocation softly (the
// runtime aborts the process), so the table's size is checked before it
// is made.
func CapHashMB(mb int) int {
	mb = max(mb, 1)
	if mb <= hashFreeMB {
		return mb
	}
	limit := hashFallbackMB
	if spare := spareMemory(); spare > 0 {
		limit = max(hashFreeMB, int(spare/2>>20))
	}
	return min(mb, limit)
}
