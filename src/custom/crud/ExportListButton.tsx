import { useState } from 'react';
import { CircularProgress, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import MoreIcon from '@mui/icons-material/ArrowDropDown';
import { Button, HttpError, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { CsvFormat } from '../../domain/csvFrench';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The message of a failed export: the list's own refusals in French, else a plain failure. */
function failureOf(error: unknown): string {
  if (error instanceof HttpError && error.status === 422) return 'app.list_export.too_large';
  // The http client's translated statuses (403, 429, the network...).
  if (error instanceof Error && error.message.startsWith('app.')) return error.message;
  return 'app.list_export.failed';
}

/**
 * "Exporter" above a list: the whole filtered list, in its order, as the server writes it
 * (`GET /api/{resource}/export.csv`), not the first rows react-admin's own exporter fetches in the browser.
 * A French spreadsheet by default; the menu beside it offers the API's own fields, which a re-import or an
 * integration reads.
 */
export function ExportListButton() {
  const { resource, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const run = async (format: CsvFormat) => {
    setMenu(null);
    setBusy(true);
    try {
      await dataProvider.exportList(resource, { sort, filter: filterValues, format });
    } catch (error) {
      notify(failureOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = busy ? 'app.list_export.busy' : 'ra.action.export';
  const disabled = busy || total === 0;
  const more = translate('app.list_export.more');
  return (
    <>
      {/* Named even when disabled: react-admin's icon button on a phone drops its name then. */}
      <Button label={label} aria-label={translate(label)} disabled={disabled} onClick={() => void run('fr')}>
        {busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      </Button>
      <Tooltip title={more}>
        <span>
          <IconButton
            size="small"
            aria-label={more}
            aria-haspopup="menu"
            disabled={disabled}
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{ ml: -0.5 }}
          >
            <MoreIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => void run('fr')}>{translate('app.list_export.french')}</MenuItem>
        <MenuItem onClick={() => void run('api')}>{translate('app.list_export.api')}</MenuItem>
      </Menu>
    </>
  );
}
