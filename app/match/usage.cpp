// The text of xiangqi-match -help (packaging/man/xiangqi-match.6.in says the same at length).
#include "app/match/options.h"

namespace xq::match {

std::string usage() {
    return R"(Usage: xiangqi-match -engine cmd=PATH [KEY=VALUE...] -engine cmd=PATH ... [OPTIONS]

Plays xiangqi engines (UCI or UCCI) against each other; core's rules judge every game.

Engine keys (for -engine, or for all engines with -each):
  cmd=COMMAND          the command that starts the engine (quoted words as in a shell)
  name=NAME            its name in the PGN and the table (default: the program's name)
  proto=uci|ucci|auto  its protocol (default auto: uci, then ucci)
  option.NAME=VALUE    an engine option, set after the handshake
  st=SECONDS           time per move
  tc=[MOVES/]SECONDS[+INC]  a clock: 40/60+0.6, 60+0.6, 1:30+1
  depth=N  nodes=N     a depth or node limit per move
Options:
  -each KEY=VALUE...   keys for every engine (an engine's own keys win)
  -games N             games per pairing and round (default 2: one opening, both colours)
  -rounds N            rounds (default 1)
  -tournament round-robin|gauntlet   every pair, or the first engine against each other
  -openings file=F     openings: one a line, ICCS moves or "FEN [moves ...]"; each is played
                       twice with the colours swapped
  -concurrency N       games played at once (default 1)
  -rules asian|chinese|simple   repetition rules (default asian)
  -movelimit PLIES     plies without a capture that draw (default 120; 0: none)
  -resign movecount=N score=CP   a side whose score stays at or below -CP for N moves loses
  -draw movenumber=N movecount=M score=CP   after move N, both scores within CP for M plies
  -sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the test decides (two engines)
  -pgnout FILE         append every game to FILE, with score/depth per move
  -resume              go on with the match in the -pgnout file: its finished games count,
                       the others are played (the same command line, -resume added)
  -json FILE           write a summary for scripts: engines, W/D/L, every game's ending
  -timemargin MS       time over its limit before a move loses on time (default 1000)
  -help                this text
An engine that crashes, hangs or plays an illegal move loses that game and is started again.
Ctrl+C ends the match: the games in progress are written with the result "*".
)";
}

} // namespace xq::match
