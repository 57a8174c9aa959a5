return require 'a'
