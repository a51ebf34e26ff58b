#!/usr/bin/env python3
"""Prints one line per variant from infracards-kernels JSON results (for logs and reports)."""
import json
import sys

for path in sys.argv[1:]:
    try:
        with open(path) as f:
            r = json.load(f)
    except Exception as e:  # a crashed run leaves an empty or partial file
        print(f"{path}: unreadable ({e})")
        continue
    d = r.get("demo", {})
    print(f"== {d.get('id')} ({r.get('device', {}).get('name')}) limit: {r.get('limit', {}).get('value')} "
          f"{r.get('limit', {}).get('unit')} error: {r.get('error')}")
    for v in r.get("variants", []):
        m, t = v["metric"], v["time_ms"]
        ratio = v.get("ratio")
        print(f"  {v['id']:<18} {t['median'] if t['median'] is not None else float('nan'):>10.4f} ms "
              f"{m['value'] if m['value'] is not None else float('nan'):>10.4g} {m['unit']:<8} "
              f"ratio {ratio if ratio is not None else float('nan'):.3f} "
              f"ok={v['correctness']['passed']} {json.dumps(v.get('extra', {}))}")
    for t in r.get("targets", []):
        print(f"  target {t['variant']}: {t['value']} (>= {t['threshold']}) met={t['met']}")
    for w in r.get("warnings", []):
        print(f"  warning: {w}")
