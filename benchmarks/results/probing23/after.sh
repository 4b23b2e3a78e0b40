. .venv/bin/activate
python -m benchmarks.probing_variants --variant replied-off,engine --sets blind14,blind13,blind10 --json benchmarks/results/probing23/after_focus.json > benchmarks/results/probing23/after_focus.log 2>&1
python -m benchmarks.probing_variants --variant engine --sets blind12,blind11,blind9,blind8,blind7,blind6,blind5,blind4,blind3,blind2,blind,dev --json benchmarks/results/probing23/after_rest.json > benchmarks/results/probing23/after_rest.log 2>&1
