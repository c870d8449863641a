import type { FontName } from './fonts.ts';

/** How a template looks; the shared layout pieces read everything visual from here. */
export interface Theme {
  fonts: {
    body: FontName;
    bold: FontName;
    /** document title and company name */
    heading: FontName;
    /** small caps-style labels (table head, block headings) */
    label: FontName;
  };
  colors: {
    text: string;
    muted: string;
    accent: string;
    rule: string;
    /** table head background; null = no fill */
    headFill: string | null;
    headText: string;
    /** every other row; null = none */
    zebra: string | null;
    /** background of the grand total row; null = rule above instead */
    totalFill: string | null;
    totalText: string;
  };
  table: {
    /** band: filled head; grid: boxed cells; rules: line under each row; open: head rule only */
    style: 'band' | 'grid' | 'rules' | 'open';
    upperCaseHead: boolean;
  };
  size: { body: number; small: number; table: number; label: number };
  margin: { top: number; bottom: number; side: number };
}
