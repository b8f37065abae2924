// Both modules in one file, in either order: the Swift module's generated header and the
// pod's headers must not declare anything twice (clang picks the first of two differing
// declarations, and rejects two definitions of a class). Compiled by
// .ci/objc-compat-check with -Wall -Wextra -Werror; it is in no SwiftPM target.

@import TemplateLayoutCell;
@import FDTemplateLayoutCell;

@interface FDMixedImportsCell : UITableViewCell
@end

@implementation FDMixedImportsCell
@end

FDMixedImportsCell *FDMixedImportsTemplate(UITableView *tableView);

FDMixedImportsCell *FDMixedImportsTemplate(UITableView *tableView) {
    // The package's own Objective-C API next to FD's.
    if (!tableView.fd_isShowingSkeleton) {
        [tableView fd_hideSkeletonAnimated:NO];
    }
    return [tableView fd_templateCellForReuseIdentifier:@"cell"];
}
