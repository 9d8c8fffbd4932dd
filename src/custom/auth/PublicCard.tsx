import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface PublicCardProps {
  /** A translation key. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The card of a public page (sign-in steps, sign-up steps): its title, a line of introduction, the form. */
export function PublicCard({ title, intro, children }: PublicCardProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(title)}
        </Typography>
        {intro ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
