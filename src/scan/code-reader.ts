import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { GrayImage } from './page-reading';

/**
 * ZXing-C++ (zxing-wasm) as the one barcode reader of the product: page codes (QR) and header
 * barcodes (Code 128, or QR for long numbers). By default the package fetches its .wasm from a CDN,
 * which fails offline; the file shipped in the package is handed over instead, once per process.
 */
let prepared: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = readFileSync(wasmPath);
    prepared = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) }, fireImmediately: true }));
  }
  return prepared;
}

export type DecodedCode = { format: string; text: string; position: { x: number; y: number }[] };

/** Every code of `formats` ZXing finds in the image (grey bytes, as a scan arrives). */
export async function readCodes(image: GrayImage, formats: ReadInputBarcodeFormat[] = ['QRCode', 'Code128']): Promise<DecodedCode[]> {
  await prepare();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.data.length; i += 1, j += 4) {
    rgba[j] = rgba[j + 1] = rgba[j + 2] = image.data[i];
    rgba[j + 3] = 255;
  }
  const results = await readBarcodes({ data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as ImageData, { formats, tryHarder: true, maxNumberOfSymbols: 8 });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ format: r.format, text: r.text, position: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft] }));
}
