// The InboxKit attributes a feed is shown with (PWIInboxAttributes), as options of `pushsim inbox`.

import ArgumentParser
import PushSimEngine

struct InboxAttributeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show every message as this card: banner, captioned, classic, carousel, video, wallet or default.", valueName: "kind"))
    var forceCellKind: String?

    @Flag(help: "pinningEnabled = false: no pinned-first order and no pin indicator.")
    var noPinning = false

    @Flag(help: "pinIndicatorVisible = false: pinned messages still sort first.")
    var noPinIndicator = false

    @Flag(help: "swipeToDeleteEnabled = false.")
    var noSwipeToDelete = false

    @Flag(help: "automaticReadOnDisappear = false: leaving does not mark the visible rows read.")
    var noReadOnDisappear = false

    @Flag(help: "pullToRefreshEnabled = false.")
    var noPullToRefresh = false

    @Flag(help: "inlineButtonsEnabled = false.")
    var noButtons = false

    @Flag(help: "enableDarkTheme = false: the light appearance.")
    var light = false

    @Option(help: ArgumentHelp("emptyMessage (default \"Your inbox is empty\").", valueName: "text"))
    var emptyMessage: String?

    @Option(help: ArgumentHelp("errorMessage (default \"Couldn't load messages\").", valueName: "text"))
    var errorMessage: String?

    func validate() throws {
        if let k = forceCellKind, InboxCellKind(rawValue: k.lowercased()) == nil {
            throw ValidationError("--force-cell-kind must be one of \(InboxCellKind.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(k)')")
        }
    }

    var attributes: InboxAttributes {
        var a = InboxAttributes()
        a.pinningEnabled = !noPinning
        a.pinIndicatorVisible = !noPinIndicator
        a.swipeToDeleteEnabled = !noSwipeToDelete
        a.automaticReadOnDisappear = !noReadOnDisappear
        a.pullToRefreshEnabled = !noPullToRefresh
        a.inlineButtonsEnabled = !noButtons
        a.enableDarkTheme = !light
        a.forceCellKind = forceCellKind.flatMap { InboxCellKind(rawValue: $0.lowercased()) }
        if let e = emptyMessage { a.emptyMessage = e }
        if let e = errorMessage { a.errorMessage = e }
        return a
    }
}
