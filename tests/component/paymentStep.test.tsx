// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DRAFT } from '../../src/custom/onboarding/onboardingDraft';
import { PaymentStep } from '../../src/custom/onboarding/PaymentStep';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

/**
 * The payment step without a publishable key: Stripe's test cards, confirmed by the server
 * (POST /api/payments/confirm-test), then check-status; nothing is loaded from Stripe.
 */
function testModeProvider() {
  let status = 'requires_payment_method';
  const confirmed: string[] = [];
  const dataProvider = {
    confirmTestPayment: async (_intent: string, method: string) => {
      confirmed.push(method);
      status = method === 'pm_card_visa' ? 'succeeded' : 'requires_payment_method';
      return { data: { status } };
    },
    checkPaymentStatus: async () => ({ data: { status } }),
  } as unknown as DataProvider;
  return { dataProvider, confirmed };
}

describe('the payment step with test cards', () => {
  it('says a declined card was refused, then goes on once an accepted one is confirmed', async () => {
    const { dataProvider, confirmed } = testModeProvider();
    const onPaid = vi.fn();
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
          <PaymentStep
            draft={{ ...EMPTY_DRAFT, step: 'payment', transactionId: 'seti_1', payment: { mode: 'test' } }}
            update={() => undefined}
            onPaid={onPaid}
          />
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(document.querySelector('script')).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: 'Carte de test refusée' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le paiement' }));
    await screen.findByText('Le moyen de paiement a été refusé : choisissez-en un autre.');
    expect(onPaid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'Visa de test (acceptée)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le paiement' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(confirmed).toEqual(['pm_card_chargeDeclined', 'pm_card_visa']);
  });
});
