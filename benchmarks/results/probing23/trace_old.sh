. .venv/bin/activate
python -m benchmarks.probing_trace --data benchmarks/data/probing_blind13.json --ids o6,o8,s10,s13 --reach 32 --top 8 --json benchmarks/results/probing23/trace_blind13.json > benchmarks/results/probing23/trace_blind13.txt 2>&1
python -m benchmarks.probing_trace --data benchmarks/data/probing_blind10.json --ids o1,o3,o13 --reach 32 --top 8 --json benchmarks/results/probing23/trace_blind10.json > benchmarks/results/probing23/trace_blind10.txt 2>&1
