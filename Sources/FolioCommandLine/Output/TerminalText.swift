import FolioSandbox

/// Text from files and names made safe to print on a terminal.
public enum TerminalText {
    /// `text` with control characters (including ESC, so no ANSI sequence survives) shown as `\u{…}`
    /// escapes, so a hostile file name cannot move the cursor, recolour or clear the screen.
    public static func sanitized(_ text: String) -> String {
        FileName.escapingControlCharacters(text)
    }
}
