// Objective-C asking collection-view sizes, with blocks typed by the app's cell class: it
// must compile against this package with -Wall -Wextra -Werror. Compiled (not linked or
// run) by .ci/objc-compat-check; it is in no SwiftPM target.

@import FDTemplateLayoutCell;

@interface FDCollectionCodeCell : UICollectionViewCell
@property (nonatomic, strong) UILabel *titleLabel;
@end

@implementation FDCollectionCodeCell
@end

@interface FDCollectionCodeController : UICollectionViewController <UICollectionViewDelegateFlowLayout>
@end

@implementation FDCollectionCodeController

- (CGSize)collectionView:(UICollectionView *)collectionView
                  layout:(UICollectionViewLayout *)collectionViewLayout
  sizeForItemAtIndexPath:(NSIndexPath *)indexPath {
    CGFloat width = collectionView.bounds.size.width / 2;
    if (indexPath.section == 0) {
        return [collectionView fd_sizeForCellWithIdentifier:@"card" fittingWidth:width cacheByIndexPath:indexPath
                                              configuration:^(FDCollectionCodeCell *cell) {
            cell.titleLabel.text = [NSString stringWithFormat:@"%ld", (long)indexPath.item];
        }];
    }
    NSString *chipID = [NSString stringWithFormat:@"chip-%ld", (long)indexPath.item];
    return [collectionView fd_sizeForCellWithIdentifier:@"chip" fittingHeight:32 cacheByKey:chipID configuration:^(id cell) {
        ((FDCollectionCodeCell *)cell).fd_enforceFrameLayout = NO;
    }];
}

@end
