-- expect: misspelt_outlet.lua:10: `self.countLable` is not an outlet, an inspectable, a method nor a field this script sets, so it is nil here and using it fails; did you mean `self.countLabel`?
-- connect: button countLabel
local Like = behaviour {
  name = "LikeButton",
  outlets = { button = "Button", countLabel = "Label" },
}

function Like:awake()
  self.count = 0
  self.countLable.text = "0"
end

return Like
