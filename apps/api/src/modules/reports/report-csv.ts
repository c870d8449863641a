/** A CSV cell: quoted, quotes doubled, and text a spreadsheet would run as a formula made inert. */
const cell = (v: string | number | null): string => {
  const text = v === null ? '' : String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Rows of cells as a CSV file (CRLF, every cell quoted): what the reports' downloads answer. */
export const csvText = (rows: (string | number | null)[][]): string => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
