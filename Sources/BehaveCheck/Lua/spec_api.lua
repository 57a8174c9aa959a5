-- The spec API (*_spec.lua files only), for lua-language-server, as
-- `behave types` writes it: busted's blocks, luassert's assertions, spies,
-- stubs, mocks and matchers, and the scenes a spec makes. A test runs a
-- spec that checks every assertion and scene method here exists.

---@param name string
---@param body fun()
function describe(name, body) end
context = describe

---@param name string
---@param body? fun()
function it(name, body) end
test = it
spec = it

---@param name string
function pending(name) end

---@param fn fun()
function before_each(fn) end
---@param fn fun()
function after_each(fn) end
---@param fn fun()
function setup(fn) end
---@param fn fun()
function teardown(fn) end
lazy_setup = setup
strict_setup = setup
lazy_teardown = teardown
strict_teardown = teardown

---Runs `fn` when the spec ends, passed or failed.
---@param fn fun()
function finally(fn) end

---busted's insulate and expose blocks: describe blocks in Behave.
insulate = describe
expose = describe

---This spec file's `package`: `require` searches `path`'s templates (inside
---the spec's folder and the working directory, `.lua` files only) and keeps
---what it loads in `loaded`; C modules are not loaded.
---@class Behave.SpecPackage
---@field path string
---@field cpath string
---@field config string
---@field loaded table<string, any>
---@field preload table<string, fun(name: string, data: string): any>
package = {}

---@class Behave.Assert
---@overload fun(value: any, message?: string): any
---@field equals fun(expected: any, actual: any, message?: string)
---@field same fun(expected: any, actual: any, message?: string)
---@field near fun(expected: number, actual: number, tolerance: number, message?: string)
---@field is_true fun(actual: any, message?: string)
---@field is_false fun(actual: any, message?: string)
---@field is_nil fun(actual: any, message?: string)
---@field is_not_nil fun(actual: any, message?: string)
---@field truthy fun(actual: any, message?: string)
---@field falsy fun(actual: any, message?: string)
---@field matches fun(pattern: string, actual: string, message?: string)
---@field has_error fun(fn: fun(), expected?: string, message?: string)
---@field error_matches fun(fn: fun(), pattern: string, message?: string)
---@field has_no_error fun(fn: fun(), message?: string)
---@field not_equals fun(unexpected: any, actual: any, message?: string)
---@field not_same fun(unexpected: any, actual: any, message?: string)
---@field is_number fun(actual: any, message?: string)
---@field is_string fun(actual: any, message?: string)
---@field is_table fun(actual: any, message?: string)
---@field is_function fun(actual: any, message?: string)
---@field is_boolean fun(actual: any, message?: string)
---@field is_userdata fun(actual: any, message?: string)
---@field is_thread fun(actual: any, message?: string)
---@field fail fun(message?: string)
---@field unique fun(list: table, deep?: boolean, message?: string)
---@field returned_arguments fun(count: integer, ...: any)
---@field spy fun(s: Behave.Spy): table
---@field stub fun(s: Behave.Spy): table
---luassert's `assert.array(t).has.no.holes([length])`.
---@field array fun(t: table): { has: { holes: fun(length?: integer): integer?, no: { holes: fun(length?: integer): integer? } } }
---@field message fun(text: string): Behave.Assert
---@field is_not Behave.Assert
---@field are Behave.Assert
---@field is Behave.Assert
---@field has Behave.Assert
---@field has_no Behave.Assert
---Adds an assertion, a modifier or a matcher (luassert's `assert:register`).
---@field register fun(self: Behave.Assert, namespace: "assertion"|"modifier"|"matcher", name: string, callback: function, positive?: string, negative?: string)
---@field unregister fun(self: Behave.Assert, namespace: string, name: string)
---@field add_formatter fun(self: Behave.Assert, formatter: fun(value: any): string?)
---@field remove_formatter fun(self: Behave.Assert, formatter: function)
---@field set_parameter fun(self: Behave.Assert, name: string, value: any)
---@field get_parameter fun(self: Behave.Assert, name: string): any
---@field snapshot fun(self: Behave.Assert): { revert: fun(self: table) }
assert = {}

---@class Behave.Spy
---@overload fun(...: any): any
---@field calls any[][]
---@field returnvals any[][]
---@field call_count integer
---@field called_with fun(...: any): boolean
---@field returned_with fun(...: any): boolean
---@field called fun(self: Behave.Spy, times?: integer): boolean, integer
---@field clear fun()
---@field revert fun()
---@field returns fun(self: Behave.Spy, ...: any): Behave.Spy
---@field invokes fun(self: Behave.Spy, fn: function): Behave.Spy
---@field on_call_with fun(...: any): { returns: fun(...: any): Behave.Spy, invokes: fun(fn: function): Behave.Spy }

---@class Behave.SpyModule
---@overload fun(fn?: function): Behave.Spy
---@field new fun(fn?: function): Behave.Spy
---@field on fun(t: table, key: string): Behave.Spy
---@field is_spy fun(value: any): boolean
spy = {}

---@class Behave.Stub
---@overload fun(t: table, key: string, ...: any): Behave.Spy
---@field new fun(t: table, key: string, ...: any): Behave.Spy
stub = {}

---@class Behave.Mock
---@overload fun(t: table, dostub?: boolean, fn?: function): table
---@field new fun(t: table, dostub?: boolean, fn?: function): table
---@field revert fun(t: table): table
---@field clear fun(t: table): table
mock = {}

---A matcher (`match.is_string()`), for called_with, returned_with and on_call_with.
---@class Behave.Matcher

---@class Behave.Match
---@field _ Behave.Matcher
---@field is_matcher fun(value: any): boolean
---@field [string] fun(...: any): Behave.Matcher
match = {}

---What `s:explore` takes: steps a run (100), the first seed (1), runs (1), rules that hold after every step, and the budget of shrinking a failure: seconds (30) and replays (10000).
---@class Behave.ExploreOptions
---@field steps? integer
---@field seed? integer
---@field runs? integer
---@field invariants? table<string, fun(s: any): (boolean, any)>
---@field shrinkTime? number
---@field shrinkReplays? integer

---A scene in a spec: the commands of `behave run` as methods; `s.name` is a control or behaviour.
---(What a person does to controls, `s:tap`, `s:step`…, comes from the control types, after this file.)
---@class Behave.SpecScene
---@field controls table<string, table> every control by name, even one named like a method (`s.controls.remove`)
---@field behaviours table<string, table> every behaviour by name, even one named like a method
---@field [string] table
local SpecScene = {}

---@param name string
---@param event string
function SpecScene:send(name, event) end

---@param action string
---@param ... any
function SpecScene:call(action, ...) end

---@param target string
---@param property any
---@param value? any
function SpecScene:set(target, property, value) end

---@param action "show"|"hide"
---@param height? number
function SpecScene:keyboard(action, height) end

---@param seconds number
function SpecScene:advance(seconds) end

---@param option string?
function SpecScene:choose(option) end

---@param name string
function SpecScene:remove(name) end

function SpecScene:dismiss() end

---@return string
function SpecScene:show() end

---@return table
function SpecScene:state() end

---@param line string
---@return any
function SpecScene:command(line) end

---@param what string
---@return table
function SpecScene:record(what) end

---@return string[]
function SpecScene:errors() end

---@return string[]
function SpecScene:trace() end

---@return table?
function SpecScene:dialog() end

---@return number
function SpecScene:now() end

---@param name string
---@return boolean
function SpecScene:exists(name) end

---@param name string
---@return table
function SpecScene:control(name) end

---@param name string
---@return table
function SpecScene:behaviour(name) end

---@param options? Behave.ExploreOptions
function SpecScene:explore(options) end

---@class Behave.SceneModule
scene = {}

---The default scene of one behaviour, as `behave run script.lua` builds it.
---`options.platform` is a scene's platform block; `options.images` a folder
---of PNG and JPEG files next to the spec, the images its names resolve to.
---@param path string
---@param inspectables? table<string, any>
---@param options? { platform?: table, images?: string }
---@return Behave.SpecScene
function scene.script(path, inspectables, options) end

---A scene file.
---@param path string
---@return Behave.SpecScene
function scene.load(path) end

---A scene described as a Lua table.
---@param description table
---@return Behave.SpecScene
function scene.new(description) end

