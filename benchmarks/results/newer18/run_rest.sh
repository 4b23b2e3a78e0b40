#!/bin/sh
R=benchmarks/results/newer18
P=".venv/bin/python"
D=benchmarks/data
nice -n 10 $P -m benchmarks.colloquial_report --embedder multilingual --json $R/colloquial.json $D/colloquial_dev.json $D/colloquial_blind.json $D/colloquial_blind2.json $D/colloquial_blind3.json $D/colloquial_blind4.json $D/colloquial_blind5.json $D/colloquial_blind7.json $D/colloquial_blind8.json > $R/colloquial.txt 2>&1
nice -n 10 $P -m benchmarks.colloquial_report --embedder multilingual --json $R/colloquial_blind.json $D/colloquial_blind6.json $D/colloquial_blind9.json $D/colloquial_blind10.json $D/colloquial_blind11.json $D/colloquial_blind12.json $D/colloquial_blind13.json $D/colloquial_blind14.json $D/colloquial_blind15.json > /dev/null 2>&1
for s in dev blind blind2 blind3 blind4 blind5 blind6 blind7 blind8 blind9 blind10; do
  nice -n 10 $P -m benchmarks.probing --data benchmarks/data/probing_$s.json --json $R/probing_$s.json > $R/probing_$s.txt 2>&1
done
echo done > $R/run_checks.done
