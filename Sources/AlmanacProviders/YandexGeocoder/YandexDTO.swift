// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// The Yandex Geocoder JSON shape (`format=json`). `found` and `results` are strings,
/// `Point.pos` is "longitude latitude".
package enum YandexDTO {
    package struct Root: Decodable, Sendable {
        package var response: Response
    }

    package struct Response: Decodable, Sendable {
        package var GeoObjectCollection: Collection
    }

    package struct Collection: Decodable, Sendable {
        package var featureMember: [Member]?
    }

    package struct Member: Decodable, Sendable {
        package var GeoObject: GeoObject
    }

    package struct GeoObject: Decodable, Sendable {
        package var name, description: String?
        package var metaDataProperty: MetaDataProperty?
        package var Point: Point
    }

    package struct MetaDataProperty: Decodable, Sendable {
        package var GeocoderMetaData: GeocoderMetaData?
    }

    package struct GeocoderMetaData: Decodable, Sendable {
        package var kind, precision, text: String?
        package var Address: Address?
    }

    package struct Address: Decodable, Sendable {
        package var country_code, formatted: String?
        package var Components: [Component]?
    }

    package struct Component: Decodable, Sendable {
        package var kind, name: String?
    }

    package struct Point: Decodable, Sendable {
        package var pos: String
    }
}
