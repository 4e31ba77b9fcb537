import { routes, twoFactorErrors, twoFactorTexts } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { accessibleDescription, waitForToast } from '../../../testing/screen-facts';
import { TwoFactorSection } from './two-factor-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const otpauthUrl = `otpauth://totp/Spotter:maya?issuer=Spotter&secret=${secret}&algorithm=SHA1&digits=6&period=30`;
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb-cccc`);
const password = 'maya-real-password';

/** The server's answers (apps/server/tests/two-factor.test.ts holds them): one account, off at first. */
function stubServer() {
  let enabled = false;
  return stubApi((call) => {
    if (isCall(call, routes.twoFactorStatus)) return jsonResponse(200, { enabled });
    if (isCall(call, routes.startTwoFactor)) return jsonResponse(200, { secret, otpauthUrl });
    if (isCall(call, routes.confirmTwoFactor)) {
      if ((call.body as { code: string }).code !== '287082') {
        return jsonResponse(400, { errors: [twoFactorErrors.codeWrong] });
      }
      enabled = true;
      return jsonResponse(200, { recoveryCodes });
    }
    if (isCall(call, routes.disableTwoFactor)) {
      const body = call.body as { password: string; code: string };
      if (body.password !== password) return jsonResponse(400, { errors: [twoFactorErrors.wrongPassword] });
      if (body.code !== recoveryCodes[0]) return jsonResponse(400, { errors: [twoFactorErrors.codeWrong] });
      enabled = false;
      return jsonResponse(200, { enabled });
    }
    if (isCall(call, routes.securityLog)) return jsonResponse(200, { events: [], nextCursor: null });
    return undefined;
  });
}

const bodiesOf = (calls: ReturnType<typeof stubServer>, route: (typeof routes)[keyof typeof routes]) =>
  calls.filter((call) => isCall(call, route)).map((call) => call.body);

describe('Settings: two-factor sign-in', () => {
  it('sets it up from a QR code and the key, confirms with a code, shows the recovery codes once', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<TwoFactorSection />);
    expect(await screen.findByText(twoFactorTexts.off)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.start }));

    // The QR code is the otpauth:// link's modules, drawn as SVG; the key is there to type in.
    const qr = await screen.findByRole('img', { name: twoFactorTexts.qrLabel });
    const modules = create(otpauthUrl, { errorCorrectionLevel: 'M' }).modules;
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 8} ${modules.size + 8}`);
    const dark = [...modules.data].filter(Boolean).length;
    expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)).toHaveLength(dark);
    const key = screen.getByLabelText(twoFactorTexts.secretLabel) as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    expect(key.value.replaceAll(' ', '')).toBe(secret);

    const codeBox = screen.getByLabelText(twoFactorTexts.codeLabel);
    expect(codeBox.getAttribute('inputmode')).toBe('numeric');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirm }));
    expect(accessibleDescription(codeBox)).toBe(twoFactorTexts.enterCode);
    await user.type(codeBox, '000000');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirm }));
    await waitFor(() => expect(accessibleDescription(codeBox)).toBe(twoFactorErrors.codeWrong));

    await user.clear(codeBox);
    await user.type(codeBox, '287 082');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirm }));
    const list = await screen.findByRole('list', { name: twoFactorTexts.recoveryList });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(screen.getByRole('status').textContent).toBe(twoFactorTexts.enabled);
    expect(bodiesOf(calls, routes.confirmTwoFactor)).toEqual([{ code: '000000' }, { code: '287082' }]);

    // Once put away, they are gone from the screen for good; the section says it is on.
    await user.click(screen.getByRole('button', { name: twoFactorTexts.savedCodes }));
    expect(await screen.findByText(twoFactorTexts.on)).toBeTruthy();
    expect(screen.queryByText(recoveryCodes[0] ?? '')).toBeNull();
    expect(screen.queryByLabelText(twoFactorTexts.secretLabel)).toBeNull();
  });

  it('Cancel leaves it off', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.start }));
    await screen.findByRole('img', { name: twoFactorTexts.qrLabel });
    await user.click(screen.getByRole('button', { name: twoFactorTexts.cancel }));
    expect(screen.getByText(twoFactorTexts.off)).toBeTruthy();
    expect(bodiesOf(calls, routes.confirmTwoFactor)).toEqual([]);
  });

  it('turns it off with the password and a code, each error beside its field', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<TwoFactorSection />);
    // On already: set up through the same screen.
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.start }));
    await user.type(await screen.findByLabelText(twoFactorTexts.codeLabel), '287082');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirm }));
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.savedCodes }));

    const passwordBox = await screen.findByLabelText('Password');
    const codeBox = screen.getByLabelText(twoFactorTexts.disableCodeLabel);
    const turnOff = screen.getByRole('button', { name: twoFactorTexts.disable });
    await user.click(turnOff);
    expect(accessibleDescription(passwordBox)).toBe(twoFactorTexts.enterPassword);
    expect(accessibleDescription(codeBox)).toBe(twoFactorTexts.enterCode);
    expect(bodiesOf(calls, routes.disableTwoFactor)).toEqual([]);

    await user.type(passwordBox, 'not-it');
    await user.type(codeBox, recoveryCodes[0] ?? '');
    await user.click(turnOff);
    await waitFor(() => expect(accessibleDescription(passwordBox)).toBe(twoFactorErrors.wrongPassword));

    await user.clear(passwordBox);
    await user.type(passwordBox, password);
    await user.clear(codeBox);
    await user.type(codeBox, '123456');
    await user.click(turnOff);
    await waitFor(() => expect(accessibleDescription(codeBox)).toBe(twoFactorErrors.codeWrong));

    await user.clear(codeBox);
    await user.type(codeBox, recoveryCodes[0] ?? '');
    await user.click(turnOff);
    await waitForToast(twoFactorTexts.disabled);
    expect(await screen.findByText(twoFactorTexts.off)).toBeTruthy();
    expect(bodiesOf(calls, routes.disableTwoFactor).at(-1)).toEqual({ password, code: recoveryCodes[0] });
  });

  it('says why the server refused to start (the demo guest)', async () => {
    stubApi((call) => {
      if (isCall(call, routes.twoFactorStatus)) return jsonResponse(200, { enabled: false });
      if (isCall(call, routes.startTwoFactor)) return jsonResponse(403, { errors: [twoFactorErrors.demoGuest] });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.start }));
    expect((await screen.findByRole('alert')).textContent).toBe(twoFactorErrors.demoGuest);
  });
});
