import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { RedisModule } from '@portal/events';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from './auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { SessionRevocation } from './session-revocation';
import { TokenService } from './token.service';

/** Imported once per process (by the platform module): the guard then covers every controller. */
@Global()
@Module({
  imports: [PassportModule, JwtModule.register({}), RedisModule],
  providers: [JwtStrategy, TokenService, SessionRevocation, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [TokenService, SessionRevocation],
})
export class AuthModule {}
