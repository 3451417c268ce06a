/// Claims the first of `names` that is free: calls `claim` with each name in turn until one
/// call succeeds, going on only while they fail with `.fileExists`.
///
/// `claim` must be one atomic system call that fails when the name is taken (`linkat`,
/// `renameat2(RENAME_NOREPLACE)`, `mkdirat`, `O_CREAT | O_EXCL`), so that no check can be raced.
/// - Returns: the name claimed, or nil when every name is taken.
/// - Throws: the first failure of `claim` other than `.fileExists`.
package func claimFirstFreeName<Names: Sequence<String>>(
    of names: Names,
    _ claim: (String) throws(SystemError) -> Void
) throws(SystemError) -> String? {
    for name in names {
        do {
            try claim(name)
            return name
        } catch  where error.errno == .fileExists {
            continue
        }
    }
    return nil
}
