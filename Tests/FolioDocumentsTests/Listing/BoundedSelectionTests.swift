import Testing

@testable import FolioDocuments

@Suite struct BoundedSelectionTests {
    @Test(arguments: [0, 1, 5, 50, 200])
    func keepsTheSmallest(_ capacity: Int) {
        let values = (0..<100).map { ($0 * 37) % 100 }
        var selection = BoundedSelection<Int>(capacity: capacity, by: <)
        for value in values {
            selection.offer(value)
        }
        #expect(selection.sorted() == Array(values.sorted().prefix(capacity)))
    }
}
