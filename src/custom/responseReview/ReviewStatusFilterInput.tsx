import { SelectInput, useTranslate } from 'react-admin';
import { RESPONSE_STATUSES } from '../../domain/contracts/chapterPartResponses';

/** Whether the review list shows the answers waiting for a verdict, or those already reviewed. */
export function ReviewStatusFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return (
    <SelectInput
      source={source}
      label="resources.chapter-part-responses.fields.status"
      choices={RESPONSE_STATUSES.map((status) => ({ id: status, name: translate(`choices.responseStatus.${status}`) }))}
      emptyText="app.parts.review.any_status"
      sx={{ minWidth: 160 }}
    />
  );
}
