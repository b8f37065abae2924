// One of the pod's headers, kept so that its import line still resolves: FDIndexPathHeightCache, fd_indexPathHeightCache and fd_reloadDataWithoutInvalidateIndexPathHeightCache,
// declared by the TemplateLayoutCell module's generated header. See FDTemplateLayoutCell.h.

#import <UIKit/UIKit.h>
// Not when Swift imports this header (a bridging header of a mixed app): Swift code uses
// the TemplateLayoutCell module itself, and its compiles may have no module map for it.
#ifndef __swift__
@import TemplateLayoutCell;
#endif
