import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images built to break decoders: each is a PNG or JPEG (or pretends to be) whose chunks or
 * markers are well formed enough to pass a header check. Built in code so nothing binary is
 * checked in and each case says what it is.
 */
export interface HostileImage {
  label: string;
  bytes: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number, interlace = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([bitDepth, colourType, 0, 0, interlace], 8);
  return chunk('IHDR', data);
}

const png = (...chunks: Buffer[]) => Buffer.concat([SIGNATURE, ...chunks, chunk('IEND', Buffer.alloc(0))]);

/** Filter byte 0 then zeros: raw scanlines of any size compress to almost nothing. */
function blankIdat(width: number, height: number, bytesPerPixel: number): Buffer {
  const row = Buffer.alloc(1 + width * bytesPerPixel);
  return chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 }));
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } });

export async function hostileImages(): Promise<HostileImage[]> {
  const goodPng = await solid(40, 20).png().toBuffer();
  const goodJpeg = await solid(40, 20).jpeg().toBuffer();
  return [
    {
      // The red-team's exact body: RGBA IHDR, an IDAT whose bytes are not zlib data.
      label: 'valid chunks with IDAT that is not zlib',
      bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAGQAAABkCAYAAABw4pVUAAAACElEQVRub3QgemxpYlVpEfcAAAAASUVORK5CYII=', 'base64'),
    },
    { label: 'truecolour PNG with bad zlib', bytes: png(ihdr(64, 64, 8, 2), chunk('IDAT', Buffer.from('not zlib at all, sorry'))) },
    { label: 'PNG without IDAT', bytes: png(ihdr(100, 100, 8, 6)) },
    { label: 'PNG with too little pixel data', bytes: png(ihdr(300, 300, 8, 6), chunk('IDAT', deflateSync(Buffer.alloc(50)))) },
    { label: 'truncated PNG', bytes: goodPng.subarray(0, Math.floor(goodPng.length * 0.6)) },
    { label: 'PNG cut after IHDR', bytes: goodPng.subarray(0, 33) },
    { label: '5000 x 5000 RGB in a tiny file', bytes: png(ihdr(5000, 5000, 8, 2), blankIdat(5000, 5000, 3)) },
    { label: '6000 x 100 (over the side limit)', bytes: png(ihdr(6000, 100, 8, 2), blankIdat(6000, 100, 3)) },
    { label: '60000 x 60000 header with no pixels', bytes: png(ihdr(60_000, 60_000, 8, 6), chunk('IDAT', deflateSync(Buffer.alloc(10)))) },
    { label: '16-bit RGBA 2000 x 2000', bytes: png(ihdr(2000, 2000, 16, 6), blankIdat(2000, 2000, 8)) },
    { label: 'interlaced PNG', bytes: await solid(300, 120, 4).png({ progressive: true }).toBuffer() },
    { label: 'palette PNG without PLTE', bytes: png(ihdr(32, 32, 8, 3), blankIdat(32, 32, 1)) },
    {
      label: 'palette PNG with index past PLTE',
      bytes: png(ihdr(2, 1, 8, 3), chunk('PLTE', Buffer.from([255, 0, 0])), chunk('IDAT', deflateSync(Buffer.from([0, 0, 200])))),
    },
    { label: 'zero-width PNG', bytes: png(ihdr(0, 10, 8, 2), blankIdat(0, 10, 3)) },
    { label: 'bit depth 3 (invalid)', bytes: png(ihdr(8, 8, 3, 0), blankIdat(8, 8, 1)) },
    { label: 'CMYK JPEG', bytes: await solid(120, 60).toColourspace('cmyk').jpeg().toBuffer() },
    { label: 'progressive JPEG', bytes: await solid(400, 200).jpeg({ progressive: true }).toBuffer() },
    { label: 'truncated JPEG', bytes: goodJpeg.subarray(0, Math.floor(goodJpeg.length / 2)) },
    { label: 'JPEG header then garbage', bytes: Buffer.concat([goodJpeg.subarray(0, 20), Buffer.alloc(400, 0x41)]) },
    { label: 'PNG + ZIP polyglot', bytes: Buffer.concat([goodPng, Buffer.from('PK\x03\x04\x14\x00\x00\x00evil.js', 'latin1')]) },
    { label: 'JPEG + HTML polyglot', bytes: Buffer.concat([goodJpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]) },
    {
      label: 'GIF labelled as PNG',
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1'),
    },
    { label: 'SVG labelled as PNG', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>') },
  ];
}
