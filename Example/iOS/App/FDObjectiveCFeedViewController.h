#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// FDTemplateLayoutCell's demo feed, written in Objective-C against the package's
/// Objective-C API exactly as the pod's README and demo used it:
/// `-fd_heightForCellWithIdentifier:configuration:`, `...cacheByIndexPath:...`,
/// `...cacheByKey:...` with blocks typed `^(FDFeedCell *cell)`, `fd_debugLogEnabled`,
/// `fd_indexPathHeightCache` and `fd_keyedHeightCache`. Building the app proves such code
/// compiles against the package's generated header unchanged, but for the import.
@interface FDObjectiveCFeedViewController : UITableViewController
@end

NS_ASSUME_NONNULL_END
