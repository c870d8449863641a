import { crc32, deflateSync } from 'node:zlib';
import { computeTotals } from '@docket/schemas/totals';
import type { PdfClientSource, PdfCompanySource, PdfDocumentSource, PdfKind } from './document-model.ts';

/**
 * Realistic sample documents for the tests, the benchmark and the template gallery, so all
 * three exercise the same content.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 240 x 96 RGBA PNG: an amber roundel with a white bolt, on transparency. */
export function sampleLogoPng(): Buffer {
  const w = 240;
  const h = 96;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x++) {
      const i = row + 1 + x * 4;
      const dx = x - 48;
      const dy = y - 48;
      const inCircle = dx * dx + dy * dy <= 44 * 44;
      // a slanted bolt: two offset parallelograms
      const u = x - 48 + (y - 48) * 0.35;
      const bolt = (y < 50 && u > -10 && u < 4 && y > 14) || (y >= 46 && u > -4 && u < 10 && y < 82);
      const bar = x >= 104 && x < 232 && ((y >= 30 && y < 44) || (y >= 54 && y < 66 && x < 200));
      let rgba: [number, number, number, number] = [0, 0, 0, 0];
      if (inCircle) rgba = bolt ? [255, 255, 255, 255] : [245, 158, 11, 255];
      else if (bar) rgba = y < 44 ? [30, 41, 59, 255] : [148, 163, 184, 255];
      raw[i] = rgba[0];
      raw[i + 1] = rgba[1];
      raw[i + 2] = rgba[2];
      raw[i + 3] = rgba[3];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function sampleCompanySource(over: Partial<PdfCompanySource> = {}): PdfCompanySource {
  return {
    name: 'Bright Sparks Electrical Ltd',
    email: 'hello@brightsparks.example',
    phone: '0161 496 0000',
    address: '12 Mill Lane\nAncoats\nManchester\nM1 2AB',
    website: 'www.brightsparks.example',
    vatNumber: 'GB123456789',
    terms: 'Payment within 30 days of the invoice date. Materials remain our property until paid in full.',
    currency: 'GBP',
    logo: null,
    bankName: 'Barclays',
    bankAccountName: 'Bright Sparks Electrical Ltd',
    bankAccountNumber: '31926819',
    bankSortCode: '12-34-56',
    bankIban: 'GB33BUKB20201531926819',
    bankSwift: 'BUKBGB22',
    ...over,
  };
}

export function sampleClientSource(over: Partial<PdfClientSource> = {}): PdfClientSource {
  return {
    name: 'Café Münster',
    email: 'accounts@cafe-munster.example',
    phone: '020 7946 0018',
    address: '48 Market Street\nYork\nYO1 8SS',
    ...over,
  };
}

const WORK = [
  ['Consumer unit replacement, 18th Edition, 10-way dual RCD', 1000, 42000],
  ['Labour: electrician (per hour)', 7500, 4500],
  ['Twin and earth cable 2.5mm², 100 m drum', 2000, 6850],
  ['Double socket, brushed chrome, supplied and fitted', 6000, 3800],
  ['LED downlights, fire rated, warm white', 12000, 1895],
  ['Electrical Installation Condition Report (EICR) and certificate', 1000, 18000],
  ['Outdoor IP66 socket on a dedicated RCBO circuit', 1000, 16500],
  ['Smoke and heat alarms, mains interlinked with battery back-up', 4000, 5200],
  ['EV charger installation (7 kW), including OZEV paperwork', 1000, 89500],
  ['Making good: plaster patching and decoration after chasing walls', 2500, 3500],
] as const;

export function sampleDocumentSource(kind: PdfKind, lineCount = 10, over: Partial<PdfDocumentSource> = {}): PdfDocumentSource {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const [description, quantityMilli, unitPricePence] = WORK[i % WORK.length]!;
    return { description: lineCount > WORK.length ? `${description} (#${i + 1})` : description, quantityMilli, unitPricePence };
  });
  const taxRateBp = over.taxRateBp ?? 2000;
  const totals = computeTotals(lines, taxRateBp);
  return {
    kind,
    number: kind === 'invoice' ? 'INV0042' : 'Q0017',
    status: 'SENT',
    createdAt: new Date('2026-11-20T10:30:00Z'),
    dueDate: kind === 'invoice' ? '2026-12-20' : null,
    taxRateBp,
    subtotalPence: totals.subtotal,
    taxPence: totals.taxAmount,
    totalPence: totals.total,
    lines: lines.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i]! })),
    ...over,
  };
}
