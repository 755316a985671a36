import { JwtService } from '@nestjs/jwt';
import type { AccessTokenClaims } from '@portal/auth';
import { TOKEN_ISSUER } from '@portal/auth';

/**
 * An HS256 access token as identity issues it, for testing a service's guarded routes
 * without signing in. A negative `expiresInSeconds` gives an expired token. The account signs in
 * with a second factor (`mfa: true`) unless the claims say otherwise: admins need it everywhere.
 */
export function issueTestToken(
  secret: string,
  claims: Partial<AccessTokenClaims> = {},
  expiresInSeconds = 600,
): string {
  const now = Math.floor(Date.now() / 1000);
  return new JwtService().sign(
    {
      sub: '00000000-0000-4000-8000-000000000001',
      email: 'client@example.com',
      role: 'user',
      user_type: 1,
      is_verified: true,
      sv: 0,
      mfa: true,
      iat: now,
      exp: now + expiresInSeconds,
      iss: TOKEN_ISSUER,
      ...claims,
    },
    { secret, algorithm: 'HS256' },
  );
}
