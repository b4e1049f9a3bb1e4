// Every standard filter, with the edge cases Liquid's documentation gives
// (https://shopify.github.io/liquid/filters/<name>/ for each).

import Foundation
import PushSimLiquid
import Testing

@Suite struct LiquidStringFilterTests {
    /// https://shopify.github.io/liquid/filters/append/, /prepend/
    @Test func appendPrepend() throws {
        #expect(try liquid("{{ 'a' | append: 'b' }}{{ 'c' | prepend: 1 }}{{ nil | append: 'x' }}") == "ab1cx")
    }

    /// https://shopify.github.io/liquid/filters/capitalize/, /downcase/, /upcase/
    @Test func caseFilters() throws {
        #expect(try liquid("{{ 'my GREAT title' | capitalize }}|{{ 'AbC' | downcase }}|{{ 'ÄbC' | upcase }}") == "My great title|abc|ÄBC")
        #expect(try liquid("{{ '' | capitalize }}") == "")
    }

    /// https://shopify.github.io/liquid/filters/escape/, /escape_once/
    @Test func escapeFilters() throws {
        #expect(try liquid("{{ s | escape }}", ["s": "<p a='1'>&\"</p>"]) == "&lt;p a=&#39;1&#39;&gt;&amp;&quot;&lt;/p&gt;")
        #expect(try liquid("{{ '1 &lt; 2 & 3 &#39; &amp;' | escape_once }}") == "1 &lt; 2 &amp; 3 &#39; &amp;")
        #expect(try liquid("{{ nil | escape }}") == "")
    }

    /// https://shopify.github.io/liquid/filters/strip/, /lstrip/, /rstrip/
    @Test func stripFilters() throws {
        #expect(try liquid("[{{ '  \n a b \t ' | strip }}][{{ '  a ' | lstrip }}][{{ ' a  ' | rstrip }}]") == "[a b][a ][ a]")
    }

    /// https://shopify.github.io/liquid/filters/newline_to_br/, /strip_newlines/
    @Test func newlines() throws {
        #expect(try liquid("{{ s | newline_to_br }}", ["s": "a\nb\r\nc"]) == "a<br />\nb<br />\nc")
        #expect(try liquid("{{ s | strip_newlines }}", ["s": "a\nb\r\nc"]) == "abc")
    }

    /// https://shopify.github.io/liquid/filters/strip_html/
    @Test func stripHTML() throws {
        let s: LiquidValue = "Have <em>you</em> read <script>x()</script><style>p{}</style><!-- c\n -->Ulysses<br/>?"
        #expect(try liquid("{{ s | strip_html }}", ["s": s]) == "Have you read Ulysses?")
        #expect(try liquid("{{ '1 < 2' | strip_html }}") == "1 < 2")
    }

    /// https://shopify.github.io/liquid/filters/remove/, /remove_first/, /remove_last/
    @Test func removeFilters() throws {
        let s = "'I strained to see the train through the rain'"
        #expect(try liquid("{{ \(s) | remove: 'rain' }}") == "I sted to see the t through the ")
        #expect(try liquid("{{ \(s) | remove_first: 'rain' }}") == "I sted to see the train through the rain")
        #expect(try liquid("{{ \(s) | remove_last: 'rain' }}") == "I strained to see the train through the ")
    }

    /// https://shopify.github.io/liquid/filters/replace/, /replace_first/, /replace_last/
    @Test func replaceFilters() throws {
        #expect(try liquid("{{ 'a-b-c' | replace: '-', '+' }}|{{ 'a-b-c' | replace_first: '-', '+' }}|{{ 'a-b-c' | replace_last: '-', '+' }}") == "a+b+c|a+b-c|a-b+c")
        #expect(try liquid("{{ 'abc' | replace: '', '.' }}|{{ 'abc' | replace: 'b' }}") == ".a.b.c.|ac")
        #expect(liquidError("{{ 'abc' | replace_last: 'b' }}")?.message == "The 'replace_last' filter takes 2 arguments, not 1")
    }

    /// https://shopify.github.io/liquid/filters/split/: " " splits on whitespace runs, "" into characters.
    @Test func split() throws {
        #expect(try liquid("{{ 'a,b,,c,,' | split: ',' | join: '|' }}") == "a|b||c")
        #expect(try liquid("{{ '  a  b ' | split: ' ' | join: '|' }}") == "a|b")
        #expect(try liquid("{{ 'abc' | split: '' | join: '|' }}") == "a|b|c")
        #expect(try liquid("{{ '' | split: ',' | size }}") == "0")
    }

    /// https://shopify.github.io/liquid/filters/truncate/: the ellipsis counts in the length.
    @Test func truncate() throws {
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncate: 20 }}") == "Ground control to...")
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncate: 25, ', and so on' }}") == "Ground control, and so on")
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncate: 20, '' }}") == "Ground control to Ma")
        #expect(try liquid("{{ 'abc' | truncate: 2, 'xxxx' }}|{{ 'abc' | truncate: 3 }}") == "xxxx|abc")
        #expect(liquidError("{{ 'abc' | truncate: 'x' }}")?.message == "The 'truncate' filter needs an integer, not \"x\"")
    }

    /// https://shopify.github.io/liquid/filters/truncatewords/
    @Test func truncatewords() throws {
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncatewords: 3 }}") == "Ground control to...")
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncatewords: 3, '--' }}") == "Ground control to--")
        #expect(try liquid("{{ 'Ground control to Major Tom.' | truncatewords: 3, '' }}") == "Ground control to")
        #expect(try liquid("{{ 'one  two' | truncatewords: 0 }}|{{ 'a b' | truncatewords: 5 }}") == "one...|a b")
    }

    /// https://shopify.github.io/liquid/filters/slice/: negative starts count from the end.
    @Test func slice() throws {
        #expect(try liquid("{{ 'Liquid' | slice: 0 }}{{ 'Liquid' | slice: 2 }}|{{ 'Liquid' | slice: 2, 5 }}|{{ 'Liquid' | slice: -3, 2 }}") == "Lq|quid|ui")
        #expect(try liquid("{{ a | slice: 1, 2 | join: ',' }}|{{ a | slice: -1 | join: ',' }}", ["a": [1, 2, 3]]) == "2,3|3")
        #expect(try liquid("[{{ 'abc' | slice: 5 }}][{{ 'abc' | slice: -9 }}]") == "[][]")
        #expect(liquidError("{{ 'abc' | slice: 1.5 }}")?.message == "The 'slice' filter needs an integer, not 1.5")
    }

    /// https://shopify.github.io/liquid/filters/url_encode/, /url_decode/
    @Test func url() throws {
        #expect(try liquid("{{ 'john@liquid.com a+b~' | url_encode }}") == "john%40liquid.com+a%2Bb~")
        #expect(try liquid("{{ '%27Stop%21%27+said+Fred' | url_decode }}") == "'Stop!' said Fred")
        #expect(liquidError("{{ '%ff' | url_decode }}")?.message == "The 'url_decode' filter's input does not decode to UTF-8 text")
    }

    /// https://shopify.github.io/liquid/filters/base64_encode/ and its siblings.
    @Test func base64() throws {
        #expect(try liquid("{{ 'one two three' | base64_encode }}") == "b25lIHR3byB0aHJlZQ==")
        #expect(try liquid("{{ 'b25lIHR3byB0aHJlZQ==' | base64_decode }}") == "one two three")
        #expect(try liquid("{{ '>>??' | base64_url_safe_encode }}|{{ 'Pj4_Pw' | base64_url_safe_decode }}") == "Pj4_Pw==|>>??")
        #expect(liquidError("{{ 'abc' | base64_decode }}")?.message == "The 'base64_decode' filter was given invalid base64")
    }

    /// https://shopify.github.io/liquid/filters/size/
    @Test func size() throws {
        #expect(try liquid("{{ 'héllo' | size }} {{ a | size }} {{ h | size }} {{ nil | size }}", ["a": [1, 2], "h": .object(["k": 1])]) == "5 2 1 0")
    }
}

@Suite struct LiquidMathFilterTests {
    /// https://shopify.github.io/liquid/filters/plus/, /minus/, /times/: int op int is an int, a float makes a float.
    @Test func arithmetic() throws {
        #expect(try liquid("{{ 4 | plus: 2 }} {{ 4 | minus: 2.0 }} {{ 3 | times: 2 }} {{ 0.1 | plus: 0.2 }} {{ '3' | times: '1.5' }}") == "6 2.0 6 0.3 4.5")
        #expect(try liquid("{{ 'abc' | plus: 1 }} {{ nil | minus: 1 }} {{ '12px' | plus: 1 }}") == "1 -1 13")
    }

    /// https://shopify.github.io/liquid/filters/divided_by/: integers floor, a float divisor gives a float.
    @Test func dividedBy() throws {
        #expect(try liquid("{{ 16 | divided_by: 4 }} {{ 5 | divided_by: 3 }} {{ -7 | divided_by: 2 }} {{ 20 | divided_by: 7.0 }}") == "4 1 -4 2.857142857142857")
        #expect(liquidError("{{ 1 | divided_by: 0 }}")?.message == "The 'divided_by' filter divided by 0")
        #expect(liquidError("a\n {{ 1.0 | divided_by: 0.0 }}")?.line == 2)
    }

    /// https://shopify.github.io/liquid/filters/modulo/: the sign of the divisor, as Ruby.
    @Test func modulo() throws {
        #expect(try liquid("{{ 3 | modulo: 2 }} {{ -7 | modulo: 3 }} {{ 183.357 | modulo: 12 }} {{ 10.1 | modulo: 7.0 }}") == "1 2 3.357 3.1")
        #expect(liquidError("{{ 3 | modulo: 0 }}") != nil)
    }

    /// https://shopify.github.io/liquid/filters/abs/, /ceil/, /floor/
    @Test func absCeilFloor() throws {
        #expect(try liquid("{{ -17 | abs }} {{ -1.5 | abs }} {{ '-3' | abs }} {{ 1.2 | ceil }} {{ '3.5' | ceil }} {{ -1.2 | floor }} {{ 2 | floor }}") == "17 1.5 3 2 4 -2 2")
    }

    /// https://shopify.github.io/liquid/filters/round/: no precision gives an int, a precision a float, half up.
    @Test func round() throws {
        #expect(try liquid("{{ 1.2 | round }} {{ 2.7 | round }} {{ 183.357 | round: 2 }} {{ 2.5 | round }} {{ 1.005 | round: 2 }} {{ 5 | round: 2 }}") == "1 3 183.36 3 1.01 5")
        #expect(try liquid("{{ 5.666 | round: 'x' }} {{ 1234.5 | round: -2 }}") == "6 1200")
    }

    /// https://shopify.github.io/liquid/filters/at_least/, /at_most/
    @Test func atLeastAtMost() throws {
        #expect(try liquid("{{ 4 | at_least: 5 }} {{ 4 | at_least: 3 }} {{ 4 | at_most: 3.5 }} {{ 4 | at_most: 5 }}") == "5 4 3.5 4")
    }
}

@Suite struct LiquidArrayFilterTests {
    let products: LiquidObject = ["p": [
        .object(["title": "Vacuum", "type": "house", "price": 3, "avail": true]),
        .object(["title": "Spatula", "type": "kitchen", "price": 1, "avail": false]),
        .object(["title": "Cup", "type": "kitchen", "price": 2]),
    ]]

    /// https://shopify.github.io/liquid/filters/join/, /first/, /last/, /reverse/
    @Test func joinFirstLastReverse() throws {
        let scope: LiquidObject = ["a": ["x", "y", "z"]]
        #expect(try liquid("{{ a | join }}|{{ a | join: ', ' }}|{{ a | first }}{{ a | last }}|{{ a | reverse | join }}", scope) == "x y z|x, y, z|xz|z y x")
        #expect(try liquid("{{ 'abc' | first }}{{ nil | first }}{{ 12 | join: '#' }}") == "a12")
    }

    /// https://shopify.github.io/liquid/filters/concat/, /compact/, /uniq/
    @Test func concatCompactUniq() throws {
        #expect(try liquid("{{ a | concat: b | join: ',' }}", ["a": [1, 2], "b": [3]]) == "1,2,3")
        #expect(liquidError("{{ a | concat: 1 }}", ["a": [1]])?.message == "The 'concat' filter needs an array argument")
        #expect(try liquid("{{ a | compact | join: ',' }}", ["a": [1, nil, 2, nil]]) == "1,2")
        #expect(try liquid("{{ a | uniq | join: ',' }}", ["a": [1, "1", 1, 1.0, "a", "a"]]) == "1,1,1.0,a")
        #expect(try liquid("{{ p | uniq: 'type' | map: 'title' | join: ',' }}", products) == "Vacuum,Spatula")
    }

    /// https://shopify.github.io/liquid/filters/map/, /sum/
    @Test func mapSum() throws {
        #expect(try liquid("{{ p | map: 'title' | join: ',' }} {{ p | sum: 'price' }} {{ a | sum }}", products.merging(["a": [1, "2", 0.5]])) == "Vacuum,Spatula,Cup 6 3.5")
    }

    /// https://shopify.github.io/liquid/filters/sort/, /sort_natural/: nils last; sort is case-sensitive.
    @Test func sorting() throws {
        let scope: LiquidObject = ["a": ["b", "A", "c", "B"], "n": [3, nil, 1]]
        #expect(try liquid("{{ a | sort | join }}|{{ a | sort_natural | join }}|{{ n | sort | join: ',' }}", scope) == "A B b c|A b B c|1,3,")
        #expect(try liquid("{{ p | sort: 'price' | map: 'title' | join: ',' }}", products) == "Spatula,Cup,Vacuum")
        #expect(liquidError("{{ a | sort }}", ["a": [1, "x"]])?.message == "The 'sort' filter cannot compare values of different types")
    }

    /// https://shopify.github.io/liquid/filters/where/: without a value, items whose property is truthy.
    @Test func whereAndReject() throws {
        #expect(try liquid("{{ p | where: 'type', 'kitchen' | map: 'title' | join: ',' }}", products) == "Spatula,Cup")
        #expect(try liquid("{{ p | where: 'avail' | map: 'title' | join: ',' }}", products) == "Vacuum")
        #expect(try liquid("{{ p | reject: 'type', 'kitchen' | map: 'title' | join: ',' }}", products) == "Vacuum")
        #expect(try liquid("{{ p | reject: 'avail' | map: 'title' | join: ',' }}", products) == "Spatula,Cup")
    }

    /// https://shopify.github.io/liquid/filters/find/, /find_index/, /has/
    @Test func findFindIndexHas() throws {
        #expect(try liquid("{{ p | find: 'type', 'kitchen' | map: 'title' }}", products) == "Spatula")
        #expect(try liquid("{{ p | find_index: 'price', 2 }}|{{ p | find_index: 'price', 9 }}", products) == "2|")
        #expect(try liquid("{{ p | has: 'avail' }} {{ p | has: 'type', 'garden' }}", products) == "true false")
        #expect(try liquid("{{ e | has: 'x' }}", ["e": []]) == "false")
    }
}

@Suite struct LiquidDefaultAndDateFilterTests {
    /// https://shopify.github.io/liquid/filters/default/: nil, false, "" and [] take the default; allow_false keeps false.
    @Test func defaultFilter() throws {
        #expect(try liquid("{{ nil | default: 'd' }}{{ false | default: 'd' }}{{ '' | default: 'd' }}{{ a | default: 'd' }}", ["a": []]) == "dddd")
        #expect(try liquid("{{ ' ' | default: 'd' }}|{{ 0 | default: 'd' }}|{{ false | default: 'd', allow_false: true }}") == " |0|false")
        #expect(try liquid("{{ nil | default }}.") == ".")
    }

    /// https://shopify.github.io/liquid/filters/date/: strftime formats, timestamps, "now" from the caller.
    @Test func dateFormats() throws {
        #expect(try liquid("{{ 'March 14, 2016' | date: '%b %d, %y' }}") == "Mar 14, 16")
        #expect(try liquid("{{ 1152098955 | date: '%m/%d/%Y' }}|{{ '1152098955' | date: '%m/%d/%Y' }}") == "07/05/2006|07/05/2006")
        #expect(try liquid("{{ '2016-03-14T10:05:09Z' | date: '%A %B %e %H:%M:%S %j %p %I %a %u %w' }}") == "Monday March 14 10:05:09 074 AM 10 Mon 1 1")
        #expect(try liquid("{{ '2016-03-14 22:05:09 +0130' | date: '%Y-%m-%d %H:%M %z %:z %s' }}") == "2016-03-14 22:05 +0130 +01:30 1457987709")
        #expect(try liquid("{{ '2024-02-29' | date: '%F %D %-m/%-d %^b %U %W %V %G' }}") == "2024-02-29 02/29/24 2/29 FEB 08 09 09 2024")
        #expect(try liquid("{{ 0 | date: '%c|%%|%Q' }}") == "Thu Jan  1 00:00:00 1970|%|%Q")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try liquid("{{ 'now' | date: '%Y-%m-%d %H:%M' }} {{ 'today' | date: '%s' }}", now: now) == "2023-11-14 22:13 1700000000")
        #expect(try liquid("{{ 'now' | date: '%Y' }}") == "1970")
    }

    /// A value that is no date, or an empty format, comes back unchanged.
    @Test func dateLeavesNonDatesAlone() throws {
        #expect(try liquid("{{ 'not a date' | date: '%Y' }}|{{ '2016-03-14' | date: '' }}|{{ nil | date: '%Y' }}|{{ 1.5 | date: '%Y' }}") == "not a date|2016-03-14||1.5")
    }
}

@Suite struct LiquidFilterErrorTests {
    /// Shopify's strict_filters: an unknown filter is an error, as is a wrong number of arguments.
    @Test func unknownFilterAndArity() {
        #expect(liquidError("{{ 'a' |\n nosuch }}") == LiquidError(line: 2, column: 2, message: "Unknown filter 'nosuch'"))
        #expect(liquidError("{{ 'a' | upcase: 1 }}")?.message == "The 'upcase' filter takes 0 arguments, not 1")
        #expect(liquidError("{{ 'a' | append }}")?.message == "The 'append' filter takes 1 argument, not 0")
        #expect(liquidError("{{ 'a' | date }}") != nil)
    }

    @Test func filterNamesListsTheStandardFilters() {
        for name in ["abs", "date", "where", "find_index", "has", "base64_url_safe_decode", "sort_natural"] {
            #expect(LiquidTemplate.filterNames.contains(name))
        }
    }
}

extension LiquidObject {
    func merging(_ other: LiquidObject) -> LiquidObject {
        var o = self
        for (k, v) in other.pairs { o[k] = v }
        return o
    }
}
