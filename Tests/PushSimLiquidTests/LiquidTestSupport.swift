// Shared helpers for the Liquid engine's tests: render a template in one call, catch its error.

import Foundation
import PushSimLiquid

/// Parses and renders `source` with `scope`.
func liquid(_ source: String, _ scope: LiquidObject = [:], limits: LiquidLimits = .default,
            now: Date = Date(timeIntervalSince1970: 0)) throws -> String {
    try LiquidTemplate(parsing: source, limits: limits).render(scope, limits: limits, now: now)
}

/// The error parsing or rendering `source` throws, or nil when it renders.
func liquidError(_ source: String, _ scope: LiquidObject = [:], limits: LiquidLimits = .default) -> LiquidError? {
    do {
        _ = try LiquidTemplate(parsing: source, limits: limits).render(scope, limits: limits)
        return nil
    } catch {
        return error
    }
}
