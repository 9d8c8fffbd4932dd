import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceDefinition } from '../types';

export const courses: ResourceDefinition = {
  name: 'courses',
  list: lazy(() => import('./CourseList')),
  group: 'contents',
  icon: SchoolIcon,
  recordRepresentation: 'title',
};
