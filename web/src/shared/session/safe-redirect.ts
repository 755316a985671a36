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
 * pages become '/', and anything that could leave the site (`//evil.com`, `javascript:`) becomes '/'.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return '/';
  try {
    if (/^https?:\/\//i.test(target)) {
      const full = new URL(target);
      // Check the reduced path like any other: https://a.com//evil.com reduces to //evil.com.
      return safeRedirect(full.pathname + full.search + full.hash);
    }
    if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
    // Parse as the browser will: it drops tabs and newlines, so '/\t/evil.com' names another host.
    const url = new URL(target, PARSE_BASE);
    if (url.origin !== PARSE_BASE || isAuthPath(url.pathname)) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

function isAuthPath(pathname: string): boolean {
  // The router matches paths case-insensitively and decoded, so compare them the same way.
  let path = pathname.toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes match no route; compare the raw path.
  }
  return AUTH_PATHS.some((authPath) => path === authPath || path.startsWith(`${authPath}/`));
}
