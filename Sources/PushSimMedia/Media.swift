// The media layer's namespace: image sources, the SDK-compatible disk cache, decoding and rendering to cells.

public enum Media {}
