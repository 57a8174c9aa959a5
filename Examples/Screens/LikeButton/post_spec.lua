describe("a post's like button", function()
  local s
  before_each(function() s = scene.load("post.scene.yaml") end)

  it("shows the counts as people read them", function()
    assert.equals("1.1K likes", s.likes.text)
    assert.equals("gray", s.likes.textColor)
    assert.equals("gray", s.heart.titleColor)
    assert.equals("1 comment", s.comments.text)
  end)

  it("likes the post when its action is called, and takes the like back", function()
    s.like:tapped()
    assert.is_true(s.like.liked)
    assert.equals("1.2K likes", s.likes.text)
    assert.equals("pink", s.likes.textColor)
    assert.equals("♥", s.heart.title)
    assert.equals("#FF2D55", s.heart.titleColor)   -- pink, in any spelling
    s.like:tapped()
    assert.is_false(s.like.liked)
    assert.equals("1.1K likes", s.likes.text)
  end)

  it("records the action however it is reached", function()
    local tapped = s:record("like.tapped")
    s.like:tapped()
    s:call("like.tapped")
    s:tap("heart")
    -- The tap calls the method from the button's handler: no action is
    -- sent, so only the first two are recorded.
    assert.equals(2, #tapped)
    assert.is_true(s.like.liked)
  end)

  it("tells the screen when the post is liked, not when the like is taken back", function()
    local liked = s:record("screen.postLiked")
    s:tap("heart")
    s:tap("heart")
    s:tap("heart")
    assert.same({ { 1200 }, { 1200 } }, liked)
  end)

  it("counts a comment through the scene's wiring, or a call", function()
    s:tap("comment")
    assert.equals("2 comments", s.comments.text)
    s.commentCount:removed()
    s.commentCount:removed()
    assert.equals("no comments", s.comments.text)
  end)
end)

describe("counting, shared by the post's behaviours", function()
  local cases = {
    { 0, "no likes" }, { 1, "1 like" }, { 999, "999 likes" }, { 1000, "1K likes" }, { 1999, "1.9K likes" },
    { 12345, "12K likes" }, { 999999, "999K likes" }, { 2500000, "2.5M likes" }, { 3000000000, "3B likes" },
  }
  for _, case in ipairs(cases) do
    local likes, shown = case[1], case[2]
    it(("shows %d as %q"):format(likes, shown), function()
      local s = scene.script("like.lua", { likeCount = likes })
      assert.equals(shown, s.countLabel.text)
    end)
  end
end)
