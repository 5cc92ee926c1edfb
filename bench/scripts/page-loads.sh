#!/usr/bin/env bash
# Warm page-load times of the pages people wait on, against a running Assay: the job page, the
# workflow history of a job (with its event count) and the schema browser.
# Usage: page-loads.sh BASE_URL USER:PASSWORD JOB_ID [N=30]
# Each page is fetched 5 times to warm up, then N times; prints p50 and p90 (server time to the
# last byte, over loopback). The target is under 500 ms warm.
set -euo pipefail
base=${1:?base url, e.g. http://127.0.0.1:18080}
cred=${2:?user:password (an operator, for the history page)}
job=${3:?a job id}
n=${4:-30}
measure() {
  local path=$1 label=$2
  for _ in $(seq 1 5); do curl -s -o /dev/null -u "$cred" "$base$path"; done
  local times
  times=$(for _ in $(seq 1 "$n"); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -u "$cred" "$base$path"
  done)
  local bad sorted p50 p90
  bad=$(grep -vc '^200 ' <<<"$times" || true)
  sorted=$(awk '{print $2}' <<<"$times" | sort -n)
  p50=$(sed -n "$(((n + 1) / 2))p" <<<"$sorted")
  p90=$(sed -n "$(((n * 90 + 99) / 100))p" <<<"$sorted")
  printf '%-40s n=%d non-200=%s p50=%.1f ms p90=%.1f ms\n' "$label" "$n" "$bad" \
    "$(awk -v t="$p50" 'BEGIN{print t*1000}')" "$(awk -v t="$p90" 'BEGIN{print t*1000}')"
}
events=$(curl -s -u "$cred" "$base/jobs/$job/history.json" | grep -o '"eventId"' | wc -l || true)
measure "/jobs/$job" "job page"
measure "/jobs/$job/history" "history (job workflow: $events events)"
measure "/recon" "schema page"
