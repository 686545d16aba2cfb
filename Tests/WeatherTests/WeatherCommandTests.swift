import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TerminalKit
@testable import TestHarness
@testable import WeatherFront

/// End-to-end runs of `weather` in process: sample data with a fresh home, and a loopback provider.
final class WeatherCommandTests: XCTestCase {
    func testForecastOnSampleDataFromAnyFolder() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather", "forecast", "Moscow"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("7-day forecast — Moscow, Russia  55.76°N 37.62°E\n"), result.out)
        XCTAssertEqual(result.out.split(separator: "\n").filter { $0.range(of: #"^\w{3} \d+ Nov "#, options: .regularExpression) != nil }.count, 7)
        XCTAssertTrue(result.out.contains("Source: sample data"))
        XCTAssertEqual(
            result.err,
            "Open-Meteo unreachable; showing sample data recorded on 2026-11-20.\nMET Norway unreachable; showing sample data recorded on 2026-11-20.\n",
            "one note a provider")
        let footer = [
            "Source: sample data recorded on 2026-11-20", "MET Norway Locationforecast", "chance of precipitation from the GFS ensemble",
            "model odds from the GFS ensemble", "UV index from Open-Meteo", "normals 1991–2020 from Open-Meteo's archive (ERA5)",
            "Data from MET Norway", "Weather data by Open-Meteo.com",
        ]
        XCTAssertTrue(
            result.out.contains("Fri 20 Nov") && result.out.contains("8/31 rain · 31/31 frost  medium"), "the day's model odds: \(result.out)")
        XCTAssertTrue(result.out.hasSuffix(footer.joined(separator: " · ") + "\n"), result.out)
        XCTAssertFalse(result.out.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    func testJSONHasProvenance() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather", "Tehran", "--json"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["source"] as? String, "sample")
        XCTAssertEqual(object["stale"] as? Bool, false)
        XCTAssertEqual(object["recordedOn"] as? String, "2026-11-20", "sample data says the day it was recorded")
        XCTAssertNil(object["fetchedAt"], "fetchedAt is for live and cached answers")
        XCTAssertEqual((object["city"] as? [String: Any])?["timeZoneIdentifier"] as? String, "Asia/Tehran")
    }

    func testBadInputIsOneLineAndExit64() throws {
        let home = try makeTemporaryFolder(self)
        let cases: [([String], String)] = [
            (["weather", "forecast", "Moscow", "--days", "0"], "--days must be from 1 to 25, not 0."),
            (["weather", "forecast", "Moscow", "--days", "26"], "--days must be from 1 to 25, not 26."),
            (["weather", "forecast", "Moscow", "--days", "abc"], "abc"),
            (["weather", "hourly", "Moscow", "--hours", "49"], "--hours must be from 1 to 48"),
            (["weather", "day", "Moscow", "--date", "2026-13-01"], "--date must be a real date"),
            (["weather", "day", "Moscow", "--date", "2027-01-01"], "is outside the forecast"),
            (["weather", "Atlantis"], "No place called \"Atlantis\" was found"),
            (["weather", "Saint Petersburg"], "Choose one by its number (--pick N)."),
            (["weather", "settings", "--units", "kelvin"], "--units must be metric or imperial"),
            // An empty place is refused everywhere, as `weather add ""` is; never the default city.
            (["weather", "rain", ""], "A city name must be 1 to 200 characters."),
            (["weather", "air", "  "], "A city name must be 1 to 200 characters."),
            (["weather", "forecast", ""], "A city name must be 1 to 200 characters."),
            (["weather", "now", ""], "A city name must be 1 to 200 characters."),
        ]
        for (arguments, text) in cases {
            assertOneLineError(try runAlmanac(arguments, home: home), status: 64, contains: text)
        }
    }

    /// No saved city, piped: no question, the sample city, and a note saying how to save one.
    func testFirstRunPipedShowsTheSampleCityAndSaysHowToSaveOne() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("Now — Moscow, Russia"), result.out)
        XCTAssertTrue(result.err.contains("note: no saved city yet, so this is Moscow. Save yours with: almanac weather add NAME"), result.err)
        let json = try runAlmanac(["weather", "--json"], home: home)
        XCTAssertEqual(json.status, 0, json.err)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(try runAlmanac(["weather", "cities"], home: home).out.contains("Moscow"), false, "nothing saved without asking")
    }

    /// A saved city keeps its number: removing one renumbers nothing, and a number is not reused.
    func testSavedCityNumbersAreStable() throws {
        let home = try makeTemporaryFolder(self)
        for name in ["Moscow", "London", "Oslo"] { XCTAssertEqual(try runAlmanac(["weather", "add", name], home: home).status, 0) }
        XCTAssertTrue(try runAlmanac(["weather", "remove", "1"], home: home).out.contains("Moscow"))
        assertOneLineError(try runAlmanac(["weather", "remove", "1"], home: home), status: 64, contains: "Saved: 2 London, 3 Oslo.")
        XCTAssertTrue(try runAlmanac(["weather", "3"], home: home).out.hasPrefix("Now — Oslo, Norway"))
        XCTAssertEqual(try runAlmanac(["weather", "add", "Tehran"], home: home).status, 0)
        let cities = try runAlmanac(["weather", "cities"], home: home).out
        XCTAssertNotNil(cities.range(of: #"\n *4 +Tehran"#, options: .regularExpression), cities)
    }

    func testCitiesSavedBeforeNumbersWereStoredKeepTheirOrder() throws {
        let home = try makeTemporaryFolder(self)
        for name in ["Oslo", "London"] { XCTAssertEqual(try runAlmanac(["weather", "add", name], home: home).status, 0) }
        // Write it back as schema 1, which had no numbers.
        let file = home.appendingPathComponent("data/weather.json")
        var root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var payload = try XCTUnwrap(root["data"] as? [String: Any])
        payload["ids"] = nil
        payload["nextID"] = nil
        root["schema"] = 1
        root["data"] = payload
        try JSONSerialization.data(withJSONObject: root).write(to: file)
        let removed = try runAlmanac(["weather", "remove", "1"], home: home)
        XCTAssertTrue(removed.out.contains("Oslo"), removed.out + removed.err)
        assertOneLineError(try runAlmanac(["weather", "remove", "Paris"], home: home), status: 64, contains: "Saved: 2 London.")
    }

    /// Tehran by coordinates shows Tehran's clock (UTC+3:30), as Tehran by name does; its
    /// longitude would have said UTC+3.
    func testCoordinatesShowThePlacesOwnLocalTime() throws {
        let home = try makeTemporaryFolder(self)
        let localTime = { (place: String) throws -> String? in
            let result = try runAlmanac(["weather", place, "--offline"], home: home)
            XCTAssertEqual(result.status, 0, result.err)
            return result.out.split(separator: "\n").first { $0.hasPrefix("Local time") }.map(String.init)
        }
        let byName = try localTime("Tehran")
        XCTAssertEqual(byName, "Local time     Fri 20 Nov 2026, 15:30")
        XCTAssertEqual(try localTime("35.69,51.39"), byName)
    }

    /// Southern and western coordinates are places, not options, wherever a place is taken: as
    /// the place, as `weather add`'s, as `--place`'s value; `--` still works.
    func testCoordinatesWithAMinusArePlaces() throws {
        let home = try makeTemporaryFolder(self)
        let sydney = try runAlmanac(["weather", "warnings", "-33.87,151.21"], home: home)
        XCTAssertEqual(sydney.status, 0, sydney.err)
        XCTAssertTrue(sydney.out.contains("33.87°S 151.21°E"), sydney.out)
        let added = try runAlmanac(["weather", "add", "-41.29,-174.78", "--offline"], home: home)
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertEqual(added.out, "Saved -41.2900,-174.7800 (default).\n")
        let line = try runAlmanac(["line", "%W", "--place", "-33.87,151.21"], home: home)
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(try runAlmanac(["weather", "warnings", "--", "-33.87,151.21"], home: home).status, 0)
        assertOneLineError(try runAlmanac(["weather", "-95,10"], home: home), status: 64, contains: #""-95,10" is no place"#)
        let help = try runAlmanac(["weather", "now", "--help"], home: home)
        XCTAssertTrue(help.out.contains("-33.87,151.21 as it is"), help.out)
    }

    func testTimeZoneCities() {
        XCTAssertEqual(WeatherFirstRun.zoneCity("Europe/Oslo"), "Oslo")
        XCTAssertEqual(WeatherFirstRun.zoneCity("America/New_York"), "New York")
        XCTAssertNil(WeatherFirstRun.zoneCity("UTC"))
        XCTAssertNil(WeatherFirstRun.zoneCity("Etc/GMT+3"))
    }

    func testUnrecordedCityInSampleModeIsUnavailable() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather", "Paris"], home: home)
        // What the samples cover and how to go live, in a user's words; no request ids or paths.
        assertOneLineError(
            result, status: 69,
            contains: "The sample data covers Berlin, Bratislava, London, Moscow, New York, Oslo, Saint Petersburg, Tehran; "
                + "Open-Meteo could not be reached for the rest (see almanac doctor).")
        XCTAssertFalse(result.err.contains("showing sample data"), "no note promises an answer the run does not show: \(result.err)")
        XCTAssertFalse(result.err.contains("/1.x/"), result.err)
        XCTAssertFalse(result.err.contains("Fixtures"), result.err)
        let coordinates = try runAlmanac(["weather", "10,10"], home: home)
        assertOneLineError(coordinates, status: 69, contains: "The sample data covers Berlin, Bratislava, London")
        // The recording detail is for --verbose.
        let verbose = try runAlmanac(["-v", "weather", "Paris"], home: home)
        XCTAssertTrue(verbose.err.contains("127.0.0.1:1/v1/search?name=Paris&count=10&language=en&format=json failed"), verbose.err)
        // With the keyed geocoder chosen and no key, the samples say which keys open up any city.
        let keyed = try runAlmanac(["weather", "Paris", "--offline"], home: home, environment: ["YANDEX_GEOCODER_API_KEY": "YA-TEST"])
        assertOneLineError(keyed, status: 69, contains: "; working offline keeps to the cache and the sample data (--offline; see almanac doctor).")

    }

    func testCitiesSettingsAndStatusLineAcrossRuns() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(
            try runAlmanac(["weather", "add", "Saint Petersburg", "--pick", "1"], home: home).out, "Saved Saint Petersburg, Russia (default).\n")
        XCTAssertEqual(try runAlmanac(["weather", "add", "Oslo"], home: home).status, 0)
        XCTAssertEqual(try runAlmanac(["weather", "settings", "--units", "imperial", "--wind", "mph"], home: home).status, 0)
        let line = try runAlmanac(["weather", "--format", "line"], home: home)
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertTrue(line.out.hasPrefix("Saint Petersburg "), line.out)
        XCTAssertTrue(line.out.contains("°F"), line.out)
        XCTAssertTrue(line.out.hasSuffix("mph (sample)\n"), line.out)
        let cities = try runAlmanac(["weather", "cities"], home: home).out
        // Every column has a header: the default is marked under "Default".
        XCTAssertNotNil(cities.range(of: #"1  Saint Petersburg, Russia +yes  "#, options: .regularExpression), cities)
        XCTAssertNotNil(cities.range(of: #"2  Oslo, Norway {10,}\d"#, options: .regularExpression), cities)
    }

    func testTheSampleDataNoteIsSaidOnceADay() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["weather", "settings", "--provider", "openweather"], home: home).status, 0)
        let note = "OPENWEATHER_API_KEY is not set; showing sample data"
        XCTAssertTrue(try runAlmanac(["weather", "forecast", "Moscow"], home: home).err.contains(note))
        let second = try runAlmanac(["weather", "forecast", "Moscow"], home: home)
        XCTAssertFalse(second.err.contains(note), second.err)
        XCTAssertTrue(second.out.contains("Source: sample data"), "the footer still says where the data came from")
        XCTAssertTrue(try runAlmanac(["weather", "forecast", "Moscow", "--verbose"], home: home).err.contains(note), "always with --verbose")
        let statusBar = try runAlmanac(["weather", "--format", "line", "Moscow"], home: try makeTemporaryFolder(self))
        XCTAssertEqual(statusBar.status, 0, statusBar.err)
        XCTAssertEqual(statusBar.err, "", "a status bar's line is never followed by notes")
    }

    /// No saved city, on a terminal: it explains, asks, offers the time zone's city, and remembers.
    func testFirstRunOnATerminalAsksAndRemembers() throws {
        let home = try makeTemporaryFolder(self)
        let environment = ["TZ": "Europe/Oslo", "ALMANAC_TODAY": "2026-11-21", "NO_COLOR": "1", "COLUMNS": "140"]
        let first = try runAlmanac(["weather"], home: home, environment: environment, stdin: "2\n", terminal: true)
        XCTAssertEqual(first.status, 0, first.err)
        let asked = first.out + first.err
        XCTAssertTrue(asked.contains("No saved city yet. Almanac shows the weather for the cities you save"), asked)
        XCTAssertTrue(asked.contains("2) Use Oslo (from this computer's time zone)"), asked)
        XCTAssertTrue(asked.contains("Saved Oslo, Norway as your default city."), asked)
        XCTAssertTrue(first.out.contains("Now — Oslo, Norway"), first.out)
        let again = try runAlmanac(["weather"], home: home)
        XCTAssertTrue(again.out.hasPrefix("Now — Oslo, Norway"), again.out)
        XCTAssertFalse(again.err.contains("no saved city"), again.err)
    }

    /// In a time zone that names no city (UTC), the first run on a terminal asks for a name at
    /// once: no menu of one choice ("Choose 1-1"). (In a real terminal, with a zone that names a
    /// city: `WeatherFirstRunTests` in Tests/BinaryTests.)
    func testTheFirstRunInUTCAsksForANameWithoutAMenuOfOne() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(
            ["weather"], home: home, environment: ["TZ": "UTC", "ALMANAC_TODAY": "2026-11-21", "NO_COLOR": "1", "COLUMNS": "140"], stdin: "Oslo\n",
            terminal: true)
        XCTAssertEqual(result.status, 0, result.err)
        let asked = result.out + result.err
        XCTAssertTrue(asked.contains("City name:"), asked)
        XCTAssertFalse(asked.contains("Choose 1-") || asked.contains("Which city?"), asked)
        XCTAssertTrue(asked.contains("forecasts come from MET Norway and place names from Open-Meteo"), asked)
        XCTAssertTrue(asked.contains("Saved Oslo, Norway as your default city."), asked)
        XCTAssertTrue(result.out.contains("Now — Oslo, Norway"), result.out)
    }

    func testTheWindUnitFollowsTheUnitsUntilChosen() throws {
        let home = try makeTemporaryFolder(self)
        func wind(_ arguments: [String]) throws -> String? {
            let result = try runAlmanac(["weather", "settings", "--json"] + arguments, home: home)
            XCTAssertEqual(result.status, 0, result.err)
            return (try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])?["wind"] as? String
        }
        XCTAssertEqual(try wind(["--units", "imperial"]), "mph")
        XCTAssertEqual(try wind(["--units", "metric"]), "ms")
        XCTAssertEqual(try wind(["--wind", "kmh"]), "kmh")
        XCTAssertEqual(try wind(["--units", "imperial"]), "kmh", "a chosen wind unit stays")
        let line = try runAlmanac(["weather", "--format", "line", "Moscow"], home: home)
        XCTAssertTrue(line.out.contains("°F") && line.out.hasSuffix("km/h (sample)\n"), line.out)
    }

    func testARunsUnitsVariablesGoOverTheSavedOnesAndChangeNothingSaved() throws {
        let home = try makeTemporaryFolder(self)
        let glance = ["weather", "Oslo", "--format", "%t %w"]
        XCTAssertEqual(try runAlmanac(glance, home: home).out, "+5°C ←8m/s (sample)\n")
        XCTAssertEqual(try runAlmanac(glance, home: home, environment: ["ALMANAC_UNITS": "imperial"]).out, "+40°F ←17mph (sample)\n")
        XCTAssertEqual(try runAlmanac(glance, home: home, environment: ["ALMANAC_WIND": "kmh"]).out, "+5°C ←27km/h (sample)\n")
        let settings = try runAlmanac(["weather", "settings", "--json"], home: home, environment: ["ALMANAC_UNITS": "imperial"])
        XCTAssertTrue(settings.out.contains("\"units\" : \"metric\""), "what is saved: \(settings.out)")
        for (name, value) in [("ALMANAC_UNITS", "kelvin"), ("ALMANAC_WIND", "knots"), ("ALMANAC_LANG", "xx")] {
            let refused = try runAlmanac(["weather", "Oslo"], home: home, environment: [name: value])
            XCTAssertEqual(refused.status, 64, name)
            XCTAssertTrue(refused.err.hasPrefix("almanac: \(name) is \"\(value)\": it takes "), refused.err)
            XCTAssertEqual(refused.err.split(separator: "\n").count, 1, refused.err)
        }
    }

    func testLiveAgainstLoopbackServerAndNoKeyOnDisk() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let home = try makeTemporaryFolder(self)
        var environment = server.environment
        environment["OPENWEATHER_API_KEY"] = "OW-LIVE-SECRET-0001"
        environment["YANDEX_GEOCODER_API_KEY"] = "YA-LIVE-SECRET-0002"
        let first = try runAlmanac(["weather", "hourly", "New York", "--hours", "12", "--verbose"], home: home, environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("Next 12 hours — New York"), first.out)
        XCTAssertTrue(first.out.contains("Source: live"))
        XCTAssertTrue(first.err.contains("/openweather/data/3.0/onecall?lat=40.7128&lon=-74.0060"), first.err)
        XCTAssertTrue(first.err.contains("appid=***"))
        let second = try runAlmanac(["weather", "hourly", "New York", "--hours", "12"], home: home, environment: environment)
        XCTAssertTrue(second.out.contains("Source: cache ("), second.out)
        let everything = allText(under: home) + first.err + first.out
        XCTAssertFalse(everything.contains("OW-LIVE-SECRET-0001"))
        XCTAssertFalse(everything.contains("YA-LIVE-SECRET-0002"))
    }

    /// MET Norway sends no chance of precipitation for days: the GFS ensemble's share of wet
    /// members fills it, and the footer says where it came from and credits Open-Meteo.
    func testForecastDaysGetTheEnsemblesChanceOfPrecipitation() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["weather", "forecast", "Oslo", "--offline"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertNotNil(lines.first { $0.hasPrefix("Date ") && $0.contains("Precip") }, result.out)
        let days = lines.filter { $0.range(of: #"^\w{3} \d+ Nov "#, options: .regularExpression) != nil }
        XCTAssertEqual(days.count, 7)
        XCTAssertTrue(days.allSatisfy { $0.range(of: #" \d{1,3}% "#, options: .regularExpression) != nil }, result.out)
        XCTAssertTrue(result.out.contains("chance of precipitation from the GFS ensemble"), result.out)
        XCTAssertTrue(result.out.contains("Weather data by Open-Meteo.com"), result.out)
    }

    /// Keyless, the UV index comes from Open-Meteo: in the now view with the WHO's word, on a
    /// status line, per day in the forecast, in `--json`; the footer says where it came from.
    func testTheUVIndexKeylessEverywhere() throws {
        let home = try makeTemporaryFolder(self)
        let now = try runAlmanac(["weather", "Tehran"], home: home)
        XCTAssertTrue(now.out.contains("UV index       3.4 — moderate (WHO)"), now.out)
        XCTAssertTrue(now.out.contains("UV index from Open-Meteo"), now.out)
        XCTAssertEqual(try runAlmanac(["weather", "Tehran", "--format", "%u"], home: home).out, "3 (sample)\n")
        let forecast = try runAlmanac(["weather", "forecast", "Tehran", "--json"], home: home)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forecast.out.utf8)) as? [String: Any], forecast.out)
        let days = try XCTUnwrap(document["days"] as? [[String: Any]])
        XCTAssertEqual(days.count, 7)
        XCTAssertTrue(days.allSatisfy { $0["uvIndex"] is Double }, "each day's highest: \(days.map { $0["uvIndex"] ?? "none" })")
    }
}
