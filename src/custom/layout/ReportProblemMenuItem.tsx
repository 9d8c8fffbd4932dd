import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import BugReportIcon from '@mui/icons-material/BugReport';
import { useTranslate, useUserMenu } from 'react-admin';

/**
 * "Signaler un problème" in the user menu (every role). The menu closes as it is chosen: the dialog
 * lives beside it (AppBarMenus), opened through `onReport`.
 */
export const ReportProblemMenuItem = forwardRef<HTMLLIElement, { onReport: () => void }>(function ReportProblemMenuItem(
  { onReport, ...props },
  ref,
) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        userMenu?.onClose();
        onReport();
      }}
      {...props}
    >
      <ListItemIcon>
        <BugReportIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.report.menu')}</ListItemText>
    </MenuItem>
  );
});
