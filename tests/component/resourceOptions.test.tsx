// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, ResourceDefinitionContextProvider, type ResourceDefinition } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MenuSections } from '../../src/custom/layout/MenuSections';
import { InfosTab } from '../../src/custom/sidePanel/InfosTab';
import { sessionStore } from '../../src/providers/sessionStore';

/**
 * The generic screens know the resources only through react-admin's definitions, as the app registers
 * them (App.tsx): the menu sorts them by `options.group`, the side panel's infos shows `options.show`.
 */

const payload = btoa(JSON.stringify({ role: ['ROLE_SUPER_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));

beforeEach(() => sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_SUPER_ADMIN'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

function ShowUser({ id }: { id: number }) {
  return <p>user {id}</p>;
}

const definitions: Record<string, ResourceDefinition> = {
  users: { name: 'users', hasList: true, hasShow: true, options: { group: 'users', show: ShowUser } },
  courses: { name: 'courses', hasList: true, options: { group: 'contents' } },
  tickets: { name: 'tickets', hasList: true, options: { group: 'support' } },
};

function withDefinitions(children: React.ReactNode) {
  return render(
    <AdminContext>
      <ResourceDefinitionContextProvider definitions={definitions}>{children}</ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

describe("what the generic screens read of react-admin's resource definitions", () => {
  it('lists the home page, then each resource in the menu section its options name, sections in the menu order', async () => {
    withDefinitions(<MenuSections />);
    const sections = await screen.findAllByRole('menu');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'ra.page.dashboard',
      // Following learning, for those who read participations: a page of its own after the home page.
      'app.learning_reports.menu',
      'app.menu.contents',
      'app.menu.users',
      'app.menu.support',
      // Platform staff's own screen among the settings: the rights of a structure's roles.
      'app.menu.settings',
    ]);
    expect(sections.map((section) => section.querySelectorAll('a').length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(sections[0].querySelector('a')?.getAttribute('href')).toBe('#/');
    expect(sections[3].querySelector('a')?.getAttribute('href')).toBe('#/users');
  });

  it("shows a resource's show screen from its options in the side panel's infos, or says there is none", () => {
    withDefinitions(
      <>
        <InfosTab resource="users" id={7} />
        <InfosTab resource="courses" id={3} />
      </>,
    );
    expect(screen.getByText('user 7')).toBeTruthy();
    expect(screen.getByText('app.side_panel.no_details')).toBeTruthy();
  });
});
