local B = behaviour {
  inspectables = {
    speed = { type = "nubmer", default = 1 },
  },
}
return B
