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
