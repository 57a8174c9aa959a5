#!/usr/bin/env bash
# A monkey on behave window: random real X input (clicks, drags, scrolls,
# keys and text, window sizes from 1x1 to 5000x5000) interleaved with
# commands on standard input and saves of the script, on a scene whose
# behaviour does mischief in every handler (chaos.lua). It looks for what
# must never happen: a crash or a Swift trap, a GTK critical or warning
# (run under G_DEBUG=fatal-criticals, a critical ends the window), a
# window that stops answering, and widgets that are no longer the truth
# (truth.py, with python3).
#
#   bash Hosts/GTK/Tools/Monkey/monkey.sh [--seed N] [--events N] [--frames] [--no-fatal]
#
# --seed makes the input of a run again (the timers' mischief follows the
# scene's clock, so a run is close to, not exactly, the one before);
# --frames drives chaos_frames.scene.yaml (widgets made for frames) in
# place of chaos.scene.yaml (a designer's .ui file). Needs Xvfb, xdotool
# and a built behave-window (swift build --package-path Hosts/GTK).
# Exit status: 0 when nothing was found, 1 when something was (the log's
# lines say what), 2 for bad usage.
set -u
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$here/../../../.." && pwd)
seed=$RANDOM events=400 scene=chaos.scene.yaml fatal=1
binary=${BEHAVE_WINDOW:-$checkout/Hosts/GTK/.build/debug/behave-window}
while [ $# -gt 0 ]; do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    --frames) scene=chaos_frames.scene.yaml; shift ;;
    --no-fatal) fatal=0; shift ;;
    *) echo "monkey.sh: unknown argument $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done
for tool in Xvfb xdotool; do
  command -v $tool >/dev/null || { echo "monkey.sh: $tool is not installed (bash .ci/install --gtk)" >&2; exit 2; }
done
[ -x "$binary" ] || { echo "monkey.sh: no $binary (swift build --package-path Hosts/GTK)" >&2; exit 2; }
RANDOM=$seed
work=$(mktemp -d /tmp/behave-monkey.XXXXXX)
cp -r "$here"/chaos.lua "$here"/chaos.ui "$here"/*.scene.yaml "$here"/images "$work"/
# A copy, so that a build meanwhile does not change the binary under the window.
cp "$binary" "$work/behave-window" && binary=$work/behave-window
log=$work/window.log
display=:$((500 + RANDOM % 400))
while [ -e /tmp/.X11-unix/X${display#:} ]; do display=:$((500 + RANDOM % 400)); done
Xvfb $display -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
window=
cleanup() {
  [ -n "$window" ] && kill $window 2>/dev/null
  exec 3>&- 2>/dev/null
  kill $xvfb 2>/dev/null
  wait 2>/dev/null
}
trap cleanup EXIT
for _ in $(seq 50); do [ -e /tmp/.X11-unix/X${display#:} ] && break; sleep 0.1; done
export DISPLAY=$display
mkfifo "$work/input"
debug=; [ $fatal = 1 ] && debug=G_DEBUG=fatal-criticals
env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none $debug \
  "$binary" "$work/$scene" --print-geometry <"$work/input" >>"$log" 2>&1 &
window=$!
exec 3>"$work/input"
echo "monkey: seed $seed, $events events on $scene, display $display, log $log"

for _ in $(seq 100); do grep -q '^geometry ' "$log" && break; sleep 0.1; done
grep -q '^geometry ' "$log" || { echo "monkey: the window never laid out"; tail -20 "$log"; exit 1; }
names=() xs=() ys=() ws=() hs=()
while read -r _ name x y w h; do names+=("$name"); xs+=("$x"); ys+=("$y"); ws+=("$w"); hs+=("$h"); done < <(grep '^geometry ' "$log")
id=$(xdotool search --sync --onlyvisible --pid $window | head -1)

texts=("a" "hello" "héllo" "Ω≈ç" "👍" "12.5" " " "ab cd")
keys=(Tab shift+Tab Escape Return KP_Enter space BackSpace Delete Up Down Left Right Home End Page_Up Page_Down ctrl+a ctrl+z ctrl+v F10 Menu)
commands=("tap button" "tap hider" "tap toggle" "tap inner" "press button" "release button" "release button outside"
  "drag button outside" "step stepper +" "step stepper -" "slide slider 55.5" "slide slider -3" "type field hello"
  "keys field ab👍" "backspace field 3" "return field" "scroll scroller 40" "scroll scroller -10" "set label.text \"set\""
  "set stepper.value 7" "set slider.maximumValue 10" "set field.maxLength 2" "set toggle.on true" "set stack.axis horizontal"
  "set chaos.fury 8" "set chaos.fury 0" "keyboard show 300" "keyboard hide" "show" "state" "send button touchUpInside"
  "remove innerLabel" "remove inner" "remove button" "remove field" "remove slider" "remove stack" "remove scroller"
  "choose Cancel" "choose cancel" "dismiss" "call chaos._mischief" "set field.editing true" "set secret.editing true" "bogus command")

# One random act; what it did goes to the log, so a finding names its cause.
act() {
  local i=$((RANDOM % ${#names[@]}))
  local cx=$((xs[i] + RANDOM % (ws[i] > 0 ? ws[i] : 1))) cy=$((ys[i] + RANDOM % (hs[i] > 0 ? hs[i] : 1)))
  case $((RANDOM % 12)) in
    0|1) echo "# act click ${names[i]} $cx $cy" >>"$log"; xdotool mousemove $cx $cy click 1 ;;
    3) echo "# act drag ${names[i]}" >>"$log"
       local dx=$((cx + RANDOM % 200 - 100)) dy=$((cy + RANDOM % 60 - 30))
       xdotool mousemove $cx $cy mousedown 1 mousemove $((dx < 0 ? 0 : dx)) $((dy < 0 ? 0 : dy)) sleep 0.05 \
         mousemove $((RANDOM % 500)) $((RANDOM % 700)) mouseup 1 ;;
    4) echo "# act scroll ${names[i]}" >>"$log"; xdotool mousemove $cx $cy click --repeat $((1 + RANDOM % 5)) --delay 20 $((4 + RANDOM % 4)) ;;
    5|6) local k=${keys[RANDOM % ${#keys[@]}]}; echo "# act key $k" >>"$log"; xdotool key $k ;;
    7) local t=${texts[RANDOM % ${#texts[@]}]}; echo "# act type $t" >>"$log"; xdotool type --delay 5 "$t" ;;
    2|8) local c=${commands[RANDOM % ${#commands[@]}]}; echo "# act command $c" >>"$log"; echo "$c" >&3 ;;
    9) local sizes=("1 1" "10 10" "50 900" "4000 3000" "5000 5000" "420 640" "200 100" "1024 768")
       local s=${sizes[RANDOM % ${#sizes[@]}]}; echo "# act resize $s" >>"$log"; xdotool windowsize $id $s ;;
    10) echo "# act double-click ${names[i]}" >>"$log"; xdotool mousemove $cx $cy click --repeat 2 --delay 30 1 ;;
    11) if [ $((RANDOM % 8)) = 0 ]; then
          echo "# act save chaos.lua" >>"$log"; echo "-- saved $RANDOM" >>"$work/chaos.lua"
        else
          echo "# act right-click ${names[i]}" >>"$log"; xdotool mousemove $cx $cy click 3
        fi ;;
  esac
}

found=0
answers() {  # the window answers a command within 10 s
  local before; before=$(grep -c '"controls"' "$log")
  echo state >&3
  for _ in $(seq 100); do [ "$(grep -c '"controls"' "$log")" -gt "$before" ] && return 0; sleep 0.1; done
  return 1
}
for n in $(seq "$events"); do
  act >>"$log" 2>&1
  kill -0 $window 2>/dev/null || break
  if [ $((n % 50)) = 0 ]; then
    answers || { echo "monkey: the window stopped answering after event $n"; found=1; break; }
  fi
done
if kill -0 $window 2>/dev/null; then
  # Calm: no more mischief, and the animations under way end (3 s at
  # most), so that the state read last is not a frame of one.
  printf 'set chaos.fury 0\nset calm.fury 0\n' >&3
  xdotool windowsize $id 420 640
  sleep 3.5
  answers || { echo "monkey: the window does not answer at the end"; found=1; }
  echo quit >&3
  for _ in $(seq 100); do kill -0 $window 2>/dev/null || break; sleep 0.1; done
fi
if kill -0 $window 2>/dev/null; then
  echo "monkey: the window did not end on quit"; found=1
else
  wait $window; status=$?; window=
  # 1: a script raised (the monkey's errors are on purpose); more is a crash, a trap or a signal.
  [ $status -le 1 ] || { echo "monkey: the window ended with status $status"; found=1; }
fi
# Known, and GTK's own (README.md here): said, not findings.
known='dconf-WARNING|Broken accounting of active state'
count=$(grep -cE "$known" "$log")
[ "$count" = 0 ] || echo "monkey: $count known lines of GTK's (dconf without D-Bus, GTK's count of pressed widgets)"
bad=$(grep -vE "$known" "$log" | grep -nE 'CRITICAL|-WARNING|Fatal error|Trace/breakpoint|Segmentation|Illegal instruction|behave window:' | head -20)
[ -z "$bad" ] || { echo "$bad"; found=1; }
# The widgets are still the truth (truth.py says how it checks).
if command -v python3 >/dev/null; then python3 "$here/truth.py" "$log" || found=1; fi
[ $found = 0 ] && echo "monkey: nothing found (seed $seed)" || echo "monkey: found something (seed $seed); the log is $log"
exit $found
