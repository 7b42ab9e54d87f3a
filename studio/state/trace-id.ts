/** Public trace ids for the handoff: the W3C trace-id format, 32 lowercase hex digits, not all zero. */

const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;

export function isTraceId(text: string): boolean {
  return TRACE_ID.test(text);
}

/** A fresh random trace id from the browser's CSPRNG (16 bytes; all-zero is redrawn). */
export function newTraceId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  for (;;) {
    const bytes = random(new Uint8Array(16));
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    if (isTraceId(id)) return id;
  }
}
