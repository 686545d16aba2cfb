import Foundation

/// The answers the warning tests serve, in each service's documented shape (field names and
/// forms as its documentation and public answers show them).
package enum WarningAnswers {
    /// MetAlerts 2.0 `current.json`: one Actual gale warning (an Update, as MET's example) and
    /// one Test message.
    package static let metAlerts = """
        {"type": "FeatureCollection", "lang": "en", "lastChange": "2024-03-05T14:08:36+00:00", "features": [
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[6.3025, 58.2], [6.4088, 58.3058], [5.5248, 58.6458], [6.3025, 58.2]]]},
           "properties": {"area": "Åna-Sira - Obrestad", "awarenessResponse": "Keep an eye on the weather",
             "awareness_level": "2; yellow; Moderate", "awareness_type": "1; Wind", "certainty": "Observed",
             "description": " Today, Tuesday, east and southeast near gale 15 m/s, decreasing in the afternoon.",
             "event": "gale", "eventAwarenessName": "gale", "eventEndingTime": "2024-03-05T15:00:00+00:00",
             "geographicDomain": "marine", "id": "2.49.0.1.578.0.20240305051538.094",
             "instruction": "Consider leaving the boat in port. ", "riskMatrixColor": "Yellow", "severity": "Moderate",
             "status": "Actual", "title": "Gale, yellow level, Åna-Sira - Obrestad, 2024-03-04T17:00:00+00:00, 2024-03-05T15:00:00+00:00",
             "type": "Update"},
           "when": {"interval": ["2024-03-04T17:00:00+00:00", "2024-03-05T15:00:00+00:00"]}},
          {"type": "Feature", "geometry": null,
           "properties": {"area": "Test area", "awareness_level": "3; orange; Severe", "event": "snow", "id": "2.49.0.1.578.0.test",
             "severity": "Severe", "status": "Test", "title": "Test", "type": "Alert"},
           "when": {"interval": ["2024-03-05T00:00:00+00:00", "2024-03-06T00:00:00+00:00"]}}
        ]}
        """

    /// `/alerts/active?point=`: a storm warning whose Update replaced the first message, a wind
    /// advisory past `expires` but before `ends` (severity Unknown), a cancelled one, and a test.
    package static let nwsAlerts = """
        {"type": "FeatureCollection", "title": "Current watches, warnings, and advisories", "updated": "2024-03-05T11:50:00+00:00",
         "features": [
          {"id": "https://api.weather.gov/alerts/urn:storm-1", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:storm-1", "areaDesc": "Northern Larimer County", "sent": "2024-03-04T20:00:00-07:00",
            "effective": "2024-03-04T20:00:00-07:00", "onset": "2024-03-05T02:00:00-07:00", "expires": "2024-03-05T08:00:00-07:00",
            "ends": "2024-03-06T05:00:00-07:00", "status": "Actual", "messageType": "Alert", "category": "Met", "severity": "Severe",
            "certainty": "Likely", "urgency": "Expected", "event": "Winter Storm Warning", "senderName": "NWS Boulder CO",
            "headline": "Winter Storm Warning issued March 4 at 8:00PM MST", "description": "Heavy snow.", "instruction": null,
            "references": []}},
          {"id": "https://api.weather.gov/alerts/urn:storm-2", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:storm-2", "areaDesc": "Northern Larimer County; Rocky Mountain National Park", "sent": "2024-03-05T03:30:00-07:00",
            "effective": "2024-03-05T03:30:00-07:00", "onset": "2024-03-05T02:00:00-07:00", "expires": "2024-03-05T12:00:00-07:00",
            "ends": "2024-03-06T05:00:00-07:00", "status": "Actual", "messageType": "Update", "severity": "Severe",
            "event": "Winter Storm Warning", "senderName": "NWS Boulder CO",
            "headline": "Winter Storm Warning issued March 5 at 3:30AM MST until March 6 at 5:00AM MST",
            "description": "Heavy snow. Total accumulations of 10 to 20 inches.", "instruction": "Travel could be very difficult.",
            "references": [{"@id": "https://api.weather.gov/alerts/urn:storm-1", "identifier": "urn:storm-1",
              "sender": "w-nws.webmaster@noaa.gov", "sent": "2024-03-04T20:00:00-07:00"}]}},
          {"id": "https://api.weather.gov/alerts/urn:wind-1", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:wind-1", "areaDesc": "Northern Larimer County", "effective": "2024-03-05T01:00:00-07:00",
            "onset": null, "expires": "2024-03-05T04:00:00-07:00", "ends": "2024-03-05T18:00:00-07:00", "status": "actual",
            "messageType": "Alert", "severity": "Unknown", "event": "Wind Advisory", "senderName": "NWS Boulder CO",
            "headline": null, "description": "West winds 25 to 35 mph.", "instruction": "", "references": []}},
          {"id": "https://api.weather.gov/alerts/urn:fog-1", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:fog-1", "areaDesc": "Northern Larimer County", "expires": "2024-03-05T09:00:00-07:00", "ends": null,
            "status": "Actual", "messageType": "Alert", "severity": "Minor", "event": "Dense Fog Advisory", "references": []}},
          {"id": "https://api.weather.gov/alerts/urn:fog-2", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:fog-2", "areaDesc": "Northern Larimer County", "expires": "2024-03-05T09:00:00-07:00", "ends": null,
            "status": "Actual", "messageType": "Cancel", "severity": "Minor", "event": "Dense Fog Advisory",
            "references": [{"identifier": "urn:fog-1"}]}},
          {"id": "https://api.weather.gov/alerts/urn:test-1", "type": "Feature", "geometry": null, "properties": {
            "id": "urn:test-1", "areaDesc": "Northern Larimer County", "expires": "2024-03-06T09:00:00-07:00",
            "status": "Test", "messageType": "Alert", "severity": "Extreme", "event": "Test Message", "references": []}}
        ]}
        """

    /// `/alerts?lat=&lon=`: a storm with no `expires`, frost announced for later, a warning
    /// already over, and a test message.
    package static let brightSkyAlerts = """
        {"alerts": [
          {"id": 347754, "alert_id": "2.49.0.0.276.0.DWD.PVW.1", "status": "actual", "effective": "2024-03-05T07:35:00+00:00",
           "onset": "2024-03-05T20:00:00+00:00", "expires": "2024-03-06T08:00:00+00:00", "category": "met", "response_type": "prepare",
           "urgency": "future", "severity": "minor", "certainty": "likely", "event_code": 22, "event_en": "frost", "event_de": "FROST",
           "headline_en": "Official WARNING of FROST", "headline_de": "Amtliche WARNUNG vor FROST",
           "description_en": "There is a risk of frost (level 1 of 4).", "description_de": "Es tritt leichter Frost auf.",
           "instruction_en": null, "instruction_de": null},
          {"id": 347755, "alert_id": "2.49.0.0.276.0.DWD.PVW.2", "status": "actual", "effective": "2024-03-05T06:00:00+00:00",
           "onset": "2024-03-05T06:00:00+00:00", "expires": null, "category": "met", "severity": "severe", "event_en": "storm",
           "event_de": "ORKANARTIGE BÖEN", "headline_en": "Official SEVERE WEATHER WARNING of STORM",
           "description_en": "Storm gusts up to 100 km/h.", "instruction_en": "Stay indoors."},
          {"id": 347700, "alert_id": "2.49.0.0.276.0.DWD.PVW.0", "status": "actual", "onset": "2024-03-04T06:00:00+00:00",
           "expires": "2024-03-05T06:00:00+00:00", "severity": "moderate", "event_en": "thaw", "headline_en": "Over"},
          {"id": 1, "alert_id": "test", "status": "test", "onset": "2024-03-05T06:00:00+00:00", "expires": null,
           "severity": "extreme", "event_en": "test", "headline_en": "Test"}
         ],
         "location": {"warn_cell_id": 814713000, "name": "Stadt Leipzig", "name_short": "Leipzig", "district": "Leipzig",
           "state": "Sachsen", "state_short": "SN"}}
        """

    /// `metAlerts`' gale warning, headed `headline`, in force from `start` to `end` (default: from
    /// an hour ago to three hours ahead).
    package static func gale(
        _ headline: String = "Gale, yellow level", from start: Date = Date(timeIntervalSinceNow: -3600),
        until end: Date = Date(timeIntervalSinceNow: 3 * 3600)
    ) -> String {
        let stamp = { (date: Date) in ISO8601DateFormatter().string(from: date).replacingOccurrences(of: "Z", with: "+00:00") }
        return metAlerts.replacingOccurrences(of: "2024-03-04T17:00:00+00:00", with: stamp(start))
            .replacingOccurrences(of: "2024-03-05T15:00:00+00:00", with: stamp(end))
            .replacingOccurrences(of: "Gale, yellow level", with: headline)
    }
}
