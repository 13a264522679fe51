import type { Translate } from '@cairn/core/rules';
import type { DeviceManager, FoundDevice, ManagedDevice } from '../login/deviceManagement.ts';
import type { ApprovalRow, ApprovalSummary } from '../signing/approvalSummary.ts';
import { gateReason } from '../signing/gateReason.ts';
import { requesterFacts } from './requesterFacts.ts';

/** What the recovery screens lend this one: the same trusted-click buttons, fields and problem line, and the approval gate. */
export interface ScreenParts {
  text(tag: string, content: string): HTMLElement;
  button(label: string): HTMLButtonElement;
  trustedClick(element: HTMLButtonElement, action: () => void): void;
  /**
   * A click that acts only through the approval gate: inline (regionGates) the gate on `region`,
   * the button disabled while it is not ready, `refused` hearing the gate's reason; in the approval
   * window (windowGates, session 24) the click opens the window, which asks `asked()`, and acts on its Approve only.
   */
  gatedClick(element: HTMLButtonElement, action: () => void, refused: (reason: string | undefined) => void, region: HTMLElement, asked: () => ApprovalSummary): void;
  problemLine(message?: string): HTMLElement;
  /** Where the gate says why Approve and Remove take no click yet (a decoy, a cropped frame, the wait). */
  gateHint: HTMLElement;
  /**
   * Whether decisions are taken in the approval window (session 24's `popup`): a new device's
   * confirmation step (session 25) is then asked there, where no site steers the tick, not here.
   */
  decidesInWindow?: boolean;
}

const dateOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the approval window asks for one of this screen's decisions (session 24): the account it is for, then what is decided. */
function decision(manager: DeviceManager, t: Translate, title: string, details: ApprovalRow[], warning: string, confirm?: string): ApprovalSummary {
  const { address, email } = manager.account();
  const context: ApprovalRow[] = [{ label: t('recoveryDevices.wallet'), value: address, code: true }, ...(email ? [{ label: t('recoveryDevices.loggedInAs'), value: email }] : [])];
  return { title, context, details, warning, ...(confirm === undefined ? {} : { confirm }) };
}

/**
 * The devices screen (session 21): the account's enrolled devices, this one marked, Remove on each
 * other; and a new device found by the code the person types from its screen, then approved after
 * the code is shown back. Approve and Remove act only through the approval gate (session 22): an
 * allowed site's decoy over the frame, a cropped frame, a click before the screen was seen whole
 * for the wait, or under a pointer that did not move onto the button, does nothing but say why.
 * "Sign out everywhere else" (session 23) ends every other login of the account, behind the same
 * gate. It renders and dispatches; the manager decides.
 */
export function devicesScreen(manager: DeviceManager, t: Translate, parts: ScreenParts, done: () => void): HTMLElement[] {
  const { text, button, trustedClick, gatedClick, problemLine } = parts;
  const list = document.createElement('ul');
  list.setAttribute('data-devices', '');
  const problem = problemLine();
  const say = (message: string) => (problem.textContent = t(message));

  const row = (device: ManagedDevice) => {
    const item = document.createElement('li');
    item.setAttribute('data-device', device.id);
    const name = text('span', device.thisDevice ? t('recoveryDevices.thisDevice') : t('recoveryDevices.anotherDevice'));
    name.className = 'row-name';
    const when = text('span', `${t('recoveryDevices.addedOnDate', { date: dateOf(device.createdAt) })} · ${device.lastUsedAt ? t('recoveryDevices.lastUsedDate', { date: dateOf(device.lastUsedAt) }) : t('recoveryDevices.notUsedYet')}`);
    item.append(name, when);
    if (!device.thisDevice) {
      const remove = button(t('recoveryDevices.remove'));
      remove.setAttribute('aria-label', `${t('recoveryDevices.remove')}: ${when.textContent}`);
      gatedClick(
        remove,
        () => {
          remove.setAttribute('aria-busy', 'true');
          remove.disabled = true;
          problem.textContent = '';
          manager.remove(device.id).then(refresh, (error: unknown) => {
            remove.removeAttribute('aria-busy');
            say(reason(error));
          });
        },
        (why) => say(gateReason(why, false)),
        list,
        () => decision(manager, t, t('recoveryDevices.removeThisDevice'), [{ label: t('recoveryDevices.device'), value: `${name.textContent} · ${when.textContent}` }], t('recoveryDevices.removeADeviceYou')),
      );
      item.append(remove);
    }
    return item;
  };
  const refresh = () =>
    manager.devices().then(
      (devices) => list.replaceChildren(...devices.map(row)),
      (error: unknown) => say(reason(error)),
    );
  void refresh();

  // Session 23: every other login of the account ends (a lost laptop's, a taken mailbox's), through the same gate as Remove.
  const signOutPart = document.createElement('div');
  signOutPart.setAttribute('data-sign-out-others', '');
  const signOut = button(t('recoveryDevices.signOutEverywhereElse'));
  gatedClick(
    signOut,
    () => {
      signOut.setAttribute('aria-busy', 'true');
      signOut.disabled = true;
      problem.textContent = '';
      manager
        .signOutOthers()
        .then(
          () => (problem.textContent = t('recoveryDevices.signedOutEverywhereElse')),
          (error: unknown) => say(reason(error)),
        )
        .finally(() => signOut.removeAttribute('aria-busy'));
    },
    (why) => say(gateReason(why, false)),
    signOutPart,
    () => decision(manager, t, t('recoveryDevices.signOutEverywhereElseQuestion'), [], t('recoveryDevices.signOutEndsEveryOther')),
  );
  signOutPart.append(text('p', t('recoveryDevices.signOutEndsEveryOther')), signOut);

  // A new device: the person types the code its screen shows; the request found is shown back before Approve.
  const input = Object.assign(document.createElement('input'), { type: 'text', autocomplete: 'off', spellcheck: false, maxLength: 32 });
  input.setAttribute('aria-label', t('recoveryDevices.codeOnTheNewDevice'));
  const label = text('label', t('recoveryDevices.codeOnTheNewDevice'));
  label.append(input);
  const find = button(t('recoveryDevices.findTheDevice'));
  const adding = document.createElement('div');
  const confirm = document.createElement('div');
  confirm.setAttribute('data-found-device', '');
  confirm.hidden = true;
  const showFound = (found: FoundDevice) => {
    const shown = text('output', found.pairingCode);
    shown.setAttribute('data-pairing-code', '');
    shown.className = 'recovery-code';
    // Session 25: what the server can say of the asking browser, and from another network a stronger
    // warning and a statement to tick first (RFC 8628 §5.4: confirm the device is in the user's hands).
    const facts = requesterFacts(found.requester, found.createdAt, Date.now(), t);
    const factsLine = text('p', facts);
    factsLine.setAttribute('data-requester', found.requester.sameNetwork ? 'same-network' : 'another-network');
    const elsewhere = !found.requester.sameNetwork;
    const warning = elsewhere ? `${t('devicesRequester.anotherNetworkWarning')} ${t('recovery.approveOnlyIfYou')}` : t('recovery.approveOnlyIfYou');
    const warningLine = text('p', warning);
    if (elsewhere) warningLine.className = 'warning';
    const mine = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const mineLabel = text('label', '');
    mineLabel.className = 'choice confirm';
    mineLabel.setAttribute('data-confirm-mine', '');
    mineLabel.append(mine, t('devicesRequester.thisIsMyDevice'));
    // In the approval window the tick is asked there; here only where Approve is clicked here.
    const tickHere = elsewhere && parts.decidesInWindow !== true;
    const reject = button(t('common.reject'));
    const approve = button(t('common.approve'));
    approve.className = 'primary';
    approve.hidden = tickHere;
    mine.addEventListener('change', (event) => {
      // Only the user's own tick shows Approve.
      if (!event.isTrusted) mine.checked = false;
      approve.hidden = tickHere && !mine.checked;
    });
    const back = () => {
      confirm.hidden = true;
      adding.hidden = false;
      input.value = '';
    };
    trustedClick(reject, back);
    gatedClick(
      approve,
      () => {
        if (tickHere && !mine.checked) return void (problem.textContent = t('devicesRequester.tickFirst'));
        approve.setAttribute('aria-busy', 'true');
        approve.disabled = true;
        problem.textContent = '';
        found.approve().then(
          () => {
            back();
            problem.textContent = t('recoveryDevices.approved');
            // The found device's longer block (session 25) scrolled the screen down: the list, with the new device, back in view whole.
            void refresh().then(() => list.scrollIntoView({ block: 'nearest' }));
          },
          (error: unknown) => {
            back();
            say(reason(error));
          },
        );
      },
      (why) => say(gateReason(why, true)),
      confirm,
      () =>
        decision(
          manager,
          t,
          t('recoveryDevices.approveTheNewDevice', { code: found.pairingCode }),
          [
            { label: t('recoveryDevices.codeOnTheNewDevice'), value: found.pairingCode, code: true },
            { label: t('recoveryDevices.askedOn'), value: dateOf(found.createdAt) },
            { label: t('devicesRequester.askingDevice'), value: requesterFacts(found.requester, found.createdAt, Date.now(), t) },
          ],
          warning,
          elsewhere ? t('devicesRequester.thisIsMyDevice') : undefined,
        ),
    );
    confirm.replaceChildren(text('h2', t('recovery.aNewDeviceAsks')), factsLine, warningLine, shown, ...(tickHere ? [mineLabel] : []), reject, approve);
    adding.hidden = true;
    confirm.hidden = false;
    // What Approve does is read here: in view, whole, before it takes a click.
    confirm.scrollIntoView({ block: 'nearest' });
  };
  trustedClick(find, () => {
    problem.textContent = '';
    find.disabled = true;
    manager
      .find(input.value)
      .then(showFound, (error: unknown) => say(reason(error)))
      .finally(() => (find.disabled = false));
  });
  adding.append(text('h2', t('recoveryDevices.addADevice')), text('p', t('recoveryDevices.logInOnTheNew')), label, find);

  const close = button(t('recovery.done'));
  trustedClick(close, done);
  return [text('h1', t('recoveryDevices.yourDevices')), text('p', t('recoveryDevices.removeADeviceYou')), list, signOutPart, adding, confirm, parts.gateHint, problem, close];
}
