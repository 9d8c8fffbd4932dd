import type { Identifier } from 'react-admin';
import type { HttpClient } from './httpClient';
import { API } from './routes';
import type { AddressFeature, Establishment, InvitedCompany, Plan, SubscriptionStatus } from '../domain/onboarding';

export interface Subscription {
  id: number;
  company: number;
  plan: Plan;
  status: SubscriptionStatus;
  startedAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  accessEndsAt?: string | null;
  setupIntent?: { id: string; clientSecret: string } | null;
  payment?: { mode: 'stripe'; publishableKey: string; jsUrl: string } | { mode: 'test' } | null;
}

export type SetupIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';

/**
 * The structure as the sign-up sends it; its country and logo are ids (a country of the list, an uploaded
 * file), numbers where the caller knows them as such.
 */
export interface RegisteredCompany<Id extends Identifier = Identifier> {
  name: string;
  siret: string;
  address: string;
  postcode: string;
  city: string;
  country: Id | '';
  /** The structure's own contact e-mail and phone, apart from its administrator's e-mail. */
  email: string;
  phone: string;
  logo: Id | null;
}

export interface Registration {
  company: RegisteredCompany;
  firstName: string;
  lastName: string;
  email: string;
  invitation?: { company: string; key: string };
}

export interface RegistrationResult {
  company: { id: number; name: string };
  user: { id: number; email: string };
  token: string;
  refresh_token: string;
}

const q = encodeURIComponent;

/** The calls of the self-service sign-up; the public ones need no session. */
export function createOnboardingActions(http: HttpClient) {
  const get = async <T>(url: string, secured = false, signal?: AbortSignal) =>
    (await http(url, { secured, signal })).json as T;
  const post = async <T>(url: string, body: unknown, secured = true) =>
    (await http(url, { method: 'POST', body: JSON.stringify(body), secured })).json as T;
  return {
    searchEstablishments: async (text: string, signal?: AbortSignal) => ({
      data: await get<Establishment[]>(`${API}/public/search-establishment?search=${q(text)}`, false, signal),
    }),
    getCompanyByKey: async (encodedId: string, key: string) => ({
      data: await get<InvitedCompany>(`${API}/public/companies/${q(encodedId)}/${q(key)}`),
    }),
    /**
     * The BAN's suggestions through the API, which asks for ten street addresses completing the text
     * (`type=housenumber&limit=10&autocomplete=1`); the answer's `features` are the suggestions.
     */
    searchAddresses: async (text: string, signal?: AbortSignal) => ({
      data: await get<{ type: 'FeatureCollection'; features: AddressFeature[] }>(
        `${API}/public/address-search?q=${q(text)}`,
        false,
        signal,
      ),
    }),
    /** Countries before any session exists (the secured GET /api/countries needs one). */
    getPublicCountries: async () => ({
      data: await get<{ id: number; code: string; name: string }[]>(`${API}/public/countries`),
    }),
    getPlans: async () => ({ data: await get<Plan[]>(`${API}/public/plans`) }),
    register: async (body: Registration) => ({
      data: await post<RegistrationResult>(`${API}/users/register`, body, false),
    }),
    subscribe: async ({ plan, company }: { plan: number; company?: Identifier }) => ({
      data: await post<Subscription>(`${API}/subscribe`, { plan, company }),
    }),
    /** The caller's structure's plan (null: it has none); a super admin names the structure. */
    getSubscription: async ({ company }: { company?: Identifier } = {}) => ({
      data: await get<Subscription | null>(
        `${API}/subscription${company === undefined ? '' : `?company=${q(String(company))}`}`,
        true,
      ),
    }),
    /** A super admin invites a structure: the link that signs it up once (`/onboard?company=…&key=…`). */
    createInvitation: async (name: string) => ({
      data: await post<{ company: number; encodedId: string; key: string; link: string }>(`${API}/invitations`, {
        name,
      }),
    }),
    unsubscribe: async ({ company }: { company?: Identifier } = {}) => ({
      data: await post<Subscription>(`${API}/unsubscribe`, { company }),
    }),
    checkPaymentStatus: async (setupIntent: string) => ({
      data: await get<{ status: SetupIntentStatus }>(
        `${API}/payments/check-status?setupIntent=${q(setupIntent)}`,
        true,
      ),
    }),
    /** Offline or in test mode only: confirms the SetupIntent with one of Stripe's test cards. */
    confirmTestPayment: async (setupIntent: string, paymentMethod: string) => ({
      data: await post<{ status: SetupIntentStatus }>(`${API}/payments/confirm-test`, { setupIntent, paymentMethod }),
    }),
  };
}

export type OnboardingActions = ReturnType<typeof createOnboardingActions>;
