// TemplateLayoutCell: FDTemplateLayoutCell's API for UITableView, on a platform-neutral
// engine.
//
// Layers:
// - TemplateLayoutEngine (re-exported below) holds every decision: the caches, how table
//   updates move heights, the sizing rules, layout contexts. It builds and is tested
//   everywhere Foundation does.
// - This module is the thin UIKit layer: it reads what a UITableView reports, lays out
//   template cells, and turns UIKit calls into engine calls. Every UIKit file is inside
//   `#if canImport(UIKit)`.
//
// Naming: the `fd_` prefix marks what UIKit types and the Objective-C runtime see, that
// is the public API on UITableView and UITableViewCell (FDTemplateLayoutCell's names, so
// that moving from the pod changes only the import). UIKit's own update methods keep
// their selectors (see UpdateTracking). Everything else uses plain Swift names.

// Re-exported because this module's public API names engine types (`PersistentHeightStore`,
// `SkeletonSection`, `SkeletonAppearance`, `SkeletonLayoutCache`, `TableHeightStatistics`)
// and apps should need one import to use it. Only the engine's public types travel: its
// machinery (sizing rules, planners, row plans, ...) is `package`, invisible to apps. The
// same underscored attribute swift-collections' `Collections` module uses; a plain
// `public import` would not make the names visible to the app.
@_exported import TemplateLayoutEngine
