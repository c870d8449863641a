import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type FontkitFont } from 'fontkit';

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

let loaded: Record<FontName, FontkitFont> | null = null;

/** Resolved through node_modules so the same code works under tsx and in the esbuild bundle. */
export function loadFonts(): Record<FontName, FontkitFont> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const fonts = {} as Record<FontName, FontkitFont>;
  for (const [name, file] of Object.entries(FILES) as Array<[FontName, string]>) {
    fonts[name] = create(readFileSync(require.resolve(file)));
  }
  loaded = fonts;
  return fonts;
}

export const FONT_NAMES = Object.keys(FILES) as FontName[];
