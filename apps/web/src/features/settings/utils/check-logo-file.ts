import { LOGO_MAX_BYTES } from '@docket/schemas/constants';
import { ERROR_MESSAGES } from '@docket/schemas/errors';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * The API's logo rules, checked as soon as a file is picked so nothing that Save would refuse is
 * ever previewed: at most 2 MB, and PNG or JPEG by its first bytes (an SVG or a renamed file says
 * image/* too). The full decode stays on the server. Null when the file is fine.
 */
export async function logoFileProblem(file: Blob): Promise<string | null> {
  if (file.size > LOGO_MAX_BYTES) return ERROR_MESSAGES.logoSize;
  const head = await readHead(file, PNG.length);
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  return starts(PNG) || starts(JPEG) ? null : ERROR_MESSAGES.logoType;
}

/** The first bytes of a file (FileReader: Blob.arrayBuffer is missing in some browsers and jsdom). */
function readHead(file: Blob, n: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}
