#!/usr/bin/env bash
# p50/p95 of POST /api/jobs against a running Assay: sequential submissions over HTTP basic.
# Usage: post-jobs-p50.sh BASE_URL USER:PASSWORD [N=200]
# Jobs wait for approval (REQUIRE), so the figure is the API's own latency: validation, the job
# row and the workflow start, not the job's run.
set -euo pipefail
base=${1:?base url, e.g. http://127.0.0.1:18080}
cred=${2:?user:password}
n=${3:-200}
body='{"question":"How many accounts were opened in 1997?","approvalMode":"REQUIRE"}'
for _ in $(seq 1 10); do # warm-up
  curl -s -o /dev/null -u "$cred" -H 'Content-Type: application/json' -d "$body" "$base/api/jobs"
done
times=$(for _ in $(seq 1 "$n"); do
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -u "$cred" \
    -H 'Content-Type: application/json' -d "$body" "$base/api/jobs"
done)
bad=$(grep -vc '^201 ' <<<"$times" || true)
sorted=$(awk '{print $2}' <<<"$times" | sort -n)
p50=$(sed -n "$(((n + 1) / 2))p" <<<"$sorted")
p95=$(sed -n "$(((n * 95 + 99) / 100))p" <<<"$sorted")
echo "POST /api/jobs n=$n non-201=$bad p50=$(awk -v t="$p50" 'BEGIN{printf "%.1f", t*1000}') ms p95=$(awk -v t="$p95" 'BEGIN{printf "%.1f", t*1000}') ms"
