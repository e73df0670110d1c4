#!/bin/sh
# GNU parallel: forsyth on each PGN file of a directory at once, one output per file beside it
# (FILE.pgn → FILE.pgn.out), each the output of `forsyth ARGS FILE.pgn`.
#
#   sh examples/parallel/per-file.sh DIR ARGS...            e.g.  sh per-file.sh games/ fens --format ndjson
#
# FORSYTH names the program (default: forsyth); JOBS the files run at once (default: one per core).
set -eu
dir=$1
shift
find "$dir" -maxdepth 1 -type f \( -name '*.pgn' -o -name '*.pgn.gz' -o -name '*.pgn.zst' \) | sort |
  parallel --will-cite -j "${JOBS:-100%}" ${FORSYTH:-forsyth} "$@" --quiet -o {}.out {}
