return { from = 'lib' }
