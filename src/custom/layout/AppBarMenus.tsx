import { useState } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { LocalesMenuButton, Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { isPlatformStaff } from '../../domain/tenancy';
import { sessionStore } from '../../providers/sessionStore';
import { lazyComponent } from '../lazyComponent';
import type { ReportContext } from '../report/ReportProblemDialog';
import { SearchButton } from '../search/SearchButton';
import { sessionAllows } from '../../providers/authProvider';
import { MentionBell } from '../mentions/MentionBell';
import { AccountMenuItem } from './AccountMenuItem';
import { ReportProblemMenuItem } from './ReportProblemMenuItem';

// The report form loads when someone reports a problem.
const ReportProblemDialog = lazyComponent(() =>
  import('../report/ReportProblemDialog').then((module) => module.ReportProblemDialog),
);
// Only platform staff switch structures: nobody else downloads the switcher.
const StructureSwitcher = lazyComponent(() =>
  import('../tenancy/StructureSwitcher').then((module) => module.StructureSwitcher),
);

/**
 * The app bar's right end: the search (and its Ctrl+K), platform staff's structure switcher, the language switch and the user's menu
 * ("Mon compte", "Signaler un problème", "Se déconnecter").
 */
export function AppBarMenus() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [report, setReport] = useState<ReportContext>();
  // Wide enough, the button shows the user's name: its accessible name must contain it (WCAG 2.5.3), then say
  // what it opens. On a phone it is an icon, and react-admin reads its label as a key with an English
  // fallback: a key it is.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const userMenuLabel =
    wide && identity?.fullName ? `${identity.fullName} — ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu';
  return (
    <>
      <SearchButton />
      {isPlatformStaff(sessionStore.getRoles()) && <StructureSwitcher />}
      {/* Those who read internal notes may be mentioned in them. */}
      {sessionAllows('notes-bo', 'list') && <MentionBell />}
      {/* On a phone, the language button is its icons (the name stays for screen readers): the title keeps its room. */}
      <Box sx={{ display: 'contents', '& .MuiButton-root': { fontSize: { xs: 0, sm: undefined }, minWidth: 0 } }}>
        <LocalesMenuButton />
      </Box>
      <UserMenu label={userMenuLabel}>
        <AccountMenuItem />
        {/* The screen and browser are those of the moment the user chose to report. */}
        <ReportProblemMenuItem
          onReport={() => setReport({ url: window.location.href, browser: navigator.userAgent })}
        />
        <Logout />
      </UserMenu>
      {report && <ReportProblemDialog context={report} onClose={() => setReport(undefined)} />}
    </>
  );
}
