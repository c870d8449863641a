import { describe, expect, it } from 'vitest';
import type { Canvas } from './layout/canvas.ts';
import { drawLogo } from './layout/logo.ts';
import { buildDocumentModel } from './document-model.ts';
import { renderDocument } from './render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from './sample-data.ts';

/** A canvas whose pdfkit document opens a PNG with alpha the way pdfkit 0.20 does: split, then finalize. */
function fakeCanvas(log: string[]) {
  const doc = {
    openImage: () => ({
      width: 240,
      height: 96,
      imgData: null as Uint8Array | null,
      alphaChannel: undefined as Uint8Array | undefined,
      splitAlphaChannel() {
        log.push('decoded');
        this.imgData = new Uint8Array([1, 2, 3]);
        this.alphaChannel = new Uint8Array([4]);
        return this.finalize();
      },
      finalize() {
        log.push(`written ${Array.from(this.imgData ?? []).join('')}/${Array.from(this.alphaChannel ?? []).join('')}`);
      },
    }),
    image: (img: { splitAlphaChannel: () => void }) => img.splitAlphaChannel(),
  };
  return { doc } as unknown as Canvas;
}

describe('logo with transparency', () => {
  it('when the same logo is printed by a second document, then its split channels are reused, not decoded again', async () => {
    const logo = Buffer.from(`logo-${Math.random()}`);
    const log: string[] = [];
    drawLogo(fakeCanvas(log), logo, 0, 0, 100, 50);
    drawLogo(fakeCanvas(log), Buffer.from(logo), 0, 0, 100, 50);
    await Promise.resolve();
    drawLogo(fakeCanvas(log), Buffer.from(`${logo.toString()}-other`), 0, 0, 100, 50);
    expect(log).toEqual(['decoded', 'written 123/4', 'written 123/4', 'decoded', 'written 123/4']);
  });

  it('when an invoice with a PNG logo is rendered again, then the bytes are identical', async () => {
    const model = () => buildDocumentModel(sampleCompanySource({ logo: sampleLogoPng() }), sampleClientSource(), sampleDocumentSource('invoice', 3));
    const first = await renderDocument(model(), 'modern');
    const second = await renderDocument(model(), 'professional');
    const third = await renderDocument(model(), 'modern');
    expect(second.length).toBeGreaterThan(1000);
    expect(Buffer.compare(first, third)).toBe(0);
  });
});
