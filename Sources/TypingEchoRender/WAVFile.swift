/// A RIFF/WAVE file of 16-bit PCM mono samples.
public enum WAVFile {
    /// The file's bytes: a 44-byte header, then the samples little-endian.
    public static func bytes(of samples: [Int16], sampleRate: Int) -> [UInt8] {
        let dataSize = UInt32(samples.count * 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + samples.count * 2)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataSize); append("WAVE")
        append("fmt "); append32(16)
        append16(1)                          // PCM
        append16(1)                          // mono
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))     // bytes a second
        append16(2)                          // bytes a frame
        append16(16)                         // bits a sample
        append("data"); append32(dataSize)
        for sample in samples { append16(UInt16(bitPattern: sample)) }
        return bytes
    }

    /// The samples and rate of a file `bytes(of:sampleRate:)` wrote; nil for anything else.
    public static func read(_ bytes: [UInt8]) -> (samples: [Int16], sampleRate: Int)? {
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8),
              bytes[36..<40].elementsEqual("data".utf8) else { return nil }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        let rate = u32(24), size = min(u32(40), bytes.count - 44)
        let samples = stride(from: 44, to: 44 + size - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        return (samples, rate)
    }
}
