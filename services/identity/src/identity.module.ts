import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { AdminBootstrap } from './admin/admin-bootstrap';
import { AdminController } from './admin/admin.controller';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { IDENTITY_DATA } from './identity.data';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { Profile } from './profiles/profile.entity';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { ExpiredTokensCleanup } from './tokens/expired-tokens.cleanup';
import { UserToken } from './tokens/user-token.entity';
import { UserTokens } from './tokens/user-tokens.service';
import { PasswordHasher } from './users/password-hasher';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { VerificationController } from './verification/verification.controller';
import { VerificationService } from './verification/verification.service';

/** The whole HTTP and worker surface of the identity service. */
@Module({
  imports: [
    DatabaseModule.forService(IDENTITY_DATA),
    TypeOrmModule.forFeature([User, Profile, UserToken], 'identity'),
    EventsModule.forService('identity'),
    HousekeepingModule.forService('identity', { tasks: [ExpiredTokensCleanup] }),
  ],
  controllers: [
    serviceHealthController('identity'),
    AuthController,
    VerificationController,
    PasswordResetController,
    ProfilesController,
    AdminController,
  ],
  providers: [
    PasswordHasher,
    UsersService,
    UserTokens,
    AuthService,
    VerificationService,
    PasswordResetService,
    ProfilesService,
    AdminBootstrap,
  ],
})
export class IdentityModule {}
