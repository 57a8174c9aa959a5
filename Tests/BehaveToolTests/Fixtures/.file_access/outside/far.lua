local Far = behaviour { name = 'SECRET-3' } SECRET-4 (
