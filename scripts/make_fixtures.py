#!/usr/bin/env python3
"""Writes the sample-data recordings under Fixtures/ in the providers' exact response shapes.

Deterministic (fixed seeds): running it twice gives the same files. The fruit catalogue is the
provider's published list (scripts/fruits.tsv); weather and prices are synthetic but shaped
and scaled like real answers, recorded as of FIXTURE_DATE.
"""
import json, math, os, random, zoneinfo, datetime as dt

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
FIXTURE_DATE = dt.date(2026, 11, 20)
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def ts(d):
    return int((d - EPOCH).total_seconds())


def write(provider, name, request, status, body=None, body_text=None, headers=None):
    folder = os.path.join(ROOT, provider)
    os.makedirs(folder, exist_ok=True)
    response = {"status": status, "headers": headers or {"content-type": "application/json"}}
    if body_text is not None:
        response["bodyText"] = body_text
    else:
        response["body"] = body
    with open(os.path.join(folder, name + ".json"), "w") as f:
        json.dump({"request": request, "response": response}, f, ensure_ascii=False, indent=1)
        f.write("\n")


# ---------------------------------------------------------------- places
CITIES = [
    # key, name, region, country, code, lat, lon, tz name, offset s, base temp °C, kind description
    ("moscow", "Moscow", "Moscow", "Russia", "RU", 55.7558, 37.6173, "Europe/Moscow", 10800, -3.0),
    ("saint-petersburg", "Saint Petersburg", "Saint Petersburg", "Russia", "RU", 59.9386, 30.3141, "Europe/Moscow", 10800, -2.0),
    ("st-petersburg-fl", "St. Petersburg", "Florida", "United States", "US", 27.7676, -82.6403, "America/New_York", -18000, 22.0),
    ("london", "London", "England", "United Kingdom", "GB", 51.5074, -0.1278, "Europe/London", 0, 9.0),
    ("new-york", "New York", "New York", "United States", "US", 40.7128, -74.0060, "America/New_York", -18000, 8.0),
    ("tehran", "Tehran", "Tehran Province", "Iran", "IR", 35.6892, 51.3890, "Asia/Tehran", 12600, 12.0),
    ("bratislava", "Bratislava", "Bratislava Region", "Slovakia", "SK", 48.1486, 17.1077, "Europe/Bratislava", 3600, 5.0),
    ("oslo", "Oslo", "Oslo", "Norway", "NO", 59.9139, 10.7522, "Europe/Oslo", 3600, 1.0),
]
CONDITIONS = [
    (800, "Clear", "clear sky", "01"), (801, "Clouds", "few clouds", "02"), (802, "Clouds", "scattered clouds", "03"),
    (804, "Clouds", "overcast clouds", "04"), (500, "Rain", "light rain", "10"), (501, "Rain", "moderate rain", "10"),
    (600, "Snow", "light snow", "13"), (701, "Mist", "mist", "50"),
]


def sun_times(day, lat, lon):
    n = day.timetuple().tm_yday
    decl = math.radians(-23.44 * math.cos(math.radians(360 / 365 * (n + 10))))
    x = -math.tan(math.radians(lat)) * math.tan(decl)
    half = math.degrees(math.acos(max(-1, min(1, x)))) / 15
    noon = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc) + dt.timedelta(hours=12 - lon / 15)
    return ts(noon - dt.timedelta(hours=half)), ts(noon + dt.timedelta(hours=half))


def condition(rng, temp):
    c = rng.choice(CONDITIONS)
    if c[1] == "Snow" and temp > 2:
        c = CONDITIONS[4]
    if c[1] == "Rain" and temp < -1:
        c = CONDITIONS[6]
    return c


def weather_list(c, night=False):
    return [{"id": c[0], "main": c[1], "description": c[2], "icon": c[3] + ("n" if night else "d")}]


def precip(c, rng):
    return round(rng.uniform(0.2, 3.5), 2) if c[1] in ("Rain", "Snow") else 0


def temp_at(base, day_index, hour_local, rng):
    swing = 3.5 * math.sin((hour_local - 9) / 24 * 2 * math.pi)
    return round(base + 2.5 * math.sin(day_index / 3.0) + swing + rng.uniform(-0.6, 0.6), 2)


def onecall(city, rng):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    start = dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.timezone.utc)
    sunrise, sunset = sun_times(FIXTURE_DATE, lat, lon)
    local_hour = (start.hour + offset / 3600) % 24
    t = temp_at(base, 0, local_hour, rng)
    c = condition(rng, t)
    current = {"dt": ts(start), "sunrise": sunrise, "sunset": sunset, "temp": t, "feels_like": round(t - 3.1, 2),
               "pressure": rng.randint(1002, 1030), "humidity": rng.randint(55, 95), "dew_point": round(t - 4.2, 2),
               "uvi": round(rng.uniform(0, 2.5), 2), "clouds": rng.randint(0, 100), "visibility": 10000,
               "wind_speed": round(rng.uniform(1, 8), 2), "wind_deg": rng.randint(0, 359), "weather": weather_list(c)}
    if c[1] == "Rain":
        current["rain"] = {"1h": precip(c, rng)}
    if c[1] == "Snow":
        current["snow"] = {"1h": precip(c, rng)}
    if key == "moscow":
        del current["visibility"]          # comes and goes without notice
    else:
        current["wind_gust"] = round(current["wind_speed"] * 1.6, 2)
    hourly = []
    for h in range(48):
        moment = start.replace(minute=0) + dt.timedelta(hours=h)
        lh = (moment.hour + offset / 3600) % 24
        ht = temp_at(base, h / 24, lh, rng)
        hc = condition(rng, ht) if h % 5 == 0 or not hourly else CONDITIONS[[x[0] for x in CONDITIONS].index(hourly[-1]["weather"][0]["id"])]
        if hc[1] == "Snow" and ht > 2:
            hc = CONDITIONS[4]
        if hc[1] == "Rain" and ht < -1:
            hc = CONDITIONS[6]
        entry = {"dt": ts(moment), "temp": ht, "feels_like": round(ht - rng.uniform(1, 4), 2), "pressure": rng.randint(1002, 1030),
                 "humidity": rng.randint(55, 97), "dew_point": round(ht - 3.5, 2), "uvi": 0 if lh < 8 or lh > 16 else round(rng.uniform(0, 1.8), 2),
                 "clouds": rng.randint(0, 100), "visibility": 10000, "wind_speed": round(rng.uniform(1, 9), 2),
                 "wind_deg": rng.randint(0, 359), "wind_gust": round(rng.uniform(3, 14), 2),
                 "weather": weather_list(hc, night=lh < 7 or lh > 17),
                 "pop": round(rng.choice([0.5, 0.75, 0.9, 1]) if hc[1] in ("Rain", "Snow") else rng.choice([0, 0, 0.05, 0.1, 0.2]), 2)}
        if hc[1] in ("Rain", "Snow"):
            entry["rain" if hc[1] == "Rain" else "snow"] = {"1h": precip(hc, rng)}
        if h % 7 == 3:
            del entry["visibility"]
        if h % 11 == 5:
            del entry["wind_gust"]
        hourly.append(entry)
    daily = []
    for d in range(8):
        day = FIXTURE_DATE + dt.timedelta(days=d)
        sr, ss = sun_times(day, lat, lon)
        noon = dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.timezone.utc) - dt.timedelta(seconds=offset)
        tmin = round(base - 3 + 2.5 * math.sin(d / 3.0) + rng.uniform(-1, 1), 2)
        tmax = round(tmin + rng.uniform(3, 7), 2)
        dc = condition(rng, (tmin + tmax) / 2)
        pop = round(rng.choice([0.55, 0.7, 0.9, 1]) if dc[1] in ("Rain", "Snow") else rng.choice([0, 0.05, 0.1, 0.2, 0.3]), 2)
        entry = {"dt": ts(noon), "sunrise": sr, "sunset": ss,
                 "moonrise": 0 if d == 3 else ts(noon) - rng.randint(3600, 30000), "moonset": ts(noon) + rng.randint(3600, 30000),
                 "moon_phase": round((0.97 + d * 0.034) % 1, 2),
                 "summary": f"Expect a day of {dc[2]}" if d % 2 == 0 else f"There will be {dc[2]} until afternoon",
                 "temp": {"day": round(tmax - 1, 2), "min": tmin, "max": tmax, "night": round(tmin + 0.5, 2), "eve": round(tmax - 2, 2), "morn": round(tmin + 0.3, 2)},
                 "feels_like": {"day": round(tmax - 4, 2), "night": round(tmin - 3, 2), "eve": round(tmax - 5, 2), "morn": round(tmin - 3.5, 2)},
                 "pressure": rng.randint(1002, 1030), "humidity": rng.randint(55, 95), "dew_point": round(tmin - 2, 2),
                 "wind_speed": round(rng.uniform(1.5, 9), 2), "wind_deg": rng.randint(0, 359), "wind_gust": round(rng.uniform(4, 15), 2),
                 "weather": weather_list(dc), "clouds": rng.randint(0, 100), "pop": pop, "uvi": round(rng.uniform(0, 2), 2)}
        if dc[1] == "Rain":
            entry["rain"] = precip(dc, rng)
        if dc[1] == "Snow":
            entry["snow"] = precip(dc, rng)
        if d == 5:
            del entry["wind_gust"]
        daily.append(entry)
    return {"lat": lat, "lon": lon, "timezone": tz, "timezone_offset": offset, "current": current, "hourly": hourly, "daily": daily}


def current_25(city, one):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    cur = one["current"]
    body = {"coord": {"lon": lon, "lat": lat}, "weather": cur["weather"], "base": "stations",
            "main": {"temp": cur["temp"], "feels_like": cur["feels_like"], "temp_min": round(cur["temp"] - 1.2, 2),
                     "temp_max": round(cur["temp"] + 1.1, 2), "pressure": cur["pressure"], "humidity": cur["humidity"]},
            "visibility": 10000, "wind": {"speed": cur["wind_speed"], "deg": cur["wind_deg"]},
            "clouds": {"all": cur["clouds"]}, "dt": cur["dt"],
            "sys": {"country": code, "sunrise": cur["sunrise"], "sunset": cur["sunset"]},
            "timezone": offset, "id": 524901, "name": name, "cod": 200}
    if "rain" in cur:
        body["rain"] = cur["rain"]
    return body


def forecast_25(city, one, rng):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    items = []
    start = dt.datetime(2026, 11, 20, 12, tzinfo=dt.timezone.utc)
    for i in range(40):
        moment = start + dt.timedelta(hours=3 * i)
        lh = (moment.hour + offset / 3600) % 24
        t = temp_at(base, i / 8, lh, rng)
        c = condition(rng, t)
        entry = {"dt": ts(moment), "main": {"temp": t, "feels_like": round(t - 2.5, 2), "temp_min": round(t - 0.4, 2), "temp_max": round(t + 0.4, 2),
                 "pressure": rng.randint(1002, 1030), "sea_level": 1020, "grnd_level": 1000, "humidity": rng.randint(55, 97), "temp_kf": 0},
                 "weather": weather_list(c, night=lh < 7 or lh > 17), "clouds": {"all": rng.randint(0, 100)},
                 "wind": {"speed": round(rng.uniform(1, 9), 2), "deg": rng.randint(0, 359), "gust": round(rng.uniform(3, 13), 2)},
                 "visibility": 10000, "pop": round(rng.choice([0.6, 0.9]) if c[1] in ("Rain", "Snow") else rng.choice([0, 0.1, 0.2]), 2), "sys": {"pod": "n" if lh < 7 or lh > 17 else "d"},
                 "dt_txt": moment.strftime("%Y-%m-%d %H:%M:%S")}
        if c[1] == "Rain":
            entry["rain"] = {"3h": precip(c, rng)}
        if c[1] == "Snow":
            entry["snow"] = {"3h": precip(c, rng)}
        items.append(entry)
    return {"cod": "200", "message": 0, "cnt": 40, "list": items,
            "city": {"id": 1, "name": name, "coord": {"lat": lat, "lon": lon}, "country": code, "population": 1000000,
                     "timezone": offset, "sunrise": one["current"]["sunrise"], "sunset": one["current"]["sunset"]}}


def climate(city, rng):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    items = []
    for d in range(30):
        day = FIXTURE_DATE + dt.timedelta(days=d)
        sr, ss = sun_times(day, lat, lon)
        trend = -0.12 * d if lat > 40 else -0.03 * d
        tmin = round(base - 3 + trend + 2.5 * math.sin(d / 3.0) + rng.uniform(-1.5, 1.5), 2)
        tmax = round(tmin + rng.uniform(2.5, 7), 2)
        c = condition(rng, (tmin + tmax) / 2)
        entry = {"dt": ts(dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.timezone.utc)), "sunrise": sr, "sunset": ss,
                 "temp": {"day": round(tmax - 1, 2), "min": tmin, "max": tmax, "night": round(tmin + 0.4, 2), "eve": round(tmax - 2, 2), "morn": round(tmin + 0.2, 2)},
                 "feels_like": {"day": round(tmax - 4, 2), "night": round(tmin - 3, 2), "eve": round(tmax - 5, 2), "morn": round(tmin - 3.4, 2)},
                 "pressure": rng.randint(1000, 1032), "humidity": rng.randint(55, 97), "weather": weather_list(c),
                 "speed": round(rng.uniform(1.5, 9), 2), "deg": rng.randint(0, 359), "clouds": rng.randint(0, 100)}
        if c[1] == "Rain":
            entry["rain"] = precip(c, rng)
        if c[1] == "Snow":
            entry["snow"] = precip(c, rng)
        items.append(entry)
    return {"cod": "200", "message": 0, "cnt": 30, "list": items,
            "city": {"id": 1, "name": city[1], "coord": {"lon": lon, "lat": lat}, "country": code, "timezone": offset}}


def yandex_member(city):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    text = f"{country}, {region}, {name}" if region != name else f"{country}, {name}"
    components = [{"kind": "country", "name": country}, {"kind": "province", "name": region}, {"kind": "locality", "name": name}]
    return {"GeoObject": {
        "metaDataProperty": {"GeocoderMetaData": {"precision": "other", "text": text, "kind": "locality",
                                                  "Address": {"country_code": code, "formatted": text, "Components": components},
                                                  "AddressDetails": {"Country": {"AddressLine": text, "CountryNameCode": code, "CountryName": country}}}},
        "name": name, "description": f"{region}, {country}" if region != name else country,
        "boundedBy": {"Envelope": {"lowerCorner": f"{lon - 0.3:.6f} {lat - 0.2:.6f}", "upperCorner": f"{lon + 0.3:.6f} {lat + 0.2:.6f}"}},
        "uri": f"ymapsbm1://geo?data=sample-{key}",
        "Point": {"pos": f"{lon:.6f} {lat:.6f}"}}}


def yandex_body(query, cities):
    return {"response": {"GeoObjectCollection": {
        "metaDataProperty": {"GeocoderResponseMetaData": {"request": query, "results": "5", "found": str(len(cities))}},
        "featureMember": [yandex_member(c) for c in cities]}}}


def weather_fixtures():
    for city in CITIES:
        rng = random.Random("weather-" + city[0])
        one = onecall(city, rng)
        where = {"lat": f"{city[5]:.4f}", "lon": f"{city[6]:.4f}"}
        write("openweather", f"onecall-{city[0]}", {"method": "GET", "path": "/data/3.0/onecall", "query": where}, 200, one)
        write("openweather", f"weather-{city[0]}", {"method": "GET", "path": "/data/2.5/weather", "query": where}, 200, current_25(city, one))
        write("openweather", f"forecast-{city[0]}", {"method": "GET", "path": "/data/2.5/forecast", "query": where}, 200, forecast_25(city, one, rng))
        write("openweather", f"climate-{city[0]}", {"method": "GET", "path": "/data/2.5/forecast/climate", "query": where}, 200, climate(city, rng))
    by_key = {c[0]: c for c in CITIES}
    for key in ["moscow", "london", "new-york", "tehran", "bratislava", "oslo"]:
        city = by_key[key]
        write("yandex", f"geocode-{key}", {"method": "GET", "path": "/1.x/", "query": {"geocode": city[1]}}, 200, yandex_body(city[1], [city]))
    write("yandex", "geocode-saint-petersburg", {"method": "GET", "path": "/1.x/", "query": {"geocode": "Saint Petersburg"}}, 200,
          yandex_body("Saint Petersburg", [by_key["saint-petersburg"], by_key["st-petersburg-fl"]]))
    write("yandex", "geocode-no-match", {"method": "GET", "path": "/1.x/", "query": {"geocode": "Atlantis"}}, 200, yandex_body("Atlantis", []))


# ---------------------------------------------------------------- crypto
CURRENCY = {"USD": "US Dollar", "EUR": "Euro", "GBP": "British Pound", "BTC": "Bitcoin", "USDT": "Tether USDt"}
COINS = [  # code, name, price in USD on the fixture date, daily volatility
    ("BTC", "Bitcoin", 91234.5, 0.028), ("ETH", "Ethereum", 3105.2, 0.035), ("SOL", "Solana", 141.37, 0.045),
    ("XRP", "XRP", 2.1843, 0.05), ("ADA", "Cardano", 0.4712, 0.05), ("DOGE", "Dogecoin", 0.15873, 0.06),
    ("DOT", "Polkadot", 2.914, 0.05), ("LTC", "Litecoin", 88.41, 0.04), ("LINK", "Chainlink", 13.62, 0.05),
    ("AVAX", "Avalanche", 14.88, 0.05), ("TRX", "TRON", 0.2791, 0.03), ("SHIB", "Shiba Inu", 0.00000884, 0.06),
    ("BCH", "Bitcoin Cash", 512.3, 0.04), ("XLM", "Stellar", 0.2519, 0.05), ("ATOM", "Cosmos", 2.61, 0.05),
    ("UNI", "Uniswap", 6.12, 0.05), ("ETC", "Ethereum Classic", 13.05, 0.045), ("FIL", "Filecoin", 1.71, 0.055),
    ("NEAR", "NEAR Protocol", 2.08, 0.055), ("APT", "Aptos", 2.87, 0.055), ("ARB", "Arbitrum", 0.2206, 0.06),
    ("OP", "Optimism", 0.3312, 0.06), ("ALGO", "Algorand", 0.1436, 0.05), ("XMR", "Monero", 372.4, 0.04),
    ("AAVE", "Aave", 171.2, 0.05), ("SAND", "The Sandbox", 0.1593, 0.06), ("MANA", "Decentraland", 0.1718, 0.06),
    ("XTZ", "Tezos", 0.5214, 0.05), ("ICP", "Internet Computer", 4.62, 0.06), ("HBAR", "Hedera", 0.1482, 0.055),
    ("VET", "VeChain", 0.01552, 0.055), ("BNB", "Binance Coin", 905.1, 0.03), ("EOS", "EOS", 0.4011, 0.05),
    ("PEPE", "Pepe", 0.00000512, 0.07),
]
EXTRA_PAIRS = [("BTC", "EUR"), ("BTC", "GBP"), ("ETH", "EUR"), ("ETH", "BTC"), ("ETH", "GBP"), ("SOL", "EUR"),
               ("LUNA", "EUR"), ("LUNA", "USDT"), ("TON", "USDT"), ("TON", "EUR")]
EXTRA_NAMES = {"LUNA": "Terra", "TON": "Toncoin"}
HISTORY_SYMBOLS = ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE", "DOT", "LTC"]


def price_text(value):
    return f"{value:.5f}" if value >= 0.01 else f"{value:.10f}"


def series(code, price, vol, days=430):
    rng = random.Random("series-" + code)
    closes = [price]
    for _ in range(days - 1):
        closes.append(closes[-1] / math.exp(rng.gauss(0, vol)))
    closes.reverse()
    rows = []
    for i, close in enumerate(closes):
        day = FIXTURE_DATE - dt.timedelta(days=days - 1 - i)
        open_ = closes[i - 1] if i else close * (1 + rng.uniform(-vol, vol))
        high = max(open_, close) * (1 + abs(rng.gauss(0, vol / 3)))
        low = min(open_, close) * (1 - abs(rng.gauss(0, vol / 3)))
        rows.append({"datetime": day.isoformat(), "open": price_text(open_), "high": price_text(high),
                     "low": price_text(low), "close": price_text(close)})
    return rows


def crypto_fixtures():
    data = []
    for code, name, *_ in COINS:
        data.append({"symbol": f"{code}/USD", "available_exchanges": ["Binance", "Coinbase Pro", "Kraken"][: 1 + len(code) % 3],
                     "currency_base": name, "currency_quote": "US Dollar"})
    names = {c[0]: c[1] for c in COINS} | EXTRA_NAMES
    for base, quote in EXTRA_PAIRS:
        data.append({"symbol": f"{base}/{quote}", "available_exchanges": ["Binance", "Kraken"],
                     "currency_base": names[base], "currency_quote": CURRENCY[quote]})
    write("twelvedata", "cryptocurrencies", {"method": "GET", "path": "/cryptocurrencies", "query": {}}, 200,
          {"data": data, "count": len(data), "status": "ok"}, headers={"content-type": "application/json", "api-credits-used": "1", "api-credits-left": "799"})
    for code, name, price, vol in COINS:
        rows = series(code, price, vol)
        last, prev = rows[-1], rows[-2]
        close, prev_close = float(last["close"]), float(prev["close"])
        quote = {"symbol": f"{code}/USD", "name": f"{name} US Dollar", "exchange": "Coinbase Pro", "datetime": last["datetime"],
                 "timestamp": ts(dt.datetime(2026, 11, 20, tzinfo=dt.timezone.utc)), "open": last["open"], "high": last["high"],
                 "low": last["low"], "close": last["close"], "previous_close": prev["close"],
                 "change": price_text(close - prev_close), "percent_change": f"{(close / prev_close - 1) * 100:.5f}",
                 "average_volume": "0", "is_market_open": True,
                 "fifty_two_week": {"low": price_text(min(float(r["low"]) for r in rows[-365:])), "high": price_text(max(float(r["high"]) for r in rows[-365:])),
                                    "low_change": "0", "high_change": "0", "low_change_percent": "0", "high_change_percent": "0", "range": ""},
                 "currency_base": name, "currency_quote": "US Dollar"}
        write("twelvedata", f"quote-{code.lower()}", {"method": "GET", "path": "/quote", "query": {"symbol": f"{code}/USD"}}, 200, quote)
        if code in HISTORY_SYMBOLS:
            meta = {"symbol": f"{code}/USD", "interval": "1day", "currency_base": name, "currency_quote": "US Dollar",
                    "exchange": "Coinbase Pro", "type": "Digital Currency"}
            write("twelvedata", f"time-series-{code.lower()}", {"method": "GET", "path": "/time_series", "query": {"symbol": f"{code}/USD", "interval": "1day"}},
                  200, {"meta": meta, "values": rows, "status": "ok"})


# ---------------------------------------------------------------- kraken (keyless crypto)
KRAKEN_ASSET = {"BTC": "XBT", "DOGE": "XDG"}
KRAKEN_LEGACY = {"BTC", "ETH", "XRP", "LTC", "XLM", "ETC", "XMR"}  # pairs keyed X<base>Z<quote>
KRAKEN_QUOTES = {"USD": "ZUSD", "EUR": "ZEUR", "GBP": "ZGBP"}
KRAKEN_EXTRA = [("BTC", "EUR"), ("BTC", "GBP"), ("ETH", "EUR"), ("ETH", "GBP"), ("SOL", "EUR")]
KRAKEN_TAPE = ["BTC", "ETH"]  # pairs with a recorded stretch of trades


def kraken_pair(code, quote):
    """Kraken's pair key and catalogue entry for code/quote, as its AssetPairs answer has them."""
    asset = KRAKEN_ASSET.get(code, code)
    legacy = code in KRAKEN_LEGACY
    base = "X" + asset if legacy else asset
    key = f"{base}{KRAKEN_QUOTES[quote]}" if legacy else f"{asset}{quote}"
    entry = {"altname": f"{asset}{quote}", "wsname": f"{asset}/{quote}", "base": base, "quote": KRAKEN_QUOTES[quote],
             "pair_decimals": 1 if code == "BTC" else 5, "lot_decimals": 8, "status": "online"}
    return key, entry


def kraken_ticker(key, rows, rng):
    last = rows[-1]
    close = float(last["close"])
    volume = rng.uniform(2e6, 9e7) / max(close, 1e-9)  # 2M–90M USD traded in the day
    text = price_text
    return {key: {"a": [text(close * 1.0001), "1", "1.000"], "b": [text(close * 0.9999), "2", "2.000"],
                  "c": [last["close"], f"{rng.uniform(0.001, 2):.8f}"], "v": [f"{volume / 3:.8f}", f"{volume:.8f}"],
                  "p": [text(close), text((float(last["high"]) + float(last["low"])) / 2)], "t": [rng.randint(2000, 9000), rng.randint(20000, 90000)],
                  "l": [text(float(last["low"])), text(float(last["low"]))], "h": [text(float(last["high"])), text(float(last["high"]))],
                  "o": last["open"]}}


def kraken_candles(rows):
    candles = []
    for row in rows:
        day = dt.datetime.fromisoformat(row["datetime"]).replace(tzinfo=dt.timezone.utc)
        close = float(row["close"])
        candles.append([ts(day), row["open"], row["high"], row["low"], row["close"], price_text(close), f"{1000 / max(close, 1e-6):.8f}", 1000])
    return candles


def kraken_trades(key, end_price, code):
    """An hour of trades before the recording's end, Kraken's row shape with trade ids; the last
    is at `end_price`, the ticker's."""
    price = end_price
    rng = random.Random("trades-" + code)
    end = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.timezone.utc)
    time = ts(end) - 3600.0
    rows, trade_id = [], 80_000_000 + rng.randint(0, 9_000_000)
    while time < ts(end) and len(rows) < 1000:
        time += rng.expovariate(1 / 4.0)
        price *= math.exp(rng.gauss(0, 0.0004))
        trade_id += 1
        rows.append([price_text(price), f"{rng.lognormvariate(-3, 1.2):.8f}", round(time, 4), rng.choice("bs"), rng.choice("lm"), "", trade_id])
    scale = float(price_text(end_price)) / float(rows[-1][0])  # the stretch ends at the ticker's last price
    for row in rows:
        row[0] = price_text(float(row[0]) * scale)
    return {key: rows, "last": str(int(time * 1e9))}


def kraken_fixtures():
    rng = random.Random("kraken")
    catalogue = {}
    for code, name, price, vol in COINS:
        key, entry = kraken_pair(code, "USD")
        catalogue[key] = entry
        rows = series(code, price, vol)
        write("kraken", f"ticker-{code.lower()}", {"method": "GET", "path": "/0/public/Ticker", "query": {"pair": key}}, 200,
              {"error": [], "result": kraken_ticker(key, rows, rng)})
        if code in HISTORY_SYMBOLS:
            write("kraken", f"ohlc-{code.lower()}", {"method": "GET", "path": "/0/public/OHLC", "query": {"pair": key, "interval": "1440"}}, 200,
                  {"error": [], "result": {key: kraken_candles(rows), "last": ts(dt.datetime(2026, 11, 20, tzinfo=dt.timezone.utc))}})
        if code in KRAKEN_TAPE:
            write("kraken", f"trades-{code.lower()}", {"method": "GET", "path": "/0/public/Trades", "query": {"pair": key}}, 200,
                  {"error": [], "result": kraken_trades(key, price, code)})
    for code, quote in KRAKEN_EXTRA:  # the same prices as Twelve Data's recordings of these pairs
        key, entry = kraken_pair(code, quote)
        catalogue[key] = entry
        recorded = json.load(open(os.path.join(ROOT, "twelvedata", f"quote-{code.lower()}-{quote.lower()}.json")))["response"]["body"]
        write("kraken", f"ticker-{code.lower()}-{quote.lower()}", {"method": "GET", "path": "/0/public/Ticker", "query": {"pair": key}}, 200,
              {"error": [], "result": kraken_ticker(key, [recorded | {"close": recorded["close"]}], rng)})
    for currency in ["EUR", "GBP"]:  # exchange rates, as Kraken lists them: EUR/USD, not USD/EUR
        key = f"Z{currency}ZUSD"
        catalogue[key] = {"altname": f"{currency}USD", "wsname": f"{currency}/USD", "base": f"Z{currency}", "quote": "ZUSD",
                          "pair_decimals": 5, "lot_decimals": 8, "status": "online"}
        # The reverse of Twelve Data's USD/<currency> rate, to ten places: inverted back, the same rate.
        usd_rate = json.load(open(os.path.join(ROOT, "twelvedata", f"exchange-rate-usd-{currency.lower()}.json")))["response"]["body"]["rate"]
        text = f"{1 / usd_rate:.10f}"
        row = {"open": text, "high": text, "low": text, "close": text}
        write("kraken", f"ticker-{currency.lower()}-usd", {"method": "GET", "path": "/0/public/Ticker", "query": {"pair": key}}, 200,
              {"error": [], "result": kraken_ticker(key, [row], rng)})
    write("kraken", "asset-pairs", {"method": "GET", "path": "/0/public/AssetPairs", "query": {}}, 200,
          {"error": [], "result": dict(sorted(catalogue.items()))})
    write("kraken", "unknown-pair", {"method": "GET", "path": "/0/public/Ticker", "query": {"pair": "NOSUCHPAIR"}}, 200,
          {"error": ["EQuery:Unknown asset pair"]})


# ---------------------------------------------------------------- fruit
def fruit_fixtures():
    fruits = []
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fruits.tsv")) as f:
        for line in f:
            name, id_, family, order, genus, cal, fat, sugar, carbs, protein = line.rstrip("\n").split("\t")
            num = lambda s: int(s) if s.isdigit() else float(s)
            fruits.append({"name": name, "id": int(id_), "family": family, "order": order, "genus": genus,
                           "nutritions": {"calories": int(cal), "fat": num(fat), "sugar": num(sugar), "carbohydrates": num(carbs), "protein": num(protein)}})
    write("fruityvice", "all", {"method": "GET", "path": "/api/fruit/all"}, 200, fruits)
    by_name = {f["name"]: f for f in fruits}
    write("fruityvice", "fruit-banana", {"method": "GET", "path": "/api/fruit/banana"}, 200, by_name["Banana"])
    write("fruityvice", "family-rosaceae", {"method": "GET", "path": "/api/fruit/family/Rosaceae"}, 200,
          [f for f in fruits if f["family"] == "Rosaceae"])
    write("fruityvice", "not-found", {"method": "GET", "path": "/api/fruit/notafruit"}, 404, {"error": "The fruit was not found"})

# ---------------------------------------------------------------- keyless weather
MET_SYMBOLS = {800: "clearsky", 801: "fair", 802: "partlycloudy", 804: "cloudy", 500: "lightrain", 501: "rain",
               600: "lightsnow", 701: "fog"}
MET_HEADERS = {"content-type": "application/json", "expires": "Fri, 20 Nov 2026 09:31:12 GMT",
               "last-modified": "Fri, 20 Nov 2026 08:59:44 GMT"}


def met_symbol(c, local_hour):
    base = MET_SYMBOLS[c[0]]
    if base in ("clearsky", "fair", "partlycloudy"):
        base += "_night" if local_hour < 7 or local_hour > 17 else "_day"
    return base


def met_forecast(city, rng):
    """Locationforecast 2.0 compact: hourly steps for 60 hours, then 6-hourly to 9.5 days; the last
    hourly steps lack the 6- and 12-hour blocks, the last step has only the instant."""
    key, name, region, country, code, lat, lon, tz, offset, base = city
    start = dt.datetime(2026, 11, 20, 9, tzinfo=dt.timezone.utc)
    moments = [start + dt.timedelta(hours=h) for h in range(60)]
    t = moments[-1] + dt.timedelta(hours=3)
    while t.hour % 6:
        t += dt.timedelta(hours=1)
    while t < start + dt.timedelta(days=9, hours=15):
        moments.append(t)
        t += dt.timedelta(hours=6)
    steps = []
    hourly_precip = {}
    for i, moment in enumerate(moments):
        lh = (moment.hour + offset / 3600) % 24
        lead = (moment - start).total_seconds() / 86400
        temp = temp_at(base, lead, lh, rng)
        c = condition(rng, temp) if i % 5 == 0 or not steps else steps[-1]["_c"]
        if c[1] == "Snow" and temp > 2:
            c = CONDITIONS[4]
        if c[1] == "Rain" and temp < -1:
            c = CONDITIONS[6]
        amount = round(rng.uniform(0.1, 1.6), 1) if c[1] in ("Rain", "Snow") else 0.0
        hourly_precip[moment] = amount
        steps.append({"_c": c, "_lh": lh, "_amount": amount, "time": moment.strftime("%Y-%m-%dT%H:%M:%SZ"), "data": {"instant": {"details": {
            "air_pressure_at_sea_level": round(rng.uniform(1002, 1030), 1), "air_temperature": temp,
            "cloud_area_fraction": round(rng.uniform(0, 100), 1), "relative_humidity": round(rng.uniform(55, 97), 1),
            "wind_from_direction": round(rng.uniform(0, 359), 1), "wind_speed": round(rng.uniform(0.5, 9), 1)}}}})
    hourly_count = 60
    for i, step in enumerate(steps):
        data = step["data"]
        c, lh = step["_c"], step["_lh"]
        if i < hourly_count:
            data["next_1_hours"] = {"summary": {"symbol_code": met_symbol(c, lh)}, "details": {"precipitation_amount": step["_amount"]}}
            if i + 6 <= hourly_count:
                six = round(sum(steps[j]["_amount"] for j in range(i, i + 6)), 1)
                data["next_6_hours"] = {"summary": {"symbol_code": met_symbol(c, lh)}, "details": {"precipitation_amount": six}}
            if i + 12 <= hourly_count:
                data["next_12_hours"] = {"summary": {"symbol_code": met_symbol(c, lh)}, "details": {}}
        elif i < len(steps) - 1:
            six = round(rng.uniform(0.3, 6.0), 1) if c[1] in ("Rain", "Snow") else 0.0
            data["next_6_hours"] = {"summary": {"symbol_code": met_symbol(c, lh)}, "details": {"precipitation_amount": six}}
            if i < len(steps) - 2:
                data["next_12_hours"] = {"summary": {"symbol_code": met_symbol(c, lh)}, "details": {}}
        if i % 9 == 4:   # integers come without a decimal point
            details = data["instant"]["details"]
            details["cloud_area_fraction"] = int(round(details["cloud_area_fraction"]))
    for step in steps:
        del step["_c"], step["_lh"], step["_amount"]
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat, 140]},
            "properties": {"meta": {"updated_at": "2026-11-20T08:59:44Z", "units": {
                "air_pressure_at_sea_level": "hPa", "air_temperature": "celsius", "cloud_area_fraction": "%",
                "precipitation_amount": "mm", "relative_humidity": "%", "wind_from_direction": "degrees", "wind_speed": "m/s"}},
                "timeseries": steps}}


def open_meteo_place(city, pid, population, admin2=None):
    key, name, region, country, code, lat, lon, tz, offset, base = city
    place = {"id": pid, "name": name, "latitude": lat, "longitude": lon, "elevation": 144.0, "feature_code": "PPLC",
             "country_code": code, "timezone": tz, "population": population, "country": country, "admin1": region}
    if admin2:
        place["admin2"] = admin2
    return place


def ensemble(city, rng):
    """/v1/ensemble with models=gfs05: 31 members (the control and member01…30) of daily min, max and
    precipitation, 35 local days; the spread widens with lead time; one member misses the last days."""
    key, name, region, country, code, lat, lon, tz, offset, base = city
    days = [(FIXTURE_DATE + dt.timedelta(days=d)).isoformat() for d in range(35)]
    daily = {"time": days}
    names = ["temperature_2m_min", "temperature_2m_max", "precipitation_sum"]
    climate_min = [round(base - 3 - 0.12 * d + 2.5 * math.sin(d / 3.0) * math.exp(-d / 12), 2) for d in range(35)]
    for m in range(31):
        suffix = "" if m == 0 else f"_member{m:02d}"
        mins, maxs, rains = [], [], []
        for d in range(35):
            spread = 0.6 + 0.22 * d
            low = round(climate_min[d] + rng.gauss(0, spread), 1)
            mins.append(low)
            maxs.append(round(low + rng.uniform(2.5, 7), 1))
            wet = rng.random() < (0.35 + 0.1 * math.sin(d / 4.0))
            rains.append(round(rng.expovariate(0.6), 1) if wet else 0.0)
        if m == 30:
            for column in (mins, maxs, rains):
                column[-2:] = [None, None]
        daily["temperature_2m_min" + suffix] = mins
        daily["temperature_2m_max" + suffix] = maxs
        daily["precipitation_sum" + suffix] = rains
    units = {"time": "iso8601"}
    for m in range(31):
        suffix = "" if m == 0 else f"_member{m:02d}"
        units.update({"temperature_2m_min" + suffix: "°C", "temperature_2m_max" + suffix: "°C", "precipitation_sum" + suffix: "mm"})
    return {"latitude": lat, "longitude": lon, "generationtime_ms": 12.7, "utc_offset_seconds": offset, "timezone": tz,
            "timezone_abbreviation": "GMT", "elevation": 140.0, "daily_units": units, "daily": daily}


def keyless_fixtures():
    for city in CITIES:
        rng = random.Random("keyless-" + city[0])
        where = {"lat": f"{city[5]:.4f}".rstrip("0").rstrip("."), "lon": f"{city[6]:.4f}".rstrip("0").rstrip(".")}
        write("metno", f"forecast-{city[0]}", {"method": "GET", "path": "/weatherapi/locationforecast/2.0/compact", "query": where},
              200, met_forecast(city, rng), headers=MET_HEADERS)
        write("openmeteo", f"ensemble-{city[0]}", {"method": "GET", "path": "/v1/ensemble",
              "query": {"latitude": f"{city[5]:.4f}", "longitude": f"{city[6]:.4f}"}}, 200, ensemble(city, rng))
    by_key = {c[0]: c for c in CITIES}
    ids = {"moscow": (524901, 10381222), "london": (2643743, 8961989), "new-york": (5128581, 8804190), "tehran": (112931, 7153309),
           "bratislava": (3060972, 423737), "oslo": (3143244, 580000), "saint-petersburg": (498817, 5351935),
           "st-petersburg-fl": (4171563, 258308)}
    for key in ["moscow", "london", "new-york", "tehran", "bratislava", "oslo"]:
        city = by_key[key]
        write("openmeteo", f"search-{key}", {"method": "GET", "path": "/v1/search", "query": {"name": city[1]}}, 200,
              {"results": [open_meteo_place(city, *ids[key])], "generationtime_ms": 0.71})
    write("openmeteo", "search-saint-petersburg", {"method": "GET", "path": "/v1/search", "query": {"name": "Saint Petersburg"}}, 200,
          {"results": [open_meteo_place(by_key["saint-petersburg"], *ids["saint-petersburg"]),
                       open_meteo_place(by_key["st-petersburg-fl"], *ids["st-petersburg-fl"], admin2="Pinellas")],
           "generationtime_ms": 0.93})
    springfields = [("Illinois", "Sangamon", 39.80172, -89.64371, "America/Chicago", 116250),
                    ("Missouri", "Greene", 37.21533, -93.29824, "America/Chicago", 169176),
                    ("Massachusetts", "Hampden", 42.10148, -72.58981, "America/New_York", 155929),
                    ("Oregon", "Lane", 44.04624, -123.02203, "America/Los_Angeles", 62256)]
    results = []
    for i, (state, county, lat, lon, tz, population) in enumerate(springfields):
        place = {"id": 4250542 + i, "name": "Springfield", "latitude": lat, "longitude": lon, "feature_code": "PPLA2",
                 "country_code": "US", "timezone": tz, "population": population, "country": "United States", "admin1": state,
                 "admin2": county}
        if i == 3:
            del place["population"], place["admin2"]   # empty fields are left out
        results.append(place)
    write("openmeteo", "search-springfield", {"method": "GET", "path": "/v1/search", "query": {"name": "Springfield"}}, 200,
          {"results": results, "generationtime_ms": 1.02})
    write("openmeteo", "search-no-match", {"method": "GET", "path": "/v1/search", "query": {"name": "Atlantis"}}, 200,
          {"generationtime_ms": 0.42})


# ---------------------------------------------------------------- rain in the next two hours, air quality
SKY_START = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.timezone.utc)   # the forecasts' current hour
# mm over each 15 minutes, 12 steps from SKY_START (the value at a time is the 15 minutes before it);
# None is a value Open-Meteo sent as null.
MINUTELY = {
    "moscow": [0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.15, 0.1, 0.05, 0.0, 0.0, 0.0],     # light rain from 13:15
    "saint-petersburg": [0.3, 0.25, 0.2, 0.1, 0.05, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],   # raining now, easing
    "st-petersburg-fl": [0.0] * 12,
    "london": [0.0] * 12,
    "new-york": [0.0] * 12,
    "tehran": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, None, None],       # the last values missing
    "bratislava": [0.0, 0.0, 0.0, 0.0, 0.1, 0.3, 0.4, 0.2, 0.0, 0.0, 0.0, 0.0],     # a shower at 15:00
    "oslo": [0.0, 0.0, 0.0, 0.1, 0.5, 0.8, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0],
}
# European AQI now, its pollutant sub-indices (PM2.5, PM10, ozone, NO2), concentrations, US AQI
AIR = {
    "moscow": (45, (45, 30, 22, 28), (21.4, 33.0, 41.0, 38.5), 74),
    "saint-petersburg": (38, (38, 25, 20, 31), (17.0, 26.1, 38.2, 44.0), 62),
    "st-petersburg-fl": (22, (22, 12, 19, 5), (8.1, 14.2, 61.0, 6.3), 42),
    "london": (28, (20, 15, 18, 28), (9.5, 15.4, 35.1, 40.2), 48),
    "new-york": (34, (34, 18, 26, 30), (14.8, 19.0, 52.3, 41.7), 58),
    "tehran": (92, (70, 92, 30, 55), (48.0, 131.0, 62.0, 96.0), 151),
    "bratislava": (35, (35, 24, 16, 22), (16.2, 24.0, 30.5, 29.9), 60),
    "oslo": (15, (15, 10, 14, 9), (5.1, 9.0, 28.2, 12.4), 24),
}
POLLEN_EUROPE = {"alder_pollen": 0.0, "birch_pollen": 0.0, "grass_pollen": 0.0, "mugwort_pollen": 0.0, "olive_pollen": 0.0,
                 "ragweed_pollen": 0.0}


def met_nowcast(city):
    steps = []
    rates = [0.0] * 6 + [0.4, 1.2, 2.6, 3.2, 2.8, 1.9, 0.9, 0.3] + [0.0] * 10   # a shower from 14:30 for about 40 minutes
    for i, rate in enumerate(rates):
        t = SKY_START + dt.timedelta(minutes=5 * i)
        steps.append({"time": t.strftime("%Y-%m-%dT%H:%M:%SZ"),
                      "data": {"instant": {"details": {"air_temperature": 1.2, "precipitation_rate": rate, "relative_humidity": 91.0,
                                                        "wind_from_direction": 210.0, "wind_speed": 3.1, "wind_speed_of_gust": 6.2}}}})
    steps[0]["data"]["next_1_hours"] = {"summary": {"symbol_code": "lightrainshowers_day"}, "details": {"precipitation_amount": 1.1}}
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [city[6], city[5], 12]},
            "properties": {"meta": {"updated_at": "2026-11-20T11:57:41Z", "radar_coverage": "ok",
                                    "units": {"precipitation_rate": "mm/h", "air_temperature": "celsius"}},
                           "timeseries": steps}}


def sky_fixtures():
    nowcast_headers = {"content-type": "application/json", "expires": "Fri, 20 Nov 2026 12:05:12 GMT",
                       "last-modified": "Fri, 20 Nov 2026 11:57:41 GMT"}
    where = lambda c: {"lat": f"{c[5]:.4f}".rstrip("0").rstrip("."), "lon": f"{c[6]:.4f}".rstrip("0").rstrip(".")}
    oslo = next(c for c in CITIES if c[0] == "oslo")
    write("metno", "nowcast-oslo", {"method": "GET", "path": "/weatherapi/nowcast/2.0/complete", "query": where(oslo)}, 200,
          met_nowcast(oslo), headers=nowcast_headers)
    london = next(c for c in CITIES if c[0] == "london")
    empty = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [london[6], london[5], 24]},
             "properties": {"meta": {"updated_at": "2026-11-20T11:57:41Z", "radar_coverage": "no coverage", "units": {}},
                            "timeseries": [{"time": "2026-11-20T12:00:00Z", "data": {"instant": {"details": {"air_temperature": 9.4}}}}]}}
    write("metno", "nowcast-london", {"method": "GET", "path": "/weatherapi/nowcast/2.0/complete", "query": where(london)}, 200,
          empty, headers=nowcast_headers)
    for city in CITIES:
        key, lat, lon = city[0], city[5], city[6]
        query = {"latitude": f"{lat:.4f}", "longitude": f"{lon:.4f}"}
        times = [ts(SKY_START + dt.timedelta(minutes=15 * i)) for i in range(1, 13)]
        values = MINUTELY[key]
        # The place's clock: `timezone=auto` with no variables (WeatherService.zoned).
        offset = int(dt.datetime(2026, 11, 20, 12, tzinfo=dt.timezone.utc).astimezone(zoneinfo.ZoneInfo(city[7])).utcoffset().total_seconds())
        write("openmeteo", f"zone-{key}", {"method": "GET", "path": "/v1/forecast", "query": dict(query, timezone="auto")}, 200,
              {"latitude": lat, "longitude": lon, "generationtime_ms": 0.02, "utc_offset_seconds": offset, "timezone": city[7],
               "timezone_abbreviation": zoneinfo.ZoneInfo(city[7]).tzname(dt.datetime(2026, 11, 20, 12)), "elevation": 40.0})
        write("openmeteo", f"minutely-{key}", {"method": "GET", "path": "/v1/forecast",
                                               "query": dict(query, forecast_minutely_15="12")}, 200,
              {"latitude": lat, "longitude": lon, "generationtime_ms": 0.4, "utc_offset_seconds": 0, "timezone": "GMT",
               "timezone_abbreviation": "GMT", "elevation": 40.0,
               "minutely_15_units": {"time": "unixtime", "precipitation": "mm", "precipitation_probability": "%"},
               "minutely_15": {"time": times, "precipitation": values,
                               "precipitation_probability": [None if v is None else (80 if v >= 0.1 else 10) for v in values]}})
        eu, (s25, s10, so3, sno2), (c25, c10, co3, cno2), us = AIR[key]
        rng = random.Random("air-" + key)
        hours = [ts(SKY_START + dt.timedelta(hours=h)) for h in range(24)]
        eu_hours = [max(5, round(eu + 12 * math.sin(h / 24 * 2 * math.pi) + rng.uniform(-3, 3))) for h in range(24)]
        us_hours = [max(10, round(us + 20 * math.sin(h / 24 * 2 * math.pi) + rng.uniform(-5, 5))) for h in range(24)]
        current = {"time": ts(SKY_START), "interval": 3600, "european_aqi": eu, "us_aqi": us, "pm2_5": c25, "pm10": c10, "ozone": co3,
                   "nitrogen_dioxide": cno2, "european_aqi_pm2_5": s25, "european_aqi_pm10": s10, "european_aqi_ozone": so3,
                   "european_aqi_nitrogen_dioxide": sno2,
                   "us_aqi_pm2_5": round(s25 * 1.6), "us_aqi_pm10": round(s10 * 1.6), "us_aqi_ozone": round(so3 * 1.6),
                   "us_aqi_nitrogen_dioxide": round(sno2 * 1.6)}
        european = city[4] not in ("US", "IR")
        current.update(POLLEN_EUROPE if european else {k: None for k in POLLEN_EUROPE})
        if key == "bratislava":
            current["alder_pollen"] = 2.0
        write("openmeteo", f"air-{key}", {"method": "GET", "path": "/v1/air-quality", "query": query}, 200,
              {"latitude": lat, "longitude": lon, "generationtime_ms": 0.9, "utc_offset_seconds": 0, "timezone": "GMT",
               "timezone_abbreviation": "GMT", "elevation": 40.0, "current_units": {"time": "unixtime", "european_aqi": "EAQI", "us_aqi": "USAQI"},
               "current": current, "hourly_units": {"time": "unixtime", "european_aqi": "EAQI", "us_aqi": "USAQI"},
               "hourly": {"time": hours, "european_aqi": eu_hours, "us_aqi": us_hours}})


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["keyless"]:
        keyless_fixtures()
        sys.exit(0)
    if sys.argv[1:] == ["sky"]:
        sky_fixtures()
        sys.exit(0)
    if sys.argv[1:] == ["kraken"]:
        kraken_fixtures()
        sys.exit(0)
    weather_fixtures()
    crypto_fixtures()
    fruit_fixtures()
    keyless_fixtures()
    sky_fixtures()
    kraken_fixtures()
