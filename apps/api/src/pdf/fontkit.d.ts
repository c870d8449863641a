// fontkit ships no types; pdfkit only needs the opaque font object it creates.
declare module 'fontkit' {
  export interface FontkitFont {
    postscriptName: string;
    layout: (text: string) => unknown;
    hasGlyphForCodePoint: (codePoint: number) => boolean;
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): FontkitFont;
}
