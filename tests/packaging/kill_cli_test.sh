#!/usr/bin/env bash
# Crash safety with real processes: SIGKILL at random moments while cards are being answered,
# then check that the collection opens, passes PRAGMA integrity_check, and still holds every
# answer that was acknowledged (printed) before the kill.
#   kill_cli_test.sh CLI ANSWER_LOOP DEFAULT_DECK [KILLS]
# Two kinds of victim take turns: `infracards-cli --collection C answer UID GRADE --json` (one
# answer per process; it prints the review id after the commit) and answer_loop (answers in a
# loop in one process, printing each review id after its commit). Only rounds in which the
# process was still running when the signal came count as kills.
set -euo pipefail

cli="$1"
loop="$2"
deck="$3"
kills_wanted="${4:-200}"

work="$(mktemp -d "${TMPDIR:-/tmp}/infracards-kill.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/xdg"
export INFRACARDS_DEFAULT_DECK="$deck"

fail() { echo "kill_cli_test: FAIL: $*" >&2; exit 1; }

# First run creates the collection from the built-in deck at the default place, and says where.
col="$("$cli" stats --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["collection"])')" \
  || fail "the CLI cannot create a collection"
[ -f "$col" ] || fail "no collection at '$col'"
mapfile -t uids < <(sqlite3 "$col" "SELECT uid FROM cards ORDER BY id LIMIT 200")
((${#uids[@]} > 10)) || fail "the built-in deck has too few cards"
grades=(again hard good easy)

acked="$work/acked"       # every acknowledged review id, one per line
: >"$acked"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
sleep_ms() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }

# Calibration: kill points are spread over how long things take on this machine (a loaded CI
# runner can be ten times slower than a desk). A CLI answer run to its end ...
t0=$(now_ms)
"$cli" --collection "$col" answer "${uids[0]}" good --json >"$work/out" || fail "a CLI answer failed"
grep -o '"review_id":[0-9]*' "$work/out" | cut -d: -f2 >>"$acked"
cli_ms=$(($(now_ms) - t0))
# ... and answer_loop's time to its first acknowledged answer.
t0=$(now_ms)
"$loop" "$col" >"$work/out" 2>"$work/err" &
pid=$!
while ! grep -qE '^[0-9]+$' "$work/out"; do
  kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; fail "answer_loop stopped"; }
  sleep 0.01
done
loop_first_ms=$(($(now_ms) - t0))
sleep 1
kill -KILL "$pid"
{ wait "$pid"; } 2>/dev/null || true
grep -E '^[0-9]+$' "$work/out" >>"$acked" || true
echo "kill_cli_test: a CLI answer takes ${cli_ms} ms; answer_loop acknowledges its first answer" \
     "after ${loop_first_ms} ms and $(($(wc -l <"$work/out") - 1)) more in the next second"
RANDOM=20261129           # the same sequence of draws on every run
kills=0
rounds=0
cli_kills=0
loop_kills=0
while ((kills < kills_wanted)); do
  rounds=$((rounds + 1))
  ((rounds < 20 * kills_wanted)) || fail "only $kills kills in $rounds rounds"
  out="$work/out"
  if ((rounds % 2)); then
    kind=cli
    uid="${uids[RANDOM % ${#uids[@]}]}"
    "$cli" --collection "$col" answer "$uid" "${grades[RANDOM % 4]}" --json >"$out" 2>"$work/err" &
    # Anywhere from the start to half again the calibrated time of a whole answer: most runs
    # die somewhere in start-up, open, merge or the commit; some finish first.
    delay_ms=$((RANDOM % (cli_ms * 3 / 2 + 1)))
  else
    kind=loop
    "$loop" "$col" >"$out" 2>"$work/err" &
    # Anywhere from just before its first answer to a second or more of answering.
    delay_ms=$((loop_first_ms / 2 + RANDOM % (loop_first_ms + 1000)))
  fi
  pid=$!
  sleep_ms "$delay_ms"
  kill -KILL "$pid" 2>/dev/null || true
  status=0
  { wait "$pid"; } 2>/dev/null || status=$?
  # Acknowledged: whatever reached stdout before the kill.
  if [ "$kind" = cli ]; then
    grep -o '"review_id":[0-9]*' "$out" | cut -d: -f2 >>"$acked" || true
  else
    grep -E '^[0-9]+$' "$out" >>"$acked" || true
  fi
  if ((status == 137)); then
    kills=$((kills + 1))
    if [ "$kind" = cli ]; then cli_kills=$((cli_kills + 1)); else loop_kills=$((loop_kills + 1)); fi
  elif ((status != 0)); then
    cat "$work/err" >&2
    fail "round $rounds: $kind exited with $status without being killed"
  fi

  # The collection opens (quick check included) through the CLI ...
  "$cli" --collection "$col" stats --json >"$work/stats" 2>"$work/err" \
    || { cat "$work/err" >&2; fail "round $rounds ($kind, ${delay_ms} ms): the collection does not open"; }
  grep -q '"cards"' "$work/stats" || fail "round $rounds: stats printed no card count"
  # ... passes the full integrity check ...
  check="$(sqlite3 "$col" "PRAGMA integrity_check")"
  [ "$check" = ok ] || fail "round $rounds ($kind): integrity_check says: $check"
  # ... and holds every acknowledged answer.
  sqlite3 "$col" "SELECT id FROM review_log" | sort -u >"$work/stored"
  sort -u "$acked" >"$work/acked.sorted"
  lost="$(comm -23 "$work/acked.sorted" "$work/stored" | head -5 | tr '\n' ' ')"
  [ -z "$lost" ] || fail "round $rounds ($kind, ${delay_ms} ms): acknowledged review(s) missing: $lost"
done

acked_count="$(sort -u "$acked" | wc -l)"
stored_count="$(sqlite3 "$col" "SELECT count(*) FROM review_log")"
echo "kill_cli_test: $kills kills ($cli_kills CLI, $loop_kills answer_loop) in $rounds rounds;" \
     "$acked_count acknowledged answers, all present; $stored_count reviews stored"
# The test means something only if kills landed while answers were being acknowledged.
((cli_kills > 0 && loop_kills > 0)) || fail "one kind of process was never killed"
((acked_count > 100)) || fail "too few acknowledged answers ($acked_count) to mean anything"
