local B = behaviour {
  inspectable = {},
}
return B
