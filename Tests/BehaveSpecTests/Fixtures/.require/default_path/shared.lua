return { from = 'root' }
