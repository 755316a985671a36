import { serviceData } from '@portal/events';
import { CreateAccounts1795314550693 } from './migrations/1795314550693-CreateAccounts';
import { SessionVersionsView1795400000000 } from './migrations/1795400000000-SessionVersionsView';
import { Profile } from './profiles/profile.entity';
import { UserToken } from './tokens/user-token.entity';
import { User } from './users/user.entity';

/** The identity schema: its entities and migrations, in order. */
export const IDENTITY_DATA = serviceData('identity', {
  entities: [User, Profile, UserToken],
  migrations: [CreateAccounts1795314550693, SessionVersionsView1795400000000],
});
