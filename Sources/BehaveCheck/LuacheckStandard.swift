import BehaveLua

/// A `.luacheckrc` with Behave's globals (`behave check --luacheckrc`), for
/// people who also run luacheck: read from the runtime's own environment,
/// so it lists what scripts really get.
public enum LuacheckStandard {
    public static var text: String {
        var out = """
            -- Behave's globals for luacheck, written by `behave check --luacheckrc`.
            -- Behaviour scripts get the `behave` standard, spec files (*_spec.lua)
            -- `behave_spec`. `behave check` itself knows more than luacheck can:
            -- the script's outlets and inspectables, its methods, lifecycle
            -- methods, and where `:` is needed.

            stds.behave = {
              read_globals = {

            """
        out += entries(ScriptAPI.globals)
        out += """
              },
            }

            stds.behave_spec = {
              read_globals = {

            """
        var spec = ScriptAPI.sandboxGlobals
        for name in SpecAPI.globals where name != "package" { spec.updateValue(nil, forKey: name) }
        out += entries(spec)
        // A spec sets package.path and package.loaded's entries.
        let writable: Set = ["path", "cpath", "loaded", "preload"]
        let fields = SpecAPI.packageFields.map { name in
            writable.contains(name)
                ? "\(name) = { read_only = false\(name == "loaded" || name == "preload" ? ", other_fields = true" : "") }"
                : "\(name) = {}"
        }
        out += "    package = { fields = { \(fields.joined(separator: ", ")) } },\n"
        out += """
              },
            }

            std = "behave"
            max_line_length = false
            files["**/*_spec.lua"] = { std = "behave_spec" }

            """
        return out
    }

    private static func entries(_ globals: [String: [String]?]) -> String {
        var out = ""
        for name in globals.keys.sorted() where name != "_G" {
            if let fields = globals[name] ?? nil {
                out += "    \(name) = { fields = { \(fields.map { "\"\($0)\"" }.joined(separator: ", ")) } },\n"
            } else {
                out += "    \"\(name)\",\n"
            }
        }
        return out
    }
}
