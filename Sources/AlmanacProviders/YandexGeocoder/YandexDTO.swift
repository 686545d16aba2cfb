// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (DTO fields carry the provider's own JSON names, so the wire format reads off the code.)
import AlmanacCore
import AlmanacHTTP
import Foundation

/// The Yandex Geocoder JSON shape (`format=json`). `found` and `results` are strings,
/// `Point.pos` is "longitude latitude".
public enum YandexDTO {
    public struct Root: Decodable, Sendable {
        public var response: Response
    }

    public struct Response: Decodable, Sendable {
        public var GeoObjectCollection: Collection
    }

    public struct Collection: Decodable, Sendable {
        public var featureMember: [Member]?
    }

    public struct Member: Decodable, Sendable {
        public var GeoObject: GeoObject
    }

    public struct GeoObject: Decodable, Sendable {
        public var name: String?
        public var description: String?
        public var metaDataProperty: MetaDataProperty?
        public var Point: Point
    }

    public struct MetaDataProperty: Decodable, Sendable {
        public var GeocoderMetaData: GeocoderMetaData?
    }

    public struct GeocoderMetaData: Decodable, Sendable {
        public var kind: String?
        public var precision: String?
        public var text: String?
        public var Address: Address?
    }

    public struct Address: Decodable, Sendable {
        public var country_code: String?
        public var formatted: String?
        public var Components: [Component]?
    }

    public struct Component: Decodable, Sendable {
        public var kind: String?
        public var name: String?
    }

    public struct Point: Decodable, Sendable {
        public var pos: String
    }
}
