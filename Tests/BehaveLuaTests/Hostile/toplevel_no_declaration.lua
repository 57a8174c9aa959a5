-- expect: does not declare a behaviour
-- phase: load
return {}
