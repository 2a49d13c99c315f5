// Package online is the lobby, the Play tab's other side (L): who is
// online, seeks, challenges, the games going on and this session's that
// ended, the ladder, the forms that seek, challenge or call the bot, and
// the game this session plays or watches online, its clocks, offers and
// absences. The lobby itself (arena/lobby) is the referee; this package
// draws what the session's lobby.Session shows and calls its methods. It
// imports common and components, and no other page: the root composes it
// with the board into the Play tab.
package online
