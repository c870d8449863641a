import { ERROR_MESSAGES } from '@docket/schemas/errors';
import { LOGO_MAX_BYTES } from '@docket/schemas/constants';
import { AppError } from './app-error.ts';

export type ImageMime = 'image/png' | 'image/jpeg';
export interface CheckedImage {
  data: Buffer;
  mimeType: ImageMime;
  width: number;
  height: number;
}

/** Bigger than any sane logo; a 50,000 px square PNG is a decompression bomb for the PDF renderer. */
export const LOGO_MAX_DIMENSION = 5000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const badType = () => AppError.badRequest(ERROR_MESSAGES.logoType, { logo: ERROR_MESSAGES.logoType });

/** Walk PNG chunks: IHDR first, IEND present, every chunk inside the buffer. */
function pngSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let offset = 8;
  let size: { width: number; height: number } | null = null;
  while (offset + 12 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > buf.length) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: buf.readUInt32BE(offset + 8), height: buf.readUInt32BE(offset + 12) };
    }
    if (type === 'IEND') return size;
    offset = end;
  }
  return null;
}

/** Find the frame header (SOFn) for dimensions and require the end-of-image marker. */
function jpegSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return null;
  if (buf[buf.length - 2] !== 0xff || buf[buf.length - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 9 < buf.length) {
    if (buf[offset] !== 0xff) return null;
    const marker = buf[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = buf.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: buf.readUInt16BE(offset + 5), width: buf.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

/** A logo upload: a data URL whose bytes really are a complete PNG or JPEG of sane size. */
export function checkLogoDataUrl(dataUrl: string): CheckedImage {
  const match = /^data:(image\/(?:png|jpe?g));base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!match) throw badType();
  const base64 = match[2]!.replace(/\s/g, '');
  if (base64.length * 0.75 > LOGO_MAX_BYTES + 3) throw AppError.tooLarge(ERROR_MESSAGES.logoSize);
  const data = Buffer.from(base64, 'base64');
  if (data.length > LOGO_MAX_BYTES) throw AppError.tooLarge(ERROR_MESSAGES.logoSize);
  const png = pngSize(data);
  const jpeg = png ? null : jpegSize(data);
  const size = png ?? jpeg;
  if (!size || size.width === 0 || size.height === 0) throw badType();
  if (size.width > LOGO_MAX_DIMENSION || size.height > LOGO_MAX_DIMENSION) {
    const message = `Logo must be at most ${LOGO_MAX_DIMENSION.toLocaleString('en-GB')} x ${LOGO_MAX_DIMENSION.toLocaleString('en-GB')} pixels`;
    throw AppError.badRequest(message, { logo: message });
  }
  return { data, mimeType: png ? 'image/png' : 'image/jpeg', ...size };
}

export const toDataUrl = (data: Buffer, mimeType: string) => `data:${mimeType};base64,${data.toString('base64')}`;
