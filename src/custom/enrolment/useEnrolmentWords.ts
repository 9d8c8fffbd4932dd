import { useMemo } from 'react';
import { useTranslate } from 'react-admin';

interface Counts {
  enrolled?: number;
  toEnrol?: number;
  alreadyEnrolled: number;
  reenrolled?: number;
}

/**
 * The sentences of a preview and of an enrolment's outcome, each count with its own plural:
 * « 34 personnes seront inscrites, 3 le sont déjà. », « 34 personnes inscrites, 3 l'étaient déjà. »
 */
export function useEnrolmentWords() {
  const translate = useTranslate();
  return useMemo(() => {
    const reenrolled = (count: number | undefined, key: string) =>
      count ? ` ${translate(key, { smart_count: count })}` : '';
    return {
      previewOf: (counts: Counts) =>
        translate('app.learning.enrol.preview_line', {
          to_enrol: translate('app.learning.enrol.will_enrol', { smart_count: counts.toEnrol ?? 0 }),
          already: translate('app.learning.enrol.already', { smart_count: counts.alreadyEnrolled }),
        }) + reenrolled(counts.reenrolled, 'app.learning.enrol.will_reenrol'),
      doneOf: (counts: Counts) =>
        translate('app.learning.enrol.done_line', {
          enrolled: translate('app.learning.enrol.enrolled', { smart_count: counts.enrolled ?? 0 }),
          already: translate('app.learning.enrol.were_already', { smart_count: counts.alreadyEnrolled }),
        }) + reenrolled(counts.reenrolled, 'app.learning.enrol.reenrolled'),
    };
  }, [translate]);
}
