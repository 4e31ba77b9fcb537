import { twoFactorTexts } from '@spotter/contract';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';

/** The ten recovery codes, right after two-factor sign-in was turned on: the only time they are shown. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(twoFactorTexts.copied);
    } catch {
      // No clipboard (an http:// page, a denied permission): the codes are on screen to write down.
    }
  };
  return (
    <div className="settings__form">
      <p role="status">
        <strong>{twoFactorTexts.enabled}</strong>
      </p>
      <h3 className="two-factor__title">{twoFactorTexts.recoveryTitle}</h3>
      <p>{twoFactorTexts.recoveryHelp}</p>
      <ul className="two-factor__codes" aria-label={twoFactorTexts.recoveryList}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="settings__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {twoFactorTexts.copyCodes}
        </Button>
        <Button onClick={onDone}>{twoFactorTexts.savedCodes}</Button>
      </div>
    </div>
  );
}
