-- A file whose top level never ends fails as a whole.
while true do end
