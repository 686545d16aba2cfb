#!/usr/bin/env python3
"""Reads `almanac serve`'s ?format=j1 with pywttr, a wttr.in client from the registry that no one
here wrote (its pydantic models check every member and type), and prints what it parsed as one
JSON line. Run by Tests/BinaryTests/ServeTests+WttrJSON.swift with .build/wttr-client's Python
(scripts/install-deps.sh makes it).

Usage: wttr-client.py BASE_URL PLACE    (exit 3 and the status on an HTTP error)
"""
import json
import sys

import httpx2
import pywttr

base, place = sys.argv[1], sys.argv[2]
try:
    with pywttr.Wttr(base_url=base) as wttr:
        model = wttr.weather(place)
except httpx2.HTTPStatusError as error:
    print(json.dumps({"status": error.response.status_code}))
    sys.exit(3)
now = model.current_condition[0]
print(json.dumps({
    "temp_c": now.temp_c,
    "temp_f": now.temp_f,
    "code": now.weather_code,
    "desc": now.weather_desc[0].value,
    "area": model.nearest_area[0].area_name[0].value,
    "country": model.nearest_area[0].country[0].value,
    "dates": [day.date for day in model.weather],
    "max_c": [day.maxtemp_c for day in model.weather],
    "slots": [[slot.time for slot in day.hourly] for day in model.weather],
    "sunrise": model.weather[0].astronomy[0].sunrise,
}))
