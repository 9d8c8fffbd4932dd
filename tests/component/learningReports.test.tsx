// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LearningReportPage } from '../../src/custom/learningReports/LearningReportPage';
import { LateLearnersCard } from '../../src/custom/dashboard/LateLearnersCard';
import type { LearningOverview, LearningReport, ReportSubscription } from '../../src/domain/learningReports';
import { learningReportsFr } from '../../src/i18n/learningReports.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';
import '../../src/custom/dashboard/messages';

/**
 * The "Suivi" page and the home page's late learners on a fake data provider: the period asked for, the
 * figures each a link to the learners they count, a chart's table behind « Voir les données » with its links,
 * the weekly e-mail's switch sent and read again, the empty state; the card's learners linking to their
 * course's late learners.
 */

const REPORT: LearningReport = {
  refreshedAt: new Date().toISOString(),
  totals: { enrolled: 12, started: 9, completed: 5, late: 2, atRisk: 3, completionRate: 41.7 },
  courses: [
    {
      course: { id: 4, title: 'Sécurité incendie' },
      enrolled: 8,
      started: 6,
      completed: 3,
      late: 2,
      atRisk: 1,
      completionRate: 37.5,
    },
    { course: { id: 9, title: 'RGPD' }, enrolled: 4, started: 3, completed: 2, late: 0, atRisk: 2, completionRate: 50 },
  ],
  timeline: [{ week: '2026-11-02', enrolled: 12, completed: 5 }],
  structures: [],
};

const EMPTY: LearningReport = {
  ...REPORT,
  totals: { enrolled: 0, started: 0, completed: 0, late: 0, atRisk: 0, completionRate: 0 },
  courses: [],
  timeline: [],
};

function fakeProvider(report: LearningReport) {
  let subscription: ReportSubscription = { subscribed: false, frequency: 'weekly', lastSentAt: null };
  const overview: LearningOverview = {
    late: {
      count: 2,
      items: [
        {
          participation: 31,
          learner: { id: 5, name: 'Léa Martin' },
          course: REPORT.courses[0].course,
          dueAt: '2026-11-20T23:59:59.999Z',
        },
      ],
    },
    dueThisWeek: { count: 0, items: [] },
    atRisk: { count: 3 },
  };
  const calls = {
    getLearningReport: vi.fn(async () => report),
    getReportSubscription: vi.fn(async () => subscription),
    setReportSubscription: vi.fn(async (subscribed: boolean) => {
      subscription = { ...subscription, subscribed };
    }),
    getLearningOverview: vi.fn(async () => overview),
  };
  const dataProvider = {
    ...calls,
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: { id: 0 } }),
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

function renderAt(entry: string, dataProvider: DataProvider, element = <LearningReportPage />) {
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        {element}
      </AdminContext>
    </TestMemoryRouter>,
  );
}

beforeAll(() => {
  // A French user's clock, where a due date's end of day (23:59 UTC) is already the next day.
  process.env.TZ = 'Europe/Paris';
  // jsdom lays nothing out: the charts measure their box with a ResizeObserver, which it lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

beforeEach(() => {
  const payload = btoa(JSON.stringify({ role: ['ROLE_ADMIN'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_ADMIN'] });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

const hrefOf = (element: HTMLElement) => decodeURIComponent(element.getAttribute('href') ?? '');

describe('the « Suivi » page', () => {
  it('asks for the period in its address and links each figure to the learners it counts', async () => {
    const { dataProvider, calls } = fakeProvider(REPORT);
    renderAt('/learning?from=2026-11-01&to=2026-11-30&course=4', dataProvider);
    const totals = await screen.findByRole('list', { name: learningReportsFr.totals });
    expect(calls.getLearningReport).toHaveBeenCalledWith(
      { from: '2026-11-01', to: '2026-11-30', course: 4 },
      expect.anything(),
    );
    const late = within(totals).getByRole('link', { name: /En retard/ });
    expect(hrefOf(late)).toBe('/courses/4/learners?filter={"state":["late"]}');
    expect(within(totals).getByText('41,7 %')).toBeTruthy();
    expect(screen.getByTestId('refreshed-at').textContent).toMatch(/^Données actualisées à \d{2}:\d{2}$/);
  });

  it("shows a chart's figures as a table, each figure a way to its learners and each course to its funnel", async () => {
    renderAt('/learning', fakeProvider(REPORT).dataProvider);
    const section = await screen.findByRole('region', { name: learningReportsFr.completion.title });
    fireEvent.click(within(section).getByRole('button', { name: learningReportsFr.show_data }));
    const table = within(section).getByRole('table', { name: learningReportsFr.completion.title });
    const row = within(table).getByRole('row', { name: /Sécurité incendie/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('Sécurité incendie');
    expect(hrefOf(within(row).getByRole('link', { name: '3' }))).toBe(
      '/courses/4/learners?filter={"state":["completed"]}',
    );
    expect(hrefOf(within(row).getByRole('link', { name: 'Ouvrir l’entonnoir de « Sécurité incendie »' }))).toBe(
      '/courses/4/funnel',
    );
    expect(within(row).getByText('37,5 %')).toBeTruthy();
  });

  it('subscribes to the weekly e-mail and reads the subscription again', async () => {
    const { dataProvider, calls } = fakeProvider(REPORT);
    renderAt('/learning', dataProvider);
    const toggle = await screen.findByRole('switch', { name: learningReportsFr.subscription.label });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect(screen.getByText(learningReportsFr.subscription.off)).toBeTruthy();
    fireEvent.click(toggle);
    await screen.findByText(learningReportsFr.subscription.never_sent);
    expect(calls.setReportSubscription).toHaveBeenCalledWith(true);
    expect(calls.getReportSubscription).toHaveBeenCalledTimes(2);
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('says when the period has no enrolment, without charts', async () => {
    renderAt('/learning', fakeProvider(EMPTY).dataProvider);
    expect((await screen.findByTestId('report-empty')).textContent).toBe(learningReportsFr.empty);
    expect(screen.queryByRole('region', { name: learningReportsFr.completion.title })).toBeNull();
  });
});

describe('the home page’s late learners', () => {
  it('names each with their course and due day, a link to the course’s late learners', async () => {
    renderAt('/', fakeProvider(REPORT).dataProvider, <LateLearnersCard />);
    const link = await screen.findByRole('link', { name: /^Léa Martin, Sécurité incendie/ });
    expect(hrefOf(link)).toBe('/courses/4/learners?filter={"state":["late"]}');
    // The end of its day in UTC is still that day, wherever the browser is.
    expect(screen.getByText('Échéance le 20 nov. · Sécurité incendie')).toBeTruthy();
  });
});
