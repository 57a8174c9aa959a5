-- `door` and `leak.lua` are symbolic links the test makes, to a folder
-- and a file outside the folders a spec may read.
local Outside = behaviour { name = "Outside" }

function Outside:awake()
  self.throughFolder = select(2, pcall(require, "door.secret"))
  self.throughFile = select(2, pcall(require, "leak"))
end

return Outside
