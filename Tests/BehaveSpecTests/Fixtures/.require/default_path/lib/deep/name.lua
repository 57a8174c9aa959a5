return { from = 'dots' }
