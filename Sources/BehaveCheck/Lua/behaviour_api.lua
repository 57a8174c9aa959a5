-- Behave's behaviour API for lua-language-server, as `behave types` writes
-- it: the geometry a control's properties hold, a behaviour's lifecycle
-- methods and the stubs of Behave's globals. `behave types` puts this file
-- after the classes it writes from the runtime's own tables (controls, the
-- types scripts hold, and `Behave.Behaviour` with its `local Behaviour`).
-- Every global of a behaviour is defined here, and nothing else: a test
-- checks both.

---@class Behave.Point
---@field x number
---@field y number

---@class Behave.Size
---@field width number
---@field height number

---@class Behave.Rect
---@field x number
---@field y number
---@field width number
---@field height number

---Lifecycle: called once, when outlets and inspectables are set.
function Behaviour:awake() end

---Lifecycle: called after an inspectable changes.
---@param name string
---@param old any
---@param new any
function Behaviour:changed(name, old, new) end

---Lifecycle: called when the owner goes; nothing of the behaviour runs after it.
function Behaviour:destroy() end

---@class Behave.StateMachineDefinition
---@field initial string
---@field states table<string, table<string, function>>
---@field transitions table<string, string[]>
---@field invariants? table<string, fun(self: any, state: string): boolean>
local StateMachineDefinition = {}

---Makes a machine for `owner` and enters the initial state.
---@param owner any
---@return Behave.StateMachine
function StateMachineDefinition:start(owner) end

---@class Behave.StateMachine
---@field state string the current state's name (read it; do not set it)
local Machine = {}
---@param event string
---@param ... any
function Machine:fire(event, ...) end
---@param state string
function Machine:go(state) end
---@param state string
---@return boolean
function Machine:can(state) end
---@param state string
---@return boolean
function Machine:is(state) end
function Machine:check() end

---Modes: states with enter/exit and handlers, declared transitions, invariants.
---@param definition Behave.StateMachineDefinition
---@return Behave.StateMachineDefinition
function StateMachine(definition) end

---Calls `fn` once after `seconds`.
---@param seconds number
---@param fn fun()
---@return Behave.Timer
function after(seconds, fn) end

---Animates the numeric property changes `changes` makes, over `duration` seconds; returns when done.
---@param duration number
---@param changes fun()
---@param curve? Behave.Curve
function animate(duration, changes, curve) end

---@class Behave.Dialog
---@field style? "actionSheet"|"alert"
---@field title? string
---@field message? string
---@field options string[]
---@field cancel? string

---Presents a dialog and returns the chosen option, nil for cancel (pauses the handler).
---@param dialog Behave.Dialog
---@return string?
function ask(dialog) end

---Declares the script's behaviour and returns its class; the script ends with `return` of it.
---@param declaration Behave.Declaration
---@return table
function behaviour(declaration) end

---The system keyboard.
---@type Behave.Keyboard
keyboard = nil

---Writes to the trace, tagged with the behaviour (as `print` does).
---@param ... any
function log(...) end

---The scene clock's time, in seconds.
---@return number
function now() end

---@class Behave.Platform
platform = {}

---@param source Behave.Capability
---@return boolean
function platform.available(source) end

---@param capability Behave.Capability
---@return "authorized"|"denied"|"notDetermined"|"restricted"
function platform.permission(capability) end

---Asks the user (pauses the handler).
---@param capability Behave.Capability
---@return "authorized"|"denied"|"notDetermined"|"restricted"
function platform.requestPermission(capability) end

---Lets the user pick an image (pauses the handler); nil when cancelled.
---@param source Behave.Capability
---@return Behave.Image?
function platform.pickImage(source) end

function platform.openSettings() end

---Writes to the trace, tagged with the behaviour.
---@param ... any
function print(...) end

---Loads a module: `name.lua` beside the script (dots are folders:
---"ui.colors" is ui/colors.lua), else among the bundled scripts. It
---runs once per scene; every script gets the same value, read-only.
---@param name string
---@return any
function require(name) end

---Pauses the handler for `seconds` of the scene's clock.
---@param seconds number
function wait(seconds) end

