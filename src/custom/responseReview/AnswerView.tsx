import { Box, Button, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { documentIdOf } from '../chapterParts/shared/documentId';

type Json = Record<string, unknown>;

interface AnswerViewProps {
  /** The part answered: its type and content (the question, the options and which are correct). */
  part: { type?: unknown; content?: unknown };
  /** The response's `value`: `{text}`, `{selected: index | index[]}` or `{document, name}`. */
  value: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The options, the learner's choices marked right or wrong, and the right ones they missed. */
function ChosenOptions({ options, selected }: { options: Json[]; selected: number[] }) {
  const translate = useTranslate();
  return (
    <List dense>
      {options.map((option, index) => {
        const chosen = selected.includes(index);
        const correct = option.correct === true;
        const verdict = chosen ? (correct ? 'chosen_right' : 'chosen_wrong') : correct ? 'missed' : 'not_chosen';
        const Icon = chosen ? (correct ? CheckCircleIcon : CancelIcon) : RadioButtonUncheckedIcon;
        return (
          <ListItem key={index} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Icon color={chosen ? (correct ? 'success' : 'error') : correct ? 'success' : 'disabled'} aria-hidden />
            </ListItemIcon>
            <ListItemText
              primary={text(option.label)}
              secondary={translate(`app.parts.review.option.${verdict}`)}
              slotProps={{ primary: { sx: { fontWeight: chosen ? 600 : undefined } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** What the learner gave, as they gave it: their text, their choices, their file. */
export function AnswerView({ part, value }: AnswerViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const answer = (value && typeof value === 'object' ? value : {}) as Json;
  const content = (part.content && typeof part.content === 'object' ? part.content : {}) as Json;

  if (typeof answer.text === 'string') {
    return (
      <Box sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {answer.text || translate('app.parts.review.empty_answer')}
      </Box>
    );
  }
  if (answer.selected !== undefined && Array.isArray(content.options)) {
    const selected = (Array.isArray(answer.selected) ? answer.selected : [answer.selected]).filter(
      (index): index is number => typeof index === 'number',
    );
    return <ChosenOptions options={content.options as Json[]} selected={selected} />;
  }
  const document = documentIdOf(answer.document);
  if (document !== undefined) {
    const download = () =>
      dataProvider
        .download(document)
        .catch((error: unknown) =>
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
        );
    return (
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={() => void download()}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {text(answer.name) || translate('app.parts.preview.download')}
      </Button>
    );
  }
  return (
    <Typography color="text.secondary" component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
      {JSON.stringify(value, null, 2)}
    </Typography>
  );
}
