import { useStore } from 'react-admin';
import type { RegisteredCompany } from '../../providers/onboardingActions';
import { EMAIL_PATTERN, isFrenchPostcode, isSiret, phoneE164 } from '../../domain/onboardingFields';
import './messages';

/** The sign-up's steps, in order; the payment step is only shown for a paid plan. */
export const STEPS = ['structure', 'details', 'admin', 'plan', 'payment'] as const;
export type Step = (typeof STEPS)[number];

/** `userAdminSubscriptionPlan` while no plan is chosen: -1, which no plan's id can be (they are positive). */
export const NO_PLAN = -1;

/**
 * What the visitor typed, kept in react-admin's store (localStorage) so that going back, and a reload,
 * loses nothing; cleared once the sign-up is over.
 */
export interface OnboardingDraft {
  step: Step;
  /** The SIRET of the establishment picked in the directory, '' when typed by hand. */
  searchEngineEntityId: string;
  search: string;
  /** What the registration sends, and the name of the logo's file to show it again. */
  company: RegisteredCompany<number> & { logoName: string };
  admin: { firstName: string; lastName: string; email: string };
  invitation: { company: string; key: string } | null;
  /** Once the structure is registered, the first steps are behind. */
  registered: { companyId: number; email: string } | null;
  userAdminSubscriptionPlan: number;
  /** The id of the Stripe SetupIntent of a paid plan, which the payment step confirms. */
  transactionId: string;
  /** Its client secret, which Stripe.js confirms it with: the visitor's own, kept like the rest until the end. */
  clientSecret: string;
  /** How the server takes the payment: Stripe.js (publishable key), or Stripe's test cards. */
  payment: { mode: 'stripe'; publishableKey: string; jsUrl: string } | { mode: 'test' } | null;
}

export const EMPTY_DRAFT: OnboardingDraft = {
  step: 'structure',
  searchEngineEntityId: '',
  search: '',
  company: {
    name: '',
    siret: '',
    address: '',
    postcode: '',
    city: '',
    country: '',
    email: '',
    phone: '',
    logo: null,
    logoName: '',
  },
  admin: { firstName: '', lastName: '', email: '' },
  invitation: null,
  registered: null,
  userAdminSubscriptionPlan: NO_PLAN,
  transactionId: '',
  clientSecret: '',
  payment: null,
};

export const DRAFT_KEY = 'onboarding.draft';

export function useOnboardingDraft() {
  const [draft, setDraft] = useStore<OnboardingDraft>(DRAFT_KEY, EMPTY_DRAFT);
  const update = (change: Partial<OnboardingDraft>) =>
    setDraft((previous) => ({ ...EMPTY_DRAFT, ...previous, ...change }));
  return { draft: { ...EMPTY_DRAFT, ...draft }, update, reset: () => setDraft(EMPTY_DRAFT) };
}

/** Field errors as translation keys, by the API's property paths (`company.email`, `email`...). */
export type FieldErrors = Record<string, string>;

export function checkDetails(company: OnboardingDraft['company'], franceId: number | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['name', 'address', 'postcode', 'city', 'email', 'phone'] as const)
    if (!company[field].trim()) errors[`company.${field}`] = 'app.validation.blank';
  if (company.country === '') errors['company.country'] = 'app.validation.blank';
  const siret = company.siret.replace(/\s/g, '');
  if (siret && !isSiret(siret)) errors['company.siret'] = 'app.onboarding.errors.siret';
  if (company.postcode.trim() && company.country === franceId && !isFrenchPostcode(company.postcode.trim()))
    errors['company.postcode'] = 'app.onboarding.errors.postcode';
  if (company.email.trim() && !EMAIL_PATTERN.test(company.email.trim()))
    errors['company.email'] = 'app.validation.email';
  if (company.phone.trim() && !phoneE164(company.phone)) errors['company.phone'] = 'app.onboarding.errors.phone';
  return errors;
}

export function checkAdmin(admin: OnboardingDraft['admin']): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['firstName', 'lastName', 'email'] as const)
    if (!admin[field].trim()) errors[field] = 'app.validation.blank';
  if (admin.email.trim() && !EMAIL_PATTERN.test(admin.email.trim())) errors.email = 'app.validation.email';
  return errors;
}
