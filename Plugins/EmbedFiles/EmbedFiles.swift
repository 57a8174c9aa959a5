import Foundation
import PackagePlugin

/// Embeds files a target reads at run time into the target itself, so that
/// the built binary alone is the tool (nothing is looked up beside it or in
/// the checkout). For each target that uses the plugin it generates
/// `EmbeddedFiles.swift`, an internal `enum EmbeddedFiles` holding:
///
/// * every file under the target's `Lua/`, `Page/`, `Style/` and `Data/`
///   folders, named `Lua/<path>`, `Page/<path>`, `Style/<path>` and
///   `Data/<path>` (the target excludes those folders from its sources in
///   Package.swift; `Page/` holds Behave Studio's web page, `Style/` the
///   GTK host's style sheet, `Data/` tables such as BehaveScene's of GTK's
///   classes);
/// * for `BehaveLua`, the bundled behaviours: the package's `Scripts/*.lua`
///   but the specs, named `Scripts/<file>`.
///
/// The generation runs again whenever one of those files changes.
@main
struct EmbedFiles: BuildToolPlugin {
    /// The target that carries the bundled behaviours, and their folder.
    static let bundledScripts = (target: "BehaveLua", folder: "Scripts")
    /// What the runtime puts before a behaviour script's text when it
    /// compiles it (`LuaScript.chunkPrefix`; a test checks they agree), so
    /// that the chunk compiled here is the runtime's.
    static let scriptChunkPrefix = "local _ENV = ...; "

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        var files: [(name: String, url: URL)] = []
        for folder in ["Lua", "Page", "Style", "Data"] {
            files += Self.files(in: target.directoryURL.appending(path: folder), namedUnder: folder) { _ in true }
        }
        if target.name == Self.bundledScripts.target {
            let folder = context.package.directoryURL.appending(path: Self.bundledScripts.folder)
            files += Self.files(in: folder, namedUnder: Self.bundledScripts.folder, recursive: false) { name in
                name.hasSuffix(".lua") && !name.hasSuffix("_spec.lua")
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        // The tool reads `NAME=PATH` pairs and writes the Swift file; a
        // folder's chunks may be compiled with a text before each file's.
        var arguments = [output.path]
        if target.name == Self.bundledScripts.target {
            // The runtime's own Lua and the bundled scripts are loaded from
            // their compiled chunks (EmbeddedChunks); other targets' Lua is
            // embedded as text only.
            arguments += ["--compile", "--chunk-prefix", Self.bundledScripts.folder + "/", Self.scriptChunkPrefix]
        }
        arguments += files.map { "\($0.name)=\($0.url.path)" }
        return [.buildCommand(displayName: "Embedding \(files.count) files in \(target.name)",
                              executable: try context.tool(named: "EmbedFilesTool").url,
                              arguments: arguments, inputFiles: files.map(\.url), outputFiles: [output])]
    }

    /// The regular files under `folder` that `keep` accepts, in name order,
    /// each named by its path below `prefix`. Hidden files are left out.
    static func files(in folder: URL, namedUnder prefix: String, recursive: Bool = true,
                      keep: (String) -> Bool) -> [(name: String, url: URL)] {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var found: [(name: String, url: URL)] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let url = folder.appending(path: entry)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if recursive { found += files(in: url, namedUnder: prefix + "/" + entry, keep: keep) }
            } else if keep(entry) {
                found.append((prefix + "/" + entry, url))
            }
        }
        return found
    }
}
