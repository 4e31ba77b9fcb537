import { type TwoFactorSetup, totpCodePattern, twoFactor, twoFactorErrors, twoFactorTexts } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/error-text';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
  useTwoFactorTurnedOn,
} from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorQr } from './two-factor-qr';
import './two-factor.css';

/**
 * Two-factor sign-in (issue 45): off -> a new key as a QR code and as text -> a code of it turns it
 * on -> the recovery codes, shown once -> on, with a way to turn it off (password and a code).
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const turnedOn = useTwoFactorTurnedOn();

  if (status.isError) {
    return (
      <p role="alert" className="settings__error">
        {errorText(status.error)}
      </p>
    );
  }
  if (status.data === undefined) return <p className="settings__muted">Loading…</p>;
  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(undefined);
          turnedOn();
        }}
      />
    );
  }
  if (setup) {
    return (
      <ConfirmSetup
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(undefined);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(undefined)}
      />
    );
  }
  if (status.data) return <TurnOff />;
  return (
    <div className="settings__form">
      <p>{twoFactorTexts.off}</p>
      {start.isError ? (
        <p role="alert" className="settings__error">
          {errorText(start.error)}
        </p>
      ) : null}
      <div className="settings__actions">
        <Button busy={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
          {twoFactorTexts.start}
        </Button>
      </div>
    </div>
  );
}

function ConfirmSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const keyId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!totpCodePattern.test(code.trim())) {
      setError(twoFactorTexts.enterCode);
      return;
    }
    // "123 456" as the app shows it is sent as its digits.
    confirm.mutate(code.replace(/\s/g, ''), {
      onSuccess: onConfirmed,
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <p>{twoFactorTexts.scan}</p>
      <TwoFactorQr url={setup.otpauthUrl} />
      <div className="field">
        <label htmlFor={keyId}>{twoFactorTexts.secretLabel}</label>
        {/* Read-only but selectable: typed or pasted into the app by hand when the camera cannot scan. */}
        <input
          id={keyId}
          className="two-factor__secret"
          readOnly
          spellCheck={false}
          value={setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <CodeField
        label={twoFactorTexts.codeLabel}
        value={code}
        error={error}
        digitsOnly
        hint={`${twoFactor.digits} digits`}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <div className="settings__actions">
        <Button type="submit" busy={confirm.isPending}>
          {twoFactorTexts.confirm}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
          {twoFactorTexts.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The password and a code (or a recovery code), as the API asks. */
function TurnOff() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; rest?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (password === '') problems.password = twoFactorTexts.enterPassword;
    if (code.trim() === '') problems.code = twoFactorTexts.enterCode;
    setErrors(problems);
    if (problems.password || problems.code) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => toast.success(twoFactorTexts.disabled),
        onError: (failure) => {
          const message = errorText(failure);
          if (message === twoFactorErrors.wrongPassword) setErrors({ password: message });
          else if (message === twoFactorErrors.codeWrong) setErrors({ code: message });
          else setErrors({ rest: message });
        },
      },
    );
  };

  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <p>{twoFactorTexts.on}</p>
      <p className="settings__muted">{twoFactorTexts.disableHelp}</p>
      <PasswordField
        autoComplete="current-password"
        name="two-factor-password"
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          setErrors((e) => ({ ...e, password: undefined }));
        }}
      />
      <CodeField
        label={twoFactorTexts.disableCodeLabel}
        value={code}
        error={errors.code}
        onChange={(value) => {
          setCode(value);
          setErrors((e) => ({ ...e, code: undefined }));
        }}
      />
      {errors.rest ? (
        <p role="alert" className="settings__error">
          {errors.rest}
        </p>
      ) : null}
      <div className="settings__actions">
        <Button type="submit" variant="danger" busy={disable.isPending}>
          {twoFactorTexts.disable}
        </Button>
      </div>
    </form>
  );
}
