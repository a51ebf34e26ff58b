#!/usr/bin/env python3
"""Month (YYYY-MM) a nowcoder.com post id was created: the id is a snowflake id, (id >> 22) ms
after 2019-09-06 13:17:44 UTC (calibrated on 754653165479354368 = 2025-05-20). Ids starting 3531
are pre-migration posts and decode wrongly: do not use them."""
import datetime, sys
for a in sys.argv[1:]:
    i = int(a)
    if i < 10**15:
        print(a, "unusable (short id, not a snowflake id: use the date printed on the page)")
        continue
    if str(i).startswith("3531"):
        print(a, "unusable (pre-migration id)")
        continue
    t = datetime.datetime(2019, 9, 6, 13, 17, 44) + datetime.timedelta(milliseconds=i >> 22)
    print(a, t.strftime("%Y-%m"))
