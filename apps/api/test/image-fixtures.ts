import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG; `padding` bytes of a tEXt chunk make it as large as a test needs. */
export function makePng(width = 4, height = 3, padding = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const chunks = [pngChunk('IHDR', ihdr)];
  if (padding > 0) chunks.push(pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x61)])));
  chunks.push(pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];

/**
 * A real baseline JPEG: one 8x8 mid-grey block, 1-bit Huffman tables (DC category 0, AC
 * end-of-block), so the whole scan is two zero bits padded with ones.
 */
export function makeJpeg(): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]),
    ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff,
    0xd9,
  ]);
}

export const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;

/** Split a stored logo data URL and read what its bytes really are. */
export async function decodeLogo(url: string) {
  const { default: sharp } = await import('sharp');
  const match = /^data:([^;]+);base64,(.*)$/.exec(url);
  if (!match) throw new Error(`not a data URL: ${url.slice(0, 40)}`);
  const bytes = Buffer.from(match[2]!, 'base64');
  const meta = await sharp(bytes).metadata();
  return { mime: match[1]!, format: meta.format, width: meta.width, height: meta.height, bytes: bytes.toString('latin1') };
}
