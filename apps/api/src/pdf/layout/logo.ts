import { createHash } from 'node:crypto';
import type { Canvas } from './canvas.ts';

interface OpenedImage {
  width: number;
  height: number;
}

/** pdfkit 0.20's PNGImage, as far as keeping its split alpha channel goes. */
interface PngImage extends OpenedImage {
  imgData?: Uint8Array | null;
  alphaChannel?: Uint8Array;
  splitAlphaChannel?: () => unknown;
  finalize?: () => unknown;
}
interface SplitPng {
  imgData: Uint8Array;
  alphaChannel: Uint8Array;
}

/** Logos kept split; each business has one, a process serves a few. */
const KEPT_LOGOS = 32;
const splitLogos = new Map<string, SplitPng>();

/**
 * A PNG logo with transparency is decoded by pdfkit in every document: inflated, its alpha split
 * from its colours, and both compressed again (the logo's bytes are the same each time). The two
 * compressed streams are kept per process by the logo's hash and handed to the next document's
 * image, which then writes the same bytes without decoding anything. Other images (JPEG, PNG
 * without alpha) are embedded as they are and need nothing kept. Skipped if a pdfkit upgrade
 * renames the methods; the logo is then decoded each time, as before.
 */
function reuseSplitAlpha(image: PngImage, logo: Buffer): void {
  const split = image.splitAlphaChannel;
  const finalize = image.finalize;
  if (typeof split !== 'function' || typeof finalize !== 'function') return;
  image.splitAlphaChannel = function (this: PngImage) {
    const key = createHash('sha256').update(logo).digest('hex');
    const kept = splitLogos.get(key);
    if (kept) {
      // Written when pdfkit's decode would have been (after the page, once the document ends), so
      // the file's bytes are the same whether the logo was kept or decoded.
      queueMicrotask(() => {
        this.imgData = kept.imgData;
        this.alphaChannel = kept.alphaChannel;
        finalize.call(this);
      });
      return;
    }
    this.finalize = function (this: PngImage) {
      if (this.imgData && this.alphaChannel) {
        if (splitLogos.size >= KEPT_LOGOS) splitLogos.delete(splitLogos.keys().next().value!);
        splitLogos.set(key, { imgData: this.imgData, alphaChannel: this.alphaChannel });
      }
      return finalize.call(this);
    };
    return split.call(this);
  };
}

/**
 * Draw the logo scaled to fit maxW x maxH with its aspect ratio kept; returns the drawn size
 * (0 x 0 when there is no logo or its bytes cannot be decoded: a bad logo never fails the PDF).
 */
export function drawLogo(
  c: Canvas,
  logo: Buffer | null,
  x: number,
  y: number,
  maxW: number,
  maxH: number,
  align: 'left' | 'right' | 'center' = 'left',
): { width: number; height: number } {
  if (!logo) return { width: 0, height: 0 };
  let image: OpenedImage;
  try {
    image = (c.doc as unknown as { openImage: (src: Buffer) => OpenedImage }).openImage(logo);
    reuseSplitAlpha(image, logo);
  } catch {
    return { width: 0, height: 0 };
  }
  const scale = Math.min(maxW / image.width, maxH / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  const left = align === 'right' ? x + maxW - width : align === 'center' ? x + (maxW - width) / 2 : x;
  c.doc.image(image as unknown as Buffer, left, y, { width, height });
  return { width, height };
}
