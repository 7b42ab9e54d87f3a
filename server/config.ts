/** Server configuration, read once from the environment. Every variable is documented in README.md. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
}

function integerFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name}: expected an integer from ${min} to ${max}, received ${JSON.stringify(raw)}`);
  }
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: integerFromEnv(env, 'PORT', 8080, 0, 65535),
  };
}
