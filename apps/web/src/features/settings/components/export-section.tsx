import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useExportAccount } from '../api/account-actions';

/** "Export my data": a ZIP of everything the person made, saved by the browser. */
export function ExportSection() {
  const exporting = useExportAccount();
  return (
    <>
      <p>
        A ZIP file with your profile, posts, comments, workouts (also as CSV), likes, bookmarks, follows and the
        original photos and videos you uploaded.
      </p>
      <div className="settings__actions">
        <Button variant="secondary" busy={exporting.isPending} onClick={() => exporting.mutate()}>
          Download my data
        </Button>
        <p className="settings__status" role="status">
          {exporting.isPending ? 'Preparing your file…' : exporting.isSuccess ? 'Your file is downloaded.' : ''}
        </p>
      </div>
      {exporting.isError ? (
        <p role="alert" className="settings__error">
          {errorText(exporting.error)}
        </p>
      ) : null}
    </>
  );
}
