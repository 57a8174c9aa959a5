return { from = 'spec' }
