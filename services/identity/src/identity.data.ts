import { serviceData } from '@portal/events';
import { AuditLogEntry } from './audit/audit-entry.entity';
import { CreateAccounts1795314550693 } from './migrations/1795314550693-CreateAccounts';
import { SessionVersionsView1795400000000 } from './migrations/1795400000000-SessionVersionsView';
import { CreateAuditLog1795500000000 } from './migrations/1795500000000-CreateAuditLog';
import { TwoFactorAndSessions1795600000000 } from './migrations/1795600000000-TwoFactorAndSessions';
import { AuditLogActorEmailIndex1795700000000 } from './migrations/1795700000000-AuditLogActorEmailIndex';
import { ChallengesEndWithSessions1795800000000 } from './migrations/1795800000000-ChallengesEndWithSessions';
import { SessionsEndOneByOne1796000000000 } from './migrations/1796000000000-SessionsEndOneByOne';
import { PasswordFromMailbox1796600000000 } from './migrations/1796600000000-PasswordFromMailbox';
import { Profile } from './profiles/profile.entity';
import { Session } from './sessions/session.entity';
import { UserToken } from './tokens/user-token.entity';
import { RecoveryCode } from './two-factor/recovery-code.entity';
import { User } from './users/user.entity';

/** The identity schema: its entities and migrations, in order. */
export const IDENTITY_DATA = serviceData('identity', {
  entities: [User, Profile, UserToken, AuditLogEntry, RecoveryCode, Session],
  migrations: [
    CreateAccounts1795314550693,
    SessionVersionsView1795400000000,
    CreateAuditLog1795500000000,
    TwoFactorAndSessions1795600000000,
    AuditLogActorEmailIndex1795700000000,
    ChallengesEndWithSessions1795800000000,
    SessionsEndOneByOne1796000000000,
    PasswordFromMailbox1796600000000,
  ],
});
