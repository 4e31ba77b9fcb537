import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { LinkIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import './post-page-bar.css';

/**
 * Above a single post: Back (to where the person came from, else Home), and Copy link (Share on a
 * device that has a share sheet, such as a phone).
 */
export function PostPageBar({ postId }: { postId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const url = new URL(paths.post(postId), window.location.origin).href;
  const canShare = typeof navigator.share === 'function';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error(`Could not copy the link: ${url}`);
    }
  }

  return (
    <div className="post-page-bar">
      <Button
        variant="ghost"
        size="sm"
        // The first entry of a tab has the key 'default': nothing of Spotter's to go back to.
        onClick={() => (location.key === 'default' ? navigate(paths.home) : navigate(-1))}
      >
        ← Back
      </Button>
      <span className="post-page-bar__actions">
        {canShare ? (
          <Button variant="secondary" size="sm" onClick={() => navigator.share({ url }).catch(() => undefined)}>
            Share
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={copyLink}>
          <LinkIcon size={16} /> Copy link
        </Button>
      </span>
    </div>
  );
}
