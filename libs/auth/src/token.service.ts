import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@portal/config';
import { AccessTokenClaims } from './auth-user';
import { jwtKeys, TOKEN_ISSUER } from './jwt-keys';

/** Signs access tokens (used by identity; verification is the guard's job everywhere). */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
  ) {}

  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>): Promise<string> {
    const keys = jwtKeys(this.config);
    if (!keys.signingKey) throw new Error('This process has no JWT signing key (JWT_PRIVATE_KEY)');
    return this.jwt.signAsync(claims, {
      algorithm: keys.algorithm,
      // A parsed key (secret or private), for either algorithm.
      privateKey: keys.signingKey,
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
      issuer: TOKEN_ISSUER,
    });
  }
}
