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
 * « 34 personnes seront inscrites, 3 le sont déjà. », « 34 personnes inscrites, 3 l'étaient déjà. »,
 * then those enrolled again.
 */
export function useEnrolmentWords() {
  const translate = useTranslate();
  return useMemo(() => {
    const reenrolled = (count: number | undefined, key: string) =>
      count ? ` ${translate(key, { smart_count: count })}` : '';
    // « 3 le sont déjà » only when some are.
    const line = (first: string, already: number, alreadyKey: string) =>
      already > 0
        ? translate('app.learning.enrol.line', { first, already: translate(alreadyKey, { smart_count: already }) })
        : translate('app.learning.enrol.line_alone', { first });
    return {
      previewOf: (counts: Counts) =>
        line(
          translate('app.learning.enrol.will_enrol', { smart_count: counts.toEnrol ?? 0 }),
          counts.alreadyEnrolled,
          'app.learning.enrol.already',
        ) + reenrolled(counts.reenrolled, 'app.learning.enrol.will_reenrol'),
      doneOf: (counts: Counts) =>
        line(
          translate('app.learning.enrol.enrolled', { smart_count: counts.enrolled ?? 0 }),
          counts.alreadyEnrolled,
          'app.learning.enrol.were_already',
        ) + reenrolled(counts.reenrolled, 'app.learning.enrol.reenrolled'),
    };
  }, [translate]);
}
