/**
 * The Host a request names, when it can stand in an absolute URL: a name or an IP address
 * with an optional port. An odd Host (`a b`, `[zz]`, `x:99999`) gives `localhost`, so no
 * address the service builds from it is malformed and no URL constructor throws on it.
 */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function requestHost(host: string | undefined): string {
  return host !== undefined && PLAIN_HOST.test(host) && URL.canParse(`http://${host}`) ? host : 'localhost';
}
