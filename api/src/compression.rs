//! Compressed JSON answers. A stock's analysis is ~28 KB of JSON and ~8 KB gzipped, so
//! compressing it matters on a phone; streamed answers (chat text, job events) are left
//! alone because a compressor holds small chunks back until its buffer fills, which would
//! stall the stream. The web app's files are compressed once at build time and served as
//! they are (`routes::web`).

use axum::http::{Extensions, HeaderMap, StatusCode, Version, header};
use tower_http::compression::{
    CompressionLayer,
    predicate::{Predicate, SizeAbove},
};

/// Bodies smaller than this gain nothing from compression.
const MIN_SIZE: u16 = 512;

/// gzip or brotli, as the client asks, for JSON bodies of at least [`MIN_SIZE`] bytes.
pub fn layer() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .no_deflate()
        .no_zstd()
        .compress_when(SizeAbove::new(MIN_SIZE).and(is_json))
}

fn is_json(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    crate::content_type::is_json(headers.get(header::CONTENT_TYPE))
}
