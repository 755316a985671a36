import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { AppConfig } from '@portal/config';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessTokenClaims, AuthUser, toAuthUser } from './auth-user';
import { jwtKeys, TOKEN_ISSUER } from './jwt-keys';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(config: AppConfig) {
    const keys = jwtKeys(config);
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken, which passport-jwt calls, takes a parsed key too (its types say string or Buffer).
      secretOrKey: keys.verifyKey as unknown as Buffer,
      algorithms: [keys.algorithm],
      issuer: TOKEN_ISSUER,
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): AuthUser {
    return toAuthUser(claims);
  }
}
