/**
 * TRUST_PROXY (config/app-config.ts) as Fastify's `trustProxy` option. The addresses and ranges of the
 * proxies go through as they are. A hop count becomes the function Fastify itself used for a number
 * until 5.12: the `hops` addresses nearest the server are proxies, so the client is the entry that
 * many steps back in X-Forwarded-For. Fastify 5.12 (the version NestJS 12's adapter brings) answers a
 * bare number by trusting no one, because a count cannot check that the nearest peer really is the
 * proxy; this keeps the setting's meaning unchanged for a server that is reachable only through its
 * load balancer (docs/security.md recommends the proxies' addresses wherever they are known).
 */
export function trustProxyOption(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}
