/// The pictures' look: one font stack, one palette, shared by every picture.
enum PictureStyle {
    static let fontFamily = "-apple-system, 'Helvetica Neue', Arial, sans-serif"

    static let background = "#f6f7f9"
    static let title = "#1d1d1f"
    static let caption = "#5f6368"
    /// Labels under and beside the frames.
    static let label = "#3c4043"
    static let phoneFrame = "#1d1d1f"
    static let screen = "#ffffff"
    static let cellFill = "#ffffff"
    static let separator = "#e3e5e8"
    static let skeletonBar = "#dfe1e5"
    static let skeletonFill = "#f1f3f4"
    static let text = "#202124"
    static let secondaryText = "#80868b"
    static let author = "#1a73e8"
    static let image = "#d2e3fc"
    /// What is right, and what is wrong.
    static let good = "#188038"
    static let goodFill = "#e6f4ea"
    static let bad = "#d93025"
    static let badFill = "#fce8e6"
    /// A gap: a row taller than its content.
    static let gap = "#f9ab00"
    static let gapFill = "#fef7e0"
    /// Frame-time strips: the table's own work in a frame, and the idle precache's; a frame
    /// over budget is drawn in `bad`, its precache share in this lighter red.
    static let tableWork = "#1a73e8"
    static let precacheWork = "#34a853"
    static let overBudgetPrecache = "#f28b82"

    /// Title and caption sizes, in pixels.
    static let titleSize = 22.0
    static let captionSize = 13.0
}
