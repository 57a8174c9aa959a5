local B = behaviour {
  outlets = { go = "Buton" },
}
return B
