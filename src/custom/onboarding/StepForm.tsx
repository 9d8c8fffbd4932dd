import type { ReactNode } from 'react';
import { Stack } from '@mui/material';

interface StepFormProps {
  /** The step's action, run when the form is sent (its submit button or Enter in a field). */
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}

/**
 * An onboarding step's form: sending it runs the step's own checks and action instead of the browser's
 * (noValidate), and never reloads the page.
 */
export function StepForm({ onSubmit, children }: StepFormProps) {
  return (
    <Stack
      spacing={2.5}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}
