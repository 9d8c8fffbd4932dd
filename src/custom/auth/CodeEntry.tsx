import { useId, type Ref } from 'react';
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CodeInput } from './CodeInput';

/** What is wrong with the code typed: refused by the server (the `errorWrongCode` failure), or boxes left empty. */
export type CodeProblem = 'wrong' | 'incomplete';

interface CodeEntryProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  problem?: CodeProblem;
  ref?: Ref<{ focus: () => void }>;
}

/** The e-mailed code's boxes under their label, and what is wrong with the code once sent. */
export function CodeEntry({ value, onChange, problem, ref }: CodeEntryProps) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <>
      <Typography id={labelId} variant="subtitle2" component="p">
        {translate('app.auth.code.group')}
      </Typography>
      <CodeInput ref={ref} value={value} onChange={onChange} labelledBy={labelId} error={problem !== undefined} />
      {problem ? (
        <Alert severity="error">
          {translate(problem === 'wrong' ? 'app.auth.code.wrong' : 'app.auth.code.incomplete')}
        </Alert>
      ) : null}
    </>
  );
}
