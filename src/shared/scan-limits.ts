// Limits of reading scans back (docs/scan-batches.md), defined once for the screen, the server and tests.

/** One upload: a stack of 1,000 pages at 200 dpi greyscale is about 100–150 MB as PDF. */
export const SCAN_MAX_BYTES = 200 * 1024 * 1024;
export const SCAN_MAX_PAGES = 2_000;
/** A ZIP of page images: entries and their total inflated size, checked before anything is kept. */
export const SCAN_MAX_ZIP_ENTRIES = 2_000;
export const SCAN_MAX_INFLATED_BYTES = 1_500 * 1024 * 1024;
/** How often the scan screen reads a running batch. */
export const SCAN_POLL_MS = 500;
export const SCAN_ACCEPT = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,.zip';
/** Pixels of one page image, checked from its header before anything is decoded: A3 at 400 dpi (4,677 × 6,614). */
export const SCAN_MAX_PAGE_PIXELS = 4_677 * 6_614;
/** A JPEG frame (a phone photo: 48 MP is 8,000 × 6,000): decoded shrunk on load to ~3 MP (src/scan/image-input.ts), so memory stays bounded. */
export const SCAN_MAX_PHOTO_PIXELS = 50_000_000;
/**
 * A PDF page's MediaBox and CropBox, in points: A3 (842 × 1191) and 15 % more, so A4, Letter,
 * Legal, B4 and Tabloid pass, and a 5,000 pt page (a pixel flood in a 438-byte file) is refused.
 */
export const SCAN_MAX_PAGE_SHORT_PT = 970;
export const SCAN_MAX_PAGE_LONG_PT = 1_370;
/** One entry of a ZIP, declared and counted as it inflates: an A3 400 dpi colour TIFF uncompressed is 93 MB. */
export const SCAN_MAX_ENTRY_BYTES = 200 * 1024 * 1024;
