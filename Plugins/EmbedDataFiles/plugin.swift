// The build plugin that compiles the translators' data files into TypingEcho: every `.txt` of
// Phonetics/, Localization/ and Keyboards/ and the script language's reference
// (docs/script-language.md), written by `typing-echo-embed` as one Swift file of string
// literals. A change to any of them rebuilds that file; a file added to a folder is picked up
// at the next build.
import Foundation
import PackagePlugin

@main
struct EmbedDataFiles: BuildToolPlugin {
    /// The folders whose `.txt` files are embedded, and the single files besides.
    static let folders = ["Phonetics", "Localization", "Keyboards"]
    static let files = ["docs/script-language.md"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for folder in Self.folders {
            let directory = root.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            inputs += names.filter { $0.hasSuffix(".txt") }.sorted().map { directory.appending(path: $0) }
        }
        inputs += Self.files.map { root.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) data files",
                executable: try context.tool(named: "typing-echo-embed").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
