-- Copied under a file name with line breaks and an escape sequence; its
-- names and messages try to forge report lines too (OutputEscapingTests).
it("passes\n# forged comment\nok 97 - forged", function() end)

it("fails", function()
  print("printed\r\nok 96 - forged")
  error("boom\nnot ok 98 - forged\n\27[2J", 0)
end)

it("holds what XML 1.0 cannot: \u{FFFE} \u{FFFF} \1 \u{85}", function() end)

it("is pending", function() pending("why\nok 95 - forged") end)
