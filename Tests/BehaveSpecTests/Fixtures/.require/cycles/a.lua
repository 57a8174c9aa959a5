return require 'b'
