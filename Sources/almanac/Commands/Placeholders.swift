import AlmanacKit
import ArgumentParser

