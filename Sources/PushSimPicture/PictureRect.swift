// A rectangle in points (the phone's coordinate space), for laying out pictures.

public struct PictureRect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    public func insetBy(dx: Double, dy: Double) -> PictureRect {
        PictureRect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    public func offsetBy(dx: Double = 0, dy: Double = 0) -> PictureRect {
        PictureRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
