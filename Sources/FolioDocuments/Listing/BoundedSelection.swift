/// The `capacity` smallest of a stream of elements, kept in a heap: what a sorted page needs
/// without holding the whole list.
///
/// Offering an element that is not among the smallest so far costs one comparison.
/// - Complexity: O(n log k) for n elements offered and a capacity of k; memory O(k).
struct BoundedSelection<Element> {
    let capacity: Int
    private let areInIncreasingOrder: @Sendable (Element, Element) -> Bool
    /// A max-heap: the largest kept element is at the root.
    private var heap: [Element] = []

    init(capacity: Int, by areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool) {
        self.capacity = max(0, capacity)
        self.areInIncreasingOrder = areInIncreasingOrder
        heap.reserveCapacity(min(self.capacity, 4096))
    }

    /// Keeps `element` if it is among the `capacity` smallest so far.
    mutating func offer(_ element: Element) {
        guard capacity > 0 else { return }
        if heap.count < capacity {
            heap.append(element)
            siftUp(heap.count - 1)
        } else if let largest = heap.first, areInIncreasingOrder(element, largest) {
            heap[0] = element
            siftDown(0)
        }
    }

    /// Whether an element would be kept, told by whether it comes before `largest`, the largest
    /// kept so far (asked only once the selection is full): a candidate that is not an element yet
    /// is made one only when it is kept.
    func admits(precedingLargest precedes: (_ largest: Element) -> Bool) -> Bool {
        guard capacity > 0 else { return false }
        guard heap.count == capacity, let largest = heap.first else { return true }
        return precedes(largest)
    }

    /// Keeps those of `other`'s elements that are among the `capacity` smallest of both: two
    /// selections of parts of one stream make the selection of the whole.
    mutating func merge(_ other: BoundedSelection) {
        for element in other.heap {
            offer(element)
        }
    }

    /// The elements kept, smallest first.
    func sorted() -> [Element] {
        heap.sorted(by: areInIncreasingOrder)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard areInIncreasingOrder(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count && areInIncreasingOrder(heap[largest], heap[left]) { largest = left }
            if right < heap.count && areInIncreasingOrder(heap[largest], heap[right]) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}

extension BoundedSelection: Sendable where Element: Sendable {}
