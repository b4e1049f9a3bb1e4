// Every tag: control flow, iteration, variables, template tags
// (https://shopify.github.io/liquid/tags/control-flow/, /tags/iteration/, /tags/variable/, /tags/template/).

import PushSimLiquid
import Testing

@Suite struct LiquidControlFlowTests {
    /// https://shopify.github.io/liquid/tags/control-flow/#if
    @Test func ifElsifElse() throws {
        let t = "{% if n == 1 %}one{% elsif n == 2 %}two{% else %}many{% endif %}"
        #expect(try liquid(t, ["n": 1]) == "one")
        #expect(try liquid(t, ["n": 2]) == "two")
        #expect(try liquid(t, ["n": 3]) == "many")
    }

    /// https://shopify.github.io/liquid/tags/control-flow/#unless
    @Test func unless() throws {
        #expect(try liquid("{% unless x %}no{% else %}yes{% endunless %}", ["x": false]) == "no")
        #expect(try liquid("{% unless x %}no{% elsif y %}y{% endunless %}", ["x": true, "y": true]) == "y")
    }

    /// https://shopify.github.io/liquid/basics/truthy-and-falsy/: only nil and false are falsy.
    @Test func truthiness() throws {
        let t = "{% if v %}T{% else %}F{% endif %}"
        for v: LiquidValue in ["", 0, 0.0, [], .object([:]), "false", true] {
            #expect(try liquid(t, ["v": v]) == "T", "\(v)")
        }
        for v: LiquidValue in [nil, false] {
            #expect(try liquid(t, ["v": v]) == "F", "\(v)")
        }
        #expect(try liquid(t) == "F")
    }

    /// https://shopify.github.io/liquid/basics/operators/
    @Test func comparisons() throws {
        func cond(_ c: String, _ scope: LiquidObject = [:]) throws -> String {
            try liquid("{% if \(c) %}T{% else %}F{% endif %}", scope)
        }
        #expect(try cond("1 == 1.0") == "T")
        #expect(try cond("'a' != 'b'") == "T")
        #expect(try cond("1 <> 1") == "F")
        #expect(try cond("2 > 1") == "T")
        #expect(try cond("2 >= 2") == "T")
        #expect(try cond("1 < 1.5") == "T")
        #expect(try cond("'abc' < 'abd'") == "T")
        #expect(try cond("nil < 1") == "F")
        #expect(try cond("x == nil") == "T")
        #expect(try cond("a == b", ["a": [1, 2], "b": [1, 2]]) == "T")
        #expect(liquidError("x\n {% if 1 < 'a' %}{% endif %}") == LiquidError(line: 2, column: 2, message: "Cannot compare 1 with \"a\""))
    }

    /// https://shopify.github.io/liquid/basics/operators/#contains
    @Test func contains() throws {
        func cond(_ c: String, _ scope: LiquidObject = [:]) throws -> String {
            try liquid("{% if \(c) %}T{% else %}F{% endif %}", scope)
        }
        #expect(try cond("'Pushwoosh' contains 'woo'") == "T")
        #expect(try cond("'a1' contains 1") == "T")
        #expect(try cond("a contains 'x'", ["a": ["x", "y"]]) == "T")
        #expect(try cond("a contains 'z'", ["a": ["x", "y"]]) == "F")
        #expect(try cond("h contains 'k'", ["h": .object(["k": 1])]) == "T")
        #expect(try cond("nothing contains 'k'") == "F")
        #expect(try cond("'abc' contains nil") == "F")
    }

    /// https://shopify.github.io/liquid/basics/operators/#order-of-operations: right to left, no precedence.
    @Test func andOrFromTheRight() throws {
        #expect(try liquid("{% if true or false and false %}T{% else %}F{% endif %}") == "T")
        #expect(try liquid("{% if false and false or true %}T{% else %}F{% endif %}") == "F")
        #expect(try liquid("{% if true and false or true %}T{% else %}F{% endif %}") == "T")
    }

    /// https://shopify.github.io/liquid/basics/types/#emptydrop and blank
    @Test func emptyAndBlank() throws {
        func cond(_ c: String, _ scope: LiquidObject = [:]) throws -> String {
            try liquid("{% if \(c) %}T{% else %}F{% endif %}", scope)
        }
        #expect(try cond("s == empty", ["s": ""]) == "T")
        #expect(try cond("a == empty", ["a": []]) == "T")
        #expect(try cond("h == empty", ["h": .object([:])]) == "T")
        #expect(try cond("x == empty") == "F")
        #expect(try cond("s == blank", ["s": "  \n"]) == "T")
        #expect(try cond("x == blank") == "T")
        #expect(try cond("f == blank", ["f": false]) == "T")
        #expect(try cond("n == blank", ["n": 0]) == "F")
        #expect(try cond("empty == s", ["s": ""]) == "T")
        #expect(try cond("s != empty", ["s": "x"]) == "T")
        #expect(try liquid("{{ empty }}{{ blank }}") == "")
    }

    /// https://shopify.github.io/liquid/tags/control-flow/#case--when
    @Test func caseWhen() throws {
        let t = "{% case x %}{% when 1, 2 %}low{% when 3 or 4 %}mid{% else %}high{% endcase %}"
        #expect(try liquid(t, ["x": 2]) == "low")
        #expect(try liquid(t, ["x": 4]) == "mid")
        #expect(try liquid(t, ["x": 9]) == "high")
        #expect(try liquid("{% case 'a' %} ignored {% when 'a' %}A{% endcase %}") == "A")
        #expect(try liquid("{% case x %}{% when empty %}E{% endcase %}", ["x": []]) == "E")
    }
}

@Suite struct LiquidIterationTests {
    /// https://shopify.github.io/liquid/tags/iteration/#for
    @Test func forOverArraysRangesHashesStrings() throws {
        #expect(try liquid("{% for x in a %}{{ x }},{% endfor %}", ["a": [1, "b", 2.5]]) == "1,b,2.5,")
        #expect(try liquid("{% for i in (1..n) %}{{ i }}{% endfor %}", ["n": 4]) == "1234")
        #expect(try liquid("{% for p in h %}{{ p[0] }}={{ p[1] }};{% endfor %}", ["h": .object(["b": 1, "a": 2])]) == "b=1;a=2;")
        #expect(try liquid("{% for c in s %}[{{ c }}]{% endfor %}", ["s": "abc"]) == "[abc]")
        #expect(try liquid("{% for i in (3..1) %}x{% else %}none{% endfor %}") == "none")
        #expect(try liquid("{% for i in nothing %}x{% else %}none{% endfor %}") == "none")
    }

    /// https://shopify.github.io/liquid/tags/iteration/#limit, #offset, #reversed, #offset-continue
    @Test func limitOffsetReversedContinue() throws {
        #expect(try liquid("{% for i in (1..6) limit: 2 offset: 3 %}{{ i }}{% endfor %}") == "45")
        #expect(try liquid("{% for i in (1..6) reversed limit: 2 %}{{ i }}{% endfor %}") == "21")
        #expect(try liquid("{% for i in (1..4), limit: 2, %}{{ i }}{% endfor %}") == "12")
        let t = "{% for i in a limit: 2 %}{{ i }}{% endfor %}|{% for i in a offset: continue limit: 2 %}{{ i }}{% endfor %}|{% for i in a offset: continue %}{{ i }}{% endfor %}"
        #expect(try liquid(t, ["a": [1, 2, 3, 4, 5]]) == "12|34|5")
    }

    /// https://shopify.github.io/liquid/objects/forloop/
    @Test func forloopObject() throws {
        let t = "{% for x in a %}{{ forloop.index }}{{ forloop.index0 }}{{ forloop.rindex }}{{ forloop.rindex0 }}{{ forloop.first }}{{ forloop.last }}{{ forloop.length }} {% endfor %}"
        #expect(try liquid(t, ["a": [7, 8]]) == "1021truefalse2 2110falsetrue2 ")
        let nested = "{% for i in (1..2) %}{% for j in (1..2) %}{{ forloop.parentloop.index }}{{ j }} {% endfor %}{% endfor %}"
        #expect(try liquid(nested) == "11 12 21 22 ")
        #expect(try liquid("{% for i in (1..1) %}{{ forloop.parentloop }}{% endfor %}{{ forloop.index }}") == "")
    }

    /// https://shopify.github.io/liquid/tags/iteration/#break and #continue
    @Test func breakAndContinue() throws {
        let t = "{% for i in (1..9) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 4 %}{% break %}{% endif %}{{ i }}{% endfor %}"
        #expect(try liquid(t) == "13")
        #expect(try liquid("{% for i in (1..1000000000) %}{{ i }}{% break %}{% endfor %}") == "1")
    }

    /// The loop variable goes out of scope after the loop; an assign inside it does not.
    @Test func loopScopes() throws {
        #expect(try liquid("{% for i in (1..2) %}{% assign last = i %}{% endfor %}{{ i }}-{{ last }}") == "-2")
        #expect(try liquid("{% assign i = 'outer' %}{% for i in (1..2) %}{% endfor %}{{ i }}") == "outer")
    }

    /// https://shopify.github.io/liquid/tags/iteration/#cycle
    @Test func cycle() throws {
        #expect(try liquid("{% for i in (1..4) %}{% cycle 'a', 'b', 'c' %}{% endfor %}") == "abca")
        #expect(try liquid("{% cycle 'g': 1, 2 %}{% cycle 'h': 1, 2 %}{% cycle 'g': 1, 2 %}") == "112")
        #expect(try liquid("{% cycle x: 'a', 'b' %}{% cycle x: 'a', 'b' %}", ["x": "k"]) == "ab")
    }

    /// https://shopify.github.io/liquid/tags/iteration/#tablerow
    @Test func tablerow() throws {
        let t = "{% tablerow i in (1..3) cols: 2 %}{{ i }}{% endtablerow %}"
        #expect(try liquid(t) == "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n<tr class=\"row2\"><td class=\"col1\">3</td></tr>\n")
        let loop = "{% tablerow i in a limit: 2 offset: 1 %}{{ tablerowloop.index }}{{ tablerowloop.col }}{{ tablerowloop.col_first }}{% endtablerow %}"
        #expect(try liquid(loop, ["a": [1, 2, 3, 4]]) == "<tr class=\"row1\">\n<td class=\"col1\">11true</td><td class=\"col2\">22false</td></tr>\n")
        #expect(try liquid("{% tablerow i in nothing %}x{% endtablerow %}") == "")
    }
}

@Suite struct LiquidVariableTagTests {
    /// https://shopify.github.io/liquid/tags/variable/#assign
    @Test func assignWithFilters() throws {
        #expect(try liquid("{% assign x = 'ab' | upcase | append: '!' %}{{ x }}") == "AB!")
        #expect(try liquid("{% assign x = y %}{{ x }}", ["y": 3]) == "3")
    }

    /// https://shopify.github.io/liquid/tags/variable/#capture
    @Test func capture() throws {
        #expect(try liquid("{% capture g %}Hi {{ n }}{% endcapture %}[{{ g }}]", ["n": "Ann"]) == "[Hi Ann]")
        #expect(try liquid("{% capture g %}  {% endcapture %}[{{ g }}]") == "[]")
    }

    /// https://shopify.github.io/liquid/tags/variable/#increment and #decrement: counters apart from assign.
    @Test func incrementAndDecrement() throws {
        #expect(try liquid("{% increment c %}{% increment c %}{% increment c %}") == "012")
        #expect(try liquid("{% decrement c %}{% decrement c %}{% increment c %}") == "-1-2-2")
        #expect(try liquid("{% assign c = 10 %}{% increment c %}{% increment c %}{{ c }}") == "0110")
        #expect(try liquid("{% increment c %}{{ c }}") == "01")
    }

    /// https://shopify.github.io/liquid/tags/template/#liquid and #echo
    @Test func liquidAndEcho() throws {
        let t = "{% liquid\nassign n = 3\nfor i in (1..n)\n  echo i | times: 2\nendfor\n# a comment\n%}"
        #expect(try liquid(t) == "246")
        #expect(try liquid("{% liquid\r\nif true\r\n echo 'x'\r\nendif %}") == "x")
        #expect(try liquid("{% echo 'a' | upcase %}") == "A")
        #expect(try liquid("{% liquid liquid echo 'nested' %}") == "nested")
    }

    /// Liquid's ifchanged: its body renders only when different from the last time.
    @Test func ifchanged() throws {
        #expect(try liquid("{% for i in a %}{% ifchanged %}{{ i }}{% endifchanged %}{% endfor %}", ["a": [1, 1, 2, 2, 1]]) == "121")
    }

    /// Liquid's doc tag: its body is neither parsed nor rendered.
    @Test func doc() throws {
        #expect(try liquid("a{% doc %}{% if {{ {% enddoc %}b") == "ab")
    }

    /// A block of only whitespace and silent tags renders nothing (Liquid's blank blocks).
    @Test func blankBlocksRenderNothing() throws {
        #expect(try liquid("[{% if true %}\n  {% assign x = 1 %}\n{% endif %}]") == "[]")
        #expect(try liquid("[{% if true %}\n  {{ '' }}\n{% endif %}]") == "[\n  \n]")
        #expect(try liquid("[{% for i in (1..3) %} {% endfor %}]") == "[]")
    }
}

@Suite struct LiquidOutputTests {
    /// https://shopify.github.io/liquid/basics/types/
    @Test func literalsAndLookups() throws {
        #expect(try liquid("{{ 'a' }}{{ \"b\" }}{{ 12 }}{{ -3 }}{{ 1.5 }}{{ true }}{{ nil }}{{ null }}") == "ab12-31.5true")
        let scope: LiquidObject = ["u": .object(["name": "Ann", "tags": ["x", "y", "z"], "a b": 1]), "k": "name", "i": 1]
        #expect(try liquid("{{ u.name }} {{ u['name'] }} {{ u[k] }} {{ u.tags[i] }} {{ u.tags[-1] }} {{ u['a b'] }}", scope) == "Ann Ann Ann y z 1")
        #expect(try liquid("{{ u.tags.size }} {{ u.tags.first }} {{ u.tags.last }} {{ u.size }}", scope) == "3 x z 3")
        #expect(try liquid("{{ missing.deep[0].x }}{{ u.nope }}", scope) == "")
        #expect(try liquid("{{ ['a b'] }}", ["a b": 5]) == "5")
    }

    /// A key named like a command wins over the command.
    @Test func keyBeatsCommand() throws {
        #expect(try liquid("{{ h.size }}", ["h": .object(["size": "big"])]) == "big")
    }

    /// Arrays print their elements joined with nothing; hashes as Ruby inspects them; ranges as a..b.
    @Test func printingCompositeValues() throws {
        #expect(try liquid("{{ a }}", ["a": [1, [2, 3], nil, "x"]]) == "123x")
        #expect(try liquid("{{ h }}", ["h": .object(["a": 1, "b": "x"])]) == "{\"a\" => 1, \"b\" => \"x\"}")
        #expect(try liquid("{{ (1..3) }}") == "1..3")
    }

    /// Ruby's Float#to_s.
    @Test func floatsPrintAsRuby() throws {
        #expect(try liquid("{{ 2.0 }} {{ 0.1 }} {{ 100.25 }}") == "2.0 0.1 100.25")
        #expect(try liquid("{{ x }} {{ y }} {{ z }}", ["x": 1e20, "y": 1e-5, "z": 123456.789]) == "1.0e+20 1.0e-05 123456.789")
        #expect(try liquid("{{ x }}", ["x": 0.0001]) == "0.0001")
    }
}
