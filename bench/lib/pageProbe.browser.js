// Runs in the measured page before any of its scripts (Playwright addInitScript), as plain JS.
// It timestamps, against navigation start (performance.now()):
//   buttonVisibleAt  the first moment a <button> reading "Connect Wallet" is laid
//                    out and visible, in the document or any shadow root (open or closed);
//   clickAt          the page receiving the click on that button (a capture listener on window, the
//                    first listener on the event's path, registered before any page script);
//   clickInputAt     the click's event.timeStamp: when the browser took the input, which precedes
//                    clickAt by the input's trip through the browser (6-12 ms under Playwright here);
//   rowInDomAt       the first moment after the click that a <button> naming the injected wallet is
//                    in the DOM;
//   rowVisibleAt     the first moment it is laid out and visible;
//   rowFrameAt       the animation frame after that (the frame that paints it).
// "Visible" is Playwright's: a non-empty box and not hidden by display or visibility (opacity 0
// counts as visible, so a fade-in is measured from its start).
// It checks on every DOM mutation (a microtask after the change, so the time is not rounded to a
// frame) and on every animation frame as a fallback for changes made by styles alone.
(() => {
  const config = window.__benchProbeConfig;
  const roots = [document];
  const probe = {
    initScriptsDoneAt: null, // set by the last init script, after the test wallet's
    buttonVisibleAt: null,
    clickInputAt: null,
    clickAt: null,
    rowInDomAt: null,
    rowVisibleAt: null,
    rowFrameAt: null,
    shadowRoots: 0,
  };
  window.__benchProbe = probe;

  const label = (element) => `${element.getAttribute('aria-label') ?? ''} ${element.textContent ?? ''}`;
  const isVisible = (element) => {
    if (!element.isConnected) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
  };
  const findVisibleButton = (pattern, onFound) => {
    for (const root of roots) {
      for (const button of root.querySelectorAll('button')) {
        if (!pattern.test(label(button))) continue;
        onFound?.();
        if (isVisible(button)) return button;
      }
    }
    return null;
  };
  const rowInDom = () => {
    probe.rowInDomAt ??= performance.now();
  };
  const buttonPattern = new RegExp(config.buttonText, 'i');
  const rowPattern = new RegExp(config.rowText, 'i');

  const check = () => {
    if (probe.buttonVisibleAt === null) {
      if (findVisibleButton(buttonPattern)) probe.buttonVisibleAt = performance.now();
    } else if (probe.clickAt !== null && probe.rowVisibleAt === null) {
      if (findVisibleButton(rowPattern, rowInDom)) {
        probe.rowVisibleAt = performance.now();
        requestAnimationFrame(() => (probe.rowFrameAt = performance.now()));
      }
    }
  };
  const watching = () => probe.buttonVisibleAt === null || (probe.clickAt !== null && probe.rowVisibleAt === null);

  const observer = new MutationObserver(() => {
    if (watching()) check();
  });
  const observe = (root) => observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  observe(document);

  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    roots.push(root);
    probe.shadowRoots += 1;
    observe(root);
    return root;
  };

  // Runs only while something is awaited, so it does not take idle time from the page between
  // the button showing and the click (a page may use that time, e.g. requestIdleCallback).
  const onFrame = () => {
    if (!watching()) return;
    check();
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  window.addEventListener(
    'click',
    (event) => {
      if (probe.clickAt !== null || probe.buttonVisibleAt === null) return;
      const target = event.composedPath().find((node) => node instanceof HTMLButtonElement);
      if (target && buttonPattern.test(label(target))) {
        probe.clickAt = performance.now();
        probe.clickInputAt = event.timeStamp;
        queueMicrotask(check);
        requestAnimationFrame(onFrame);
      }
    },
    true,
  );
})();
