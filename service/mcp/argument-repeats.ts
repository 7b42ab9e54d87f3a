/**
 * The keys a tool call's arguments give twice, carried from the screen of the message's text
 * (message-screen.ts) to the tool (render-tool.ts) beside the message, never inside it: the
 * SDK copies a message's arguments before the tool sees them, and a key written into the
 * caller's data could collide with the caller's own. The screen records them against the body
 * it returns; the host hands the tool a lookup by request id (RenderToolOptions.argumentRepeats).
 */
export type RequestId = string | number;

/** The repeated argument keys of one request, by its id (none: an empty list). */
export type ArgumentRepeats = (id: RequestId) => readonly string[];

const recorded = new WeakMap<object, Map<RequestId, string[]>>();

/** Notes that the tool call `id` in `body` (a message or a batch) gives `key` twice in its arguments. */
export function recordArgumentRepeat(body: object, id: RequestId, key: string): void {
  let byId = recorded.get(body);
  if (!byId) recorded.set(body, (byId = new Map()));
  const keys = byId.get(id) ?? [];
  if (!keys.includes(key)) keys.push(key);
  byId.set(id, keys);
}

/** The lookup for the tool calls of `body`, as the screen recorded them. */
export function argumentRepeatsIn(body: unknown): ArgumentRepeats {
  const byId = typeof body === 'object' && body !== null ? recorded.get(body) : undefined;
  return (id) => byId?.get(id) ?? [];
}
