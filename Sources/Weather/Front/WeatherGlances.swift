import AlmanacClient
import AlmanacProviders
import FrontKit
import Weather

/// Status lines for one or more places, fetched concurrently and returned in the order asked
/// (docs/architecture.md §4, "Glances"). A place that cannot be shown still gets its line — the template
/// with placeholders — and the reason, so a bar never goes blank and stderr says why.
package struct WeatherGlances: Sendable {
    /// One place's line: the text, the waybar object, and why values are missing (nil: none are).
    package struct Line: Sendable {
        package var text: String
        package var waybar: WaybarLine
        package var failure: (any Error)?
        /// Where the values came from; nil when no answer came.
        package var provenance: Provenance?

        /// The line as `--json` prints it.
        package var json: Sourced<WeatherJSON.Line> {
            Sourced(WeatherJSON.Line(text: text, error: failure.map { ErrorSentence.text($0, for: .commandLine) }), provenance)
        }
    }

    package let flow: WeatherFlow
    package let template: GlanceTemplate

    package init(flow: WeatherFlow, template: GlanceTemplate) {
        (self.flow, self.template) = (flow, template)
    }

    /// The lines for `places` (none: the default city), in order.
    package func lines(_ places: [String], pick: Int?) async -> [Line] {
        let asked: [String?] = places.isEmpty ? [nil] : places
        if asked.count == 1 { return [await lineAndGlance(asked[0], pick: pick).line] }
        return await withTaskGroup(of: (Int, Line).self) { group in
            for (index, place) in asked.enumerated() {
                group.addTask { (index, await lineAndGlance(place, pick: pick).line) }
            }
            var lines: [Line?] = Array(repeating: nil, count: asked.count)
            for await (index, line) in group { lines[index] = line }
            return lines.compactMap { $0 }
        }
    }

    /// The place's report; with the ensemble's chances and odds when the line shows `%o` or `%R`,
    /// Open-Meteo's UV index when it shows `%u` and the forecast sent none, the normals for `%+`.
    private func report(for city: City) async throws -> WeatherReport {
        let report = try await flow.service.report(for: city)
        let chances = template.codes.contains(where: { "oR".contains($0) }) ? await flow.service.withChances(report) : report
        let uv = template.codes.contains("u") ? await flow.service.withUV(chances) : chances
        return template.codes.contains("+") ? await flow.service.withNormals(uv) : uv
    }

    /// Where a line drawn from no answer (the place and the clock only) came from: the place
    /// search's recordings when this run answers places from them (offline, or its provider
    /// unreachable), so every line of a glance carries its own mark; nil when live.
    private func placeProvenance() -> Provenance? {
        let client = flow.service.client
        guard flow.context.configuration.offline || client.isUnreachable(flow.service.runSources.provider(.places)),
            let recorded = client.samples.fixtures?.recordedAt
        else { return nil }
        return Provenance(origin: .fixture, fetchedAt: recorded, stale: false)
    }

    /// Whether the line shows a code read from the forecast (the place, the sun, the moon, the
    /// clock, rain and air need none).
    private var needsReport: Bool { template.codes.contains { !WeatherGlance.codesWithoutForecast.contains($0) } }

    /// What `%r` and `%a` show, the warnings for `%W`, and where the answers came from (a line
    /// drawn from a recording is marked, whatever code shows it).
    struct Extras {
        var values: [Character: String] = [:]
        var warnings: WarningsReport?
        var provenances: [Provenance] = []
    }

    /// `%r`, `%a` and `%W`, asked only when the line shows them; a part that cannot be had is left
    /// out (its placeholder), never failing the line.
    private func extras(for city: City, settings: WeatherSettings) async -> Extras {
        var extras = Extras()
        let format = WeatherFormat(settings: settings, timeZone: WeatherService.withZone(city).timeZone)
        if template.codes.contains("r"), let answer = try? await flow.service.nowcast(for: city) {
            extras.values["r"] = answer.sentence.short(clock: format.time)
            extras.provenances.append(answer.provenance)
        }
        if template.codes.contains("a"), let (air, provenance) = try? await flow.service.air(for: city, scale: nil), let index = air.index {
            extras.values["a"] = "AQI \(Int(rounding: index))"
            extras.provenances.append(provenance)
        }
        if template.codes.contains("W"), let report = try? await flow.service.warnings(for: city) {
            extras.warnings = report
            extras.provenances += report.provenance.map { [$0] } ?? []
        }
        return extras
    }

    /// One place's line, its failure kept beside it, and the glance it was drawn from (nil when the place is unknown).
    package func lineAndGlance(_ place: String?, pick: Int?) async -> (line: Line, glance: WeatherGlance?) {
        let settings = (try? flow.service.document().settings) ?? WeatherSettings()
        let now = flow.context.days.instant()
        let city: City
        do {
            city = try await flow.city(place, pick: pick, chooser: nil)
        } catch {
            let text = template.render { $0 == "l" ? place : nil }
            let waybar = WaybarLine(text: text, tooltip: ErrorSentence.text(error, for: .commandLine), class: "unknown", alt: "?")
            return (Line(text: text, waybar: waybar, failure: error, provenance: nil), nil)
        }
        var report: WeatherReport?
        var failure: (any Error)?
        // Bounded by the command's one deadline (docs/architecture.md §3, "Time budgets"): when
        // it passes, the client answers with what is stored or the sample, the same every run.
        // `%r`, `%a` and `%W` ask only for the nowcast, the air and the warnings, beside the forecast.
        async let parts = self.extras(for: city, settings: settings)
        do { report = needsReport ? try await self.report(for: city) : nil } catch { failure = error }
        let extras = await parts
        let days = flow.context.days
        var glance = WeatherGlance(city: city, report: report, settings: settings, now: now, pinnedDay: days.isPinned ? try? days.today() : nil)
        (glance.extras, glance.warnings, glance.asksWarnings) = (extras.values, extras.warnings, template.codes.contains("W"))
        let answers = (report.map { [$0.provenance] } ?? []) + extras.provenances
        let provenance = answers.isEmpty ? placeProvenance() : Provenance.combine(answers, now: flow.context.clock.now())
        // A code with nothing to show leaves no space at the end (`%l %W` with no warning).
        let text = String(template.render(glance.value).reversed().drop { $0 == " " }.reversed())
        let waybar = GlanceMark.waybar(WaybarLine(text: text, glance: glance), provenance)
        return (Line(text: GlanceMark.text(text, provenance), waybar: waybar, failure: failure, provenance: provenance), glance)
    }
}
