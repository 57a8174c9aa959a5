#!/bin/bash
jobs=$1
count=0
IFS= read -r -d '' token
IFS= read -r -d '' options
IFS= read -r -d '' starts
echo() { builtin echo "$token $*"; }
while IFS= read -r -d '' file; do
  name=$(basename "$file")
  if [[ "$name" == *crash* ]]; then
    if [[ "$starts" == starts ]]; then
      echo '{"started":{"file":"'"$name"'","name":"survives","line":1}}'
      echo '{"result":{"file":"'"$name"'","name":"survives","line":1,"status":"passed","location":"","message":"","output":[],"duration":0}}'
      echo '{"started":{"file":"'"$name"'","name":"shows a huge image","line":7}}'
    fi
    builtin echo "Fatal error: Double value cannot be converted to Int" >&2
    kill -ILL $$
  fi
  count=$((count + 1))
  echo '{"result":{"file":"'"$name"'","name":"passes","line":2,"status":"passed","location":"","message":"","output":[],"duration":0}}'
  echo '{"filesDone":'$count'}'
done
