import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** A user's roles as French labels (never `ROLE_USER` on screen). */
export function RoleChips() {
  const translate = useTranslate();
  const record = useRecordContext();
  const roles = Array.isArray(record?.roles) ? (record.roles as string[]) : [];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((role) => (
        <Chip key={role} size="small" label={translate(`choices.role.${role}`, { _: role })} />
      ))}
    </Stack>
  );
}
