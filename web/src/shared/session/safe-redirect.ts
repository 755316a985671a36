import { ROUTES } from '../routes';

// Returning to one of these after signing in would loop back into the auth flow.
const AUTH_PATHS: readonly string[] = [
  ROUTES.signIn,
  ROUTES.signUp,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.verifyEmail,
];

// The .invalid TLD is reserved, so no real URL can share this origin.
const PARSE_BASE = 'https://redirect.invalid';

/**
 * Where to send the user after an auth step, from an untrusted `redirect` query value (spec part 1,
 * section 4). Only an in-app location survives: full URLs are reduced to path, query and hash, the auth
 * pages become '/', and anything that could leave the site (`//evil.com`, `/..//evil.com`, `javascript:`)
 * becomes '/'. The value is normalised first, as a browser resolves it (dot segments, backslashes, tabs),
 * and only then checked; the result is never a protocol-relative or absolute URL.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return '/';
  try {
    if (/^https?:\/\//i.test(target)) {
      const full = new URL(target);
      // Check the reduced path like any other: https://a.com//evil.com reduces to //evil.com.
      return safeRedirect(full.pathname + full.search + full.hash);
    }
    if (!target.startsWith('/')) return '/';
    // Resolved as the browser will: dot segments removed, backslashes made slashes, tabs and newlines dropped.
    const url = new URL(target, PARSE_BASE);
    if (url.origin !== PARSE_BASE || leavesSite(target) || leavesSite(url.pathname) || isAuthPath(url.pathname)) {
      return '/';
    }
    const path = url.pathname + url.search + url.hash;
    // What we return must resolve to exactly what was checked, with nothing left to normalise.
    return new URL(path, PARSE_BASE).href === url.href ? path : '/';
  } catch {
    return '/';
  }
}

/** Starts with two slashes or backslashes, as written or once decoded (`%2F`, `%5C`): another host. */
function leavesSite(path: string): boolean {
  const twoSlashes = /^[/\\]{2}/;
  return twoSlashes.test(path) || twoSlashes.test(decoded(path));
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // Malformed escapes match no route; compare the raw path.
    return path;
  }
}

function isAuthPath(pathname: string): boolean {
  // The router matches paths case-insensitively and decoded, so compare them the same way.
  const path = decoded(pathname.toLowerCase());
  return AUTH_PATHS.some((authPath) => path === authPath || path.startsWith(`${authPath}/`));
}
