import type { Cairn } from '@cairn/core';
import { firstPaint } from '@cairn/core';
import { createElement, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useCairnInstance } from '../context.ts';
import { loadModal } from '../modal/loadModal.ts';
import { bindHostTheme, paintHostTheme } from '../theme/hostTheme.ts';
import { bindButtonLanguage, loadedTranslator } from './buttonLanguage.ts';
import { bindButtonView, createButtonView, readButtonState, type ButtonOptions, type ButtonView } from './buttonView.ts';

/** The light-DOM place React renders; the shadow host is moved into it. */
const BUTTON_SLOT_TAG = 'cairn-button-slot';

const prefetchModal = () => {
  loadModal().catch(() => {
    // retried when the modal opens
  });
};

/** The theme store, there before the instance is assembled. */
const themeStoreOf = (cairn: Cairn) => firstPaint(cairn)?.theme ?? cairn.stores.theme;

/**
 * A button as plain DOM in a shadow root (buttonView.ts), built before the first render and
 * shown in React's first commit with the stores' current state, its palette and its language.
 * The server renders the same empty slot as the client's first render, so hydration matches; the
 * shadow host is moved in after the commit, outside React's tree.
 *
 * Issue 29: the first render runs as few of React's hooks as it can (what bare React's button
 * would): the theme, the language and the stores are read once here and followed from the effect
 * after the paint (hostTheme.ts, buttonLanguage.ts, bindButtonView), not through hooks of their own.
 */
export function useShadowButton(name: string, tag: string, options: ButtonOptions, press: (cairn: Cairn) => void) {
  const cairn = useCairnInstance(name);
  const target = useRef<Cairn>(cairn);
  const [view] = useState((): ButtonView | null => {
    if (typeof document === 'undefined') return null;
    const created = createButtonView(
      {
        press: () => press(target.current),
        warm: () => {
          prefetchModal();
          target.current.prefetch();
        },
      },
      tag,
    );
    created.configure(options);
    const translator = loadedTranslator(cairn);
    if (translator) created.translate(translator);
    // Before the instance is assembled, what the first paint needs is known without assembling it
    // (issue 29): the effect below binds the stores after the paint.
    const paint = firstPaint(cairn);
    created.show(paint ? { status: paint.status, balanceText: '' } : readButtonState(cairn));
    paintHostTheme(created.host, themeStoreOf(cairn));
    return created;
  });
  useLayoutEffect(() => view?.configure(options), [view, options]);
  const place = useCallback(
    (slot: HTMLElement | null) => {
      if (slot && view && view.host.parentNode !== slot) slot.append(view.host);
    },
    [view],
  );
  useEffect(() => {
    target.current = cairn;
    if (!view) return undefined;
    const stops = [bindButtonLanguage(cairn, view.translate), bindHostTheme(view.host, themeStoreOf(cairn)), bindButtonView(view, cairn)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [view, cairn]);
  return createElement(BUTTON_SLOT_TAG, { ref: place, style: { display: 'contents' } });
}
