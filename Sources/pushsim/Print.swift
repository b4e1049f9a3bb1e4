// Every line the command line prints goes through here: control characters escaped, whatever the text holds.

import PushSimFiles

/// Shadows the standard library's `print` in this module, so no command prints a file name, a JSON string, a
/// listener's answer or a URL that could drive the terminal (`pushsim validate $'x\e]0;PWNED\a.json'` set the
/// window title). JSON and JUnit output are unchanged: their writers already escape controls.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(StandardStreams.escapingControls(text), terminator: StandardStreams.escapingControls(terminator))
}
