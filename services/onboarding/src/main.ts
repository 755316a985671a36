import { runProcess } from '@portal/http';
import { ONBOARDING_DATA } from './onboarding.data';
import { OnboardingModule } from './onboarding.module';

void runProcess({
  name: 'onboarding',
  serves: ['onboarding'],
  modules: [OnboardingModule],
  data: [ONBOARDING_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
