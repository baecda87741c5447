import helmet, { type HelmetOptions } from 'helmet';

/** helmet's options for every answer: a strict CSP (same-origin scripts only) and helmet's defaults. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The options with the payment gateway's Checkout allowed (issue 32): its script, exactly the
 * configured URL (RAZORPAY_CHECKOUT_URL), and the frames Checkout opens, from that script's origin
 * and the gateway API's origin (RAZORPAY_API_URL). Everything else stays as strict as above.
 */
export function helmetOptionsWithCheckout(gateway: { checkoutUrl: string; apiUrl: string }, base: Readonly<HelmetOptions> = HELMET_OPTIONS): HelmetOptions {
  const csp = base.contentSecurityPolicy as { directives: Record<string, string[]> };
  const frames = [...new Set([new URL(gateway.checkoutUrl).origin, new URL(gateway.apiUrl).origin])];
  return {
    ...base,
    contentSecurityPolicy: {
      directives: { ...csp.directives, scriptSrc: [...csp.directives.scriptSrc, gateway.checkoutUrl], frameSrc: ["'self'", ...frames] },
    },
  };
}

/** The options with these inline scripts allowed by their hashes (`'sha256-…'`, WebAppService.inlineScriptHashes). */
export function withInlineScripts(options: Readonly<HelmetOptions>, hashes: readonly string[]): HelmetOptions {
  if (!hashes.every((h) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h))) throw new Error('an inline script is allowed by its sha256 hash only');
  const csp = options.contentSecurityPolicy as { directives: Record<string, string[]> };
  return { ...options, contentSecurityPolicy: { directives: { ...csp.directives, scriptSrc: [...csp.directives.scriptSrc, ...hashes] } } };
}

/**
 * The headers helmet sets, computed once. None of them depends on the request (the CSP has no
 * nonce), so every answer gets the same object instead of running helmet's middleware per request.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return Object.freeze(headers);
}
