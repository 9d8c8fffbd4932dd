import type { Components, Theme } from '@mui/material/styles';
import { grey } from '@mui/material/colors';
import { frFR } from '@mui/material/locale';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin names a list's row checkbox with `aria-label` on MUI's Checkbox, and MUI 9 leaves that
 * attribute on the wrapping span (where a name is not allowed: axe's aria-prohibited-attr) while the
 * <input> a screen reader lands on stays unnamed (axe's label). Every checkbox named that way gets the
 * name on its input instead. A name given through `slotProps.input` (react-admin's select-all) still wins.
 */
const checkbox: Components<Theme>['MuiCheckbox'] = {
  defaultProps: {
    slotProps: {
      root: () => ({ 'aria-label': undefined }),
      input: ({ 'aria-label': label }) => ({ 'aria-label': label }),
    },
  },
};

/**
 * "Aller au contenu" leaves the focus in the page's main content. react-admin's own focuses it, then blurs it
 * at once, leaving the focus on <body>: a screen reader says nothing, and the next Tab starts from the top in
 * some browsers. The content takes the focus for as long as the user stays there.
 */
function skipToMainContent() {
  const main = document.getElementById('main-content');
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
}

/**
 * react-admin's light theme with the contrasts WCAG AA asks for (axe-core checks them in the browser
 * tests, tests/e2e/a11y.e2e.test.ts): white on the app bar's blue was 3.1:1, a filled input's grey label
 * 4.4:1, primary text buttons on the page's grey about 4.4:1. The red delete button was 3.8:1 on the form
 * toolbar's grey[300] and 3.9:1 on the bulk-actions toolbar's blue. Lighter toolbars alone would leave
 * MUI's red at 4.5-4.6:1, below once a hover tints the button: the red is also a shade darker (red[800]).
 * Now the red and the primary blue are above 5:1 on both toolbars. White on the snackbars' blue (info) and
 * orange (warning) was 3.9:1 and 3.1:1: both are a shade darker, 4.8:1 and 5:1.
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { light: '#4f83cc', main: '#1565c0', dark: '#0d47a1', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    error: { light: '#ef5350', main: '#c62828', dark: '#b71c1c', contrastText: '#fff' },
    info: { light: '#03a9f4', main: '#0277bd', dark: '#01579b', contrastText: '#fff' },
    warning: { light: '#ff9800', main: '#b45309', dark: '#92400e', contrastText: '#fff' },
    text: { secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  components: {
    // MUI's own words (an autocomplete's "Open" and "Clear" buttons, read by screen readers) in French, the
    // back-office's language; react-admin's components pass their own, translated, over them.
    ...frFR.components,
    ...defaultLightTheme.components,
    // react-admin's theme sets the autocomplete too (full width): merged, not spread over the French words,
    // which a plain MUI autocomplete (the user panel's) would otherwise say in English.
    MuiAutocomplete: {
      ...defaultLightTheme.components?.MuiAutocomplete,
      defaultProps: {
        ...frFR.components?.MuiAutocomplete?.defaultProps,
        ...defaultLightTheme.components?.MuiAutocomplete?.defaultProps,
      },
    },
    MuiCheckbox: checkbox,
    RaSkipNavigationButton: { defaultProps: { onClick: skipToMainContent } },
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { backgroundColor: '#eef3fa' } } },
    },
  },
};
