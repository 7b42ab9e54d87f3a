import { execFileSync } from 'node:child_process';
/** In CI a missing GPU adapter or browser is a failure; on a developer machine, a skip with a message. */
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/** Returns a reason to skip, or throws in CI. */
export function unavailable(what: string, why: string): string {
  const message = `${what} unavailable: ${why}. Run 'sudo bash scripts/setup-system.sh' to install it.`;
  if (IN_CI) throw new Error(`${message} (CI=true: this is a failure, not a skip)`);
  console.warn(`skipping: ${message}`);
  return message;
}

/** Whether ffmpeg runs here (the setup script installs it; tests that need it skip, or fail in CI, without). */
export function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
