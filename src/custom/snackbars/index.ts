export { StackedNotification } from './StackedNotification';
export { SNACK_FADE_MS, SNACK_MAX_STACKED, SNACK_VISIBLE_MS, type Snack } from './snacks';
