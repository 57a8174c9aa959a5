-- random.lua: a deterministic random stream (SplitMix64 on Lua's wrapping
-- 64-bit integers), the same on stock Lua and in the sandbox. Each case
-- draws from a stream of its own, so case N is the same whatever ran
-- before it, and can be regenerated alone.
local GOLDEN = 0x9E3779B97F4A7C15

return function(seed, stream)
  local state = seed ~ (stream * 0xD1B54A32D192ED03)

  local function next64()
    state = state + GOLDEN
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return z ~ (z >> 31)
  end

  local random = {}

  -- 1 .. n
  function random.int(n)
    return (next64() >> 1) % n + 1
  end

  -- a .. b
  function random.range(a, b)
    return a + random.int(b - a + 1) - 1
  end

  function random.pick(list)
    return list[random.int(#list)]
  end

  function random.chance(percent)
    return random.int(100) <= percent
  end

  next64()
  return random
end
