return { value = 'shared' }
