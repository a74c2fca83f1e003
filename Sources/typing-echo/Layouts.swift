import TypingEcho

extension ToolCommand {
    static let layouts = ToolCommand(
        name: "layouts",
        synopsis: "layouts [LOCALE]",
        summary: "draw the on-screen keyboards; with a LOCALE, every layer, alternate and key frame",
        details: """
        Without a LOCALE, draws the letters of every on-screen keyboard layout. With one (a tag such
        as pl-PL, or a language such as pl), draws that layout's layers, lists its alternates
        (touch and hold) and every key's frame in points. Keyboards are data: Keyboards/README.md.

        exit codes: 0 success, 64 usage error (an unknown LOCALE; the message lists the layouts),
        74 output not writable
        """,
        options: [],
        parse: { (reader: inout ArgumentReader) throws(UsageError) -> Action in
            let operands = try reader.readScriptArguments().operands
            guard operands.count <= 1 else { throw reader.error("takes at most one LOCALE, got \(operands.count)") }
            return { printLayouts(operands.first, stdoutClosed: $0) }
        })
}

/// `typing-echo layouts [LOCALE]`: every layout's letters, or one layout in full.
func printLayouts(_ locale: String?, stdoutClosed: WriteFailure?) -> ExitCode {
    var output = Output(descriptor: 1, failure: stdoutClosed)
    if let locale {
        guard let layout = KeyboardLayout.named(locale) else {
            let known = KeyboardLayout.all.map(\.locale).joined(separator: ", ")
            printError("typing-echo: no keyboard layout for \(ScriptErrorText.quoted(locale)); layouts: \(known)")
            return .usage
        }
        output.write(KeyboardPicture.render(layout, frames: true) + "\n")
    } else {
        for layout in KeyboardLayout.all {
            output.write(KeyboardPicture.header(layout) + "\n" + KeyboardPicture.picture(of: .letters, in: layout).joined(separator: "\n") + "\n\n")
        }
        output.write("typing-echo layouts LOCALE draws every layer, the alternates and the key frames.\n")
    }
    output.flush()
    return output.failure?.exitCode ?? .success
}
