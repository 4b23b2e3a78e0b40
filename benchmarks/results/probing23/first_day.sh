. .venv/bin/activate
python -m benchmarks.first_day --json benchmarks/results/probing23/first_day/first_day_dev.json > benchmarks/results/probing23/first_day/first_day_dev.txt 2>&1
python -m benchmarks.first_day --twentieth --json benchmarks/results/probing23/first_day/first_day_twentieth.json > benchmarks/results/probing23/first_day/first_day_twentieth.txt 2>&1
python -m benchmarks.first_day --nineteenth --json benchmarks/results/probing23/first_day/first_day_nineteenth.json > benchmarks/results/probing23/first_day/first_day_nineteenth.txt 2>&1
