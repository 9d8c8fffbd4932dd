import { Button } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Link } from 'react-router-dom';
import { useBasename, useRecordContext, useTranslate } from 'react-admin';
import { outlinePage } from './outlinePage';

/** On each row of the courses list: the way to the course's outline editor (the row itself opens the side panel). */
export function OpenOutlineButton() {
  const translate = useTranslate();
  const basename = useBasename();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`${basename}${outlinePage(record.id)}`}
      size="small"
      startIcon={<AccountTreeIcon />}
      aria-label={translate('app.outline.open_named', { title: String(record.title ?? '') })}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.outline.open')}
    </Button>
  );
}
