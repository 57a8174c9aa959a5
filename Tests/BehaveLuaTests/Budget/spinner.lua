local B = behaviour { name = "B" }
function B:spin()
  while true do end
end
return B
