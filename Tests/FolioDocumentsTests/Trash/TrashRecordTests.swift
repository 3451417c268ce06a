import Foundation
import Testing

@testable import FolioDocuments

@Suite struct TrashRecordTests {
    @Test func identifiersCarryTheirDeletionTime() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000.123)
        let identifier = TrashIdentifier.make(at: date)
        #expect(identifier.count == 29)
        #expect(identifier.hasPrefix("20260921T"))
        let back = try #require(TrashIdentifier.date(of: identifier))
        #expect(abs(back.timeIntervalSince(date)) < 0.001)
        #expect(TrashIdentifier.make(at: date) != identifier)
    }

    @Test func otherNamesAreNotIdentifiers() {
        for name in ["", "kept-by-someone-else", "20261129T205733.123Z-zzzzzzzz", "20261129T205733.123Z_1a2b3c4d"] {
            #expect(TrashIdentifier.date(of: name) == nil, "\(name)")
        }
    }
}
