TRIES = (TRIES or 0) + 1
error('broken on purpose')
