import { ActionMenu, type OthersMenuProps } from '../../components/ui/action-menu';
import { useReportMenu } from '../../features/moderation';
import { useSafetyMenu } from '../../features/safety';

/**
 * The "⋯" menu about someone else's post, comment or profile: Mute and Block (safety), then Report
 * (moderation), with the dialogs they open. Nothing shows for one's own things or when signed out.
 */
export function OthersMenu({ label, subject, author, muted = false, onBlocked }: OthersMenuProps) {
  const safety = useSafetyMenu(author, { muted, onBlocked });
  const report = useReportMenu(subject, author._id);
  return (
    <>
      <ActionMenu label={label} items={[...safety.items, ...report.items]} />
      {safety.dialog}
      {report.dialog}
    </>
  );
}
