// Parse errors in Shopify's strict mode, each with the line and column of the offending token
// (https://shopify.github.io/liquid/basics/introduction/ — tags and objects; strict error mode).

import PushSimLiquid
import Testing

@Suite struct LiquidParserErrorTests {
    @Test func unknownTag() {
        #expect(liquidError("a\n  {% nosuch %}") == LiquidError(line: 2, column: 3, message: "Unknown tag 'nosuch'"))
    }

    @Test func endTagWithoutABlock() {
        #expect(liquidError("x {% endfor %}") == LiquidError(line: 1, column: 3, message: "Unknown tag 'endfor'"))
        #expect(liquidError("{% else %}")?.message == "Unknown tag 'else'")
    }

    @Test func unclosedBlockPointsAtItsOpening() {
        #expect(liquidError("ab\n{% if x %}\n{% for i in a %}{% endfor %}") == LiquidError(line: 2, column: 1, message: "'if' tag was never closed"))
        #expect(liquidError("{% capture x %}")?.message == "'capture' tag was never closed")
        #expect(liquidError("{% raw %}abc")?.message == "'raw' tag was never closed")
        #expect(liquidError("{% comment %}{% comment %}{% endcomment %}")?.message == "'comment' tag was never closed")
    }

    @Test func mismatchedEndTag() {
        #expect(liquidError("{% if x %}{% endfor %}") == LiquidError(line: 1, column: 11, message: "'endfor' does not close the 'if' tag (use 'endif')"))
    }

    @Test func misplacedBranchTags() {
        #expect(liquidError("{% for i in a %}{% when 1 %}{% endfor %}")?.message == "Unknown tag 'when'")
        #expect(liquidError("{% capture a %}{% else %}{% endcapture %}")?.message == "The 'capture' tag does not take an 'else' tag")
    }

    /// The column counts characters, not bytes: "é" and "🙂" are one column each.
    @Test func columnCountsCharacters() {
        #expect(liquidError("é🙂 {{ a | }}") == LiquidError(line: 1, column: 11, message: "Expected a filter name after '|' but found the end of the tag"))
    }

    @Test func badExpressions() {
        #expect(liquidError("{{ 1 + 2 }}") == LiquidError(line: 1, column: 6, message: "Unexpected character '+'"))
        #expect(liquidError("{{ foo bar }}") == LiquidError(line: 1, column: 8, message: "Unexpected 'bar' in the tag"))
        #expect(liquidError("{{ a..b }}")?.message == "Unexpected '..' in the tag")
        #expect(liquidError("{{ a. }}")?.message == "Expected a property name after '.' but found the end of the tag")
        #expect(liquidError("{{ a[1 }}")?.message == "Expected ']' but found the end of the tag")
        #expect(liquidError("{{ 'abc }}")?.message == "A string was never closed with '")
        #expect(liquidError("{{ (1..) }}")?.message == "Expected a value but found ')'")
        #expect(liquidError("{% if %}{% endif %}")?.message == "Expected a value but found the end of the tag")
        #expect(liquidError("{% assign = 1 %}")?.message == "Expected a variable name but found '='")
        #expect(liquidError("{% assign x 1 %}")?.message == "Expected '=' after the variable name but found '1'")
    }

    @Test func forLoopSyntax() {
        #expect(liquidError("{% for i a %}{% endfor %}")?.message == "Expected 'in' after the loop variable but found 'a'")
        #expect(liquidError("{% for i in a foo: 1 %}{% endfor %}")?.message == "'foo' is not an attribute of the 'for' tag (use limit or offset)")
        #expect(liquidError("{% tablerow i in a limit 1 %}{% endtablerow %}")?.message == "Expected ':' after 'limit' but found '1'")
    }

    /// include and render need template files; this engine has none, and says so at parse time.
    @Test func includeAndRenderAreErrors() {
        #expect(liquidError("{% include 'x' %}")?.message == "The 'include' tag needs template files, which this engine does not load")
        #expect(liquidError("{% render 'x' %}")?.message == "The 'render' tag needs template files, which this engine does not load")
    }

    /// A `{% liquid %}` tag's blocks must close inside it, and it cannot close blocks opened outside.
    @Test func liquidTagBlocksStayInside() {
        #expect(liquidError("{% if true %}{% liquid endif %}")?.message == "Unknown tag 'endif'")
        #expect(liquidError("{% liquid\nif true\necho 1\n%}")?.message == "'if' tag was never closed")
        #expect(liquidError("{% liquid\n  echo 1\n  nosuch\n%}") == LiquidError(line: 3, column: 3, message: "Unknown tag 'nosuch'"))
    }

    @Test func docTakesNoArguments() {
        #expect(liquidError("{% doc x %}{% enddoc %}")?.message == "The 'doc' tag takes no arguments")
        #expect(liquidError("{% doc %}abc")?.message == "'doc' tag was never closed")
    }

    /// A message is one line however the template quotes: control characters are escaped, long values cut.
    @Test func messagesStayOnOneLine() {
        #expect(liquidError("{{ 'a' 'b\nc' }}")?.message == "Unexpected 'b\\x0Ac' (a string) in the tag")
        let long = String(repeating: "x", count: 100)
        let m = liquidError("{% if 1 < s %}{% endif %}", ["s": .string(long)])?.message ?? ""
        #expect(m.count < 70 && m.hasSuffix("…"))
    }

    @Test func errorDescriptionNamesThePosition() {
        #expect(LiquidError(line: 3, column: 7, message: "Unknown tag 'x'").description == "line 3, column 7: Unknown tag 'x'")
    }
}
