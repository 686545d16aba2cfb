import AlmanacClient
import AlmanacCore
import Foundation

/// Writes exams as an iCalendar file (RFC 5545): CRLF line ends, lines folded at 75 octets,
/// text escaped, one VEVENT per exam with a stable UID, DTSTART in UTC, one hour long.
package enum CalendarExport {
    /// An iCalendar (RFC 5545) file of `exams`, times in `timeZone`, stamped `now`.
    package static func ics(_ exams: [Exam], timeZone: TimeZone, now: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//Exam Planner//EN", "CALSCALE:GREGORIAN"]
        for exam in exams {
            lines += [
                "BEGIN:VEVENT",
                "UID:exam-\(exam.id)-\(Int(exam.created.timeIntervalSince1970))@almanac",
                "DTSTAMP:\(utc(now))",
                "DTSTART:\(utc(exam.when.instant(in: timeZone)))",
                "DURATION:PT1H",
                "SUMMARY:\(escape(exam.name))",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261201T063000Z`
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// Escapes backslash, semicolon, comma and newlines (RFC 5545 §3.3.11).
    package static func escape(_ text: String) -> String {
        // TEXT holds no control character but tab (RFC 5545 §3.3.11): others are dropped.
        let kept = text.unicodeScalars.filter { $0 == "\t" || $0 == "\n" || $0.properties.generalCategory != .control }
        let printable = String(String.UnicodeScalarView(kept))
        return printable.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a line into chunks of at most 75 octets, continuation lines starting with a space,
    /// never splitting a UTF-8 character.
    package static func fold(_ line: String) -> String {
        var chunks = [""]
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > (chunks.count == 1 ? 75 : 74) {
                chunks.append("")
                octets = 0
            }
            chunks[chunks.count - 1].append(character)
            octets += size
        }
        return chunks.joined(separator: "\r\n ")
    }
}
