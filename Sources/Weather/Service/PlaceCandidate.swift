import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Mapping of geocoder answers to cities.
package enum PlaceCandidates {
    /// Yandex members → cities, in the order given; invalid positions skipped.
    ///
    /// The address's province is the region; an object below a town (a street, a house, a
    /// district) has its town as the locality, so a street in two towns, or two houses on one
    /// street, stay separate choices with their own names and coordinates. Only an object
    /// repeated at the same place is dropped.
    package static func fromYandex(_ root: YandexDTO.Root) -> [City] {
        var cities: [City] = []
        for member in root.response.GeoObjectCollection.featureMember ?? [] {
            let object = member.GeoObject
            guard let position = YandexGeocoder.coordinates(fromPos: object.Point.pos) else { continue }
            let meta = object.metaDataProperty?.GeocoderMetaData
            let components = meta?.Address?.Components ?? []
            let country = components.first { $0.kind == "country" }?.name
            let province = components.last { $0.kind == "province" }?.name ?? components.first { $0.kind == "area" }?.name
            let belowTown = !["locality", "province", "area", "country"].contains(meta?.kind ?? "locality")
            let locality = belowTown ? components.last { $0.kind == "locality" }?.name : nil
            let city = City(
                name: object.name ?? meta?.text ?? "?", region: province, country: country, countryCode: meta?.Address?.country_code,
                locality: locality, latitude: position.latitude, longitude: position.longitude)
            let repeated = cities.contains {
                $0.label == city.label && abs($0.latitude - city.latitude) < 1e-6 && abs($0.longitude - city.longitude) < 1e-6
            }
            if !repeated { cities.append(city) }
        }
        return cities
    }

    /// Open-Meteo places → cities with their time zone, in the order given; places without
    /// coordinates skipped. Two places of one name in one region and country get their district
    /// (`admin2`, else `admin3`) as the locality, which tells them apart.
    package static func fromOpenMeteo(_ search: OpenMeteoDTO.Search) -> [City] {
        let places = (search.results ?? []).filter { place in
            guard let lat = place.latitude, let lon = place.longitude else { return false }
            return (-90...90).contains(lat) && (-180...180).contains(lon)
        }
        let twins = Dictionary(grouping: places) { "\($0.name ?? "")|\($0.admin1 ?? "")|\($0.country ?? "")" }.filter { $0.value.count > 1 }
        return places.map { place in
            let twinned = twins["\(place.name ?? "")|\(place.admin1 ?? "")|\(place.country ?? "")"] != nil
            return City(
                name: place.name ?? "?", region: place.admin1, country: place.country, countryCode: place.country_code,
                locality: twinned ? place.admin2 ?? place.admin3 : nil, latitude: place.latitude!, longitude: place.longitude!,
                timeZoneIdentifier: place.timezone)
        }
    }

    /// OpenWeather geocoder items → cities (English name, state as region).
    package static func fromOpenWeather(_ places: [OpenWeatherDTO.Place]) -> [City] {
        var cities: [City] = []
        for place in places where (-90...90).contains(place.lat) && (-180...180).contains(place.lon) {
            let country = place.country.flatMap(CountryName.english) ?? place.country
            let city = City(
                name: place.local_names?["en"] ?? place.name ?? "?", region: place.state, country: country,
                countryCode: place.country, latitude: place.lat, longitude: place.lon)
            if !cities.contains(where: { $0.label == city.label }) { cities.append(city) }
        }
        return cities
    }
}
