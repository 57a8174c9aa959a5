package.loaded[...] = { registered = true }
