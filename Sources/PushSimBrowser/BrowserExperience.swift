// What the CLI hands the browser front end for one run: a scene and the picture layer's way of drawing it.

import PushSimApp
import PushSimCanvas
import PushSimPicture
import PushSimScreens

/// One run of an experience, built for one tab (and built again when a picker changes or a FILE does): the scene
/// exactly as `pushsim snapshot` builds it, and the drawing `snapshot` uses.
public struct BrowserExperience {
    public var scene: ScriptableScene
    public var sink: EventSink
    public var device: PictureDevice
    public var scale: Double
    /// Draw the scene at a moment on the phone.
    public var draw: (Picture, Double, PictureDevice) -> Void
    /// Where on the phone the scene's touch area is drawn at a moment (nil: the whole screen).
    public var touchTarget: ((Double, PictureDevice) -> PictureRect?)?
    /// Called when the run ends (its copy of the store removed).
    public var finish: () -> Void

    public init(scene: ScriptableScene, sink: EventSink, device: PictureDevice, scale: Double,
                draw: @escaping (Picture, Double, PictureDevice) -> Void,
                touchTarget: ((Double, PictureDevice) -> PictureRect?)? = nil, finish: @escaping () -> Void = {}) {
        self.scene = scene
        self.sink = sink
        self.device = device
        self.scale = scale
        self.draw = draw
        self.touchTarget = touchTarget
        self.finish = finish
    }

    /// The cell a point of the phone's screen (points) stands for: the inverse of the recording's touch marks, the
    /// scene's touch area (every cell unless the scene is a `TouchArea`) laid over the picture's rectangle for it, in
    /// proportion; a point outside that rectangle goes to the nearest cell on its edge.
    public static func cell(atX x: Double, y: Double, area: Rect, target: PictureRect) -> (x: Int, y: Int) {
        func place(_ v: Double, _ origin: Double, _ length: Double, _ cellOrigin: Int, _ cells: Int) -> Int {
            guard cells > 0, length > 0, v.isFinite else { return cellOrigin }
            let k = Int(((v - origin) / length * Double(cells)).rounded(.down))
            return cellOrigin + min(max(k, 0), cells - 1)
        }
        return (place(x, target.x, target.width, area.x, area.width), place(y, target.y, target.height, area.y, area.height))
    }
}

/// A picker on the page: one of the experience's options, applied by building the run again with it.
public struct BrowserPicker: Sendable, Equatable {
    public var name: String
    public var label: String
    public var values: [String]
    public var initial: String

    public init(name: String, label: String, values: [String], initial: String) {
        self.name = name
        self.label = label
        self.values = values
        self.initial = initial
    }
}
