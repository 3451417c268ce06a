"""Runs the browser tests in several processes at once (FOLIO_BROWSER_JOBS, default 2), each with
its own Chromium and its own servers: the test classes are dealt out by their number of tests,
largest first, and each process runs its share with unittest. Exits non-zero when any test fails;
each process's report is printed whole, one after the other."""

import os
import subprocess
import sys
import tempfile
import unittest


def classes(suite):
    """Every test class of the suite, as `module.Class`, with its number of tests."""
    found = {}
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            for name, count in classes(item).items():
                found[name] = found.get(name, 0) + count
        else:
            name = f"{type(item).__module__}.{type(item).__name__}"
            found[name] = found.get(name, 0) + 1
    return found


def main():
    jobs = max(1, int(os.environ.get("FOLIO_BROWSER_JOBS", "2")))
    suite = unittest.defaultTestLoader.discover(".", pattern="test_*.py")
    counts = classes(suite)
    shares = [[] for _ in range(jobs)]
    loads = [0] * jobs
    for name, count in sorted(counts.items(), key=lambda item: -item[1]):
        lightest = loads.index(min(loads))
        shares[lightest].append(name)
        loads[lightest] += count
    processes = []
    for share in shares:
        if not share:
            continue
        log = tempfile.TemporaryFile(mode="w+")
        process = subprocess.Popen([sys.executable, "-m", "unittest", *share], stdout=log, stderr=subprocess.STDOUT)
        processes.append((process, log, share))
    failed = False
    for process, log, share in processes:
        status = process.wait()
        log.seek(0)
        print(f"== {len(share)} test classes in one process: {'passed' if status == 0 else 'FAILED'}", flush=True)
        sys.stdout.write(log.read())
        failed = failed or status != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
