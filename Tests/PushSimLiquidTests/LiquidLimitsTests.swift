// Hostile templates end with one LiquidError sentence: deep nesting, huge loops, huge output, huge templates.

import PushSimLiquid
import Testing

@Suite struct LiquidLimitsTests {
    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "{% if true %}", count: 10_000) + String(repeating: "{% endif %}", count: 10_000)
        #expect(liquidError(deep)?.message == "Blocks are nested more than 64 deep")
        let expr = "{{ " + String(repeating: "a[", count: 10_000) + "0" + String(repeating: "]", count: 10_000) + " }}"
        #expect(liquidError(expr)?.message == "The expression is nested more than 64 deep")
        let liquidTags = "{% liquid " + String(repeating: "liquid ", count: 10_000) + "echo 1 %}"
        #expect(liquidError(liquidTags)?.message == "'liquid' tags are nested more than 64 deep")
    }

    @Test func nestingUpToTheLimitRenders() throws {
        let n = LiquidLimits.default.maxNestingDepth - 1
        let t = String(repeating: "{% for i in (1..1) %}", count: n) + "x" + String(repeating: "{% endfor %}", count: n)
        #expect(try liquid(t) == "x")
    }

    @Test func hugeLoopStopsAtTheIterationBudget() {
        #expect(liquidError("{% for i in (1..1000000000) %}x{% endfor %}")?.message == "The template runs more than 100000 loop iterations")
        var small = LiquidLimits.default
        small.maxLoopIterations = 10
        #expect(liquidError("{% for i in (1..5) %}{% for j in (1..5) %}{% endfor %}{% endfor %}", limits: small) != nil)
    }

    @Test func hugeOutputStopsAtTheOutputLimit() {
        let doubling = "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s }}"
        #expect(liquidError(doubling)?.message == "The 'append' filter makes a string longer than the limit of 1048576 bytes")
        let captures = "{% capture s %}xxxxxxxxxx{% endcapture %}{% for i in (1..40) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}"
        #expect(liquidError(captures)?.message == "The output is longer than the limit of 1048576 bytes")
        #expect(liquidError("{{ (1..1000000000) | join: ',' }}")?.message == "The 'join' filter makes a value larger than the limits allow")
    }

    @Test func hugeTemplateIsRefused() {
        let e = liquidError(String(repeating: "a", count: 10_000_000))
        #expect(e == LiquidError(line: 1, column: 1, message: "The template is 10000000 bytes, more than the limit of 1048576"))
    }

    @Test func longFilterChainsAreBounded() throws {
        #expect(try liquid("{{ 'a'" + String(repeating: " | upcase", count: 10_000) + " }}") == "A")
        var small = LiquidLimits.default
        small.maxFilterCalls = 100
        #expect(liquidError("{{ 'a'" + String(repeating: " | upcase", count: 101) + " }}", limits: small)?.message == "More than 100 filters in one expression")
    }

    /// A loop that copies or compares a large value again and again stops at the work budget.
    @Test func repeatedWorkOnLargeValuesIsBounded() {
        let t = "{% assign a = (1..50000) | join: ',' %}{% for i in (1..100000) %}{% assign b = a | append: 'x' %}{% endfor %}"
        #expect(liquidError(t)?.message == "The template does more work than the limit of 100000000 units")
        var small = LiquidLimits.default
        small.maxWork = 1000
        #expect(liquidError("{% if s == s %}{% endif %}", ["s": .string(String(repeating: "x", count: 600))], limits: small) != nil)
    }

    /// Limits given at render time apply to that render only.
    @Test func renderLimitsAreTheRenderers() throws {
        let t = try LiquidTemplate(parsing: "{% for i in (1..20) %}x{% endfor %}")
        var small = LiquidLimits.default
        small.maxOutputBytes = 10
        #expect(throws: LiquidError.self) { try t.render([:], limits: small) }
        #expect(try t.render([:]) == String(repeating: "x", count: 20))
    }
}
