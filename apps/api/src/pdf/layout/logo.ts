import type { Canvas } from './canvas.ts';

interface OpenedImage {
  width: number;
  height: number;
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
