// FDTemplateLayoutCell's API for Objective-C, from the TemplateLayoutCell Swift package:
// `@import FDTemplateLayoutCell;` (or `#import "UITableView+FDTemplateLayoutCell.h"`,
// the pod's own import line; the headers keep the pod's file names).
//
// Everything is declared by the TemplateLayoutCell module's generated header, which these
// headers import (modules must be enabled, as they are by default in Xcode), except the
// one declaration Swift cannot write: `-fd_templateCellForReuseIdentifier:` returning
// `__kindof UITableViewCell *`. Nothing here is implemented in Objective-C: the Swift module
// supplies every method at run time under the pod's selectors.

#import "UITableView+FDTemplateLayoutCell.h"
#import "UITableView+FDIndexPathHeightCache.h"
#import "UITableView+FDKeyedHeightCache.h"
#import "UITableView+FDTemplateLayoutCellDebug.h"
