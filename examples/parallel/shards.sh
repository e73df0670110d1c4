#!/bin/sh
# GNU parallel: forsyth on N shards at once, outputs in shard order on standard output; byte for
# byte the output of one `forsyth ARGS INPUTS` run. The inputs may be one big file or a directory
# (--shard cuts the inputs taken as one sequence of bytes, so a directory's files are shared out
# too, and a file may be cut between two shards).
#
#   sh examples/parallel/shards.sh N ARGS... INPUTS...     e.g.  sh shards.sh 8 fens --format csv big.pgn > fens.csv
#
# FORSYTH names the program (default: forsyth), e.g. FORSYTH="node dist/bin/main.js"; JOBS the
# number of shards run at once (default: one per CPU core). -k keeps the outputs in shard order.
set -eu
n=$1
shift
seq "$n" | parallel --will-cite -k -j "${JOBS:-100%}" ${FORSYTH:-forsyth} "$@" --shard "{}/$n"
