import BehaveCore
import BehaveLua
@testable import BehaveScene
import XCTest

/// No script may change another behaviour's state. A script meets another
/// behaviour's `self` where the host hands it one: a control's `delegate`,
/// an action's sender. It reads it as data, runs none of its code and may make it a
/// delegate again, but changes nothing of it, by any way a script has.
final class OtherBehaviourTests: XCTestCase {
    private let keeper = """
        local Keeper = behaviour { outlets = { scrollView = "ScrollView" }, events = { "counted" } }

        function Keeper:awake()
          self.count = 1
          self.items = { "a" }
          self.scrollView.delegate = self
          print("own delegate is self:", self.scrollView.delegate == self)
        end

        function Keeper:bump()
          self.count = self.count + 1
        end

        function Keeper:scrollViewDidScroll()
          self:send("counted")
        end

        return Keeper

        """

    private let meddler = """
        local Meddler = behaviour { outlets = { scrollView = "ScrollView" } }

        local function try(what, fn)
          local ok, message = pcall(fn)
          print(what, ok, message)
        end

        function Meddler:meddle(keeper)
          print("reads", tostring(keeper), keeper.count, keeper.items[1], #keeper.items, keeper == self.scrollView.delegate)
          try("set", function() keeper.count = 99 end)
          try("new", function() keeper.stolen = true end)
          try("rawset", function() rawset(keeper, "count", 99) end)
          try("nested", function() keeper.items[1] = "z" end)
          try("insert", function() table.insert(keeper.items, "z") end)
          try("method", function() keeper:bump() end)
          try("metatable", function() setmetatable(keeper, nil) end)
          print("metatable", getmetatable(keeper))
          -- A view is still the behaviour it shows.
          self.scrollView.delegate = keeper
        end

        function Meddler:awake()
          self:meddle(self.scrollView.delegate)
        end

        function Meddler:counted(sender)
          self:meddle(sender)
        end

        return Meddler

        """

    func testAnotherBehavioursSelfReadsButNothingOfItChanges() throws {
        let (loaded, _) = try load("""
            controls:
              page: { type: ScrollView }
            behaviours:
              keeper: { script: keeper.lua, outlets: { scrollView: page } }
              meddler: { script: meddler.lua, outlets: { scrollView: page } }
            connections:
              - keeper.counted -> meddler.counted
            """, scripts: ["keeper.lua": keeper, "meddler.lua": meddler])
        let scene = loaded.scene
        // From the delegate (in awake), then from an action's sender.
        try scene.run("scroll page 10")
        let logs = scene.trace.entries.filter { $0.kind == .log && $0.subject == "meddler" }.map(\.message)
        let refusal = { (key: String) in
            "behaviour keeper is not this behaviour: it cannot be changed from here (setting '\(key)'); send an event of yours that the scene connects to one of its actions"
        }
        for round in 0..<2 {
            let lines = Array(logs.dropFirst(round * 9).prefix(9)).map {
                $0.replacingOccurrences(of: "[meddler] ", with: "")
                    .replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
            }
            XCTAssertEqual(lines.count, 9, "\(logs)")
            XCTAssertEqual(lines[0], "reads\tbehaviour keeper\t1\ta\t1\ttrue")
            XCTAssertEqual(lines[1], "set\tfalse\tmeddler.lua:10: " + refusal("count"))
            XCTAssertEqual(lines[2], "new\tfalse\tmeddler.lua:11: " + refusal("stolen"))
            XCTAssertEqual(lines[3], "rawset\tfalse\tmeddler.lua:12: " + refusal("count"))
            XCTAssertEqual(lines[4], "nested\tfalse\tmeddler.lua:13: " + refusal("1"))
            // At the script's line, though table.insert sets the field.
            XCTAssertEqual(lines[5], "insert\tfalse\tmeddler.lua:14: " + refusal("2"))
            // The keeper's own method runs for it alone: its code would change
            // its locals and globals, which no view guards.
            XCTAssertEqual(lines[6], "method\tfalse\tmeddler.lua:15: behaviour keeper is not this behaviour: it cannot be changed "
                           + "from here, nor its code run (calling 'bump'); send an event of yours that the scene connects to one of its actions")
            XCTAssertEqual(lines[7], "metatable\tfalse\tmeddler.lua:16: cannot change a protected metatable")
            XCTAssertEqual(lines[8], "metatable\tfalse")
        }
        XCTAssertEqual(scene.field("count", of: "keeper"), .number(1))
        XCTAssertEqual(scene.field("items", of: "keeper"), .array([.string("a")]))
        XCTAssertNil(scene.field("stolen", of: "keeper"))
        let page = try XCTUnwrap(scene.control(named: "page") as? ScrollView)
        XCTAssertTrue(page.delegate === scene.behaviour(named: "keeper"), "the view set as delegate is the keeper")
        XCTAssertTrue(scene.messages.contains("[keeper] own delegate is self:\ttrue"))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// What a behaviour has besides its fields is its own too: its timers,
    /// its connections, its events and actions, and what a table it holds
    /// hands out when called or measured.
    func testAnotherBehavioursTimersConnectionsEventsAndCallablesAreItsOwn() throws {
        let owner = """
            local Owner = behaviour { outlets = { scrollView = "ScrollView", button = "Button" }, events = { "alarm" } }

            function Owner:awake()
              self.tally = setmetatable({ n = 0 }, { __call = function(t) t.n = t.n + 1; return t end, __len = function(t) return t end })
              self.timer = after(10, function() print("timer fired") end)
              self.connection = self.button:on("touchUpInside", function() print("handler ran") end)
              self.scrollView.delegate = self
              self.chosen = { [{ n = 1 }] = true }
            end

            function Owner:stop()
              self.timer:cancel()
            end

            function Owner:scrollViewDidScroll() end

            function Owner:panic() print("panic performed") end

            return Owner

            """
        let intruder = """
            local Intruder = behaviour { outlets = { scrollView = "ScrollView" } }

            local function try(what, fn)
              local ok, message = pcall(fn)
              print(what, ok, message)
            end

            function Intruder:awake()
              local owner = self.scrollView.delegate
              try("call", function() owner.tally() end)
              try("length", function() return #owner.tally end)
              try("cancel", function() owner.timer:cancel() end)
              try("method", function() owner:stop() end)
              try("disconnect", function() owner.connection:disconnect() end)
              try("send", function() owner:send("alarm") end)
              try("sendAction", function() owner.sendAction(nil, "panic") end)
              try("key", function() for key in pairs(owner.chosen) do key.n = 99 end end)
            end

            return Intruder

            """
        let (loaded, _) = try load("""
            controls:
              page: { type: ScrollView }
              button: { type: Button }
            behaviours:
              owner: { script: owner.lua, outlets: { scrollView: page, button: button } }
              intruder: { script: intruder.lua, outlets: { scrollView: page } }
            connections:
              - owner.alarm -> screen.alarmed
            """, scripts: ["owner.lua": owner, "intruder.lua": intruder])
        let scene = loaded.scene
        try scene.run("tap button", "advance 10")
        let lines = scene.trace.entries.filter { $0.kind == .log && $0.subject == "intruder" }.map {
            $0.message.replacingOccurrences(of: "[intruder] ", with: "")
                .replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
        }
        let refusal = { (what: String) in
            "behaviour owner is not this behaviour: \(what); send an event of yours that the scene connects to one of its actions"
        }
        let unrun = { (name: String) in refusal("it cannot be changed from here, nor its code run (calling '\(name)')") }
        XCTAssertEqual(lines, [
            // Its callable table runs none of its code; `#` is the raw length.
            "call\tfalse\tintruder.lua:10: " + refusal("it cannot be changed from here, nor its code run (calling a table)"),
            "length\ttrue\t0",
            "cancel\tfalse\tintruder.lua:12: " + refusal("its timer cannot be cancelled from here"),
            // Its methods, `send` and `sendAction` among them, run for it alone.
            "method\tfalse\tintruder.lua:13: " + unrun("stop"),
            "disconnect\tfalse\tintruder.lua:14: " + refusal("its connection cannot be disconnected from here"),
            "send\tfalse\tintruder.lua:15: " + unrun("send"),
            "sendAction\tfalse\tintruder.lua:16: " + unrun("sendAction"),
            // A key of its tables is a view too.
            "key\tfalse\tintruder.lua:17: " + refusal("it cannot be changed from here (setting 'n')"),
        ])
        XCTAssertTrue(scene.messages.contains("[owner] handler ran"), "\(scene.messages)")
        XCTAssertTrue(scene.messages.contains("[owner] timer fired"), "\(scene.messages)")
        XCTAssertFalse(scene.messages.contains { $0.contains("panic performed") || $0.contains("alarmed") }, "\(scene.messages)")
        XCTAssertEqual(scene.field("tally", of: "owner"), .object([("n", .number(0))]))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// A refusal names the key a script read, and a key of the other
    /// behaviour's table may be a table whose `__tostring` is that
    /// behaviour's code: naming it must not run that code for the reader,
    /// where it ran as the reader's and could reach the reader's own `self`
    /// (a control's delegate) and change it.
    func testARefusalRunsNoCodeOfTheOtherBehaviourToNameItsKey() throws {
        let reader = """
            local Reader = behaviour { outlets = { mine = "ScrollView", theirs = "ScrollView" } }

            function Reader:awake()
              self.count = 1
              self.mine.delegate = self
            end

            function Reader:scrollViewDidScroll() end

            function Reader:inspect()
              for _, value in pairs(self.theirs.delegate) do
                if type(value) == "function" then print("call", pcall(value)) end
              end
              -- A key of the reader's own is named alike, by rawset too.
              local key = setmetatable({}, { __tostring = error })
              print("set", pcall(function() self.theirs.delegate[key] = 1 end))
              print("rawset", pcall(function() rawset(self.theirs.delegate, key, 1) end))
            end

            return Reader

            """
        let planter = """
            local Planter = behaviour { outlets = { mine = "ScrollView", theirs = "ScrollView" } }

            function Planter:awake()
              self.mine.delegate = self
              local page = self.theirs
              local key = setmetatable({}, { __tostring = function()
                print("planter code ran")
                page.delegate.count = 99
                return "key"
              end })
              self[key] = function() end
            end

            function Planter:scrollViewDidScroll() end

            return Planter

            """
        let (loaded, _) = try load("""
            controls:
              one: { type: ScrollView }
              two: { type: ScrollView }
            behaviours:
              reader: { script: reader.lua, outlets: { mine: one, theirs: two } }
              planter: { script: planter.lua, outlets: { mine: two, theirs: one } }
            """, scripts: ["reader.lua": reader, "planter.lua": planter])
        let scene = loaded.scene
        try scene.run("call reader.inspect")
        let lines = scene.trace.entries.filter { $0.kind == .log }.map {
            $0.message.replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
        }
        let fix = "send an event of yours that the scene connects to one of its actions"
        XCTAssertEqual(lines, [
            "[reader] call\tfalse\treader.lua:12: behaviour planter is not this behaviour: it cannot be changed from here, nor its code run "
                + "(calling a table key); " + fix,
            "[reader] set\tfalse\treader.lua:16: behaviour planter is not this behaviour: it cannot be changed from here (setting a table key); " + fix,
            "[reader] rawset\tfalse\treader.lua:17: behaviour planter is not this behaviour: it cannot be changed from here (setting a table key); " + fix,
        ])
        XCTAssertEqual(scene.field("count", of: "reader"), .number(1))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// Every reader of a table gets the same view, so a view must be known
    /// to `rawset` before it is kept for the next reader. A meddler that
    /// brings the memory limit to the moment between the two (the table of
    /// refusals growing, as the 1,025th view is made) had a view kept that
    /// `rawset` let it fill, and every other behaviour then read what it
    /// wrote in place of the keeper's data.
    func testAViewTheMemoryLimitCutShortIsNeverOneAnyoneCanFill() throws {
        let keeper = """
            local Keeper = behaviour { outlets = { scrollView = "ScrollView" } }

            function Keeper:awake()
              self.list = {}
              for i = 1, 4000 do self.list[i] = { i } end
              self.scrollView.delegate = self
            end

            function Keeper:scrollViewDidScroll() end

            return Keeper

            """
        let meddler = """
            local Meddler = behaviour { outlets = { scrollView = "ScrollView" } }
            local shared = require "shared"

            function Meddler:awake()
              -- A module's views are known to rawset too: its table of
              -- refusals grows before this viewer's table of views does.
              local _ = shared.settings
              self.list = self.scrollView.delegate.list
              for i = 1, 1000 do _ = self.list[i] end
              self.filler, self.used, self.chunk = {}, 0, 1 << 20
              for i = 1, 400 do self.filler[i] = false end
              self.reserve = ("r"):rep(32768)
            end

            -- Each step is a callback of its own, which the memory limit ends.
            function Meddler:step()
              if self.chunk >= 2048 then
                -- Fill the memory, halving the chunk each time it is refused.
                if self.trying then
                  self.trying, self.chunk = nil, self.chunk // 2
                  return
                end
                self.trying, self.used = true, self.used + 1
                self.filler[self.used] = ("f"):rep(self.chunk - 25)
                self.trying = nil
              elseif not self.reached then
                -- With the reserve let go, read on until a view cannot be made.
                self.reserve = nil
                for i = 1001, 4000 do
                  self.reached = i
                  local _ = self.list[i]
                end
              elseif not self.done then
                self.done, self.filler = true, nil
                for i = 1001, self.reached do
                  if pcall(rawset, self.list[i], 1, "forged") then print("filled the view of item", i) end
                end
              end
            end

            return Meddler

            """
        let onlooker = """
            local Onlooker = behaviour { outlets = { scrollView = "ScrollView" } }

            function Onlooker:look()
              local list = self.scrollView.delegate.list
              for i = 1, 4000 do
                if list[i][1] ~= i then print("item", i, "reads", list[i][1]) end
              end
            end

            return Onlooker

            """
        let fixture = try SceneFixture([
            "test.scene.yaml": """
                controls:
                  page: { type: ScrollView }
                behaviours:
                  keeper: { script: keeper.lua, outlets: { scrollView: page } }
                  meddler: { script: meddler.lua, outlets: { scrollView: page } }
                  onlooker: { script: onlooker.lua, outlets: { scrollView: page } }
                """,
            "keeper.lua": keeper, "meddler.lua": meddler, "onlooker.lua": onlooker,
            "shared.lua": "return { settings = { theme = \"light\" } }\n",
        ])
        let loaded = try SceneLoader.load(file: fixture.path("test.scene.yaml"),
                                          limits: SandboxLimits(memory: 4 << 20, instructions: 10_000_000, seconds: 10))
        let scene = loaded.scene
        for _ in 0..<80 { try scene.run("call meddler.step") }
        try scene.run("call onlooker.look")
        // The meddler got to the limit while reading: a view was cut short.
        guard case .number(let reached)? = scene.field("reached", of: "meddler") else {
            return XCTFail("the meddler never read: \(scene.messages.suffix(5))")
        }
        XCTAssertLessThan(reached, 4000, "no view met the memory limit")
        XCTAssertEqual(scene.field("done", of: "meddler"), .bool(true))
        let logs = scene.trace.entries.filter { $0.kind == .log }.map(\.message)
        XCTAssertEqual(logs, [], "a view was filled, and another behaviour read it")
    }
}

