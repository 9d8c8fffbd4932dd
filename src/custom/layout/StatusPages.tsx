import { NotFound } from 'react-admin';

// react-admin's pages for a refused access, a failed session check, an unknown address and a screen that
// crashed: rarely shown, so in a chunk of their own (loaded on use).
export { AccessDenied, AuthenticationError, Error } from 'react-admin';

/** react-admin hands its catch-all page a title element; its NotFound page takes a string. */
export function PageNotFound() {
  return <NotFound />;
}
