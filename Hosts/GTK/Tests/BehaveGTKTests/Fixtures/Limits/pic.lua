local Pic = behaviour { name = "Pic", outlets = { pic = "ImageView" } }

function Pic:awake()
  self.pic.image = "dot"
  print("dot is " .. tostring(self.pic.image.width) .. " wide")
end

return Pic
