#!/bin/sh
# Probing from the last set back (beside run_rest.sh, which runs them from dev on), for the deadline.
R=benchmarks/results/newer18
for s in dev blind blind10 blind9 blind8 blind7 blind6 blind5 blind4 blind3 blind2; do
  [ -f $R/probing_$s.json ] && continue
  nice -n 10 .venv/bin/python -m benchmarks.probing --data benchmarks/data/probing_$s.json --json $R/probing_${s}.json > $R/probing_${s}.txt 2>&1
done
