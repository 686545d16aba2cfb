#!/usr/bin/env python3
"""Reads a ZoneDetect database (format versions 0 and 1) and writes it as GeoJSON.

Usage: scripts/zonedetect.py timezone21.bin > timezones.geojson

ZoneDetect (github.com/BertoldVdb/ZoneDetect) packs timezone-boundary-builder's zones into one
file; scripts/make_zones.py reads the GeoJSON this writes, one MultiPolygon a zone (`tzid`).
Standard library only.

The format is ZoneDetect's (library/zonedetect.c), read anew here. As a module:

    db = ZoneDetectDB("timezone21.bin")
    db.lookup(59.91, 10.75)      -> ["Europe/Oslo"]   (more than one entry only on a border)
    db.to_geojson()              -> a FeatureCollection, one MultiPolygon a zone, holes attached
"""
import struct


def _zz(v):  # ZoneDetect's signed mapping: odd -> negative
    return -(v >> 1) if (v & 1) else (v >> 1)


def _unshuffle(w):  # keep even bits (Morton de-interleave)
    w &= 0x5555555555555555
    w = (w | (w >> 1)) & 0x3333333333333333
    w = (w | (w >> 2)) & 0x0F0F0F0F0F0F0F0F
    w = (w | (w >> 4)) & 0x00FF00FF00FF00FF
    w = (w | (w >> 8)) & 0x0000FFFF0000FFFF
    w = (w | (w >> 16)) & 0x00000000FFFFFFFF
    return w


class ZoneDetectDB:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.b = b = f.read()
        if b[:3] != b"PLB":
            raise ValueError("not a ZoneDetect database")
        self.table_type = chr(b[3])          # 'T' timezone, 'C' country
        self.version = b[4]                  # 0 or 1
        self.precision = b[5]                # 16 or 21
        nfields = b[6]
        if self.version >= 2:
            raise ValueError("unsupported version %d" % self.version)
        self.metadata_offset = 0
        i = 7
        self.field_names = []
        for _ in range(nfields):
            s, i = self._string(i)
            self.field_names.append(s)
        self.notice, i = self._string(i)
        bbox_len, i = self._uvar(i)
        meta_len, i = self._uvar(i)
        data_len, i = self._uvar(i)
        self.bbox_offset = i
        self.metadata_offset = i + bbox_len
        self.data_offset = i + bbox_len + meta_len
        if self.data_offset + data_len != len(b):
            raise ValueError("length mismatch")
        # bbox / polygon index table (sorted by minLat)
        self.polys = []  # (minLat, minLon, maxLat, maxLon, metaId, absPolygonOffset)
        j, meta, poly = self.bbox_offset, 0, 0
        while j < self.metadata_offset:
            vals = []
            for _ in range(5):
                v, j = self._uvar(j)
                vals.append(_zz(v))
            d, j = self._uvar(j)
            meta += vals[4]
            poly += d
            self.polys.append((vals[0], vals[1], vals[2], vals[3], meta, self.data_offset + poly))
        self._meta_cache = {}

    # ---- primitive decoders -------------------------------------------
    def _uvar(self, i):
        b, v, shift = self.b, 0, 0
        while True:
            c = b[i]
            i += 1
            v |= (c & 0x7F) << shift
            shift += 7
            if not c & 0x80:
                return v, i

    def _uvar_rev(self, i):
        """i points at the last byte of a varint; returns (value, index of last byte of previous varint)."""
        b = self.b
        if b[i] & 0x80:
            raise ValueError("bad reverse varint")
        k = i - 1
        while b[k] & 0x80:
            k -= 1
        v, _ = self._uvar(k + 1)
        return v, k

    def _string(self, i):
        n, i = self._uvar(i)
        if n >= 256:  # deduplicated string stored elsewhere in the metadata section
            j = self.metadata_offset + n - 256
            n2, j = self._uvar(j)
            return bytes(x ^ 0x80 for x in self.b[j:j + n2]).decode("utf-8"), i
        return bytes(x ^ 0x80 for x in self.b[i:i + n]).decode("utf-8"), i + n

    # ---- fixed point ----------------------------------------------------
    def to_fixed(self, lat, lon):
        s = 1 << (self.precision - 1)
        return int(lat / 90.0 * s), int(lon / 180.0 * s)

    def to_deg(self, flat, flon):
        s = float(1 << (self.precision - 1))
        return flat / s * 90.0, flon / s * 180.0

    # ---- polygon ring decoding (fixed-point ints, closed ring) ---------
    def ring_fixed(self, off):
        pts = []
        lat = lon = 0
        if self.version == 0:
            n, off = self._uvar(off)
            for _ in range(n):
                dlat, off = self._uvar(off)
                dlon, off = self._uvar(off)
                dlat, dlon = _zz(dlat), _zz(dlon)
                lat += dlat
                lon += dlon
                if dlat or dlon or not pts:
                    pts.append((lat, lon))
            pts.append(pts[0])
            return pts
        pos, rdir, rstart, rend = off, 0, 0, 0
        first = None
        while True:
            ref_done = False
            if rdir == 0:
                p, pos = self._uvar(pos)
            elif rdir > 0:
                p, rstart = self._uvar(rstart)
                ref_done = rstart >= rend
            else:
                p, rstart = self._uvar_rev(rstart)
                ref_done = rstart <= rend
            if p == 0:
                if rdir:
                    raise ValueError("marker inside reference")
                val, pos = self._uvar(pos)
                if val == 0:            # end of ring
                    pts.append(first)
                    return pts
                if val == 1:            # copy a run of points from another ring
                    start, pos = self._uvar(pos)
                    diff, pos = self._uvar(pos)
                    diff = _zz(diff)
                    rstart = self.data_offset + start
                    rend = self.data_offset + start + diff
                    rdir = diff
                    if diff < 0:
                        rstart -= 1
                        rend -= 1
                    continue
                raise ValueError("unknown marker %d" % val)
            dlat, dlon = _zz(_unshuffle(p)), _zz(_unshuffle(p >> 1))
            if rdir < 0:
                dlat, dlon = -dlat, -dlon
            lat += dlat
            lon += dlon
            if first is None:
                first = (lat, lon)
            pts.append((lat, lon))
            if ref_done:
                rdir = 0

    def metadata(self, meta_id):
        m = self._meta_cache.get(meta_id)
        if m is None:
            i = self.metadata_offset + meta_id
            m = {}
            for name in self.field_names:
                m[name], i = self._string(i)
            self._meta_cache[meta_id] = m
        return m

    def tzid(self, meta_id):
        m = self.metadata(meta_id)
        return m.get("TimezoneIdPrefix", "") + m.get("TimezoneId", "")

    # ---- lookup ---------------------------------------------------------
    @staticmethod
    def _inside(pts, y, x):  # even-odd ray cast in fixed-point space (y=lat, x=lon)
        c = False
        for k in range(len(pts) - 1):
            y1, x1 = pts[k]
            y2, x2 = pts[k + 1]
            if (y1 > y) != (y2 > y):
                if x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                    c = not c
        return c

    def lookup(self, lat, lon):
        flat, flon = self.to_fixed(lat, lon)
        parity = {}
        for (mnlat, mnlon, mxlat, mxlon, meta, off) in self.polys:
            if flat < mnlat:
                break  # table sorted by minLat
            if flat <= mxlat and mnlon <= flon <= mxlon:
                if self._inside(self.ring_fixed(off), flat, flon):
                    parity[meta] = parity.get(meta, 0) ^ 1   # holes are extra rings of same meta
        return [self.tzid(m) for m, odd in parity.items() if odd]

    # ---- export ---------------------------------------------------------
    def rings(self):
        for (_, _, _, _, meta, off) in self.polys:
            yield self.metadata(meta), [self.to_deg(a, o) for a, o in self.ring_fixed(off)]

    @staticmethod
    def _area2(pts):  # twice the signed area in (lon, lat) space
        return sum(pts[k][1] * pts[k + 1][0] - pts[k + 1][1] * pts[k][0] for k in range(len(pts) - 1))

    def to_geojson(self, ndigits=6):
        """GeoJSON FeatureCollection, one MultiPolygon per tzid.
        ZoneDetect stores outer rings and holes as separate rings carrying the same
        metadata, distinguished only by orientation (in this file: outers clockwise in
        lon/lat, holes counter-clockwise). Holes are attached to the smallest outer
        ring containing them; zero-area slivers and the handful of orphan hole rings
        are dropped. Output rings follow RFC 7946 (outer CCW, holes CW)."""
        rings = {}
        for (_, _, _, _, meta, off) in self.polys:
            r = self.ring_fixed(off)
            rings.setdefault(self.tzid(meta), []).append((r, self._area2(r)))
        outer_sign = -1 if sum(a for v in rings.values() for _, a in v) < 0 else 1
        conv = lambda r: [[round(lo, ndigits), round(la, ndigits)] for la, lo in (self.to_deg(*p) for p in reversed(r))]
        feats = []
        for tz, rs in sorted(rings.items()):
            outers = [(r, abs(a)) for r, a in rs if a * outer_sign > 0]
            polys = [[r] for r, _ in outers]
            for h, a in rs:
                if a * outer_sign >= 0:
                    continue
                y, x = h[0]
                best = None
                for idx, (r, ar) in enumerate(outers):
                    if (best is None or ar < outers[best][1]) and self._inside(r, y, x):
                        best = idx
                if best is not None:
                    polys[best].append(h)
            feats.append({"type": "Feature", "properties": {"tzid": tz},
                          "geometry": {"type": "MultiPolygon",
                                       "coordinates": [[conv(r) for r in p] for p in polys]}})
        return {"type": "FeatureCollection", "features": feats}

if __name__ == "__main__":
    import json
    import sys

    if len(sys.argv) != 2:
        sys.exit("usage: scripts/zonedetect.py timezone21.bin > timezones.geojson")
    json.dump(ZoneDetectDB(sys.argv[1]).to_geojson(), sys.stdout)
