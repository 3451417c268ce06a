/// Small tables that reach the corners of the CSV, TSV and JSON readers, beside the samples and
/// csv-spectrum: byte order marks, CRLF, quotes in every position, ragged rows, nested values.
enum TableSeeds {
    static let csv: [Seed] = [
        seed("bom-crlf.csv", "\u{FEFF}name,role\r\n\"Simpson, Homer\",Father\r\n\r\nMarge,\"Mo\"\"ther\"\r\n"),
        seed("ragged.csv", "a,b,c\n1\n1,2,3,4,5\n,,\n\"\"\n"),
        seed("quotes.csv", "q\n\"a\nb\"\n\"\"\"\"\nx\"y\"z\n\"\"\n"),
        seed("no-final-newline.csv", "h1,h2\nv1,\"v2\""),
        seed("unicode.csv", "名前,ʤ\nÅngström,😀\n"),
    ]

    static let tsv: [Seed] = [
        seed("simple.tsv", "name\trole\tage\nHomer\tFather\t39\n\"Marge\tM\"\tMother\t\n"),
        seed("crlf.tsv", "a\tb\r\n1\t2\r\n"),
    ]

    static let json: [Seed] = [
        seed(
            "objects.json", #"[{"name": "Homer", "age": 39, "kids": ["Bart", "Lisa"]}, {"name": "Marge", "x": null}]"#),
        seed("arrays.json", "[[1, 2.5e3, -0], [true, false, null], [\"\\u00e9\\ud83d\\ude00\", {\"a\": {}}]]"),
        seed("values.json", "\u{FEFF}[\"a\", 1, true, null, \"\\n\\t\\\\\"]"),
        seed("nested.json", #"[{"a": [[[[{"b": [1, [2, [3]]]}]]]]}]"#),
        seed("empty.json", "[]"),
    ]

    private static func seed(_ name: String, _ text: String) -> Seed {
        Seed(name: name, bytes: Array(text.utf8))
    }
}
