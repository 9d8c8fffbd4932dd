import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';

/**
 * Enrolling and following learners in a browser, as a structure's training manager (admin@demo.fr): a
 * tag's members enrolled in a course with a due date, from the preview's counts to the course's learners;
 * a late learner found with the state filter, from the page and from a link; one learner's view; a rule
 * applied to the members already there; the public page of a mail's opt-out link. axe on each screen, and
 * the learners' page and the dialog 390 px wide.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`;

/** The day `days` from now as the page writes a due date ("1 juil. 2026"), the end of its day in UTC. */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** 390 px wide, nothing of the page's main content reaches past the screen's right edge. */
async function fitsAPhone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const edge = document.documentElement.clientWidth;
        return [...document.querySelectorAll('#main-content *, [role="dialog"] *')]
          .filter((element) => {
            const rect = element.getBoundingClientRect();
            const scrolled = element.closest('.MuiTabs-scroller') && !element.classList.contains('MuiTabs-scroller');
            return rect.width > 0 && rect.right > edge + 1 && !scrolled;
          })
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
      }),
    )
    .toEqual([]);
}

/** A course of admin@demo.fr's structure, and three of its members given a tag of their own. */
async function arrange() {
  const word = stamp();
  const tag = await t.api<{ id: number; name: string }>('/api/tags', {
    body: { name: `Groupe ${word}` },
    as: 'admin',
  });
  const members = (
    await t.api<Person[]>('/api/users?enabled=true&itemsPerPage=30&order[lastName]=asc', { as: 'admin' })
  ).filter((person) => person.email !== 'admin@demo.fr');
  const people = members.slice(0, 3);
  expect(people).toHaveLength(3);
  for (const person of people)
    await t.api(`/api/users/${person.id}`, { method: 'PUT', body: { tags: [`/api/tags/${tag.id}`] }, as: 'admin' });
  const course = await t.api<{ id: number; title: string }>('/api/courses', {
    body: { title: `Suivi ${word}` },
    as: 'admin',
  });
  return { tag, people, course };
}

/** Enrols the tag's members in the course through the dialog, due 30 days after; answers the dialog's preview text. */
async function enrolTag(page: Page, course: { title: string }, tag: { name: string }, { audit = false } = {}) {
  await page
    .getByRole('button', { name: `Inscrire des apprenants à « ${course.title} »` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Inscrire des apprenants à « ${course.title} »` });
  await dialog.getByRole('tab', { name: 'Tag' }).click();
  await dialog.getByRole('combobox', { name: 'Tags' }).fill(tag.name);
  await page.getByRole('option', { name: tag.name, exact: true }).click();
  await dialog.getByLabel('Un nombre de jours après l’inscription').check();
  await dialog.getByRole('spinbutton', { name: 'Nombre de jours' }).fill('30');
  await dialog.getByRole('button', { name: 'Aperçu' }).click();
  const preview = dialog.getByTestId('enrol-preview');
  await preview.getByText('3 personnes seront inscrites.').waitFor();
  await preview.getByText(`Échéance : ${dayIn(30)}.`).waitFor();
  if (audit) await expectNoSeriousViolation(page);
  await dialog.getByRole('button', { name: 'Inscrire', exact: true }).click();
  await page.getByText('3 personnes inscrites.').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('enrolling and following learners', () => {
  it("enrols a tag's members with a due date from the preview, and lists them as the course's learners", async () => {
    const { page } = t;
    const { tag, people, course } = await arrange();
    await t.signIn('admin', `/courses/${course.id}/learners`);
    await page.getByText('Personne n’est encore inscrit à cette formation.').waitFor();
    await expectNoSeriousViolation(page);

    await enrolTag(page, course, tag, { audit: true });
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    for (const person of people) {
      const row = rows.filter({ hasText: person.email });
      await row.getByRole('link', { name: `Voir les formations de ${nameOf(person)}` }).waitFor();
      await row.getByText(dayIn(30)).waitFor();
      await row.getByText('Pas commencé').waitFor();
    }
    await expectNoSeriousViolation(page);

    // The same enrolment again: nobody new, all three already there.
    await page
      .getByRole('button', { name: `Inscrire des apprenants à « ${course.title} »` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Tag' }).click();
    await dialog.getByRole('combobox', { name: 'Tags' }).fill(tag.name);
    await page.getByRole('option', { name: tag.name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Aperçu' }).click();
    await dialog.getByText('0 personne sera inscrite, 3 le sont déjà.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Inscrire', exact: true }).isDisabled()).toBe(true);
  });

  it("finds a late learner in the course's learners, by the state filter and by a link", async () => {
    const { page } = t;
    const { tag, people, course } = await arrange();
    await t.signIn('admin', `/courses/${course.id}/learners`);
    await page.getByText('Personne n’est encore inscrit à cette formation.').waitFor();
    await enrolTag(page, course, tag);
    // One of them was due yesterday.
    const [late] = await t.api<{ id: number }[]>(`/api/participations?course=${course.id}&user=${people[0].id}`, {
      as: 'admin',
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.api(`/api/participations/${late.id}`, {
      method: 'PUT',
      body: { dueAt: `${yesterday}T23:59:59.999Z` },
      as: 'admin',
    });

    await page.reload();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('group', { name: 'Filtrer par situation' }).getByRole('button', { name: 'En retard' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText(people[0].email).waitFor();
    await rows.first().getByText('En retard').waitFor();

    // The address the reports and the home page link to.
    const filter = encodeURIComponent(JSON.stringify({ state: ['late'] }));
    await t.goto(`/courses/${course.id}/learners?filter=${filter}`);
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText(people[0].email).waitFor();
    const chip = page.getByRole('group', { name: 'Filtrer par situation' }).getByRole('button', { name: 'En retard' });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');

    // On a phone: one block a learner, nothing past the screen's edge. (Opened there: a window narrowed
    // to a phone opens react-admin's menu over the page.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('learner-lines').getByText(people[0].email).waitFor();
    await fitsAPhone(page);
    await expectNoSeriousViolation(page);
    await page
      .getByRole('button', { name: `Inscrire des apprenants à « ${course.title} »` })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Personnes' }).waitFor();
    await fitsAPhone(page);
    await expectNoSeriousViolation(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The learner's own view: the course, late.
    await page.getByRole('link', { name: `Voir les formations de ${nameOf(people[0])}` }).click();
    await page.getByRole('heading', { level: 2, name: nameOf(people[0]), exact: true }).waitFor();
    const courses = page.getByTestId('learner-courses');
    await courses.getByRole('row').filter({ hasText: course.title }).getByText('En retard').waitFor();
    await expectNoSeriousViolation(page);
  });

  it('applies a rule to the members who already have its tag, previewed first', async () => {
    const { page } = t;
    const { tag, course } = await arrange();
    const rule = await t.api<{ id: number; name: string }>('/api/enrolment-rules', {
      body: {
        name: `Règle ${stamp()}`,
        course: `/api/courses/${course.id}`,
        tag: `/api/tags/${tag.id}`,
        dueDays: 30,
        active: true,
      },
      as: 'admin',
    });
    await t.signIn('admin', '/enrolment-rules');
    await page.getByText(rule.name).waitFor();
    await expectNoSeriousViolation(page);
    await t.goto(`/enrolment-rules/${rule.id}`);
    await page.getByRole('button', { name: 'Appliquer aux membres actuels' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('3 personnes seront inscrites.').waitFor();
    await expectNoSeriousViolation(page);
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('3 personnes inscrites.').waitFor();

    await t.goto(`/courses/${course.id}/learners`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
  });

  it("says in French what an opt-out link's refused token means, with no session", async () => {
    const { page } = t;
    await t.goto('/unsubscribe?token=ceci-n-est-pas-un-jeton');
    await page.getByText('Ce lien de désinscription n’est pas valide ou a expiré.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Désinscription des e-mails' }).waitFor();
    await expectNoSeriousViolation(page);
  });
});
