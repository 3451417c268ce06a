print("FilesBenchmarks: see Benchmarks/RESULTS.md")
