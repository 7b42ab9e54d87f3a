/**
 * Keeps the event loop ahead of the renders (Linux only, best effort): every thread of this
 * process except the main one (render workers, libvips and libuv pool threads, which do the
 * decoding) gets a higher nice value, so when a health check or an upload arrives the kernel
 * hands the CPU to the event loop at once instead of sharing it evenly with the renders.
 * Threads appear lazily (libvips starts its own), so the scan repeats every few seconds; it
 * reads a few small /proc files and touches only threads not yet lowered.
 *
 * Raising a nice value needs no privilege. Elsewhere than Linux (no /proc/self/task) it does
 * nothing. RENDER_THREAD_NICE=0 turns it off.
 */
import fs from 'node:fs';
import os from 'node:os';

const RESCAN_MS = 5000;

/** The nice value of a thread: field 19 of /proc/<pid>/task/<tid>/stat (after the command name). */
function niceOf(tid: string): number {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

export function lowerRenderThreads(nice: number): () => void {
  if (nice <= 0 || !fs.existsSync('/proc/self/task')) return () => {};
  const main = String(process.pid);
  const scan = () => {
    try {
      for (const tid of fs.readdirSync('/proc/self/task')) {
        if (tid === main) continue;
        try {
          if (niceOf(tid) < nice) os.setPriority(Number(tid), nice);
        } catch {
          // the thread ended between the listing and the call
        }
      }
    } catch {
      // /proc unreadable: leave priorities as they are
    }
  };
  scan();
  const timer = setInterval(scan, RESCAN_MS).unref();
  return () => clearInterval(timer);
}
