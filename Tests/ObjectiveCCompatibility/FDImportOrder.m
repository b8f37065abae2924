// FDMixedImports.m with the imports the other way round; see there.

@import FDTemplateLayoutCell;
@import TemplateLayoutCell;

@interface FDImportOrderCell : UITableViewCell
@end

@implementation FDImportOrderCell
@end

FDImportOrderCell *FDImportOrderTemplate(UITableView *tableView);

FDImportOrderCell *FDImportOrderTemplate(UITableView *tableView) {
    FDKeyedHeightCache *cache = [FDKeyedHeightCache new];
    [cache cacheHeight:[tableView fd_heightForCellWithIdentifier:@"cell" configuration:nil] byKey:@"k"];
    return [tableView fd_templateCellForReuseIdentifier:@"cell"];
}
