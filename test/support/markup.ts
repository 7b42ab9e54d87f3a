/**
 * Strict parsers for the markup encoders' output: parse5 (the WHATWG HTML parser, reporting
 * every parse error) and saxes (a conformant XML 1.0 parser with namespaces). Both return a
 * small element tree and the errors they met; a well-formed document has none.
 */
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { SaxesParser } from 'saxes';

export interface MarkupElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly (MarkupElement | string)[];
}

export interface Parsed {
  readonly root: MarkupElement;
  readonly errors: readonly string[];
}

type Parse5Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

function fromParse5(node: Parse5Node): MarkupElement | string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  const attrs = 'attrs' in node ? Object.fromEntries(node.attrs.map((a) => [a.name, a.value])) : {};
  const children = 'childNodes' in node ? node.childNodes.map((c) => fromParse5(c)) : [];
  return { name: node.nodeName, attrs, children };
}

/** Parses an HTML document, collecting every parse error parse5 reports. */
export function parseHtml(html: string): Parsed {
  const errors: string[] = [];
  const doc = parse(html, { onParseError: (e) => errors.push(`${e.code} at ${e.startLine}:${e.startCol}`) });
  return { root: fromParse5(doc) as MarkupElement, errors };
}

/** Parses an XML document strictly (well-formedness and namespaces), collecting errors. */
export function parseXml(xml: string): Parsed {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  const top: { name: string; attrs: Record<string, string>; children: (MarkupElement | string)[] } = {
    name: '#document',
    attrs: {},
    children: [],
  };
  const stack = [top];
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [name, a] of Object.entries(tag.attributes)) attrs[name] = typeof a === 'string' ? a : a.value;
    const el = { name: tag.name, attrs, children: [] };
    stack[stack.length - 1].children.push(el);
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (t) => void stack[stack.length - 1].children.push(t));
  parser.write(xml).close();
  return { root: top, errors };
}

/** Every element named `name` in the tree, in document order. */
export function findAll(el: MarkupElement, name: string): MarkupElement[] {
  const out: MarkupElement[] = [];
  const walk = (e: MarkupElement) => {
    if (e.name === name) out.push(e);
    for (const c of e.children) if (typeof c !== 'string') walk(c);
  };
  walk(el);
  return out;
}

/** The text content of an element. */
export function textOf(el: MarkupElement | string): string {
  return typeof el === 'string' ? el : el.children.map(textOf).join('');
}

/**
 * What a strict parser reads back from escaped text: code points that XML forbids or HTML
 * reports as errors become U+FFFD (written independently of engine/encode/escape.ts).
 */
export function markupSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const control = (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);
    const surrogate = cp >= 0xd800 && cp <= 0xdfff;
    const nonchar = (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
    out += control || surrogate || nonchar ? '\uFFFD' : ch;
  }
  return out;
}
