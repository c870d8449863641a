/**
 * Issued PDF bytes this process has already read, by document (docs/reliability.md, "Issued PDF
 * bytes held in memory"). Nothing is served from here on trust: every request still reads the
 * document's live key from the database, and the bytes are used only when the database names the
 * very bytes held (`digest`: md5 of the stored row's live key and model hash, under which the
 * stored bytes never change). What it saves is sending the bytes again from the database, which
 * on the embedded PGlite costs more than the rest of the request. Least recently used entries
 * go first once `maxBytes` is held; an entry is never bigger than a quarter of it.
 */
export interface HeldPdfBytes {
  /** the digest of the bytes held for this document, if any */
  digestOf(documentId: string): string | null;
  /** the bytes held under exactly this digest */
  get(documentId: string, digest: string): Buffer | null;
  put(documentId: string, digest: string, pdf: Buffer): void;
  readonly heldBytes: number;
}

export function createHeldPdfBytes(maxBytes: number): HeldPdfBytes {
  const entries = new Map<string, { digest: string; pdf: Buffer }>();
  let held = 0;
  const drop = (documentId: string) => {
    const e = entries.get(documentId);
    if (!e) return;
    entries.delete(documentId);
    held -= e.pdf.length;
  };
  return {
    digestOf: (documentId) => entries.get(documentId)?.digest ?? null,
    get(documentId, digest) {
      const e = entries.get(documentId);
      if (!e || e.digest !== digest) return null;
      // most recently used last: Map keeps insertion order
      entries.delete(documentId);
      entries.set(documentId, e);
      return e.pdf;
    },
    put(documentId, digest, pdf) {
      drop(documentId);
      if (pdf.length > maxBytes / 4) return;
      entries.set(documentId, { digest, pdf });
      held += pdf.length;
      for (const oldest of entries.keys()) {
        if (held <= maxBytes) break;
        drop(oldest);
      }
    },
    get heldBytes() {
      return held;
    },
  };
}
