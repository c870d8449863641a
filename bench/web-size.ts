import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface WebSizes {
  firstLoad: ChunkSize[];
  firstLoadGzip: number;
  lazy: ChunkSize[];
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

function jsFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...jsFilesUnder(full));
    else if (/\.m?js$/.test(entry)) out.push(full);
  }
  return out;
}

/** Script and modulepreload URLs of the HTML, as paths relative to dist. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/rel=["']?modulepreload/i.test(tag)) continue;
    const url = /\s(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url && !/^(https?:)?\/\//.test(url)) urls.add(url.replace(/^\.?\//, '').split('?')[0]!);
  }
  return [...urls];
}

/**
 * Gzipped JavaScript of a Vite production build: "first load" is what index.html pulls in
 * (entry script plus modulepreloads); every other chunk is lazy (a route or a library it loads).
 * Returns null when there is no build to read.
 */
export function measureWebDist(distDir: string): WebSizes | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const first = firstLoadScripts(readFileSync(indexFile, 'utf8'));
  const size = (rel: string): ChunkSize => {
    const buf = readFileSync(path.join(distDir, rel));
    return { file: rel, raw: buf.length, gzip: gz(buf) };
  };
  const firstLoad = first.filter((rel) => existsSync(path.join(distDir, rel))).map(size);
  const firstSet = new Set(firstLoad.map((c) => c.file));
  const lazy = jsFilesUnder(distDir)
    .map((full) => path.relative(distDir, full).split(path.sep).join('/'))
    .filter((rel) => !firstSet.has(rel))
    .map(size)
    .sort((a, b) => b.gzip - a.gzip);
  return { firstLoad, firstLoadGzip: firstLoad.reduce((s, c) => s + c.gzip, 0), lazy };
}
