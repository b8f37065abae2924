// Objective-C written for the FDTemplateLayoutCell pod, from its README and demo, with the
// pod's own import line: it must compile unchanged against this package with
// -Wall -Wextra -Werror. Compiled (not linked or run) by .ci/objc-compat-check; it is in no
// SwiftPM target.

#import "UITableView+FDTemplateLayoutCell.h"

@interface FDPodCodeCell : UITableViewCell
@property (nonatomic, strong) UILabel *titleLabel;
@end

@implementation FDPodCodeCell
@end

@interface FDPodCodeController : UITableViewController
@end

@implementation FDPodCodeController

- (void)configureCell:(FDPodCodeCell *)cell atIndexPath:(NSIndexPath *)indexPath {
    cell.fd_enforceFrameLayout = NO;
    cell.titleLabel.text = [NSString stringWithFormat:@"%ld", (long)indexPath.row];
    if (!cell.fd_isTemplateLayoutCell) {
        // Side effects only a displayed cell needs, as the pod's header suggested.
    }
}

// The pod's README, verbatim but for the identifiers.
- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath {
    switch (indexPath.section) {
        case 0:
            return [tableView fd_heightForCellWithIdentifier:@"reuse identifier" configuration:^(id cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        case 1:
            return [tableView fd_heightForCellWithIdentifier:@"identifer" cacheByIndexPath:indexPath configuration:^(id cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        default: {
            NSString *entityID = [NSString stringWithFormat:@"entity-%ld", (long)indexPath.row];
            // Blocks typed with the app's cell class, as the pod's demo wrote them.
            return [tableView fd_heightForCellWithIdentifier:@"identifier" cacheByKey:entityID configuration:^(FDPodCodeCell *cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        }
    }
}

- (CGFloat)tableView:(UITableView *)tableView heightForHeaderInSection:(NSInteger)section {
    return [tableView fd_heightForHeaderFooterViewWithIdentifier:@"header" configuration:^(id headerFooterView) {
        (void)headerFooterView;
        (void)section;
    }];
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.tableView.fd_debugLogEnabled = YES;
    [self.tableView fd_debugLog:@"ready"];

    // The template cell is `__kindof UITableViewCell *`: no cast, no warning.
    FDPodCodeCell *template = [self.tableView fd_templateCellForReuseIdentifier:@"identifier"];
    template.titleLabel.text = @"measure me";

    // Results the pod did not mark warn_unused_result may be ignored.
    [self.tableView fd_templateCellForReuseIdentifier:@"identifier"];
    [self.tableView fd_heightForCellWithIdentifier:@"identifier" configuration:nil];
    [self.tableView.fd_indexPathHeightCache existsHeightAtIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]];

    // nil where the pod's header took objects: no nullability warning, the pod's answer.
    CGFloat zero = [self.tableView fd_heightForCellWithIdentifier:nil configuration:nil]
        + [self.tableView fd_heightForCellWithIdentifier:@"identifier" cacheByIndexPath:nil configuration:nil]
        + [self.tableView fd_heightForCellWithIdentifier:@"identifier" cacheByKey:nil configuration:nil]
        + [self.tableView.fd_keyedHeightCache heightForKey:nil];
    NSLog(@"%f", zero);
    [self.tableView.fd_keyedHeightCache invalidateHeightForKey:nil];
    [self.tableView.fd_indexPathHeightCache invalidateHeightAtIndexPath:nil];

    // The caches, on the table and standalone (`+new` and `-init`, as the pod allowed).
    FDIndexPathHeightCache *indexPathCache = self.tableView.fd_indexPathHeightCache;
    indexPathCache.automaticallyInvalidateEnabled = NO;
    [indexPathCache cacheHeight:44 byIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]];
    BOOL enabled = indexPathCache.automaticallyInvalidateEnabled;
    CGFloat height = [indexPathCache heightForIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]];
    [indexPathCache invalidateHeightAtIndexPath:[NSIndexPath indexPathForRow:0 inSection:0]];
    [indexPathCache invalidateAllHeightCache];

    FDIndexPathHeightCache *standalone = [FDIndexPathHeightCache new];
    [standalone cacheHeight:height byIndexPath:[NSIndexPath indexPathForRow:1 inSection:0]];
    FDKeyedHeightCache *keyed = [[FDKeyedHeightCache alloc] init];
    [keyed cacheHeight:80 byKey:@"post-1"];
    if ([keyed existsHeightForKey:@"post-1"] && enabled) {
        [keyed invalidateHeightForKey:@"post-1"];
    }
    [self.tableView.fd_keyedHeightCache invalidateAllHeightCache];
    [self.tableView fd_reloadDataWithoutInvalidateIndexPathHeightCache];
}

@end
