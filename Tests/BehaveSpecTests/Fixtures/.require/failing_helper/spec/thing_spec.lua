
require 'spec.helper'
it('never runs', function() end)
