#!/usr/bin/env python3
"""Run forsyth on a Dask cluster: one task per shard, one output file per shard, then one merge.

    python3 examples/dask/shards.py --shards 8 --out fens.txt -- fens --format csv big.pgn

starts a distributed.LocalCluster with --workers worker processes (default 2), maps
`forsyth ARGS --shard K/N -o PARTS/part-K` over K = 1..N, and concatenates the parts in order
into --out: byte for byte the output of `forsyth ARGS` (forsyth's --shard guarantees it). To use
a real cluster, pass --scheduler tcp://host:8786 instead (every worker then needs forsyth and the
input files at the same paths). --forsyth names the program (default: forsyth on PATH), e.g.
--forsyth "node dist/bin/main.js".

Exit code: the highest of the shards' (0 fine, 1 problems found in the input, 2 usage or I/O error).
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile


def run_shard(forsyth, args, k, n, part):
    """One task: forsyth on shard k of n, written to `part`; returns (k, exit code, stderr)."""
    command = [*forsyth, *args, "--shard", f"{k}/{n}", "--quiet", "-o", part]
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return k, done.returncode, done.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: a LocalCluster)")
    parser.add_argument("--forsyth", default="forsyth")
    parser.add_argument("--out", required=True, help="the merged output")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="-- then the forsyth command and its arguments")
    options = parser.parse_args()
    args = options.args[1:] if options.args[:1] == ["--"] else options.args
    if not args:
        parser.error("give the forsyth command after --, e.g. -- fens big.pgn")

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        sys.exit("shards.py needs Dask distributed: apt-get install python3-distributed (or pip install distributed)")

    forsyth = shlex.split(options.forsyth)
    parts = tempfile.mkdtemp(prefix="forsyth-dask-")
    try:
        if options.scheduler:
            client = Client(options.scheduler)
            cluster = None
        else:
            cluster = LocalCluster(n_workers=options.workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
        n = options.shards
        paths = [os.path.join(parts, f"part-{k:05d}") for k in range(1, n + 1)]
        futures = client.map(run_shard, [forsyth] * n, [args] * n, range(1, n + 1), [n] * n, paths, pure=False)
        results = sorted(client.gather(futures))
        client.close()
        if cluster:
            cluster.close()
        worst = max(code for _, code, _ in results)
        for k, code, stderr in results:
            if stderr:
                sys.stderr.write(stderr)
            if code > 1:
                sys.stderr.write(f"shard {k}/{n} failed (exit {code})\n")
        if worst > 1:
            return worst
        # The merge: the parts in shard order, as they are.
        with open(options.out, "wb") as out:
            for path in paths:
                with open(path, "rb") as part:
                    shutil.copyfileobj(part, out)
        return worst
    finally:
        shutil.rmtree(parts, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
