import sharp, { type Metadata } from 'sharp';
import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { SIGNATURE_MAX_BYTES, LOGO_MAX_BYTES, LOGO_MAX_DIMENSION, LOGO_STORED_MAX_HEIGHT, LOGO_STORED_MAX_WIDTH } from '@docket/schemas/constants';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { AppError } from './app-error.ts';

export type ImageMime = 'image/png' | 'image/jpeg';
export interface NormalisedImage {
  data: Buffer;
  mimeType: ImageMime;
  width: number;
  height: number;
}

// No pixel cache between requests (logos are decoded once), and one libvips thread per image
// so an upload cannot take every core from the API.
sharp.cache(false);
sharp.concurrency(1);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const badType = () => AppError.badRequest(ERROR_MESSAGES.logoType, { logo: ERROR_MESSAGES.logoType });
const tooBig = () => {
  const side = LOGO_MAX_DIMENSION.toLocaleString('en-GB');
  const message = `Logo must be at most ${side} x ${side} pixels`;
  return AppError.badRequest(message, { logo: message });
};

/** Only PNG and JPEG are logos; sharp would also open SVG, TIFF, GIF, WebP and more. */
function sniff(data: Buffer): 'png' | 'jpeg' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * Decode untrusted image bytes completely and re-encode what a PDF header needs (docs/product.md,
 * "Logos"): at most LOGO_STORED_MAX_WIDTH x LOGO_STORED_MAX_HEIGHT, sRGB, orientation applied,
 * no metadata, nothing after the image. Anything that does not fully decode is refused, so the PDF
 * renderer only ever reads bytes this function wrote.
 */
export async function normaliseImage(
  data: Buffer,
  refusals: { badType: () => AppError; tooBig: () => AppError; maxSide?: number; stored?: { width: number; height: number } } = { badType, tooBig },
): Promise<NormalisedImage> {
  const { badType: refuseType, tooBig: refuseSize } = refusals;
  const maxSide = refusals.maxSide ?? LOGO_MAX_DIMENSION;
  const stored = refusals.stored ?? { width: LOGO_STORED_MAX_WIDTH, height: LOGO_STORED_MAX_HEIGHT };
  const format = sniff(data);
  if (!format) throw refuseType();
  const options = { failOn: 'error', limitInputPixels: maxSide * maxSide, sequentialRead: true } as const;
  let meta: Metadata;
  try {
    // Reading the header only: the size check below gives the clearer message for huge images.
    meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuseType();
  }
  if (meta.format !== format || !meta.width || !meta.height) throw refuseType();
  if (meta.width > maxSide || meta.height > maxSide) throw refuseSize();
  try {
    const pipeline = sharp(data, options).rotate().resize(stored.width, stored.height, { fit: 'inside', withoutEnlargement: true }).toColourspace('srgb');
    // Transparency survives only as PNG; an opaque photo stays a (much smaller) JPEG.
    const asPng = meta.hasAlpha || format === 'png';
    const { data: out, info } = await (
      asPng ? pipeline.png({ compressionLevel: 9 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    ).toBuffer({ resolveWithObject: true });
    return { data: out, mimeType: asPng ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw refuseType();
  }
}

/** A logo upload: a base64 data URL of at most LOGO_MAX_BYTES, normalised by normaliseImage. */
export async function normaliseLogoDataUrl(dataUrl: string): Promise<NormalisedImage> {
  const match = /^data:(image\/(?:png|jpe?g));base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!match) throw badType();
  const base64 = match[2]!.replace(/\s/g, '');
  if (base64.length * 0.75 > LOGO_MAX_BYTES + 3) throw AppError.tooLarge(ERROR_MESSAGES.logoSize);
  const data = Buffer.from(base64, 'base64');
  if (data.length > LOGO_MAX_BYTES) throw AppError.tooLarge(ERROR_MESSAGES.logoSize);
  return normaliseImage(data);
}

export const toDataUrl = (data: Buffer, mimeType: string) => `data:${mimeType};base64,${data.toString('base64')}`;

/**
 * A signature drawn on the client's link: a PNG data URL of at most SIGNATURE_MAX_BYTES,
 * decoded and re-encoded like a logo so the PDF only ever embeds bytes written here.
 */
export async function normaliseSignatureDataUrl(dataUrl: string): Promise<Buffer> {
  const refuseType = () => AppError.badRequest(SHARE_MESSAGES.signatureType, { signature: SHARE_MESSAGES.signatureType });
  const refuseSize = () => AppError.badRequest(SHARE_MESSAGES.signatureSize, { signature: SHARE_MESSAGES.signatureSize });
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw refuseType();
  const base64 = match[1]!;
  if (base64.length * 0.75 > SIGNATURE_MAX_BYTES + 3) throw refuseSize();
  const data = Buffer.from(base64, 'base64');
  if (data.length > SIGNATURE_MAX_BYTES) throw refuseSize();
  if (sniff(data) !== 'png') throw refuseType();
  const image = await normaliseImage(data, { badType: refuseType, tooBig: refuseSize });
  if (image.mimeType !== 'image/png') throw refuseType();
  return image.data;
}
