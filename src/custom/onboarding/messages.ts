import { onboardingEn } from '../../i18n/onboarding.en';
import { onboardingFr } from '../../i18n/onboarding.fr';
import { addMessages } from '../../i18n/lateMessages';

// The sign-up's words load with its pages, which a signed-in user never opens (lateMessages.ts).
addMessages('fr', ['app'], onboardingFr);
addMessages('en', ['app'], onboardingEn);
