#!/usr/bin/env python3
"""Writes the sample-data recordings under Fixtures/ in the providers' exact response shapes.

Deterministic (fixed seeds): running it twice gives the same files. The fruit catalogue is the
provider's published list (scripts/fruits.tsv); weather and prices are synthetic but shaped
and scaled like real answers, recorded as of FIXTURE_DATE.
"""
import sys

from fixtures.crypto import crypto_fixtures, kraken_fixtures
from fixtures.keyless import fruit_fixtures, keyless_fixtures, normals_fixtures, sky_fixtures
from fixtures.warnings import meteoalarm_fixtures, roshydromet_fixtures, warnings_fixtures
from fixtures.weather import weather_fixtures

if __name__ == "__main__":
    if sys.argv[1:] == ["keyless"]:
        keyless_fixtures()
        sys.exit(0)
    if sys.argv[1:] == ["sky"]:
        sky_fixtures()
        sys.exit(0)
    if sys.argv[1:] == ["normals"]:
        normals_fixtures()
        sys.exit(0)
    if sys.argv[1:] == ["warnings"]:
        warnings_fixtures()
        meteoalarm_fixtures()
        roshydromet_fixtures()
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
    warnings_fixtures()
    meteoalarm_fixtures()
    roshydromet_fixtures()
    normals_fixtures()
