return { value = 'SECRET-1' }
