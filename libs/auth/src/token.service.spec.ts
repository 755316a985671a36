import { generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '@portal/config';
import { jwtKeys, TOKEN_ISSUER } from './jwt-keys';
import { TokenService } from './token.service';

const jwt = new JwtService();
const claims = { sub: 'u1', email: 'client@example.com', role: 'user', sv: 1, tfa: false } as never;

function config(overrides: Partial<AppConfig>): AppConfig {
  return { ACCESS_TOKEN_TTL_SECONDS: 900, ...overrides } as AppConfig;
}

describe('TokenService and jwtKeys', () => {
  it('signs HS256 tokens with JWT_SECRET that verify with it, and parses the secret once', async () => {
    const secret = 'a-test-secret-that-is-at-least-32-characters';
    const hs = config({ JWT_SECRET: secret });
    const token = await new TokenService(new JwtService(), hs).sign(claims);
    expect(jwt.verify(token, { secret, algorithms: ['HS256'], issuer: TOKEN_ISSUER })).toMatchObject({ sub: 'u1' });
    expect(() =>
      jwt.verify(token, { secret: 'another-secret-of-enough-length-000000', algorithms: ['HS256'] }),
    ).toThrow();
    expect(jwtKeys(hs)).toBe(jwtKeys(hs));
  });

  it('signs RS256 tokens with the private key that verify with the public key only', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signer = config({ JWT_PRIVATE_KEY: privatePem, JWT_PUBLIC_KEY: publicPem });
    const token = await new TokenService(new JwtService(), signer).sign(claims);
    expect((jwt.decode(token, { complete: true }) as { header: { alg: string } }).header.alg).toBe('RS256');
    expect(jwt.verify(token, { publicKey: publicPem, algorithms: ['RS256'], issuer: TOKEN_ISSUER })).toMatchObject({
      sub: 'u1',
    });

    // A service with the public key only verifies, and cannot sign.
    const verifier = jwtKeys(config({ JWT_PUBLIC_KEY: publicPem }));
    expect(verifier.signingKey).toBeUndefined();
    expect(
      jwt.verify(token, { publicKey: verifier.verifyKey as unknown as Buffer, algorithms: ['RS256'] }),
    ).toMatchObject({ sub: 'u1' });
    const verifierTokens = new TokenService(new JwtService(), config({ JWT_PUBLIC_KEY: publicPem }));
    expect(() => verifierTokens.sign(claims)).toThrow(/no JWT signing key/);
  });
});
