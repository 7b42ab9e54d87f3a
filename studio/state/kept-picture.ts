/**
 * The last picture opened, kept in this browser (IndexedDB) so a reload shows it again; Close
 * forgets it. Files over KEPT_MAX_BYTES are not kept (a long video would fill the quota).
 * Storage refused (a private window, a full disk) only means nothing is kept.
 */

const DB = 'glyphcast-studio';
const STORE = 'picture';
const KEY = 'last';
export const KEPT_MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  readonly name: string;
  readonly type: string;
  readonly blob: Blob;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs one request on the store and settles with its result. */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps `file` as the last picture (not one over KEPT_MAX_BYTES). */
export async function keepPicture(file: File): Promise<void> {
  if (file.size > KEPT_MAX_BYTES) return forgetPicture();
  const kept: Kept = { name: file.name, type: file.type, blob: file };
  await run('readwrite', (store) => store.put(kept, KEY)).catch(() => undefined);
}

/** The last picture kept, as a File, or null. */
export async function keptPicture(): Promise<File | null> {
  const kept = (await run('readonly', (store) => store.get(KEY)).catch(() => undefined)) as Kept | undefined;
  return kept ? new File([kept.blob], kept.name, { type: kept.type }) : null;
}

export async function forgetPicture(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}
