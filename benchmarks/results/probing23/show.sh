. .venv/bin/activate
python -m benchmarks.probing_joined show blind14 o1,o2,o6,o13,s7,s17 engine > benchmarks/results/probing23/show_blind14.txt 2>&1
python -m benchmarks.probing_joined show blind13 o6,o8,s10,s13 engine > benchmarks/results/probing23/show_blind13.txt 2>&1
python -m benchmarks.probing_joined show blind10 o1,o3,o13 engine > benchmarks/results/probing23/show_blind10.txt 2>&1
