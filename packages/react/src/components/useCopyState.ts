import { useEffect, useState } from 'react';
import { copyText } from './copyText.ts';

const FEEDBACK_MS = 1500;
export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text and reports how it went for a moment, then returns to idle. */
export function useCopyState(): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = (text: string) => {
    void copyText(text).then((copied) => setState(copied ? 'copied' : 'failed'));
  };
  return [state, copy];
}
