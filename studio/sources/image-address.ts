/**
 * A web address handed over as text (pasted, or dropped from another page as a text/uri-list),
 * or null when the text is not one address. http is let through so the server can say why it
 * refuses it; the server also decides which hosts it fetches from.
 */
export function imageAddress(text: string): string | null {
  // a uri-list holds one address a line, comments start with #
  const first = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (!first || !/^https?:\/\/\S+$/i.test(first)) return null;
  try {
    return new URL(first).href;
  } catch {
    return null;
  }
}
