import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type FontkitFont } from 'fontkit';
import { installBatchedWrites, installSharedSubsets } from './pdfkit-tuning.ts';

/**
 * Inter (sans) and Source Serif 4 (serif), both SIL OFL 1.1, shipped as TTF by the
 * @expo-google-fonts packages. Parsed once per process: pdfkit accepts a ready fontkit font,
 * so each document only pays for its own subset, never for reading or parsing the files.
 */
export type FontName = 'sans' | 'sansSemiBold' | 'sansBold' | 'serif' | 'serifItalic' | 'serifBold';

const FILES: Record<FontName, string> = {
  sans: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  sansSemiBold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  sansBold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  serif: '@expo-google-fonts/source-serif-4/400Regular/SourceSerif4_400Regular.ttf',
  serifItalic: '@expo-google-fonts/source-serif-4/400Regular_Italic/SourceSerif4_400Regular_Italic.ttf',
  serifBold: '@expo-google-fonts/source-serif-4/700Bold/SourceSerif4_700Bold.ttf',
};

/**
 * Fonts for characters Inter and Source Serif lack (docs/product.md, "Documents print any
 * character"). All Noto (SIL OFL 1.1) from npm packages, installed with the app, never fetched at
 * run time. Each is read only when a document first holds a character it is needed for, so a
 * plain Latin document never touches them and the CJK font (10 MB) is read only for CJK text.
 */
export type FallbackName = 'fbLatin' | 'fbArabic' | 'fbHebrew' | 'fbDevanagari' | 'fbCjk' | 'fbKorean' | 'fbEmoji';

const FALLBACK_FILES: Record<FallbackName, string> = {
  fbLatin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  fbArabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  fbHebrew: '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  fbDevanagari: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  fbCjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  fbKorean: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  // Noto Emoji is the monochrome outline set: emoji print in the text colour.
  fbEmoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
};

/** Tried in this order when a character's script range names no font or the named one lacks it. */
const FALLBACK_ORDER: FallbackName[] = ['fbLatin', 'fbEmoji', 'fbCjk', 'fbKorean', 'fbArabic', 'fbHebrew', 'fbDevanagari'];

/** Code point ranges [first, last] of the scripts each fallback font is meant for. */
const SCRIPT_RANGES: Array<[number, number, FallbackName]> = [
  [0x0590, 0x05ff, 'fbHebrew'],
  [0xfb1d, 0xfb4f, 'fbHebrew'],
  [0x0600, 0x06ff, 'fbArabic'],
  [0x0750, 0x077f, 'fbArabic'],
  [0x0870, 0x08ff, 'fbArabic'],
  [0xfb50, 0xfdff, 'fbArabic'],
  [0xfe70, 0xfeff, 'fbArabic'],
  [0x0900, 0x097f, 'fbDevanagari'],
  [0xa8e0, 0xa8ff, 'fbDevanagari'],
  [0x1cd0, 0x1cff, 'fbDevanagari'],
  [0x1100, 0x11ff, 'fbKorean'],
  [0x3130, 0x318f, 'fbKorean'],
  [0xa960, 0xa97f, 'fbKorean'],
  [0xac00, 0xd7ff, 'fbKorean'],
  [0x2e80, 0x2fdf, 'fbCjk'],
  [0x3000, 0x312f, 'fbCjk'],
  [0x3190, 0x33ff, 'fbCjk'],
  [0x3400, 0x4dbf, 'fbCjk'],
  [0x4e00, 0x9fff, 'fbCjk'],
  [0xf900, 0xfaff, 'fbCjk'],
  [0xfe30, 0xfe4f, 'fbCjk'],
  [0xff00, 0xffef, 'fbCjk'],
  [0x20000, 0x3ffff, 'fbCjk'],
  [0x2190, 0x21ff, 'fbEmoji'],
  [0x2300, 0x23ff, 'fbEmoji'],
  [0x2460, 0x27bf, 'fbEmoji'],
  [0x2b00, 0x2bff, 'fbEmoji'],
  [0x1f000, 0x1faff, 'fbEmoji'],
];

let loaded: Record<FontName, FontkitFont> | null = null;
const fallbacks = new Map<FallbackName, FontkitFont>();
const choice = new Map<number, FallbackName | null>();
const require = createRequire(import.meta.url);

/** A font's file on disk, resolved through node_modules so the same code works under tsx and in the esbuild bundle. */
export const fontFile = (name: FontName): string => require.resolve(FILES[name]);

interface GlyphRequests {
  getGlyph: (id: number, codePoints?: number[]) => { codePoints?: number[] } | null;
}

/**
 * fontkit keeps one glyph object per id, holding the code points of the first request for it,
 * and pdfkit writes each PDF's Unicode map (what copying, searching and screen readers read)
 * from the code points of the glyphs it lays out. The fonts are shared by every PDF a process
 * renders, so the first request for a glyph spoke for every later PDF:
 * - a compound glyph's parts are requested with none: Greek Μ is drawn from Latin M, so once any
 *   PDF printed a Μ before an M, every later PDF's M drew correctly but read as a space ("H RC");
 * - a glyph drawn for several characters is requested with each one's: Noto Sans Arabic draws ڶ
 *   as the lam of ل plus a mark, so once any PDF printed a ڶ, every later PDF's بالعالم read as
 *   باڶعاڶم.
 * So each request gets the glyph with its own code points: the cached glyph when they agree (or
 * when the cache has none yet), otherwise a view of it that differs only in them. Within one PDF
 * a glyph still has one Unicode entry, its first use's (pdfkit's own limit).
 */
function keepGlyphCodePoints(font: FontkitFont): FontkitFont {
  const f = font as unknown as GlyphRequests;
  const getGlyph = f.getGlyph.bind(font);
  f.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints.length) return glyph;
    const cached = glyph.codePoints ?? [];
    if (!cached.length) {
      glyph.codePoints = codePoints;
      return glyph;
    }
    if (cached.length === codePoints.length && cached.every((c, i) => c === codePoints[i])) return glyph;
    // The view reads every other property (metrics, path, what fontkit computed and kept) from the glyph.
    return Object.create(glyph, { codePoints: { value: codePoints, enumerable: true, writable: true } }) as typeof glyph;
  };
  return font;
}

export function loadFonts(): Record<FontName, FontkitFont> {
  if (loaded) return loaded;
  const fonts = {} as Record<FontName, FontkitFont>;
  for (const name of Object.keys(FILES) as FontName[]) {
    fonts[name] = keepGlyphCodePoints(create(readFileSync(fontFile(name))));
  }
  loaded = fonts;
  installBatchedWrites(fonts.sans);
  installSharedSubsets(fonts);
  return fonts;
}

export function loadFallback(name: FallbackName): FontkitFont {
  let font = fallbacks.get(name);
  if (!font) {
    font = keepGlyphCodePoints(create(readFileSync(require.resolve(FALLBACK_FILES[name]))));
    fallbacks.set(name, font);
  }
  return font;
}

/**
 * The fallback font that draws a code point the document font lacks, or null when none does
 * (it then prints in the document font, as before). The script's own font is asked first so a
 * Hebrew letter never opens the CJK file.
 */
export function fallbackFor(codePoint: number): FallbackName | null {
  const known = choice.get(codePoint);
  if (known !== undefined) return known;
  const range = SCRIPT_RANGES.find(([first, last]) => codePoint >= first && codePoint <= last);
  const order = range ? [range[2], ...FALLBACK_ORDER.filter((n) => n !== range[2])] : FALLBACK_ORDER;
  let found: FallbackName | null = null;
  for (const name of order) {
    if (loadFallback(name).hasGlyphForCodePoint(codePoint)) {
      found = name;
      break;
    }
  }
  choice.set(codePoint, found);
  return found;
}

export const FONT_NAMES = Object.keys(FILES) as FontName[];
