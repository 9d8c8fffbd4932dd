/**
 * Component tests wait for what a render shows (findBy…, waitFor). Testing Library's default second is
 * too short on 2 cores shared with a browser-test run; a real failure still fails, five seconds later.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
