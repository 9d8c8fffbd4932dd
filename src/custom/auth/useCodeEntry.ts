import { useRef, useState } from 'react';
import type { CodeProblem } from './CodeEntry';
import { CODE_LENGTH, emptyCode } from './CodeInput';

/**
 * The state of an e-mailed code's boxes (CodeEntry), shared by the pages that check such a code: what is
 * typed, what is wrong with it, and the focus to bring back when it must be typed again.
 */
export function useCodeEntry() {
  const boxes = useRef<{ focus: () => void }>(null);
  const [code, setCode] = useState(emptyCode);
  const [problem, setProblem] = useState<CodeProblem>();
  return {
    setProblem,
    /** The whole code, or undefined (and the boxes flagged) while some are left empty. */
    typedCode(): string | undefined {
      const typed = code.join('');
      if (typed.length === CODE_LENGTH) return typed;
      setProblem('incomplete');
      return undefined;
    },
    /** Empties the boxes and puts the cursor back in the first. */
    restart() {
      setCode(emptyCode());
      boxes.current?.focus();
    },
    /** CodeEntry's props: typing clears what was wrong. */
    entryProps: {
      ref: boxes,
      value: code,
      onChange: (next: string[]) => {
        setCode(next);
        setProblem(undefined);
      },
      problem,
    },
  };
}
