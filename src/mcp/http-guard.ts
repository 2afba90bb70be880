// The checks the streamable-HTTP transport spec asks of a server before it reads a message:
// Host and Origin (against DNS rebinding: a web page on another site must not reach a server
// on the caller's machine or network), and the bearer credential.
import { forbidden } from '../errors.ts';
import { isIP } from 'node:net';

/** The Host header is this service's public host, a loopback name, or an IP literal. */
export function hostAllowed(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  // DNS rebinding needs a host *name* the attacker controls; an IP literal or localhost in
  // Host means the client addressed this machine directly.
  const bare = name.replace(/^\[|\]$/g, '');
  return name === new URL(publicUrl).hostname || name === 'localhost' || isIP(bare) !== 0;
}

/**
 * No Origin (not a browser) is fine; a browser's Origin must be this service's own or one the
 * operator listed in MCP_ALLOWED_ORIGINS (a browser-based MCP client).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  protocol: string,
  publicUrl: string,
  allowed: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || (host !== undefined && origin === `${protocol}://${host}`) || allowed.includes(origin);
}

export function checkHostAndOrigin(
  headers: { host?: string; origin?: string },
  protocol: string,
  publicUrl: string,
  allowed: readonly string[] = [],
): void {
  if (!hostAllowed(headers.host, publicUrl)) throw forbidden('The Host header does not name this service.', 'invalid_host');
  if (!originAllowed(headers.origin, headers.host, protocol, publicUrl, allowed)) {
    throw forbidden('Requests from another website are refused.', 'cross_origin_refused');
  }
}

/** The token of an `Authorization: Bearer <token>` header; cookies are not accepted here. */
export function bearerToken(authorization: string | undefined): string | null {
  const m = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? m[1] : null;
}

/** CORS response headers for an allowed browser origin (bearer tokens only: no credentials mode). */
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
export const CORS_EXPOSE_HEADERS = 'WWW-Authenticate, Retry-After, Mcp-Session-Id, Mcp-Protocol-Version';
