import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule, QUEUES } from '@portal/events';
import { configOrExit, serviceHealthController } from '@portal/http';
import { AccountSecurityController } from './account-security/account-security.controller';
import { AccountSecurityService } from './account-security/account-security.service';
import { SecurityNotices } from './account-security/security-notices';
import { AdminBootstrap } from './admin/admin-bootstrap';
import { AdminController } from './admin/admin.controller';
import { AuditLogController, SecurityEventsController } from './audit/audit-log.controller';
import { AuditLogService } from './audit/audit-log.service';
import { AuditProcessor } from './audit/audit.processor';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginThrottle } from './auth/login-throttle';
import { IDENTITY_DATA } from './identity.data';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetProcessor } from './password-reset/password-reset.processor';
import { PasswordResetService } from './password-reset/password-reset.service';
import { Profile } from './profiles/profile.entity';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { ExpiredSessionsCleanup } from './sessions/expired-sessions.cleanup';
import { Session } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { ExpiredTokensCleanup } from './tokens/expired-tokens.cleanup';
import { UserToken } from './tokens/user-token.entity';
import { UserTokens } from './tokens/user-tokens.service';
import { RecoveryCode } from './two-factor/recovery-code.entity';
import { RecoveryCodeHasher } from './two-factor/recovery-code-hasher';
import { TotpCipher } from './two-factor/totp-cipher';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorService } from './two-factor/two-factor.service';
import { WrongCodes } from './two-factor/wrong-codes';
import { PasswordHasher } from './users/password-hasher';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { VerificationController } from './verification/verification.controller';
import { VerificationService } from './verification/verification.service';

// Known when modules are declared: the audit and password-reset workers run where workers run (RUN_WORKERS).
const runWorkers = configOrExit().RUN_WORKERS;

/** The whole HTTP and worker surface of the identity service. */
@Module({
  imports: [
    DatabaseModule.forService(IDENTITY_DATA),
    TypeOrmModule.forFeature([User, Profile, UserToken, RecoveryCode, Session], 'identity'),
    EventsModule.forService('identity'),
    // Daily: expired tokens, relayed outbox rows and completed audit and password-reset jobs (never audit_log lines).
    HousekeepingModule.forService('identity', {
      tasks: [ExpiredTokensCleanup, ExpiredSessionsCleanup],
      consumes: [QUEUES.audit, QUEUES.passwordReset],
    }),
    ...(runWorkers ? [BullModule.registerQueue({ name: QUEUES.audit }, { name: QUEUES.passwordReset })] : []),
  ],
  controllers: [
    serviceHealthController('identity'),
    AuthController,
    TwoFactorController,
    AccountSecurityController,
    VerificationController,
    PasswordResetController,
    ProfilesController,
    AdminController,
    AuditLogController,
    SecurityEventsController,
  ],
  providers: [
    AuditLogService,
    PasswordHasher,
    UsersService,
    UserTokens,
    AuthService,
    LoginThrottle,
    VerificationService,
    PasswordResetService,
    ProfilesService,
    AdminBootstrap,
    SessionsService,
    TotpCipher,
    RecoveryCodeHasher,
    TwoFactorService,
    WrongCodes,
    AccountSecurityService,
    SecurityNotices,
    ...(runWorkers ? [AuditProcessor, PasswordResetProcessor] : []),
  ],
})
export class IdentityModule {}
