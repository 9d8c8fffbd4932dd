import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type HttpError, useDataProvider, useNavigate, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { openSession } from '../../providers/session';
import { AdminStep } from './AdminStep';
import { OnboardLayout } from './OnboardLayout';
import { type FieldErrors, useOnboardingDraft } from './onboardingDraft';
import { PaymentStep } from './PaymentStep';
import { PlanStep } from './PlanStep';
import { StructureDetailsStep } from './StructureDetailsStep';
import { StructureSearchStep } from './StructureSearchStep';
import './messages';

export const ONBOARD_SUCCESS = '/onboard/success';

// The invitation link last looked up: the page may mount twice as the app starts, one look-up (and one
// snackbar for a bad key) is enough.
let lookedUp = '';

/**
 * /onboard: a structure signs up on its own. What was typed lives in the store, so going
 * back and a reload keep it; an invitation link (`?company=<encodedId>&key=<key>`) prefills the structure.
 */
export function OnboardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params] = useSearchParams();
  const { draft, update } = useOnboardingDraft();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const invitedId = params.get('company');
  const invitationKey = params.get('key');

  useEffect(() => {
    if (!invitedId || !invitationKey || draft.registered) return;
    if (draft.invitation?.company === invitedId && draft.invitation.key === invitationKey) return;
    if (lookedUp === `${invitedId}/${invitationKey}`) return;
    lookedUp = `${invitedId}/${invitationKey}`;
    dataProvider
      .getCompanyByKey(invitedId, invitationKey)
      .then(({ data }) => {
        update({
          step: 'details',
          invitation: { company: invitedId, key: invitationKey },
          searchEngineEntityId: data.siret ?? '',
          company: {
            ...draft.company,
            name: data.name,
            siret: data.siret ?? '',
            address: data.address ?? draft.company.address,
            postcode: data.postcode ?? draft.company.postcode,
            city: data.city ?? draft.company.city,
            country: data.country ?? draft.company.country,
            email: data.email ?? draft.company.email,
            phone: data.phone ?? draft.company.phone,
          },
        });
      })
      // The company lookup by key failed: an invitation whose key does not match.
      .catch(() => notify('Error_CantGetCompanyByKey', { type: 'error' }));
  }, [invitedId, invitationKey]); // eslint-disable-line react-hooks/exhaustive-deps

  async function register() {
    setServerErrors({});
    try {
      const { company, admin, invitation } = draft;
      const { data } = await dataProvider.register({
        company: { ...company, siret: company.siret.replace(/\s/g, ''), logo: company.logo },
        ...admin,
        ...(invitation ? { invitation } : {}),
      });
      // The restricted session of the first connection: it waits for the e-mailed code.
      openSession(data);
      update({ registered: { companyId: data.company.id, email: data.user.email }, step: 'plan' });
    } catch (error) {
      const errors = ((error as HttpError).body as { errors?: FieldErrors } | undefined)?.errors ?? {};
      setServerErrors(errors);
      if (Object.keys(errors).some((path) => path.startsWith('company.'))) update({ step: 'details' });
      notify((error as Error).message || 'GenericError', { type: 'error' });
    }
  }

  // The address travels in the page's address: the success page opened in another tab (whose session and
  // draft are this tab's alone) still knows whose first connection it leads to.
  const done = () =>
    navigate(
      draft.registered ? `${ONBOARD_SUCCESS}?email=${encodeURIComponent(draft.registered.email)}` : ONBOARD_SUCCESS,
    );
  // Once registered, the steps before the plan are behind: the structure exists.
  const step = draft.registered && ['structure', 'details', 'admin'].includes(draft.step) ? 'plan' : draft.step;

  return (
    <OnboardLayout
      step={step}
      title={`app.onboarding.${step}.title`}
      intro={translate(`app.onboarding.${step}.intro`, { email: draft.registered?.email ?? '' })}
    >
      {step === 'structure' ? <StructureSearchStep draft={draft} update={update} /> : null}
      {step === 'details' ? <StructureDetailsStep draft={draft} update={update} serverErrors={serverErrors} /> : null}
      {step === 'admin' ? (
        <AdminStep draft={draft} update={update} register={register} serverErrors={serverErrors} />
      ) : null}
      {step === 'plan' ? (
        <PlanStep
          draft={draft}
          update={update}
          onSubscribed={({ setupIntent, payment }) =>
            setupIntent
              ? update({
                  step: 'payment',
                  transactionId: setupIntent.id,
                  clientSecret: setupIntent.clientSecret,
                  payment: payment ?? null,
                })
              : done()
          }
        />
      ) : null}
      {step === 'payment' ? <PaymentStep draft={draft} update={update} onPaid={done} /> : null}
    </OnboardLayout>
  );
}
