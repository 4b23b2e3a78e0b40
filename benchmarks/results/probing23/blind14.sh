. .venv/bin/activate
python -m benchmarks.probing --data benchmarks/data/probing_blind14.json --json benchmarks/results/probing23/blind14_e5.json --misses > benchmarks/results/probing23/blind14_e5.txt 2>&1
python -m benchmarks.probing --data benchmarks/data/probing_blind14.json --embedder minilm --json benchmarks/results/probing23/blind14_minilm.json --misses > benchmarks/results/probing23/blind14_minilm.txt 2>&1
