import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { Box, InputBase } from '@mui/material';
import { useTranslate } from 'react-admin';

export const CODE_LENGTH = 6;

export const emptyCode = (): string[] => Array<string>(CODE_LENGTH).fill('');

/** Writes `digits` into `code` from box `start` on, as far as the boxes go. */
export function fillCode(code: readonly string[], start: number, digits: string): string[] {
  const next = [...code];
  for (let offset = 0; offset < digits.length && start + offset < CODE_LENGTH; offset += 1)
    next[start + offset] = digits[offset];
  return next;
}

interface CodeInputProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The id of the text that names the group. */
  labelledBy: string;
  error?: boolean;
  disabled?: boolean;
  /** Lets the parent put the focus back on the first box (after a wrong code). */
  ref?: Ref<{ focus: () => void }>;
}

/**
 * Six one-digit boxes: typing moves to the next box, Backspace on an empty box goes back, the arrows move,
 * and pasting (or a phone's one-time-code autofill) a whole code fills every box at once.
 */
export function CodeInput({ value, onChange, labelledBy, error = false, disabled = false, ref }: CodeInputProps) {
  const translate = useTranslate();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();
  useImperativeHandle(ref, () => ({ focus: () => boxes.current[0]?.focus() }), []);

  function write(index: number, digits: string) {
    if (!digits) {
      onChange(value.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    // A whole code typed or autofilled into one box starts from the first box.
    const start = digits.length >= CODE_LENGTH ? 0 : index;
    onChange(fillCode(value, start, digits));
    focus(start + digits.length);
  }

  // A box that holds a digit and gets another keeps the new one, wherever the caret was.
  function onType(index: number, raw: string) {
    const digits = raw.replace(/\D/g, '');
    const current = value[index];
    write(index, digits.length >= CODE_LENGTH || !current || digits.length < 2 ? digits : digits.replace(current, ''));
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    write(index, event.clipboardData.getData('text').replace(/\D/g, ''));
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      onChange(value.map((digit, at) => (at === index - 1 ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  }

  return (
    <Box
      role="group"
      aria-labelledby={labelledBy}
      sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'center' }}
    >
      {value.map((digit, index) => (
        <InputBase
          key={index}
          value={digit}
          disabled={disabled}
          error={error}
          inputRef={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          onChange={(event) => onType(index, event.target.value)}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => onPaste(index, event)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          autoFocus={index === 0}
          inputProps={{
            inputMode: 'numeric',
            pattern: '[0-9]*',
            autoComplete: index === 0 ? 'one-time-code' : 'off',
            'aria-label': translate('app.auth.code.digit', { index: index + 1 }),
            'aria-invalid': error,
          }}
          sx={{
            width: { xs: 44, sm: 52 },
            height: { xs: 52, sm: 60 },
            border: 1,
            borderColor: error ? 'error.main' : 'grey.400',
            borderRadius: 1,
            bgcolor: 'background.paper',
            fontSize: '1.5rem',
            fontWeight: 500,
            '&.Mui-focused': {
              borderColor: error ? 'error.main' : 'primary.main',
              boxShadow: 1,
              outline: 2,
              outlineColor: error ? 'error.main' : 'primary.main',
            },
            '& input': { textAlign: 'center', p: 0 },
          }}
        />
      ))}
    </Box>
  );
}
