import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { GrayImage } from './page-reading';

/**
 * QR page codes and Code 128 header barcodes through ZXing-C++ (zxing-wasm). The WebAssembly
 * binary is the one shipped in the package: by default zxing-wasm fetches it from a CDN, which an
 * offline worker cannot reach.
 */
let ready: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  if (!ready) {
    const wasmBinary = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    ready = prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer }, fireImmediately: true });
  }
  return ready;
}

/** The text of the first symbol of `format` found in `image`, or null. */
export async function decodeSymbol(image: GrayImage, format: ReadInputBarcodeFormat): Promise<string | null> {
  await prepare();
  // zxing-wasm takes RGBA pixels (ImageData-shaped) and greys them again inside.
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.data.length; i++, j += 4) {
    rgba[j] = rgba[j + 1] = rgba[j + 2] = image.data[i];
    rgba[j + 3] = 255;
  }
  const pixels = { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData;
  const results = await readBarcodes(pixels, { formats: [format], tryHarder: true, maxNumberOfSymbols: 1 });
  const hit = results.find((r) => r.isValid);
  return hit ? hit.text : null;
}
