// The pod's main header: the whole of FDTemplateLayoutCell's API. See FDTemplateLayoutCell.h.

#import <UIKit/UIKit.h>
// Not when Swift imports this header (a bridging header of a mixed app): Swift code uses
// the TemplateLayoutCell module itself, and its compiles may have no module map for it.
#ifndef __swift__
@import TemplateLayoutCell;
#endif

#import "UITableView+FDIndexPathHeightCache.h"
#import "UITableView+FDKeyedHeightCache.h"
#import "UITableView+FDTemplateLayoutCellDebug.h"

// As the pod declared it (no nullability annotations, as in the pod), so that
// `FDFeedCell *cell = [tableView fd_templateCellForReuseIdentifier:@"FDFeedCell"];`
// compiles without a warning. The TemplateLayoutCell Swift module implements the
// selector and leaves it out of its generated header, so this is its only declaration.
// Swift uses its own `fd_templateCell(forReuseIdentifier:) -> UITableViewCell!`; refined
// away here so that a bridging header importing this file adds no second Swift name.
@interface UITableView (FDTemplateLayoutCell)

/// The template cell for a registered reuse identifier, dequeued once and kept off screen.
/// A nil or unregistered identifier asserts in debug builds, as the pod's NSAssert did, and
/// answers a plain cell, not kept, in release builds.
- (__kindof UITableViewCell *)fd_templateCellForReuseIdentifier:(NSString *)identifier NS_REFINED_FOR_SWIFT;

@end
