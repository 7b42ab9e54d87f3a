/**
 * Escaping for HTML and XML (SVG) text content and attribute values.
 *
 * Besides the five markup characters, code points that XML 1.0 forbids or HTML reports as a
 * parse error (C0 controls other than tab, LF and CR; DEL and the C1 controls; lone
 * surrogates; noncharacters) are replaced by U+FFFD, so no glyph table can make a document
 * that a strict parser rejects.
 */
export function escapeXml(text: string): string {
  return text.replace(MARKUP, (c) => ESCAPES[c]).replace(NOT_IN_MARKUP, '\uFFFD');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const MARKUP = /[&<>"']/g;

/** U+nFFFE and U+nFFFF of the 16 supplementary planes. */
const PLANE_NONCHARACTERS = Array.from({ length: 16 }, (_, i) => {
  const plane = (i + 1).toString(16);
  return `\\u{${plane}fffe}\\u{${plane}ffff}`;
}).join('');

// With the `u` flag a surrogate in the class matches only when it is unpaired.
const NOT_IN_MARKUP = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufdd0-\\ufdef\\ufffe\\uffff${PLANE_NONCHARACTERS}]`,
  'gu',
);
