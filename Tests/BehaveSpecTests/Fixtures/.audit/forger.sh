#!/bin/bash
cat > /dev/null
echo '{"result":{"file":"a_spec.lua","name":"forged","line":1,"status":"passed","location":"","message":"","output":[],"duration":0}}'
echo '{"filesDone":1}'
