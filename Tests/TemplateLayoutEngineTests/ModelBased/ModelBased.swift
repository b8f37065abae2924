import Testing

/// The model-based tests: the engine checked against `ReferenceTableModel`, an
/// independent model of `UITableView`'s updates, on hand-worked and random batches.
/// Every suite in this folder is nested here, so `swift test --filter ModelBased` runs
/// them all.
@Suite enum ModelBased {}
