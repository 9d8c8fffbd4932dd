import { useState } from 'react';
import { Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { sessionAllows } from '../../providers/authProvider';
import { lazyComponent } from '../lazyComponent';

// A dialog, its form and its problems' list: nothing the courses list shows until the button is pressed.
const ImportDialog = lazyComponent(() => import('./ImportCourseDialog').then((module) => module.ImportDialog));

/**
 * "Importer un cours" above the courses: a zip an export gave becomes a new draft course of the session's
 * structure (`POST /api/courses/import`), whose outline then opens; a refused file shows each problem.
 */
export function ImportCourseButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!sessionAllows('courses', 'create')) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('app.course_transfer.import.button')}
      </Button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </Box>
  );
}
