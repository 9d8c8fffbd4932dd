import type { Components, Theme } from '@mui/material/styles';
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
 * react-admin's light theme with the contrasts WCAG AA asks for (axe-core checks them in the browser
 * tests, tests/e2e/a11y.e2e.test.ts): white on the app bar's blue was 3.1:1, a filled input's grey label
 * 4.4:1, primary text buttons on the page's grey about 4.4:1.
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { light: '#4f83cc', main: '#1565c0', dark: '#0d47a1', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    text: { secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  components: {
    ...defaultLightTheme.components,
    MuiCheckbox: checkbox,
  },
};
