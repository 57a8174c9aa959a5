return { settings = { theme = "light" } }
