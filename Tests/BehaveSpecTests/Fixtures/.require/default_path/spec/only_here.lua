return { from = 'beside' }
