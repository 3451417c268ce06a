/// The radius query over the zip gazetteer; measured once FolioLocation's Gazetteer is built on
/// FolioDatabase.
func gazetteerBenchmark() throws {}
