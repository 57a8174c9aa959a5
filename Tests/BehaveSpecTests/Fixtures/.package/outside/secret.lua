return 'outside'
