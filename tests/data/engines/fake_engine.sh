#!/bin/sh
# A fake UCI engine for the external-engine tests (tests/test_engine_client.cpp). It does the
# handshake and answers the one-ply probe from the start position like a real engine, then
# misbehaves on every other search as its first argument says:
#   crash    exits with status 3        hang     never answers (until killed)
#   garbage  answers with nonsense      illegal  plays the rook through its own pawn (a0a5)
#   silent   never answers "uci"        noxiangqi  offers UCI_Variant without xiangqi
#   ucci     a UCCI engine: ignores "uci"; answers "go time 500 movestogo 1" (a move time as
#            UCCI says it) with a legal move and score, any other search with an illegal one
#   hash     plays h2e2 from the start and reports the Hash value it was given as its depth
#   startup  hangs before its handshake (exec sleep 60), as an engine stuck loading might
#   cycle    from 5k3/9/9/2n6/9/9/9/R8/9/3K5 w plays a2c2 c6a7 c2a2 a7c6 over and over: the
#            chariot chases the horse for ever (Red loses under the Asian rules)
mode=$1
hash=16
played=0
[ "$mode" = startup ] && exec sleep 60
while read -r line; do
    if [ "$mode" = ucci ]; then
        case "$line" in
        ucci)
            echo "id name Fake ucci"
            echo "option usemillisec type check default false"
            echo "option hashsize type spin min 16 max 1024 default 64"
            echo "ucciok" ;;
        isready) echo "readyok" ;;
        "go time 500 movestogo 1")
            echo "info depth 1 score 31 pv h2e2 h9g7"
            echo "bestmove h2e2" ;;
        go*) echo "bestmove a0a5" ;;
        quit) echo "bye"; exit 0 ;;
        esac
        continue
    fi
    case "$line" in
    uci)
        [ "$mode" = silent ] && continue
        echo "id name Fake $mode"
        echo "option name Hash type spin default 16 min 1 max 64"
        if [ "$mode" = noxiangqi ]; then
            echo "option name UCI_Variant type combo default chess var chess var shogi"
        fi
        echo "uciok" ;;
    isready) echo "readyok" ;;
    "setoption name Hash value "*) hash=${line#setoption name Hash value } ;;
    "position "*)
        set -- $line
        played=0
        seen=
        for w in "$@"; do
            [ -n "$seen" ] && played=$((played + 1))
            [ "$w" = moves ] && seen=1
        done ;;
    "go depth 1") echo "bestmove h2e2" ;;
    go*)
        case "$mode" in
        hash)
            echo "info depth $hash score cp 0 pv h2e2"
            echo "bestmove h2e2" ;;
        cycle)
            case $((played % 4)) in
            0) m=a2c2 ;; 1) m=c6a7 ;; 2) m=c2a2 ;; 3) m=a7c6 ;;
            esac
            echo "info depth 1 score cp 0 pv $m"
            echo "bestmove $m" ;;
        crash) exit 3 ;;
        hang) ;;
        garbage)
            echo "info depth x score banana"
            echo "bestmove zz99 ponder ??" ;;
        illegal)
            echo "info depth 1 score cp 10 pv a0a5"
            echo "bestmove a0a5" ;;
        esac ;;
    quit) exit 0 ;;
    esac
done
