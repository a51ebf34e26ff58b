#!/usr/bin/env bash
# Runs a command under a private PulseAudio server whose only devices are a null sink and a
# source fed by its monitor, so that what is played can be recorded back (the spoken-answer
# tests). Exits 77 (skipped) when pulseaudio is not installed.
set -u
if ! command -v pulseaudio >/dev/null; then
  echo "skipped: pulseaudio is not installed (scripts/setup.sh test installs it)"
  exit 77
fi
runtime="$(mktemp -d)"
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime" PULSE_RUNTIME_PATH="$runtime/pulse" HOME="$runtime"
pulseaudio --daemonize=yes --exit-idle-time=-1 -n \
  --load="module-null-sink sink_name=infracards_test" \
  --load="module-remap-source master=infracards_test.monitor source_name=infracards_mic" \
  --load="module-native-protocol-unix" \
  --log-target=file:"$runtime/pulseaudio.log"
for _ in $(seq 50); do
  pactl info >/dev/null 2>&1 && break
  sleep 0.1
done
# Qt lists no monitor source as a microphone: the remapped copy of the monitor is the input.
pactl set-default-source infracards_mic >/dev/null 2>&1
"$@"
rc=$?
pulseaudio --kill 2>/dev/null
rm -rf "$runtime"
exit $rc
