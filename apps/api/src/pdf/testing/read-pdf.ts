import { getDocumentProxy } from 'unpdf';

export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

export interface ReadPdf {
  pageCount: number;
  /** each page's text in drawing order, whitespace collapsed */
  pages: string[];
  /** all pages joined */
  text: string;
  items: PdfTextItem[][];
  pageSize: { width: number; height: number };
  raw: string;
}

/** Parse a PDF with pdf.js (pure JS, no poppler needed) for the tests. */
export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  const items: PdfTextItem[][] = [];
  let pageSize = { width: 0, height: 0 };
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [, , width, height] = page.view as [number, number, number, number];
    pageSize = { width, height };
    const content = await page.getTextContent();
    const pageItems: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      pageItems.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
    }
    items.push(pageItems);
    pages.push(
      pageItems
        .map((it) => it.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return { pageCount: doc.numPages, pages, text: pages.join(' '), items, pageSize, raw: pdf.toString('latin1') };
}

/**
 * True when every needle occurs in `text`, each after the previous one. Whitespace is ignored
 * on both sides: a wrapped line ('battery back-' / 'up') extracts with a break inside it.
 */
export function inOrder(text: string, needles: string[]): { ok: boolean; missing?: string } {
  const squash = (s: string) => s.replace(/\s+/g, '');
  const haystack = squash(text);
  let from = 0;
  for (const raw of needles) {
    const needle = squash(raw);
    const at = haystack.indexOf(needle, from);
    if (at < 0) return { ok: false, missing: raw };
    from = at + needle.length;
  }
  return { ok: true };
}
