import { serviceData } from '@portal/events';
import { InviteCode } from './invite-codes/invite-code.entity';
import { CreateInviteCodes1795316721150 } from './migrations/1795316721150-CreateInviteCodes';
import { Submission } from './submissions/submission.entity';

/** The onboarding schema: its entities and migrations, in order. */
export const ONBOARDING_DATA = serviceData('onboarding', {
  entities: [InviteCode, Submission],
  migrations: [CreateInviteCodes1795316721150],
});
