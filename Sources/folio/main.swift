import FolioCommandLine
import Glibc

let status = await FolioCLI.run(Array(CommandLine.arguments.dropFirst()), output: .standard(), input: .standard())
exit(status)
