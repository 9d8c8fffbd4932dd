import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { PASSWORD_RULES } from './passwordRules';

// Read by screen readers (whether each rule is met), not shown: the icon says it. In pixels: in `sx` a
// width of 1 is 100 %.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The password policy, rule by rule, met or not as the user types (the server checks the same rules).
 * `id` lets the password input name it in its aria-describedby.
 */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const translate = useTranslate();
  return (
    <div id={id}>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
        {translate('app.auth.new_password.rules')}
      </Typography>
      <List dense disablePadding>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <ListItem key={rule.key} disableGutters sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {met ? (
                  <CheckCircle fontSize="small" color="success" />
                ) : (
                  <RadioButtonUnchecked fontSize="small" color="disabled" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={translate(`app.auth.new_password.${rule.key}`)}
                secondary={translate(`app.auth.new_password.${met ? 'rule_met' : 'rule_unmet'}`)}
                slotProps={{ secondary: { sx: visuallyHidden } }}
              />
            </ListItem>
          );
        })}
      </List>
    </div>
  );
}
