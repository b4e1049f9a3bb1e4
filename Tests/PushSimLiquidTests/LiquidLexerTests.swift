// Text, outputs and tags as the lexer splits them, and whitespace control
// (https://shopify.github.io/liquid/basics/whitespace/).

import PushSimLiquid
import Testing

@Suite struct LiquidLexerTests {
    @Test func plainTextIsCopied() throws {
        #expect(try liquid("Hello, world { } % }}") == "Hello, world { } % }}")
        #expect(try liquid("") == "")
    }

    @Test func outputsAndTagsBetweenText() throws {
        #expect(try liquid("a{{ 1 }}b{% if true %}c{% endif %}d") == "a1bcd")
    }

    /// https://shopify.github.io/liquid/basics/whitespace/: `{{-`/`{%-` strip whitespace (newlines too) before,
    /// `-}}`/`-%}` after.
    @Test func whitespaceControlStripsBothSides() throws {
        #expect(try liquid("a  \n {{- 'b' -}} \n\t c") == "abc")
        #expect(try liquid("x\n{%- assign y = 1 -%}\n  z") == "xz")
        #expect(try liquid("x\n{% assign y = 1 -%}\n  z") == "x\nz")
        #expect(try liquid("x\n  {%- assign y = 1 %}\nz") == "x\nz")
    }

    @Test func whitespaceControlInsideABlock() throws {
        let t = "<ul>\n{%- for i in (1..2) %}\n  <li>{{ i }}</li>\n{%- endfor %}\n</ul>"
        #expect(try liquid(t) == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>")
    }

    /// https://shopify.github.io/liquid/tags/template/#raw: the body is not parsed.
    @Test func rawBodyIsVerbatim() throws {
        #expect(try liquid("{% raw %}{{ x }} {% if %} %}{% endraw %}!") == "{{ x }} {% if %} %}!")
        // The tags' `-` trims the text outside; the body itself stays verbatim (Liquid's Raw#parse).
        #expect(try liquid("x {%- raw -%} y {%- endraw -%} z") == "x" + " y " + "z")
    }

    /// https://shopify.github.io/liquid/tags/template/#comment: the body is skipped, nested comments count.
    @Test func commentsNestAndSkipTheirBody() throws {
        #expect(try liquid("a{% comment %}{% if %}{{ x }}{% comment %}{% endcomment %}{% endcomment %}b") == "ab")
        #expect(try liquid("a{% comment %}{% raw %}{% endcomment %}{% endraw %}{% endcomment %}b") == "ab")
    }

    /// https://shopify.github.io/liquid/tags/template/#inline-comments
    @Test func inlineComments() throws {
        #expect(try liquid("a{% # note %}b{%# tight %}c") == "abc")
        #expect(try liquid("{%-\n  # one\n  # two\n-%}x") == "x")
        #expect(liquidError("{% # one\n two %}")?.message == "Each line of an inline comment must start with '#'")
    }

    @Test func outputStartInAStringLiteral() throws {
        #expect(try liquid("{{ '{{' }}") == "{{")
    }

    @Test func unterminatedOutputAndTagAreErrors() {
        let o = liquidError("ab\n cd {{ x")
        #expect(o == LiquidError(line: 2, column: 5, message: "'{{' was never closed with '}}'"))
        let t = liquidError("{% if x")
        #expect(t == LiquidError(line: 1, column: 1, message: "'{%' was never closed with '%}'"))
    }
}
