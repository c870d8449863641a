import { NOT_XML_TEXT } from '@docket/schemas/common';

/**
 * The XML of an e-invoice, written from @e-invoice-eu/core's object form (element names as keys,
 * `@name` attributes, `#` text, arrays for repeated elements) with literal escaping: what the user
 * typed is what the XML says. The library's own writer (xmlbuilder2's object reader) decodes
 * entity-looking text and leaves `&name;` unescaped, so "AT&T; cabling" made ill-formed XML and a
 * typed "&amp;" came out as "&" (docs/data-transfer.md, "Text in e-invoices").
 */
export type XmlNode = string | number | boolean | null | undefined | XmlObject | XmlNode[];
export interface XmlObject {
  [key: string]: XmlNode;
}

const NOT_XML_ALL = new RegExp(NOT_XML_TEXT.source, 'g');

/** Text content: & < > escaped, and a carriage return as a reference, since a parser would turn a raw one into a line feed. */
export const escapeText = (s: string): string =>
  s.replace(NOT_XML_ALL, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
const escapeAttribute = (s: string): string => escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;');

const isObject = (v: XmlNode): v is XmlObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function element(name: string, value: XmlNode, depth: number, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) element(name, v, depth, out);
    return;
  }
  const indent = '\t'.repeat(depth);
  // The library writes "text with an attribute" as {'#': {'#': text, '@attr': …}} (its '#@attr' keys).
  while (isObject(value) && isObject(value['#'])) {
    const inner: XmlObject = value['#'];
    value = { ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== '#')), ...inner };
  }
  if (!isObject(value)) {
    out.push(`${indent}<${name}>${escapeText(String(value))}</${name}>`);
    return;
  }
  const attributes = Object.entries(value)
    .filter(([k, v]) => k.startsWith('@') && v !== undefined && v !== null)
    .map(([k, v]) => ` ${k.slice(1)}="${escapeAttribute(String(v))}"`)
    .join('');
  const text = value['#'];
  const children = Object.entries(value).filter(([k]) => !k.startsWith('@') && k !== '#');
  if (text !== undefined && text !== null) {
    if (children.length) throw new Error(`e-invoice XML: element ${name} has both text and children`);
    out.push(`${indent}<${name}${attributes}>${escapeText(String(text))}</${name}>`);
    return;
  }
  if (!children.length) {
    out.push(`${indent}<${name}${attributes}/>`);
    return;
  }
  out.push(`${indent}<${name}${attributes}>`);
  for (const [k, v] of children) element(k, v, depth + 1, out);
  out.push(`${indent}</${name}>`);
}

/** One root element, pretty-printed with tabs as the library prints it. */
export function writeXml(root: XmlObject): string {
  const entries = Object.entries(root);
  if (entries.length !== 1) throw new Error('e-invoice XML: exactly one root element');
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const [name, value] = entries[0]!;
  element(name, value, 0, out);
  return `${out.join('\n')}\n`;
}

/** Every string in `value` with the characters XML cannot carry replaced by U+FFFD; `replaced` names where (paths, never the text). */
export function replaceNonXml<T>(value: T, path = '', replaced: string[] = []): { value: T; replaced: string[] } {
  const walk = (v: unknown, at: string): unknown => {
    if (typeof v === 'string') {
      if (!NOT_XML_TEXT.test(v)) return v;
      replaced.push(at);
      return v.replace(NOT_XML_ALL, '\uFFFD');
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${at}[${i}]`));
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, at ? `${at}.${k}` : k)]));
    return v;
  };
  return { value: walk(value, path) as T, replaced };
}
