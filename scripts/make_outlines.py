#!/usr/bin/env python3
"""Writes Sources/Geography/CountryOutlines+Data.swift from Natural Earth.

Usage: scripts/make_outlines.py ne_50m_admin_0_countries.geojson

The source is Natural Earth's 1:50m "Admin 0 – Countries" in GeoJSON (public domain,
naturalearthdata.com; the nvkelso/natural-earth-vector repository publishes it as
geojson/ne_50m_admin_0_countries.geojson). Each country (by ISO_A2_EH; the few without a code are
left out) becomes one record a polygon (an island, a mainland: its outer ring and its holes):

    CC:minLon,minLat,maxLon,maxLat:RING,RING,…;

bounds (the outer ring's) in hundredths of a degree, each ring simplified (Douglas–Peucker, 0.01°) and written in
the Encoded Polyline Algorithm at a precision of 0.01° (about a kilometre), longitude first.
The records are wrapped at 140 characters inside a raw string; a reader drops the line breaks.
Deterministic: the same source gives the same file.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Sources" / "Geography" / "CountryOutlines+Data.swift"
TOLERANCE = 0.01  # degrees, for simplification
SCALE = 100  # stored units per degree
WIDTH = 140


def simplify(points, tolerance):
    """Douglas–Peucker on a closed ring; the first and last points stay."""
    if len(points) < 4:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = points[a], points[b]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, -1
        for i in range(a + 1, b):
            x, y = points[i]
            distance = abs(dy * (x - x1) - dx * (y - y1)) / length if length else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            if distance > best:
                best, index = distance, i
        if best > tolerance:
            keep[index] = True
            stack += [(a, index), (index, b)]
    return [p for p, k in zip(points, keep) if k]


def polyline(values):
    """The Encoded Polyline Algorithm's characters for signed integers (already deltas)."""
    out = []
    for value in values:
        value = ~(value << 1) if value < 0 else value << 1
        while value >= 0x20:
            out.append(chr((0x20 | (value & 0x1F)) + 63))
            value >>= 5
        out.append(chr(value + 63))
    return "".join(out)


def ring_text(ring):
    """One ring: rounded, simplified, consecutive duplicates dropped, as polyline deltas."""
    points = []
    for lon, lat in simplify(ring, TOLERANCE):
        point = (round(lon * SCALE), round(lat * SCALE))
        if not points or points[-1] != point:
            points.append(point)
    if len(points) < 4:
        return None
    deltas, last = [], (0, 0)
    for point in points:
        deltas += [point[0] - last[0], point[1] - last[1]]
        last = point
    return polyline(deltas)


def records(source, name_of):
    """One record a polygon (its outer ring and its holes), by name (`name_of` a feature's
    properties: its name, or None to leave it out), then in the source's order: bounds tight
    around each island, so a lookup decodes only what is near."""
    out = []
    for feature in json.loads(pathlib.Path(source).read_text())["features"]:
        name = name_of(feature["properties"])
        if not name:
            continue
        geometry = feature["geometry"]
        polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
        for polygon in polygons:
            rings = [ring_text(ring) for ring in polygon]
            if rings[0] is None:
                continue  # an islet below the precision: its holes alone would read as land
            rings = [text for text in rings if text is not None]
            xs, ys = [p[0] for p in polygon[0]], [p[1] for p in polygon[0]]
            box = f"{int(min(xs) * SCALE) - 1},{int(min(ys) * SCALE) - 1},{int(max(xs) * SCALE) + 1},{int(max(ys) * SCALE) + 1}"
            out.append((name, f"{name}:{box}:{','.join(rings)};"))
    return [text for _, text in sorted(out, key=lambda item: item[0])]


def write_swift(out, header, type_name, what, text):
    """The records wrapped at WIDTH inside a raw string: `static let encoded` of `type_name`."""
    lines = [text[i : i + WIDTH] for i in range(0, len(text), WIDTH)]
    body = "\n".join("        " + line for line in lines)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        header + "\n"
        f"extension {type_name} {{\n"
        f"    /// {what}\n"
        "    static let encoded = #\"\"\"\n"
        f"{body}\n"
        "        \"\"\"#\n"
        "}\n"
    )
    return len(lines)


def country_code(properties):
    """ISO_A2_EH; the few without a code are left out."""
    code = properties.get("ISO_A2_EH")
    return None if not code or code == "-99" else code


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/make_outlines.py ne_50m_admin_0_countries.geojson")
    text = "".join(records(sys.argv[1], country_code))
    header = (
        "// Generated by scripts/make_outlines.py from Natural Earth's 1:50m Admin 0 – Countries\n"
        "// (public domain); regenerate rather than edit. The format is Outlines' doc comment.\n"
    )
    lines = write_swift(OUT, header, "CountryOutlines", "Every country's outline, as `scripts/make_outlines.py` writes it.", text)
    print(f"{OUT.relative_to(ROOT)}: {len(text)} characters, {lines} lines")


if __name__ == "__main__":
    main()
