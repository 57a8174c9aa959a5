# Run with the checkout's folder and the copy of behave: hides the checkout
# under an empty folder, then runs the copy.
mount -t tmpfs none "$1" || exit 90
[ -e "$1/Scripts/toggle.lua" ] && exit 91
"$2" run toggle.lua --do "tap button" && "$2" test && "$2" run screen.scene.yaml --do "tap b" \
  && "$2" check toggle.lua
