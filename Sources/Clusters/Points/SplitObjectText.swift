/// A JSON object's text together with where its top-level values lie in it, as a reader found
/// them while reading the object: a ``JSONTextColumn`` keeps the values without scanning the
/// object again. The ranges count from the start of `text`, in order, and must be exactly the
/// values' bounds (the reader vouches for it), or the column would keep other bytes than the text.
struct SplitObjectText {
    /// The object, `{` to `}`.
    let text: UnsafeBufferPointer<UInt8>
    /// Each top-level value's bounds in `text`, in order.
    let values: UnsafeBufferPointer<Range<Int>>
}
