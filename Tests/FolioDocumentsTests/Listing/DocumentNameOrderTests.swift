import Testing

@testable import FolioDocuments

@Suite struct DocumentNameOrderTests {
    @Test func ordersNamesAsPeopleRead() {
        let names = [
            "untitled 10.txt", "Untitled 2.txt", "Untitled.txt", "apple.txt", "Apple.txt", "a01.txt", "a1.txt",
            "Garden 2.dudeldoc", "Garden.dudeldoc", "Garden.txt", "zebra", "Über.txt",
        ]
        #expect(
            names.shuffled().sorted(by: DocumentNameOrder.precedes) == [
                "a1.txt", "a01.txt", "Apple.txt", "apple.txt", "Garden.dudeldoc", "Garden.txt", "Garden 2.dudeldoc",
                "Untitled.txt", "Untitled 2.txt", "untitled 10.txt", "zebra", "Über.txt",
            ])
    }

    @Test func differentNamesNeverCompareEqual() {
        let names = ["a", "A", "a0", "a00", "a.txt", "a .txt", ".a", "a.", "1", "01", "001"]
        for lhs in names {
            for rhs in names where lhs != rhs {
                #expect(DocumentNameOrder.compare(lhs, rhs) != 0, "\(lhs) \(rhs)")
                #expect(DocumentNameOrder.compare(lhs, rhs) == -DocumentNameOrder.compare(rhs, lhs))
            }
            #expect(DocumentNameOrder.compare(lhs, lhs) == 0)
        }
    }

    @Test func comparesLongNumbersByValue() {
        #expect(DocumentNameOrder.precedes("v99999999999999999999", "v100000000000000000000"))
        #expect(DocumentNameOrder.precedes("x 9.txt", "x 10.txt"))
    }
}
