#!/bin/sh
# The players' guide (docs/rules/) quotes positions and moves; this script holds the
# engine to them, so that a change of the engine or of a page cannot leave the guide wrong.
#  1. Every position string quoted on a game's page is accepted by that game.
#  2. The positions the pages work through give exactly the moves, positions and results
#     the pages state.
# Usage: sh tests/guide.sh [path to wyrm]   (run by `make test`)
set -u
WYRM=${1:-./wyrm}
DOCS=$(dirname "$0")/../docs/rules
failures=0
checks=0

fail() {
    echo "guide: FAIL: $*"
    failures=$((failures + 1))
}

# engine GAME POSITION COMMAND...: the engine's reply to `position POSITION` and the commands.
engine() {
    game=$1 pos=$2
    shift 2
    { printf 'position %s\n' "$pos"; for c in "$@"; do printf '%s\n' "$c"; done; printf 'quit\n'; } |
        "$WYRM" -v "$game" 2>&1
}

words() { # the words of the input, sorted, on one line
    tr -s '[:space:]' '\n' | grep -v '^$' | sort | tr '\n' ' '
}

accepted() { # GAME POSITION: the engine takes the position without an error
    case $(engine "$1" "$2" d) in *"info string error"*) return 1 ;; esac
    return 0
}

# moves_are GAME POSITION "m1 m2 ...": the legal moves are exactly these (any order).
moves_are() {
    checks=$((checks + 1))
    out=$(engine "$1" "$2" moves)
    case $out in *"info string error"*) fail "$1: '$2' rejected: $out"; return ;; esac
    got=$(printf '%s\n' "$out" | tail -n 1 | words)
    want=$(printf '%s\n' "$3" | words)
    [ "$got" = "$want" ] || fail "$1: moves of '$2': got [$got], the guide says [$want]"
}

# moves_from GAME POSITION ORIGIN "m1 m2 ...": the legal moves written from ORIGIN
# (strings starting with it and followed by a letter, ~, ^ or x) are exactly these.
moves_from() {
    checks=$((checks + 1))
    out=$(engine "$1" "$2" moves)
    case $out in *"info string error"*) fail "$1: '$2' rejected: $out"; return ;; esac
    got=$(printf '%s\n' "$out" | tail -n 1 | tr ' ' '\n' | grep -E "^$3([a-z~^x]|\$)" | words)
    want=$(printf '%s\n' "$4" | words)
    [ "$got" = "$want" ] || fail "$1: moves from $3 in '$2': got [$got], the guide says [$want]"
}

# replies GAME POSITION COMMAND LINE: the command prints exactly this line.
replies() {
    checks=$((checks + 1))
    out=$(engine "$1" "$2" "$3")
    case $out in *"info string error"*) fail "$1: '$2' rejected: $out"; return ;; esac
    printf '%s\n' "$out" | grep -qxF "$4" || fail "$1: '$3' in '$2' does not print '$4'"
}

# shows GAME POSITION LINE: `d` prints exactly this line (its Fen: line, say).
shows() {
    replies "$1" "$2" d "$3"
}

# refused GAME POSITION: the position or one of its moves is refused with an error.
refused() {
    checks=$((checks + 1))
    accepted "$1" "$2" && fail "$1: '$2' was accepted; the guide says it is refused"
}

# 1. Every position string quoted on a page: a back-quoted span or an indented code line
#    with at least seven '/' (every board has eight ranks or more), less any label.
quoted_positions() {
    { grep -o '`[^`]*`' "$1" | tr -d '`'; grep '^    ' "$1"; } |
        sed -E 's/^ +//; s/^[a-z -]+: +//' | awk -F/ 'NF >= 8'
}

for page in breakthrough dragonsgate dragondraughts threedragons dragonface dragonqi; do
    case $page in
    threedragons) games="threedragons threedragons-strength threedragons-dragons" ;;
    *) games=$page ;;
    esac
    found=0
    list=$(mktemp)
    quoted_positions "$DOCS/$page.md" > "$list" || true
    while IFS= read -r fen; do
        found=$((found + 1))
        checks=$((checks + 1))
        ok=0
        for g in $games; do
            if accepted "$g" "fen $fen"; then ok=1; break; fi
        done
        [ $ok = 1 ] || fail "$page.md quotes a position no game of the page accepts: $fen"
    done < "$list"
    rm -f "$list"
    [ $found -gt 0 ] || fail "$page.md: no position string found"
done

# 2. The worked examples.

# Breakthrough
moves_are breakthrough startpos "b2a3 c2b3 d2c3 e2d3 f2e3 g2f3 h2g3 a2a3 b2b3 c2c3 d2d3 e2e3
    f2f3 g2g3 h2h3 a2b3 b2c3 c2d3 d2e3 e2f3 f2g3 g2h3"
shows breakthrough "startpos moves d2d3 e7e6 d3d4 e6e5 d4e5" \
    "Fen: pppppppp/pppp1ppp/8/4P3/8/8/PPP1PPPP/PPPPPPPP b 0 3"
replies breakthrough "fen 8/1P6/8/8/8/8/p7/8 w moves b7b8" "query result" "response p1win"
refused breakthrough "fen 1P6/8/8/8/8/8/8/p7 b"

# Dragon's Gate
moves_are dragonsgate startpos "a1a3 b1b3 c1c3 d1d3 e1e3 f1f3 g1g3 h1h3 a2a3 b2b3 c2c3 d2d3
    e2e3 f2f3 g2g3 h2h3 c1a3 d1b3 e1c3 f1d3 g1e3 h1f3 b2a3 c2b3 d2c3 e2d3 f2e3 g2f3 h2g3
    a1c3 b1d3 c1e3 d1f3 e1g3 f1h3 a2b3 b2c3 c2d3 d2e3 e2f3 f2g3 g2h3"
moves_from dragonsgate "fen dddd4/8/8/3Dd3/3D4/8/8/4DDDD w 0 1" d4 "d4c5 d4d6 d4c3"
moves_from dragonsgate "fen dddd4/8/8/3Dd3/3D4/8/8/4DDDD w 0 1" d5 "d5c6 d5d6 d5e6"
shows dragonsgate "fen dddd4/8/8/3Dd3/3D4/8/8/4DDDD w 0 1 moves d4c3" \
    "Fen: dddd4/8/8/3D4/8/2D5/8/4DDDD b 0 1"

# Dragon-draughts
moves_are dragondraughts startpos "a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4"
moves_are dragondraughts "fen 8/4p3/1p6/8/1p6/1Pp5/3P4/8 w 0 1" "b3b5b7"
moves_are dragondraughts "fen 8/1ppppppp/2pp1ppp/Kp2p3/8/1PPPPPPP/PPPPPPPP/8 w 0 4" \
    "a5c5f5 a5c5g5 a5c5h5"
shows dragondraughts "fen 8/1ppppppp/2pp1ppp/Kp2p3/8/1PPPPPPP/PPPPPPPP/8 w 0 4 moves a5d5f5" \
    "Fen: 8/1ppppppp/2pp1ppp/5K2/8/1PPPPPPP/PPPPPPPP/8 b 0 4"
shows dragondraughts "fen 8/1ppppppp/2pp1ppp/Kp2p3/8/1PPPPPPP/PPPPPPPP/8 w 0 4 moves a5f5" \
    "Fen: 8/1ppppppp/2pp1ppp/5K2/8/1PPPPPPP/PPPPPPPP/8 b 0 4"
moves_from dragondraughts "fen 8/8/8/8/8/8/8/K6k w" a1 \
    "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1"
moves_are dragondraughts "fen 8/8/3p4/8/1p3p2/8/1K1p4/8 w" \
    "b2b6f6f2a2 b2b6f6f2b2 b2b6f6f2c2 b2f2f6b6b1 b2f2f6b6b3"
shows dragondraughts "fen 8/8/3p4/8/1p3p2/8/1K1p4/8 w moves b2b2" "Fen: 8/8/8/8/8/8/1K6/8 b 0 1"
moves_are dragondraughts "fen 8/8/8/3p4/2p5/1p1p4/1Pp5/8 w" "b2b4d4d6 b2d2d4d6 b2d2d4b4"
refused dragondraughts "fen 8/8/8/3p4/2p5/1p1p4/1Pp5/8 w moves b2d6"
refused dragondraughts "fen 8/4p3/1p6/8/1p6/1Pp5/3P4/8 w 0 1 moves b3d3"

# Three Dragons
shows threedragons "fen M7M/4P4/2Pp1pP2/4p4/2C1C1C2/9/pp7/9/M7M w - 0 1 moves e8e7" \
    "Fen: M7M/9/2P1P1P2/9/2C1C1C2/9/pp7/9/M7M b - 0 1"
moves_from threedragons-strength "fen M7M/4P54/2P2p31p23/9/2C1C1C2/9/p1p17/9/M7M w - 0 1" e8 \
    "e8e9 e8f8xf7 e8g8 e8h8 e8i8 e8e7 e8e7xf7 e8e6 e8d8xd7 e8c8 e8b8 e8a8"
shows threedragons-strength \
    "fen M7M/4P54/2P2p31p23/9/2C1C1C2/9/p1p17/9/M7M w - 0 1 moves e8e7xf7" \
    "Fen: M7M/9/2P2p3P44/9/2C1C1C2/9/p1p17/9/M7M b - 0 1"
shows threedragons-dragons "fen M7M/4P34/9/9/2CP3CP3C2/4P34/9/p1p17/M7M w - 0 1 moves e8e6" \
    "Fen: M7M/9/9/4P34/2CP3P5P3C2/4P34/9/p1p17/M7M b e 1 1"

# Dragon Face
shows dragonface "fen 11/5e5/11/4g6/11/2A8/11/5E5/11 w - - 0 1 moves c4f7" \
    "Fen: 11/5e5/5A5/4G6/11/11/11/5E5/11 b - e6 0 1"
moves_are dragonface "fen 11/5e3a1/8G2/11/A10/11/11/5E5/11 w - - 0 1" \
    "i7h8 i7h8@a5 i7k9 i7k9@a5 i7i8 i7i8@a5 f2f3 f2g3 f2g2 f2e3 f2e2"
shows dragonface "fen 11/5e3a1/8G2/11/A10/11/11/5E5/11 w - - 0 1 moves i7k9@a5" \
    "Fen: 11/5e3A1/11/11/F10/11/11/5E5/11 b - j8 0 1"
moves_from dragonface "fen 11/5e3a1/8G2/11/A10/11/11/5E5/11 w - - 0 1 moves i7k9@a5 f8f7" a5 \
    "a5b6 a5c7 a5d8 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5 a5i5 a5j5 a5d2 a5c3 a5b4"
moves_from dragonface startpos c2 "c2b3 c2b2"
moves_from dragonface startpos d3 "d3c4 d3b5 d3d4 d3d5 d3e4 d3f5"

# DragonQi
QI_START='t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* S DQ0wdy0W - AIaiHhd 220333 - 0 1 lance'
shows dragonqi startpos "Fen: $QI_START"
checks=$((checks + 1))
n=$(engine dragonqi startpos moves | tail -n 1 | wc -w)
[ "$n" -eq 79 ] || fail "dragonqi: $n moves from the start, the guide says 79"
moves_from dragonqi startpos e10 "e10~e9 e10~N e10~NE e10~E e10~SE e10~SW e10~W e10~NW"
moves_from dragonqi startpos a15 "a15^a3 a15^a4 a15^a5 a15b15"
moves_from dragonqi "startpos moves a10~a9 a6~a7 a9~a8" a7 "a7~a8 a7~NE a7~E a7~SE a7~S"
moves_from dragonqi "startpos moves a10~a9 d4d5 a9~a8" d5 "d5d6"
moves_from dragonqi "startpos moves a10~a9 c1c2 i10~i9 d1e4 a9~a8" e1 \
    "e1d1 e1b1 e1b1/Bd2 e1b1/Bf2 e1b1/Bd2f2"
QI_CANNON='t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/3(s3)(f4)(s5)2(s4)/9/9/1(s4)1(S0P)(F0N)4/(S0)4(S7)2(S0)/9/3P1PP2/3UUUN2/PP1GFG1PP/T*1CHKHC1T* F DQ0wdy0W - AIaihd 220333 - 0 1 lance'
moves_from dragonqi "fen $QI_CANNON" e7 "e7d5 e7f5 e7~NE e7~E e7~SE e7~S e7~SW e7~W e7~NW e7xb7"
moves_from dragonqi "fen $QI_CANNON" d7 "d7~d8 d7~NE d7~E d7~SE d7~S d7~SW d7~W d7~NW"
QI_PRINCE='t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)(S0K)1(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)3/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CH1HC1T* F DQ0wdy0W - aiHhd 220333 - 0 1 lance'
moves_from dragonqi "fen $QI_PRINCE" b10 \
    "b10a10 b10a11 b10a11/A b10~NE b10~E b10~SE b10~S b10~SW b10~W b10~NW"
moves_are dragonqi "fen $QI_PRINCE moves b10a11/A" "l@b12 l@b12/E"
QI_EP='t*1chkhc1t*/pp1gqg1pp/2nuuun2/E1pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/1P1GFG1PP/T*1CHKHC1T* S DQ0wdy0W - AIaiHhd 220333 - 0 1 lance'
moves_from dragonqi "fen $QI_EP moves b14b12" a12 "a12b12 a12a13 a12b13 a12b13/EP"
QI_ARROW='t1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/1a7/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* F DQ0wdy0W - AIiHhd 220333 - 0 1 lance'
moves_from dragonqi "fen $QI_ARROW" e2 "e2xb5"
QI_ELF='t*1chkhc1t*/pE1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/1P1GFG1PP/T*1C1KHC1T* F DQ0wdy0W H AIaiHhd 220333 - 0 1 lance'
moves_from dragonqi "fen $QI_ELF" b14 "b14a14 b14c14 b14a15 b14a15/XC b14a15/XK b14b15 b14b15/XC
    b14b15/XK b14c15 b14c15/XC b14c15/XK"
moves_are dragonqi "fen 4k4/9/9/4K4/9/9/9/9/9/9/9/9/9/4F4/9 F DQ0wdy0W - - 220000 - 0 1 lance" \
    "e12d11 e12e11 e12f11 e12d12 e12f12 e12d13 e12e13 e12f13 e12=F"
moves_from dragonqi "fen 4k4/9/9/9/4q4/4(s4)4/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - d 220300 - 0 1 lance" \
    e11 "e11e10 e11a11 e11b11 e11c11 e11d11 e11f11 e11g11 e11h11 e11i11 e11d12 e11e12 e11f12
    e11c13 e11e13 e11g13 e11b14 e11e14 e11h14 e11a15 e11i15"
shows dragonqi \
    "fen 4k4/9/9/9/4q4/4(s4)4/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - d 220300 - 0 1 lance moves e11e10" \
    "Fen: 4k4/9/9/9/9/4(s4x)4/9/9/9/9/9/9/9/4F4/4K4 F DQ0wdy0W - d 220000 - 1 1 lance"
QI_SWORD='9/9/5k1t1/3K5/9/9/9/9/9/9/9/9/9/4F4/9 F DQ0wdy0W - - 220000 - 0 1 lance'
replies dragonqi "fen $QI_SWORD moves d12e13" "query result" "info string result RESULT F DIRECT 5-0"
replies dragonqi "fen $QI_SWORD moves d12e13" "query result" "response p2win"
moves_are dragonqi "fen 9/9/5k1c1/3K5/9/9/9/9/9/9/9/9/9/4F4/9 F DQ0wdy0W - - 220000 - 0 1 lance" \
    "d12c11 d12d11 d12e11 d12c12 d12e12"
moves_from dragonqi "fen t*1chkhc1t*/pp1gqg1pp/A1nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/T1NUUUN2/PP1GFG1PP/2CHKHC1T* F DQ0wdy0W - IaiHhd 220333 - 0 1 lance" \
    a3 "a3b3 a3a4 a3a5 a3a6"
moves_from dragonqi "fen t*1chkhc1t*/pp1gqg1pp/A1nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/(S0)8/9/9/3(S1)(F0)(S7)2(S0)/9/2PP1PP2/T1NUUUN2/PP1GFG1PP/2CHKHC1T* F DQ0wdy0W - IaiHhd 220333 - 0 1 lance" \
    a3 "a3b3 a3a4 a3a5 a3a9"
moves_from dragonqi "fen t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/3(s3)(f4)(s5)2(s4)/(S0T)8/9/9/(S0)2(S1)(F0)(S7)3/9/2PP1PP2/2NUUUN2/PP1GFG1PP/2CHKHC1T* F DQ0wdy0W - IaiHhd 220333 - 0 1 lance" \
    a9 "a9a6 a9a11 a9a12 a9a13 a9a14 a9~a10 a9~NE a9~E a9~SE a9~S"
QI_TRIDENT='t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s0)(f4)(s0)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* S DQ0wdy0W - AIaiHhdt 220333 - 0 1 lance'
checks=$((checks + 1))
n=$(engine dragonqi "fen $QI_TRIDENT" moves | tail -n 1 | tr ' ' '\n' | grep -c '^d10~[A-Z]*&f10~[A-Z]*$')
[ "$n" -eq 49 ] || fail "dragonqi: $n Trident moves, the guide says 49"

if [ $failures -ne 0 ]; then
    echo "guide: $failures of $checks checks failed"
    exit 1
fi
echo "guide: $checks checks passed"
