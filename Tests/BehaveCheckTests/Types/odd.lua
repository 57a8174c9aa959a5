local Odd = behaviour {
  name = "Odd",
  inspectables = { mode = { type = "enum", values = { "\27[2J", "a\nb", "say \"hi\" \\ bye" }, default = "a\nb" } },
}
return Odd
