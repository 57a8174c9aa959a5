return { from = 'init' }
